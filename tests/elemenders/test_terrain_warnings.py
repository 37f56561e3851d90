"""Elemenders at the terminal: labels warn of harmful terrain, and the terrain under units is listed."""

from __future__ import annotations

import random
import re
from typing import Any

from rich.console import Console

import elementa
from elementa.cli.render.elemenders import render
from elementa.core import State
from tests.support.walk import decision_nodes

HARMS = {"lava": ("water", "plant"), "river": ("fire",)}
"""elemenders.txt, Lava: damages every unit but fire; Rivers: damage fire units."""
SYMBOLS = {"~": "lava", "=": "river", "^": "forest", " ": "none"}


def terrain_at(obs: dict[str, Any], square: str) -> str:
    col, row = ord(square[0]) - ord("A"), int(square[1:]) - 1
    return SYMBOLS[obs["terrain"][row][col]]


def random_states(seed: int, steps: int) -> list[State]:
    state = elementa.load_game("elemenders").new_initial_state(seed)
    return [s.clone() for s, _ in decision_nodes(state, random.Random(seed), steps)]


def test_moves_and_spawns_onto_harmful_terrain_say_so() -> None:
    warned = 0
    for state in random_states(7, 1500):
        obs = state.observation(None)
        for a in state.legal_actions(state.current_player()):
            m = re.match(
                r"(?:move the (\w+) unit at \w+ to|(?:place|spawn) an? (\w+) unit at) ([A-K]\d+)", a.label
            )
            if m is None:
                continue
            unit, terrain = m[1] or m[2], terrain_at(obs, m[3])
            harmful = unit in HARMS.get(terrain, ())
            warning = f" (on {terrain}: -1 health when your turn ends there)"
            assert a.label.endswith(warning) == harmful, a.label
            warned += harmful
    assert warned > 0


def test_the_board_lists_the_terrain_under_units() -> None:
    shown = 0
    for state in random_states(7, 1500)[::10]:
        obs = state.observation(0)
        console = Console(width=1000, record=True, color_system=None)
        console.print(render(obs, 0))
        text = console.export_text()
        under = [u for u in obs["units"] if obs["terrain"][u["row"]][u["col"]] != " "]
        assert ("Units on terrain:" in text) == bool(under)
        for u in under:
            square = f"{chr(ord('A') + u['col'])}{u['row'] + 1}"
            terrain = SYMBOLS[obs["terrain"][u["row"]][u["col"]]]
            entry = re.search(rf"{square} \w\d on {terrain}( \(harms it[^)]*\))?", text)
            assert entry is not None, (square, text)
            assert bool(entry[1]) == (u["element"] in HARMS.get(terrain, ())), entry[0]
            shown += 1
    assert shown > 0
