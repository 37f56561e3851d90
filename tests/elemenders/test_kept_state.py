"""The state Elemenders keeps as play goes on (each player's units, the mover's units still to act)
matches the board.

The units a player may select are kept for the turn rather than found by scanning the board at
every step; these random playouts check, at every selection, that they are exactly the mover's
units that the observation shows as not having acted, under every preset. Each player's unit
squares are kept as units are placed, move and fall; the playouts check them against a scan of the
board at every decision.
"""

from __future__ import annotations

import random

import pytest

import elementa
from elementa.games.elemenders.board import MONOLITH
from elementa.games.elemenders.game import ElemendersGame
from elementa.games.elemenders.state import ElemendersState
from tests.support.keys import slot_names
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
    assert checked > (10 if options == ElemendersGame.presets["tiny"] else 100)  # tiny: 4 turns a game


@pytest.mark.parametrize("options", PRESETS, ids=["default", *ElemendersGame.presets])
def test_kept_unit_squares_match_the_board(options: dict[str, object]) -> None:
    """``units`` (each player's unit squares, kept as units are placed, move and fall) is exactly
    what a scan of the board finds, at every decision of random playouts and at their ends."""
    game = elementa.load_game("elemenders", **options)
    checked = 0
    for seed in range(6):
        state = game.new_initial_state(seed)
        for node, _ in decision_nodes(state, random.Random(seed)):
            assert isinstance(node, ElemendersState)
            assert node.units == _scanned_units(node), (seed, len(node.history()))
            checked += 1
        assert isinstance(state, ElemendersState)
        assert state.units == _scanned_units(state), seed
    assert checked > (30 if options == ElemendersGame.presets["tiny"] else 1000)  # tiny: 4 turns a game


def _scanned_units(state: ElemendersState) -> list[set[int]]:
    """Each player's unit squares, found by looking at every square."""
    return [{s for s, o in enumerate(state.owner) if o == p and state.piece[s] != MONOLITH} for p in (0, 1)]


@pytest.mark.parametrize("options", PRESETS, ids=["default", *ElemendersGame.presets])
def test_a_clone_holds_every_attribute_of_the_state(options: dict[str, object]) -> None:
    """``clone`` assigns each of the state's slots by name: at every decision of random playouts, a
    clone holds every one of them, equal to the state's."""
    game = elementa.load_game("elemenders", **options)
    checked = 0
    for seed in range(2):
        for node, _ in decision_nodes(game.new_initial_state(seed), random.Random(seed)):
            assert isinstance(node, ElemendersState)
            copy = node.clone()
            for name in slot_names(ElemendersState):
                assert getattr(copy, name) == getattr(node, name), (name, seed, len(node.history()))
            checked += 1
    assert checked > (10 if options == ElemendersGame.presets["tiny"] else 500)  # tiny: 4 turns a game
