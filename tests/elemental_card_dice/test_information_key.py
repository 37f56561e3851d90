"""Card-Dice's information-state key splits states exactly as the seats' observations do.

``view.information_key`` digests the facts ``view.observation`` shows without building the view, so
it must change exactly when a seat's observation changes. At decision nodes of seeded random
playouts, in a clone and in a resample of the state, every field of the state, of both sides and of
both shops is changed in one place at a time (each number, flag, text and field of a pending step in
it), and for
both seats the key must change if and only if the observation does: a key that leaves out something
the seat sees, or holds something it does not see (the opponent's unseen hand and face-down actions,
the order and make-up of a deck), fails here.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

import elementa
from elementa.core import Flow, Step
from elementa.games.elemental_card_dice.state import CardDiceState
from elementa.games.elemental_card_dice.zones import Shop, Side
from tests.support.keys import (
    check_copies_keep_keys,
    compare_fields,
    first_and_last_two,
    sampled_states,
    slot_names,
    slots,
    variants,
)


def step_variants(value: Any) -> Iterable[Any] | None:
    """A flow with one of its steps changed, or a step differing in one of its fields (``None`` for
    anything else)."""
    if isinstance(value, Flow):
        return [Flow(steps) for steps in again(value.steps)]
    if not isinstance(value, Step):
        return None
    return [
        dataclasses.replace(value, **{f.name: changed})  # type: ignore[type-var]
        for f in dataclasses.fields(value)  # type: ignore[arg-type]
        for changed in again(getattr(value, f.name))
    ]


def log_throughout(i: int, value: Any) -> bool:
    """The event log (a deque) is changed throughout, as the view shows its end; the first two and
    last two items of anything else (the history is long)."""
    return isinstance(value, deque) or first_and_last_two(i, value)


def again(value: Any) -> Iterator[Any]:
    """:func:`tests.support.keys.variants` with Card-Dice's flow, its steps and the event log."""
    return variants(value, step_variants, log_throughout)


def changes(label: str, value: Any) -> list[Any]:
    """The values to try for a field: one place changed, and values that seeded playouts seldom
    reach at a sampled node (cards returned under a shop by Recycling, a winner, an auction and a
    chain where there are none)."""
    rare: dict[str, list[Any]] = {
        "shops.bottom": [[0], [5, 0]],
        "winner": [0, 1],
        "auction": [(0, 0, 1, 0), (1, 5, 2, 1)],
        "chain": [[(0, 0, "hand")], [(5, 1, "face down")]],
    }
    return [*again(value), *([] if value else rare.get(label, []))]


def fields(state: CardDiceState) -> Iterator[tuple[str, object, str]]:
    """Yield ``(label, owner, attribute)`` for every field of the state and of its sides and shops."""
    yield from slots(state, ("game", "sides", "shops"))
    for side in state.sides:
        for name in slot_names(Side):
            yield f"sides.{name}", side, name
    for shop in state.shops:
        for name in slot_names(Shop):
            yield f"shops.{name}", shop, name


@pytest.mark.parametrize("options", [{}, {"start_health": 30}])
def test_the_key_changes_exactly_when_the_observation_does(options: dict[str, Any]) -> None:
    game = elementa.load_game("elemental-card-dice", **options)
    shown: set[str] = set()
    checked = 0
    for state in sampled_states(game, 23, 1500):
        assert isinstance(state, CardDiceState)
        shown |= compare_fields(state, fields(state), changes, (0, 1))
        checked += 1
    assert checked > 20
    # the changes reached every field the observation shows
    assert shown >= {
        "actions_left", "active", "amps", "auction", "bid_done", "bought", "chain", "dice", "drew",
        "events", "flow", "gained", "over", "priority", "turn", "winner", "sides.discard",
        "sides.facedown", "sides.gold", "sides.hand", "sides.health", "sides.known", "sides.passives",
        "sides.rest", "sides.seen", "sides.top", "shops.bottom", "shops.deck", "shops.removed",
        "shops.row",
    }  # fmt: skip


def test_the_key_is_the_same_in_a_clone_and_a_resample() -> None:
    """A clone and a resample for a seat (its unseen cards redrawn) give the seat the key of the
    state, at every decision node of seeded playouts."""
    check_copies_keep_keys(elementa.load_game("elemental-card-dice"))
