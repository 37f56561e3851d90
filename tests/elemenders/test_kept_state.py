"""The state Elemenders keeps as play goes on (the mover's units still to act) matches the board.

The units a player may select are kept for the turn rather than found by scanning the board at
every step; these random playouts check, at every selection, that they are exactly the mover's
units that the observation shows as not having acted, under every preset.
"""

from __future__ import annotations

import random

import pytest

import elementa
from elementa.games.elemenders.game import ElemendersGame
from tests.support.walk import decision_nodes

PRESETS = [{}, *ElemendersGame.presets.values()]


@pytest.mark.parametrize("options", PRESETS, ids=["default", *ElemendersGame.presets])
def test_selectable_units_are_the_movers_units_yet_to_act(options: dict[str, object]) -> None:
    game = elementa.load_game("elemenders", **options)
    checked = 0
    for seed in range(6):
        for state, p in decision_nodes(game.new_initial_state(seed), random.Random(seed)):
            view = state.observation(None)
            if view["phase"] == "turn" and view["active"] is None:
                selectable = {a.label.split(" at ")[-1] for a in state.legal_actions(p) if a.kind == "select"}
                waiting = {u["square"] for u in view["units"] if u["owner"] == p and not u["acted"]}
                assert selectable == waiting, (seed, len(state.history()))
                checked += 1
    assert checked > 100
