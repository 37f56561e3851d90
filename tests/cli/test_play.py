"""``elementa play`` with scripted input: prompts, commands, save and resume, watching, table dice."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import elementa
from tests.cli.helpers import assert_one_line_error, run


def final_part(output: str) -> str:
    """The end of a session: from the game-over rule on."""
    assert "game over" in output, output
    return output[output.index("game over") :]


def test_play_with_bad_input_help_save_and_resume(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    script = f"9\nfoo\nhelp\n\n1\nsave {save}\nquit\n"
    first = run("play", "toy-dice", "--seat", "1", "--seed", "3", input=script)
    assert first.exit_code == 0, first.output
    out = first.stdout
    assert "there is no option 9: type a number from 1 to 3" in out
    assert "not understood: 'foo'" in out
    assert "save FILE" in out and "rules" in out  # the help table
    assert f"saved to {save}" in out
    assert "the game is saved in" in out
    assert "Traceback" not in first.output
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["game"] == "toy-dice" and record["seed"] == 3
    bid_0 = elementa.load_game("toy-dice").action_space.encode("bid", 0)
    assert [0, bid_0] in record["history"]

    resumed = run("play", "--resume", str(save), "--seat", "1", input="1\n" * 5)
    assert resumed.exit_code == 0, resumed.output
    assert "resumed from" in resumed.stdout
    # the same seed and moves give the same game as one played without a break
    straight = run("play", "toy-dice", "--seat", "1", "--seed", "3", input="1\n" * 5)
    assert final_part(resumed.stdout) == final_part(straight.stdout)


def test_quit_without_saving_says_how_to_save_when_autosave_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("ELEMENTA_DATA_DIR", str(blocked))  # the autosave folder cannot be made
    result = run("play", "toy-dice", "--seed", "1", input="quit\n")
    assert result.exit_code == 0
    assert "autosave failed" in result.stdout
    assert "not saved" in result.stdout and "save FILE" in result.stdout


def test_end_of_input_quits_cleanly() -> None:
    result = run("play", "toy-dice", "--seed", "1", input="1\n")
    assert result.exit_code == 0
    assert "end of input" in result.stdout and "Traceback" not in result.output


def test_a_save_that_cannot_be_written_is_reported_and_asked_again(tmp_path: Path) -> None:
    target = tmp_path / "missing-dir" / "game.json"
    result = run("play", "toy-dice", "--seed", "1", input=f"save {target}\n1\n1\n")
    assert result.exit_code == 0, result.output
    assert "not saved:" in result.stdout
    assert "game over" in result.stdout


def test_rules_and_board_and_labels() -> None:
    result = run("play", "toy-dice", "--seed", "2", input="rules\nboard\nbid 2\nkeep\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Hidden Dice (test game): a test game" in out  # the rules summary
    assert out.count("· you are player 1 ─") == 3  # first screen, board redraw, keep/reroll screen
    assert "Your sealed choice" in out and "Your move:" in out
    assert "you: bid 2" in out and "you: keep" in out


def test_watch_plays_to_the_end() -> None:
    result = run("play", "toy-dice", "--watch", "--seed", "4", "-p", "3")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Watching: player 1 (random), player 2 (random), player 3 (random)" in out
    assert "Winner:" in out or "draw" in out
    assert run("play", "toy-dice", "--seat", "0", "--seed", "4", "-p", "3").stdout == out


def test_table_dice_takes_typed_outcomes() -> None:
    # deal 6 to seat 1 and 1 to seat 2, bid 0, keep; seat 2 is random and may reroll: answer 1
    result = run("play", "toy-dice", "--table-dice", "--ai", "random", "--seed", "1", input="6\n1\n1\n1\n1\n")
    assert result.exit_code == 0, result.output
    assert "Chance: which outcome came up at the table?" in result.stdout
    assert "dice: [6, 1]" in final_part(result.stdout)


def test_default_opponent_is_the_default_level_and_watching_uses_the_rule_based_player() -> None:
    from elementa.agents import DEFAULT_LEVEL
    from elementa.cli.play import seat_specs

    game = elementa.load_game("elementalis", players=3)
    assert seat_specs(game, 1, None) == {0: DEFAULT_LEVEL, 2: DEFAULT_LEVEL}
    assert seat_specs(game, None, None) == {0: "greedy", 1: "greedy", 2: "greedy"}
    assert seat_specs(game, 0, "hard") == {1: "hard", 2: "hard"}


def test_watching_waits_after_every_seats_move(monkeypatch: pytest.MonkeyPatch) -> None:
    # --watch printed a whole game in about 2 seconds; a spectator now follows it move by move
    import elementa.cli.play as play

    pauses: list[float] = []
    monkeypatch.setattr(play.time, "sleep", pauses.append)
    result = run("play", "toy-dice", "--watch", "--seed", "4", "--delay", "0.5")
    assert result.exit_code == 0, result.output
    moves = result.stdout.count("\nplayer ")  # one line per seat's move, chance draws apart
    assert moves > 0 and pauses == [0.5] * moves, result.stdout
    pauses.clear()
    run("play", "toy-dice", "--watch", "--seed", "4")  # into a pipe: no wait by default
    assert pauses == []


def test_the_default_pace_is_for_a_terminal_and_delay_needs_a_spectator() -> None:
    from rich.console import Console

    from elementa.cli.common import CliError
    from elementa.cli.play import WATCH_DELAY, watch_delay

    assert watch_delay(None, Console(force_terminal=True), watching=True) == WATCH_DELAY > 0
    assert watch_delay(None, Console(force_terminal=True), watching=False) == 0
    assert watch_delay(None, Console(file=open(os.devnull, "w")), watching=True) == 0  # noqa: SIM115
    with pytest.raises(CliError, match="--watch"):
        watch_delay(2, Console(), watching=False)
    assert_one_line_error(run("play", "toy-dice", "--watch", "--delay", "-1"), "--delay", "0 to 3600")
    assert_one_line_error(run("play", "toy-dice", "--delay", "1", input="quit\n"), "--delay", "--watch")
