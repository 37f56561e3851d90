"""ElementaliS's information-state key splits states exactly as the seats' observations do.

``observe.information_key`` digests the facts ``observe`` shows without building the view, so it
must change exactly when a seat's observation changes. At decision nodes of random playouts, every
field of the state is changed in one place at a time (each number, flag, text and die in it), and
for every seat the key must change if and only if the observation does: a key that leaves out
something the seat sees, or holds something it does not see, fails here.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import elementa
from elementa.games.elementalis.dice import Die
from elementa.games.elementalis.state import ElementalisState
from tests.support.walk import decision_nodes


def variants(value: Any) -> Iterator[Any]:
    """Yield copies of ``value`` that each differ from it in one place (none for other objects).

    Of a list or tuple, only the first two and the last two items are changed.
    """
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int):
        yield value + 1
        yield value - 1
    elif isinstance(value, str):
        yield value + "?"
    elif isinstance(value, Die):
        for name in Die.__slots__:
            for changed in variants(getattr(value, name)):
                die = value.copy()
                setattr(die, name, changed)
                yield die
    elif type(value) in (list, tuple):
        for i, item in enumerate(value):
            if 2 <= i < len(value) - 2:
                continue  # the first two and the last two (a history is long)
            for changed in variants(item):
                items = list(value)
                items[i] = changed
                yield type(value)(items)
        if isinstance(value, list) and value:
            yield value[:-1]
    elif type(value) is dict:
        for key, item in value.items():
            for changed in variants(item):
                yield {**value, key: changed}
    elif type(value) is set:
        for item in value:
            for changed in variants(item):
                yield (value - {item}) | {changed}
            yield value - {item}


def seen(state: ElementalisState, viewer: int) -> tuple[bytes, str] | None:
    """The seat's key and its observation's repr, or ``None`` where either cannot be built."""
    try:
        return state.information_state_key(viewer), repr(state.observation(viewer))
    except (IndexError, KeyError, TypeError, ValueError, AssertionError, AttributeError):
        return None  # a state the rules never make (a face past the last, a seat that is not there)


@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (4, {}), (7, {}), (3, {"mana_supply_limit": False})]
)
def test_the_key_changes_exactly_when_the_observation_does(players: int, options: dict[str, Any]) -> None:
    game = elementa.load_game("elementalis", players=players, **options)
    shown_fields: set[str] = set()
    for seed in range(2):
        rng = random.Random(seed)
        for k, (node, seat) in enumerate(decision_nodes(game.new_initial_state(seed), rng)):
            if k % (3 * players):
                continue
            states = (node.clone(), node.resample_from_infostate(seat, random.Random(k)))
            for state in states:
                assert isinstance(state, ElementalisState)
                base = [seen(state, v) for v in range(players)]
                for name in ElementalisState.__slots__:
                    if name == "game":
                        continue
                    original = getattr(state, name)
                    extra = [[(0, 1)]] if name == "links" and not original else []  # links are rare
                    for changed in [*variants(original), *extra]:
                        setattr(state, name, changed)
                        for viewer in range(players):
                            now, before = seen(state, viewer), base[viewer]
                            if now is None or before is None:
                                continue
                            assert (now[0] != before[0]) == (now[1] != before[1]), (name, changed, viewer)
                            if now[1] != before[1]:
                                shown_fields.add(name)
                        setattr(state, name, original)
    # the changes reached every field the observation shows (the Flux only when its supply is limited)
    assert shown_fields >= {
        "active", "cast_queue", "channel", "chosen", "colourless", "declared", "dice", "ether_leak",
        "links", "log", "major", "minor", "phase", "pool", "round", "stage",
    }  # fmt: skip
    assert ("flux" in shown_fields) == game.options.mana_supply_limit
