"""ElementaliS's information-state key splits states exactly as the seats' observations do.

``observe.information_key`` digests the facts ``observe`` shows without building the view, so it
must change exactly when a seat's observation changes. At decision nodes of random playouts, every
field of the state is changed in one place at a time (each number, flag, text and die in it), and
for every seat the key must change if and only if the observation does: a key that leaves out
something the seat sees, or holds something it does not see, fails here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields, is_dataclass, replace
from typing import Any

import pytest

import elementa
from elementa.core import Step
from elementa.games.elementalis.dice import Die
from elementa.games.elementalis.state import ElementalisState
from tests.support.keys import (
    check_copies_keep_keys,
    compare_fields,
    copies,
    sampled_states,
    slot_names,
    slots,
    variants,
)


def die_variants(value: Any) -> Iterable[Any] | None:
    """A die, or a step of the flow, differing in one of its fields (``None`` for anything else).

    A step differs in a seat, a Mana choice's options...; the state's ``steps`` (the flow's list,
    the top last) also lose their top step, so the phase differs.
    """
    if isinstance(value, Step) and is_dataclass(value):
        return [
            replace(value, **{f.name: changed})  # type: ignore[type-var]
            for f in fields(value)
            for changed in variants(getattr(value, f.name), die_variants)
        ]
    if not isinstance(value, Die):
        return None
    return copies(value, slot_names(Die), lambda field: variants(field, die_variants))


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
    for state in sampled_states(game, 3 * players):
        assert isinstance(state, ElementalisState)
        shown_fields |= compare_fields(state, slots(state), changes, range(players))
    # the changes reached every field the observation shows (the Flux only when its supply is limited)
    assert shown_fields >= {
        "active", "casters", "channel", "chosen", "colourless", "declared", "dice", "ether_leak",
        "links", "log", "major", "minor", "steps", "pool", "round", "stage",
    }  # fmt: skip
    assert ("flux" in shown_fields) == game.options.mana_supply_limit


def test_the_key_is_the_same_in_a_clone_and_a_resample() -> None:
    """A clone and a resample for a seat give the seat the key of the state, at every decision node
    of seeded playouts."""
    check_copies_keep_keys(elementa.load_game("elementalis"))
