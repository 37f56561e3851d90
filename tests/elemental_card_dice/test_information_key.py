"""Card-Dice's information-state key splits states exactly as the seats' observations do.

``view.information_key`` digests the facts ``view.observation`` shows without building the view, so
it must change exactly when a seat's observation changes. At decision nodes of seeded random
playouts, in a clone and in a resample of the state, every field of the state, of both sides and of
both shops is changed in one place at a time (each number, flag, text and task field in it), and for
both seats the key must change if and only if the observation does: a key that leaves out something
the seat sees, or holds something it does not see (the opponent's unseen hand and face-down actions,
the order and make-up of a deck), fails here.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator
from typing import Any

import pytest

import elementa
from elementa.games.elemental_card_dice.effects import Task
from elementa.games.elemental_card_dice.state import CardDiceState
from elementa.games.elemental_card_dice.zones import Shop, Side
from tests.support.walk import decision_nodes


def variants(value: Any) -> Iterator[Any]:
    """Yield copies of ``value`` that each differ from it in one place (none for other objects).

    Of a list or tuple, only the first two and the last two items are changed; of the event log (a
    deque), every item; of a task, each of its fields.
    """
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int):
        yield value + 1
        yield value - 1
    elif isinstance(value, str):
        yield value + "?"
    elif isinstance(value, Task):
        for name in Task._fields:
            for changed in variants(getattr(value, name)):
                yield value._replace(**{name: changed})
    elif type(value) in (list, tuple, deque):
        for i, item in enumerate(value):
            if 2 <= i < len(value) - 2 and not isinstance(value, deque):
                continue  # the history is long; the event log is changed throughout (the view shows its end)
            for changed in variants(item):
                items = list(value)
                items[i] = changed
                yield deque(items, value.maxlen) if isinstance(value, deque) else type(value)(items)
        if isinstance(value, list) and value:
            yield value[:-1]


def rare(label: str, value: Any) -> list[Any]:
    """Values that seeded playouts seldom reach at a sampled node, to try as well: cards returned
    under a shop (Recycling), a winner, an auction and a chain where there are none."""
    if value:
        return []
    return {
        "shops.bottom": [[0], [5, 0]],
        "winner": [0, 1],
        "auction": [(0, 0, 1, 0), (1, 5, 2, 1)],
        "chain": [[(0, 0, "hand")], [(5, 1, "face down")]],
    }.get(label, [])


def fields(state: CardDiceState) -> Iterator[tuple[str, object, str]]:
    """Yield ``(label, owner, attribute)`` for every field of the state and of its sides and shops."""
    for name in CardDiceState.__slots__:
        if name not in ("game", "sides", "shops"):
            yield name, state, name
    for side in state.sides:
        for name in Side.__slots__:
            yield f"sides.{name}", side, name
    for shop in state.shops:
        for name in Shop.__slots__:
            yield f"shops.{name}", shop, name


def seen(state: CardDiceState, viewer: int) -> tuple[bytes, str] | None:
    """The seat's key and its observation's repr, or ``None`` where either cannot be built."""
    try:
        return state.information_state_key(viewer), repr(state.observation(viewer))
    except (IndexError, KeyError, TypeError, ValueError):
        return None  # a state the rules never make (a card or die past the last, a hand slot unflagged)


@pytest.mark.parametrize("options", [{}, {"start_health": 30}])
def test_the_key_changes_exactly_when_the_observation_does(options: dict[str, Any]) -> None:
    game = elementa.load_game("elemental-card-dice", **options)
    shown: set[str] = set()
    checked = 0
    for seed in range(2):
        rng = random.Random(seed)
        for k, (node, seat) in enumerate(decision_nodes(game.new_initial_state(seed), rng, 1500)):
            if k % 23:
                continue
            for state in (node.clone(), node.resample_from_infostate(seat, random.Random(k))):
                assert isinstance(state, CardDiceState)
                base = [seen(state, v) for v in (0, 1)]
                assert base[0] is not None and base[1] is not None
                assert base[0][0] != base[1][0]  # two seats never share a key
                for label, owner, name in fields(state):
                    original = getattr(owner, name)
                    for changed in [*variants(original), *rare(label, original)]:
                        setattr(owner, name, changed)
                        for viewer in (0, 1):
                            now, before = seen(state, viewer), base[viewer]
                            if now is None:
                                continue
                            assert (now[0] != before[0]) == (now[1] != before[1]), (label, changed, viewer)
                            if now[1] != before[1]:
                                shown.add(label)
                        setattr(owner, name, original)
                checked += 1
    assert checked > 20
    # the changes reached every field the observation shows
    assert shown >= {
        "actions_left", "active", "amps", "auction", "bid_done", "bought", "chain", "dice", "drew",
        "events", "gained", "over", "priority", "tasks", "turn", "winner", "sides.discard",
        "sides.facedown", "sides.gold", "sides.hand", "sides.health", "sides.known", "sides.passives",
        "sides.rest", "sides.seen", "sides.top", "shops.bottom", "shops.deck", "shops.removed",
        "shops.row",
    }  # fmt: skip


def test_the_key_is_the_same_in_a_clone_and_a_resample() -> None:
    """A clone and a resample for a seat (its unseen cards redrawn) give the seat the key of the
    state, at every decision node of seeded playouts."""
    game = elementa.load_game("elemental-card-dice")
    for seed in range(3):
        rng = random.Random(seed)
        for node, seat in decision_nodes(game.new_initial_state(seed), rng):
            key = node.information_state_key(seat)
            assert node.clone().information_state_key(seat) == key
            assert node.resample_from_infostate(seat, random.Random(seed)).information_state_key(seat) == key
