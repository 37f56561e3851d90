"""The terminal speaks the players' words: moves, not engine steps; no 0/1 "return" column; no
"clr"; save errors without the validation library's wording; card names with suggestions."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

from rich.console import Console

import elementa
from elementa.agents import make_agent
from elementa.cli.play import show_result
from tests.cli.helpers import assert_one_line_error, run


def finished(name: str, seed: int) -> elementa.State:
    game = elementa.load_game(name)
    return elementa.play_game(
        game, [make_agent("random", game, p, p) for p in range(game.num_players)], seed=seed
    )


def test_the_screens_count_moves_not_steps() -> None:
    result = run("play", "toy-dice", "--seed", "4", "--ai", "random", input="1\n1\n")
    assert result.exit_code == 0, result.output
    assert "step" not in result.stdout.lower(), result.stdout
    assert "· move 1 · you are player 1" in result.stdout
    assert re.search(r"game over after \d+ moves", result.stdout)


def test_the_result_has_no_zero_one_return_column_and_shows_graded_scores() -> None:
    state = finished("toy-dice", 11)
    console = Console(width=80, record=True)
    show_result(console, state, 0, {1: "random"})
    text = console.export_text()
    assert "return" not in text and "score" not in text  # 1 and 0 only restate win and loss
    assert re.search(r"\b(win|loss|draw)\b", text)

    graded = SimpleNamespace(
        game=state.game, history=state.history, observation=state.observation, returns=lambda: [3.0, 1.0, 0.0]
    )
    console = Console(width=80, record=True)
    show_result(console, graded, None, {})  # type: ignore[arg-type]
    text = console.export_text()
    rows = [[cell.strip() for cell in line.split("│")] for line in text.splitlines() if "│" in line]
    assert "score" in text and rows == [["1", "", "3", "win"], ["2", "", "1", "loss"], ["3", "", "0", "loss"]]


def test_save_errors_are_in_words(tmp_path: Path) -> None:
    path = elementa.save(finished("toy-dice", 3), tmp_path / "game.json")
    record = json.loads(path.read_text(encoding="utf-8"))
    record["history"][0] = [0]
    path.write_text(json.dumps(record), encoding="utf-8")
    line = assert_one_line_error(run("replay", str(path)), "field 'history[0]'", "a pair [seat, action]")
    assert "Input should" not in line and "Tuple" not in line
    path.write_text("[1, 2]", encoding="utf-8")
    line = assert_one_line_error(run("replay", str(path)), "JSON object")
    assert "instance of SaveFile" not in line


def test_a_mistyped_card_name_gets_suggestions_and_a_partial_one_its_card() -> None:
    typed = "card Sonik Pistl\ncard rifle\ncard sonic\nquit\n"
    out = run("play", "warriors", "--seed", "2", "--ai", "random", input=typed).stdout
    assert "no card named 'Sonik Pistl' in Warriors; did you mean 'Sonic Pistol'?" in out
    assert "did you mean 'Advanced Field Rifle' or 'Military Field Rifle'?" in out
    assert "Sonic Pistol - weapon" in out  # "sonic" names one card: its text
