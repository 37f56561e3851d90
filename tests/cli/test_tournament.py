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


# easy without its time cap: iterations alone end its searches, so a loaded machine cannot change a game
TOY = ("tournament", "toy-dice", "-a", "random,easy:seconds=none", "-p", "2", "--seed", "5")


def _results(path: Path) -> list[dict[str, object]]:
    return list(json.loads(path.read_text(encoding="utf-8"))["results"])


def _stop_after(monkeypatch: pytest.MonkeyPatch, games: int, error: type[BaseException]) -> None:
    real = command.iter_tournament

    def stopped(*args: object, **kwargs: object) -> Iterator[TournamentGame]:
        run_ = real(*args, **kwargs)  # type: ignore[arg-type]
        for _ in range(games):
            yield next(run_)
        raise error

    monkeypatch.setattr(command, "iter_tournament", stopped)


def test_resume_plays_only_the_missing_games_and_ends_as_one_run_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    assert run(*TOY, "-n", "8", "--json", str(whole)).exit_code == 0
    with monkeypatch.context() as m:
        _stop_after(m, 3, KeyboardInterrupt)
        assert run(*TOY, "-n", "8", "--json", str(part)).exit_code == 130
    assert len(_results(part)) == 3
    played: list[int] = []
    real = command.iter_tournament

    def counted(*args: object, **kwargs: object) -> Iterator[TournamentGame]:
        for g in real(*args, **kwargs):  # type: ignore[arg-type]
            played.append(g.record.index)
            yield g

    monkeypatch.setattr(command, "iter_tournament", counted)
    result = run(*TOY, "-n", "8", "--json", str(part), "--resume")
    assert result.exit_code == 0, result.output
    assert "3 of 8 games kept" in result.stdout
    assert played == [3, 4, 5, 6, 7]
    assert _results(part) == _results(whole)
    assert json.loads(part.read_text())["standings"] == json.loads(whole.read_text())["standings"]


def test_resume_with_a_larger_n_extends_a_finished_run(tmp_path: Path) -> None:
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    assert run(*TOY, "-n", "6", "--json", str(whole)).exit_code == 0
    assert run(*TOY, "-n", "2", "--json", str(part), "--resume").exit_code == 0  # no file yet: a fresh run
    result = run(*TOY, "-n", "6", "--json", str(part), "--resume")
    assert result.exit_code == 0 and "2 of 6 games kept" in result.stdout
    assert _results(part) == _results(whole)


def test_a_run_that_dies_leaves_the_games_saved_so_far(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    js = tmp_path / "t.json"
    monkeypatch.setattr(command, "SAVE_EVERY", 0.0)
    _stop_after(monkeypatch, 4, RuntimeError)
    result = run(*TOY, "-n", "8", "--json", str(js))
    assert isinstance(result.exception, RuntimeError)
    assert [r["index"] for r in _results(js)] == [0, 1, 2, 3]
    assert not (tmp_path / "t.json.part").exists()


def test_resume_refuses_another_runs_file(tmp_path: Path) -> None:
    js = tmp_path / "t.json"
    assert run(*TOY, "-n", "2", "--json", str(js)).exit_code == 0
    line = assert_one_line_error(run(*TOY[:-1], "6", "-n", "4", "--json", str(js), "--resume"), "seed 5")
    assert "another --json file" in line
    assert_one_line_error(run(*TOY, "-a", "easy,random", "-n", "4", "--json", str(js), "--resume"), "agents")
    js.write_text("{not json", encoding="utf-8")
    assert_one_line_error(run(*TOY, "-n", "4", "--json", str(js), "--resume"), "not a tournament's JSON")
    js.write_text(json.dumps({"game": "toy-dice"}), encoding="utf-8")
    assert_one_line_error(run(*TOY, "-n", "4", "--json", str(js), "--resume"), "options")
    assert_one_line_error(run(*TOY, "-n", "4", "--resume"), "--json FILE")


def test_resume_refuses_saved_games_it_cannot_trust(tmp_path: Path) -> None:
    js = tmp_path / "t.json"
    assert run(*TOY, "-n", "2", "--json", str(js)).exit_code == 0
    data = json.loads(js.read_text(encoding="utf-8"))
    data["results"][1]["seating"] = ["random", "easy"]  # game 1 belongs at the second table
    js.write_text(json.dumps(data), encoding="utf-8")
    assert_one_line_error(run(*TOY, "-n", "4", "--json", str(js), "--resume"), "index 1", "not played at")
    del data["results"][0]["returns"]
    js.write_text(json.dumps(data), encoding="utf-8")
    assert_one_line_error(run(*TOY, "-n", "4", "--json", str(js), "--resume"), "saved game 0 is malformed")
