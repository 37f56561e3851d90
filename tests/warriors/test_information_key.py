"""Warriors' information-state key splits states exactly as the seats' observations do.

``view.information_key`` digests the facts ``view.observation`` shows without building the view, so
it must change exactly when a seat's observation changes. At decision nodes of random playouts (in
clones and in states resampled for the seat), every field of the state is changed in one place at a
time (each number, flag, text, card, fighter and counter in it), and for every seat the key must
change if and only if the observation does: a key that leaves out something the seat sees, or holds
something it does not see (another seat's hand, a fighter assembled in secret), fails here.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator
from typing import Any

import pytest

import elementa
from elementa.games.warriors.cards import Card
from elementa.games.warriors.rules import Equip, Fighter
from elementa.games.warriors.state import WarriorsState
from tests.support.walk import decision_nodes


def variants(value: Any, cards: list[Card]) -> Iterator[Any]:
    """Yield copies of ``value`` that each differ from it in one place (none for other objects).

    A card becomes the next card of the catalog ``cards``. Of a list or tuple longer than eight,
    only the first two and the last two items are changed.
    """
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int):
        yield value + 1
        yield value - 1
    elif isinstance(value, float):
        yield value + 0.5
    elif isinstance(value, str):
        yield value + "?"
    elif isinstance(value, Card):
        yield cards[(value.id + 1) % len(cards)]
    elif isinstance(value, Fighter | Equip):
        for name in type(value).__slots__:
            if name == "kit":
                continue  # what the menus keep, dropped with any change of equipment
            for changed in variants(getattr(value, name), cards):
                copy = value.copy()
                setattr(copy, name, changed)
                yield copy
    elif type(value) in (list, tuple, deque):
        for i, item in enumerate(value):
            if len(value) > 8 and 2 <= i < len(value) - 2:
                continue  # the first two and the last two (a pile is long)
            for changed in variants(item, cards):
                items = list(value)
                items[i] = changed
                yield deque(items, value.maxlen) if isinstance(value, deque) else type(value)(items)
        if isinstance(value, list) and value:
            yield value[:-1]
    elif type(value) is dict:
        for key, item in value.items():
            for changed in variants(item, cards):
                yield {**value, key: changed}
            yield {**{k: v for k, v in value.items() if k != key}, key + 1: item}


def seen(state: WarriorsState, viewer: int) -> tuple[bytes, str] | None:
    """The seat's key and its observation's repr, or ``None`` where either cannot be built."""
    try:
        return state.information_state_key(viewer), repr(state.observation(viewer))
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        return None  # a state the rules never make (a card id past the last, a seat not there)


SHOWN = {
    "battle", "chooser", "controlled", "decks", "discards", "equipping", "events", "fighters",
    "hands", "in_game", "known", "location", "mulligans", "order", "removed", "result", "status",
    "tasks", "tokens", "turn_pos", "turns", "waiting",
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
    cards = game.catalog.cards  # type: ignore[attr-defined]
    shown_fields: set[str] = set()
    for seed in range(2):
        rng = random.Random(seed)
        for k, (node, seat) in enumerate(decision_nodes(game.new_initial_state(seed), rng, 1200)):
            if k % (8 * players):
                continue
            for state in (node.clone(), node.resample_from_infostate(seat, random.Random(k))):
                assert isinstance(state, WarriorsState)
                base = [seen(state, v) for v in range(players)]
                for name in WarriorsState.__slots__:
                    if name in ("game", "n"):
                        continue
                    original = getattr(state, name)
                    extra = [[1.0] + [0.0] * (players - 1)] if name == "result" and original is None else []
                    for changed in [*variants(original, cards), *extra]:
                        setattr(state, name, changed)
                        for viewer in range(players):
                            now, before = seen(state, viewer), base[viewer]
                            if now is None or before is None:
                                continue
                            assert (now[0] != before[0]) == (now[1] != before[1]), (name, changed, viewer)
                            if now[1] != before[1]:
                                shown_fields.add(name)
                        setattr(state, name, original)
    # the changes reached every field the observation shows (Deathmatch has no locations)
    assert shown_fields == (SHOWN - {"controlled", "location"} if options.get("deathmatch") else SHOWN)
