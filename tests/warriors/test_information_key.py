"""Warriors' information-state key splits states exactly as the seats' observations do.

``view.information_key`` digests the facts ``view.observation_view`` shows without building the view, so
it must change exactly when a seat's observation changes. At decision nodes of random playouts (in
clones and in states resampled for the seat), every field of the state is changed in one place at a
time (each number, flag, text, card, fighter and counter in it), and for every seat the key must
change if and only if the observation does: a key that leaves out something the seat sees, or holds
something it does not see (another seat's hand, a fighter assembled in secret), fails here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields, replace
from typing import Any

import pytest

import elementa
from elementa.core import Step
from elementa.games.warriors.cards import Card
from elementa.games.warriors.rules import Equip, Fighter
from elementa.games.warriors.state import WarriorsState
from tests.support.keys import (
    check_copies_keep_keys,
    compare_fields,
    copies,
    sampled_states,
    slot_names,
    slots,
    variants,
)


def long_ends(i: int, value: Any) -> bool:
    """Of a list or tuple longer than eight (a pile), change only the first two and the last two."""
    return len(value) <= 8 or i < 2 or i >= len(value) - 2


def changes_in(cards: list[Card], players: int) -> Any:
    """The values to try for a field, with cards of the catalog ``cards``: one place changed (a card
    becomes the next card of the catalog; a dict's item also moves to the next key; a step of the
    flow differs in one of its fields, and the flow's list loses its top step), or a result where
    there is none."""

    def special(value: Any) -> Iterable[Any] | None:
        if isinstance(value, Step):
            return [
                replace(value, **{f.name: changed})  # type: ignore[type-var]
                for f in fields(value)  # type: ignore[arg-type]
                for changed in again(getattr(value, f.name))
            ]
        if isinstance(value, Card):
            return [cards[(value.id + 1) % len(cards)]]
        if isinstance(value, Fighter | Equip):  # not its kit: what the menus keep, dropped with any change
            return copies(value, [n for n in slot_names(type(value)) if n != "kit"], again)
        return None

    def again(value: Any) -> Iterable[Any]:
        return variants(value, special, long_ends, rename_keys=True)

    def changes(label: str, value: Any) -> list[Any]:
        extra = [[1.0] + [0.0] * (players - 1)] if label == "result" and value is None else []
        return [*again(value), *extra]

    return changes


SHOWN = {
    "battle", "chooser", "controlled", "decks", "discards", "equipping", "events", "fighters",
    "hands", "in_game", "known", "location", "mulligans", "order", "removed", "result", "status",
    "steps", "tokens", "turn_pos", "turns", "waiting",
}  # fmt: skip
"""The state's fields that the observation shows (some of them only in part, or only to some seats)."""


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"players": 4, "teams": 2, "team_deck": True},
        {"players": 3, "monodeck": True, "revolving_door": True},
        {"deathmatch": True},
    ],
)
def test_the_key_changes_exactly_when_the_observation_does(options: dict[str, Any]) -> None:
    game = elementa.load_game("warriors", **options)
    players = game.num_players
    changes = changes_in(game.catalog.cards, players)  # type: ignore[attr-defined]
    shown_fields: set[str] = set()
    for state in sampled_states(game, 8 * players, 1200):
        assert isinstance(state, WarriorsState)
        shown_fields |= compare_fields(state, slots(state, ("game", "n")), changes, range(players))
    # the changes reached every field the observation shows (Deathmatch has no locations)
    assert shown_fields == (SHOWN - {"controlled", "location"} if options.get("deathmatch") else SHOWN)


def test_the_key_is_the_same_in_a_clone_and_a_resample() -> None:
    """A clone and a resample for a seat give the seat the key of the state, at every decision node
    of seeded playouts."""
    check_copies_keep_keys(elementa.load_game("warriors"))
