"""``elementa tournament``: the tables it prints and writes, and the inputs it refuses."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from elementa.cli import tournament as command
from elementa.cli.app import main
from elementa.sim.tournament import TournamentGame
from tests.cli.helpers import assert_one_line_error, run


def test_tournament_prints_standings_head_to_head_and_writes_files(tmp_path: Path) -> None:
    js, cs = tmp_path / "t.json", tmp_path / "t.csv"
    args = ("tournament", "toy-dice", "-a", "random,easy", "-n", "8", "-p", "2", "--seed", "3")
    result = run(*args, "--json", str(js), "--csv", str(cs))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "8 games, 2 players, agents random,easy, 2 seatings, seed 3" in out
    assert "Standings" in out and "95% CI" in out and "Head to head" in out and "(8)" in out
    data = json.loads(js.read_text(encoding="utf-8"))
    assert data["agents"] == ["random", "easy"] and data["games"] == 8
    assert data["seatings"] == [["random", "easy"], ["easy", "random"]]
    assert len(data["results"]) == 8 and data["results"][1]["seating"] == ["easy", "random"]
    assert sum(s["wins"] for s in data["standings"]) == pytest.approx(8.0)
    assert {(h["agent"], h["opponent"]) for h in data["head_to_head"]} == {
        ("random", "easy"),
        ("easy", "random"),
    }
    with cs.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [r["rank"] for r in rows] == ["1", "2"]
    assert {r["agent"] for r in rows} == {"random", "easy"}
    assert {"seats", "rate", "low", "high", "mu", "sigma", "ordinal"} <= set(rows[0])
    assert run(*args).stdout == out.split("wrote")[0]  # the same seed gives the same tables


def test_tournament_notes_unbalanced_seats() -> None:
    result = run("tournament", "toy-dice", "-a", "random,easy", "-n", "3")
    assert result.exit_code == 0, result.output
    assert "not a multiple of 2" in result.stdout


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("nogame", "-a", "random,easy"), ("unknown game 'nogame'",)),
        (("toy-dice", "-a", "random,wizard"), ("unknown agent 'wizard'", "valid agents")),
        (("toy-dice", "-a", "random,random"), ("listed twice",)),
        (("toy-dice", "-a", "random"), ("at least two",)),
        (("toy-dice", "-a", "random,,easy"), ("empty entry",)),
        (("toy-dice", "-a", "random,greedy"), ("no rule-based",)),
        (("toy-dice", "-a", "random,easy", "-n", "0"), ("at least 1",)),
        (("toy-dice", "-a", "random,easy", "-w", "0"), ("workers",)),
        (("toy-dice", "-a", "random,easy", "-p", "9"), ("players",)),
        (("toy-dice", "-a", "random,easy", "-o", "sides"), ("key=value",)),
    ],
)
def test_tournament_errors_are_one_line(args: tuple[str, ...], fragments: tuple[str, ...]) -> None:
    assert_one_line_error(run("tournament", *args), *fragments)


def test_missing_agents_is_a_one_line_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["tournament", "toy-dice"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and "--agents" in err[0]


def test_an_interrupted_tournament_reports_and_writes_the_games_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = command.iter_tournament

    def stopped_after_three(*args: object, **kwargs: object) -> Iterator[TournamentGame]:
        games = real(*args, **kwargs)  # type: ignore[arg-type]
        for _ in range(3):
            yield next(games)
        raise KeyboardInterrupt

    monkeypatch.setattr(command, "iter_tournament", stopped_after_three)
    js = tmp_path / "t.json"
    result = run("tournament", "toy-dice", "-a", "random,easy", "-n", "8", "-p", "2", "--json", str(js))
    assert result.exit_code == 130, result.output
    assert "interrupted after 3 of 8 games" in result.stderr and "Traceback" not in result.output
    assert "Standings" in result.stdout and "(3)" in result.stdout
    data = json.loads(js.read_text(encoding="utf-8"))
    assert (data["games"], data["planned"], len(data["results"])) == (3, 8, 3)


def test_a_tournament_interrupted_before_any_game_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    def stopped_at_once(*args: object, **kwargs: object) -> Iterator[TournamentGame]:
        raise KeyboardInterrupt
        yield

    monkeypatch.setattr(command, "iter_tournament", stopped_at_once)
    result = run("tournament", "toy-dice", "-a", "random,easy", "-n", "8", "-p", "2")
    assert result.exit_code == 130
    assert result.stderr.strip() == "interrupted" and "Standings" not in result.stdout
