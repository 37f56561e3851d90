"""``elementa learn``: the tutorials in the terminal, in process and in a real terminal (pexpect)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pytest

from elementa.tutorials import Lesson, load_tutorial, tutorial_games
from tests.cli.helpers import assert_one_line_error, run

ROOT = Path(__file__).resolve().parents[2]


def intended_lines(game: str) -> list[str]:
    """The notation of each step's first intended move, as a learner would type them."""
    lesson = Lesson(load_tutorial(game))
    lines = []
    while not lesson.done:
        move = lesson.intended()[0]
        lines.append(move.notation())
        lesson.attempt(move)
    return lines


def test_without_a_game_it_lists_the_tutorials() -> None:
    result = run("learn")
    assert result.exit_code == 0, result.output
    for game in tutorial_games():
        assert game in result.stdout
    assert load_tutorial("warriors").title in result.stdout
    assert "elementa learn GAME" in result.stdout


def test_an_unknown_game_is_one_error_line() -> None:
    result = run("learn", "chess")
    assert_one_line_error(result, "no tutorial for 'chess'", "elementalis")


def test_numbers_labels_and_notation_are_taken_and_other_moves_explained() -> None:
    answers = [
        "2",  # Water as Major: legal, explained, the step stays
        "minor arcana=Fire",  # illegal now: the reason
        "hint",
        "take Fire as Major",  # the intended move by its label
        "4",  # Air as Minor, by its number
        "board",
        "quit",
    ]
    result = run("learn", "elementalis", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Step 1 of 7: Draft a Major Arcana" in out
    assert "take Water as Major: legal, but not the move for this step" in out
    assert "That move is not legal here: minor[0] (id " in out and "not among the legal actions now" in out
    assert "this step asks for: take Fire as Major" in out
    assert "Fire is your Major" in out and "Step 2 of 7" in out
    assert "You are a Fire/Air Elementalist" in out
    assert out.count("Step 3 of 7") == 2  # shown, then shown again by 'board'
    assert "quit: left the tutorial at step 3 of 7; start it again with: elementa learn elementalis" in out


def test_the_end_of_input_leaves_with_status_0() -> None:
    result = run("learn", "warriors", input="")
    assert result.exit_code == 0, result.output
    assert "end of input: left the tutorial at step 1 of 7" in result.stdout


def test_a_whole_tutorial_typed_in_process() -> None:
    result = run("learn", "elemenders", input="\n".join(intended_lines("elemenders")) + "\n")
    assert result.exit_code == 0, result.output
    assert "A river now runs from C1 to C5" in result.stdout
    assert "Tutorial complete: Elemenders" in result.stdout


@pytest.mark.parametrize(
    "game", ["elemenders", "elemental-card-dice", "elemental-warriors-ii", "elementalis", "warriors"]
)
def test_a_full_tutorial_in_a_real_terminal(game: str, tmp_path: Path) -> None:
    lines = intended_lines(game)
    steps = len(load_tutorial(game).steps)
    env = {
        **os.environ,
        "ELEMENTA_DATA_DIR": str(tmp_path),
        "COLUMNS": "100",
        "LINES": "50",
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]),
    }
    child = pexpect.spawn(
        sys.executable,
        ["-c", "from elementa.cli.app import main; main()", "learn", game],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 100),
    )
    child.expect(f"Step 1 of {steps}")
    child.expect("hint, help")
    child.sendline("xyzzy")  # not understood: the step stays
    child.expect("not understood")
    for number, line in enumerate(lines, 1):
        if number > 1:
            child.expect(f"Step {number} of {steps}")
        child.expect("hint, help")
        child.sendline(line)
    child.expect("Tutorial complete")
    child.expect(pexpect.EOF)
    child.close()
    output = (child.before or "").replace("\r", "")
    assert "Traceback" not in output, output
    assert child.exitstatus == 0
