"""Elemenders' information-state key splits states exactly as the seats' observations do.

``ElemendersState.information_state_key`` digests the facts ``observation`` shows without building
the observation, so it must change exactly when a seat's observation changes. At decision nodes of
seeded random playouts, in a clone and in a resample of the state, every field of the state is
changed in one place at a time (each number, flag and square in it), and for both seats the key must
change if and only if the observation does: a key that leaves out something the seat sees, or holds
something it does not see (the opponent's true monolith above all; ruling ELM-12), fails here.
"""

from __future__ import annotations

from typing import Any

import pytest

import elementa
from elementa.core import State
from elementa.games.elemenders.game import ElemendersGame
from elementa.games.elemenders.state import ElemendersState
from tests.support import keys
from tests.support.keys import check_copies_keep_keys

PRESETS = [
    {},
    *(opts for name, opts in ElemendersGame.presets.items() if name != "tiny"),
    {"board_rows": 12, "adjacency": 8},
]
"""The option sets whose games are long enough to reach every field the key reads (the ``tiny``
preset's four turns are not; its keys come from the same code)."""


def seen(state: State, viewer: int) -> tuple[bytes, str] | None:
    """The seat's key and its observation's repr (:func:`tests.support.keys.seen`), with the
    observation's terrain made afresh (it is kept until a terraform)."""
    state._terrain_rows = None  # type: ignore[attr-defined]
    return keys.seen(state, viewer)


@pytest.mark.parametrize("options", PRESETS)
def test_the_key_changes_exactly_when_the_observation_does(options: dict[str, Any]) -> None:
    game = elementa.load_game("elemenders", **options)
    shown_fields: set[str] = set()
    checked = 0
    for state in keys.sampled_states(game, 31, 500):
        assert isinstance(state, ElemendersState)
        # of the board's lists (longer than 20 items), also change the squares of the
        # monoliths and of a few units
        focus = {*state.board.monolith_squares(0), *state.board.monolith_squares(1)}
        focus.update(sorted(state.units[0])[:2] + sorted(state.units[1])[:2])

        def keep(i: int, value: Any, focus: set[int] = focus) -> bool:
            return keys.first_and_last_two(i, value) or (len(value) > 20 and i in focus)

        def changes(label: str, value: Any, keep: Any = keep) -> Any:
            return keys.variants(value, keep=keep)

        fields = keys.slots(state, ("game", "board"))
        shown_fields |= keys.compare_fields(state, fields, changes, (0, 1), seen)
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
    check_copies_keep_keys(elementa.load_game("elemenders"))
