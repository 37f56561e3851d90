"""``elementa replay``: every step of a saved game, from the spectator's or a seat's view."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import elementa
from elementa.agents import make_agent
from tests.cli.helpers import run


@pytest.fixture
def finished(tmp_path: Path) -> tuple[Path, int]:
    game = elementa.load_game("toy-dice", players=2)
    state = elementa.play_game(game, [make_agent("random", game, p, p) for p in range(2)], seed=11)
    path = elementa.save(state, tmp_path / "done.json")
    return path, len(state.history())


def test_replay_all_prints_every_step_and_the_result(finished: tuple[Path, int]) -> None:
    path, n = finished
    result = run("replay", str(path), "--all")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert [int(i) for i in re.findall(rf"─ (\d+) of {n} ─", out)] == list(range(1, n + 1))
    assert "step" not in out  # the engine's word; a player counts moves
    assert "spectator view" in out and "game over" in out
    assert "Winner" in out or "draw" in out
    assert run("replay", str(path)).stdout == out  # stdin is not a terminal: no waiting


def test_replay_from_a_seat_hides_the_other_die_until_the_end(finished: tuple[Path, int]) -> None:
    path, n = finished
    out = run("replay", str(path), "--all", "--seat", "2").stdout
    assert "view of player 2" in out
    before_last = out[: out.index(f" {n} of {n} ")]
    boards = re.findall(r"dice: \[(.*)\]", before_last)
    assert boards and all(b.split(", ")[0] == "?" for b in boards)


def test_replay_step_waits_for_enter_and_q_quits(finished: tuple[Path, int]) -> None:
    path, _ = finished
    out = run("replay", str(path), "--step", input="\n\nq\n").stdout
    assert " 2 of " in out and " 3 of " not in out


def test_replay_of_an_unfinished_game(tmp_path: Path) -> None:
    save = tmp_path / "half.json"
    run("play", "toy-dice", "--seed", "5", input=f"1\nsave {save}\nquit\n")
    out = run("replay", str(save), "--all").stdout
    assert "the game is not over" in out


def test_ctrl_c_in_a_stepped_replay_says_interrupted_and_exits_130(
    finished: tuple[Path, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    from rich.console import Console

    def interrupt(self: Console, *args: object, **kwargs: object) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(Console, "input", interrupt)
    result = run("replay", str(finished[0]), "--step")
    assert result.exit_code == 130 and result.stderr.strip() == "interrupted", result.output
