"""Elemenders' information-state key splits states exactly as the seats' observations do.

``ElemendersState.information_state_key`` digests the facts ``observation`` shows without building
the observation, so it must change exactly when a seat's observation changes. At decision nodes of
seeded random playouts, in a clone and in a resample of the state, every field of the state is
changed in one place at a time (each number, flag and square in it), and for both seats the key must
change if and only if the observation does: a key that leaves out something the seat sees, or holds
something it does not see (the opponent's true monolith above all; ruling ELM-12), fails here.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import elementa
from elementa.games.elemenders.game import ElemendersGame
from elementa.games.elemenders.state import ElemendersState
from tests.support.walk import decision_nodes

PRESETS = [{}, *ElemendersGame.presets.values(), {"board_rows": 12, "adjacency": 8}]


def variants(value: Any, focus: set[int]) -> Iterator[Any]:
    """Yield copies of ``value`` that each differ from it in one place (none for other objects).

    Of a list or tuple, only the first two and the last two items are changed, and of the board's
    lists (longer than 20 items) also those at the squares in ``focus``.
    """
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int):
        yield value + 1
        yield value - 1
    elif isinstance(value, str):
        yield value + "?"
    elif type(value) in (list, tuple):
        for i, item in enumerate(value):
            if 2 <= i < len(value) - 2 and (len(value) <= 20 or i not in focus):
                continue
            for changed in variants(item, focus):
                items = list(value)
                items[i] = changed
                yield type(value)(items)
        if isinstance(value, list) and value:
            yield value[:-1]
    elif type(value) is dict:
        for key, item in value.items():
            for changed in variants(item, focus):
                yield {**value, key: changed}
    elif type(value) is set:
        for item in value:
            for changed in variants(item, focus):
                yield (value - {item}) | {changed}
            yield value - {item}


def seen(state: ElemendersState, viewer: int) -> tuple[bytes, str] | None:
    """The seat's key and its observation's repr, or ``None`` where either cannot be built."""
    state._terrain_rows = None  # the observation's terrain is kept until a terraform: make it afresh
    try:
        return state.information_state_key(viewer), repr(state.observation(viewer))
    except (IndexError, KeyError, TypeError, ValueError):
        return None  # a state the rules never make (a piece or terrain past the last, a square off the board)


@pytest.mark.parametrize("options", PRESETS)
def test_the_key_changes_exactly_when_the_observation_does(options: dict[str, Any]) -> None:
    game = elementa.load_game("elemenders", **options)
    shown_fields: set[str] = set()
    checked = 0
    for seed in range(2):
        rng = random.Random(seed)
        for k, (node, seat) in enumerate(decision_nodes(game.new_initial_state(seed), rng, 500)):
            if k % 31:
                continue
            states = (node.clone(), node.resample_from_infostate(seat, random.Random(k)))
            for state in states:
                assert isinstance(state, ElemendersState)
                # the squares of the board's lists to change: the monoliths' and a few units'
                focus = {*state.board.monolith_squares(0), *state.board.monolith_squares(1)}
                focus.update(sorted(state.units[0])[:2] + sorted(state.units[1])[:2])
                base = [seen(state, v) for v in (0, 1)]
                assert base[0] is not None and base[1] is not None
                assert base[0][0] != base[1][0]  # two seats never share a key
                for name in ElemendersState.__slots__:
                    if name in ("game", "board"):
                        continue
                    original = getattr(state, name)
                    for changed in variants(original, focus):
                        setattr(state, name, changed)
                        for viewer in (0, 1):
                            now, before = seen(state, viewer), base[viewer]
                            if now is None or before is None:
                                continue
                            assert (now[0] != before[0]) == (now[1] != before[1]), (name, changed, viewer)
                            if now[1] != before[1]:
                                shown_fields.add(name)
                        setattr(state, name, original)
                checked += 1
    assert checked > 20
    # the changes reached every field the observation shows
    assert shown_fields >= {
        "acted", "active", "first_mover", "first_placer", "health", "last_flip", "moved", "owner",
        "phase", "piece", "terrain", "to_move", "to_place", "true_square", "turns_done", "units",
    }  # fmt: skip


def test_the_key_is_the_same_in_a_clone_and_a_resample() -> None:
    """A clone and a resample for a seat (the opponent's true monolith redrawn) give the seat the key
    of the state, at every decision node of seeded playouts."""
    game = elementa.load_game("elemenders")
    for seed in range(3):
        rng = random.Random(seed)
        for node, seat in decision_nodes(game.new_initial_state(seed), rng):
            key = node.information_state_key(seat)
            assert node.clone().information_state_key(seat) == key
            assert node.resample_from_infostate(seat, random.Random(seed)).information_state_key(seat) == key
