"""ElementaliS's information-state key splits states exactly as the seats' observations do.

``observe.information_key`` digests the facts ``observe`` shows without building the view, so it
must change exactly when a seat's observation changes. At decision nodes of random playouts, every
field of the state is changed in one place at a time (each number, flag, text and die in it), and
for every seat the key must change if and only if the observation does: a key that leaves out
something the seat sees, or holds something it does not see, fails here.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import pytest

import elementa
from elementa.games.elementalis.dice import Die
from elementa.games.elementalis.state import ElementalisState
from tests.support.keys import compare_fields, copies, slots, variants
from tests.support.walk import decision_nodes


def die_variants(value: Any) -> Iterable[Any] | None:
    """A die differing in one of its fields (``None`` for anything else)."""
    if not isinstance(value, Die):
        return None
    return copies(value, Die.__slots__, lambda field: variants(field, die_variants))


def changes(label: str, value: Any) -> list[Any]:
    """The values to try for a field: one place changed, or a link where there are none (rare)."""
    extra = [[(0, 1)]] if label == "links" and not value else []
    return [*variants(value, die_variants), *extra]


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
            for state in (node.clone(), node.resample_from_infostate(seat, random.Random(k))):
                assert isinstance(state, ElementalisState)
                shown_fields |= compare_fields(state, slots(state), changes, range(players))
    # the changes reached every field the observation shows (the Flux only when its supply is limited)
    assert shown_fields >= {
        "active", "cast_queue", "channel", "chosen", "colourless", "declared", "dice", "ether_leak",
        "links", "log", "major", "minor", "phase", "pool", "round", "stage",
    }  # fmt: skip
    assert ("flux" in shown_fields) == game.options.mana_supply_limit
