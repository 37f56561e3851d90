"""Screens at 80 columns: the ElementaliS seat table, `elementa games`, the board before decisions,
Elemental Warriors II's Recovery menu, table dice."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from rich.console import Console

import elementa
from elementa.agents import make_agent
from elementa.cli.render import render_observation
from tests.cli.helpers import run


def finished(name: str, seed: int) -> elementa.State:
    game = elementa.load_game(name)
    return elementa.play_game(
        game, [make_agent("random", game, p, p) for p in range(game.num_players)], seed=seed
    )


def test_the_elementalis_seat_table_fits_80_columns_and_says_colourless() -> None:
    state = finished("elementalis", 5)
    observation: dict[str, Any] = copy.deepcopy(state.observation(0))
    observation["players"][1]["colourless"] = 2
    console = Console(width=80, record=True)
    console.print(render_observation("elementalis", observation, 0))
    text = console.export_text()
    assert "clr" not in text
    for p in observation["players"]:
        seat = p["seat"] + 1
        row = rf"│ [> ] +{seat}( \(you\))? +\S+ +\S+ / \S+ +\d+F \d+W \d+E \d+A( \+\d+ colourless)? +\d+ +│"
        assert len([line for line in text.splitlines() if re.match(row, line)]) == 1, text
    assert "+2 colourless" in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_games_at_80_columns_shows_every_name_to_type_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    # "elemental-warriors-…" was all 80 columns showed of a name the user must type
    monkeypatch.setenv("COLUMNS", "80")
    result = run("games")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert "…" not in result.stdout
    cells = {cell.strip() for line in lines for cell in line.split("│")}
    for listing in elementa.list_games():
        assert listing.info.name in cells
        assert {o.name for o in listing.options} <= cells
