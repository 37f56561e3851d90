"""``elementa analyse SAVE``: a win-chance chart and the largest mistakes, for a save of each title."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import elementa
from elementa.core import CHANCE, SIMULTANEOUS
from tests.cli.helpers import assert_one_line_error, run

TITLES = ["elemenders", "elemental-card-dice", "elemental-warriors-ii", "elementalis", "warriors"]
PNG = b"\x89PNG\r\n\x1a\n"


def partial_game(name: str, path: Path, moves: int = 12, seed: int = 5) -> Path:
    """Save a random game of ``name`` cut after ``moves`` seat moves."""
    game = elementa.load_game(name)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    made = 0
    while not state.is_terminal() and made < moves:
        p = state.current_player()
        if p == CHANCE:
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        q = state.players_to_move()[0] if p == SIMULTANEOUS else p
        state.apply_action(rng.choice(state.legal_actions(q)), q)
        made += 1
    elementa.save(state, path)
    return path


@pytest.mark.parametrize("name", TITLES)
def test_analyse_draws_the_chart_for_a_save_of_each_title(name: str, tmp_path: Path) -> None:
    save = partial_game(name, tmp_path / f"{name}.json")
    chart = tmp_path / "chart.png"
    result = run("analyse", str(save), "--out", str(chart), "--iterations", "4")
    assert result.exit_code == 0, result.output
    assert chart.read_bytes().startswith(PNG) and chart.stat().st_size > 5000
    out = result.stdout
    assert "decisions judged with 4 searches each" in out and "(not finished)" in out
    assert "Turning points:" in out and "Largest mistakes:" in out
    assert f"Win-chance chart: {chart}" in out


def test_one_seat_and_the_default_chart_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = partial_game("warriors", tmp_path / "w.json", moves=20)
    monkeypatch.chdir(tmp_path)
    result = run("analyse", str(save), "--seat", "2", "-i", "3")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "w-analysis.png").read_bytes().startswith(PNG)
    rows = [line.split()[0] for line in result.stdout.splitlines() if line.strip()[:1].isdigit()]
    assert rows == ["2"]


def test_the_same_seed_gives_the_same_analysis(tmp_path: Path) -> None:
    save = partial_game("elemental-card-dice", tmp_path / "c.json", moves=15)
    first = run("analyse", str(save), "--out", str(tmp_path / "a.png"), "-i", "5").stdout
    second = run("analyse", str(save), "--out", str(tmp_path / "b.png"), "-i", "5").stdout
    assert first.replace("a.png", "") == second.replace("b.png", "")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--seat", "3"], "--seat must be 1..2, got 3"),
        (["--iterations", "0"], "--iterations must be 1..100000, got 0"),
        (["--out", "chart.svg"], "must name a .png file"),
    ],
)
def test_bad_options_are_one_line_errors(args: list[str], fragment: str, tmp_path: Path) -> None:
    save = partial_game("warriors", tmp_path / "w.json", moves=4)
    assert_one_line_error(run("analyse", str(save), *args), fragment)


def test_a_missing_save_and_a_save_without_decisions_are_refused(tmp_path: Path) -> None:
    assert_one_line_error(run("analyse", str(tmp_path / "none.json")), "none.json")
    empty = partial_game("warriors", tmp_path / "e.json", moves=0)
    assert_one_line_error(
        run("analyse", str(empty), "--out", str(tmp_path / "e.png")), "no decision to analyse"
    )
    assert not (tmp_path / "e.png").exists()
