"""Elemental Warriors II's information-state key splits states exactly as the seats' observations do.

``view.information_key`` digests the facts ``view.observation_view`` shows without building the view, so
it must change exactly when a seat's observation changes. At decision nodes of seeded random
playouts, in a clone and in a resample of the state, every field of the state is changed in one
place at a time (each number, flag, text, card, square, known card and field of a pending step in
it), and so is every field of the state an open window found (from which the others are shown); for
every seat the key must change if and only if the observation does: a key that leaves out something
the seat sees, or holds something it does not see (another seat's unseen hand, a card played face
down, what the others did inside a sealed window), fails here. The key names a sheet's squares by
those the sheet lists as holding coins: in each of those states (and the states their windows
found), the list must match a recount.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

import elementa
from elementa.core import Flow, Step
from elementa.games.elemental_warriors_ii.sheet import Sheet
from elementa.games.elemental_warriors_ii.state import EW2State
from tests.support.keys import (
    check_copies_keep_keys,
    compare_fields,
    first_and_last_two,
    sampled_states,
    slots,
    variants,
)

SKIPPED = ("game", "nplayers", "ndecks", "layout")
"""What the options fix (the seats, the decks the card names count, the rows), and the game."""


def special(value: Any) -> Iterable[Any] | None:
    """A sheet differing in one of some of its squares (every seventh: each row and each column
    among them), a set of known cards differing in one card, a flow with one of its steps changed,
    a step differing in one of its fields (``None`` for anything else)."""
    if isinstance(value, Flow):
        return [Flow(steps) for steps in again(value.steps)]
    if isinstance(value, Step) and dataclasses.is_dataclass(value):
        return [
            dataclasses.replace(value, **{f.name: changed})  # type: ignore[type-var]
            for f in dataclasses.fields(value)
            for changed in again(getattr(value, f.name))
        ]
    if isinstance(value, Sheet):
        keep = lambda i, squares: i % 7 == 0  # noqa: E731
        return [
            Sheet(squares) for squares in variants(list(value), special, keep) if len(squares) == len(value)
        ]
    if isinstance(value, frozenset):  # an empty one (random play seldom learns a card) gains one
        return [frozenset(changed) for changed in variants(set(value))] if value else [frozenset({0})]
    return None


def events_throughout(i: int, value: Any) -> bool:
    """The event log is changed throughout, as the view shows its end (older events, not shown,
    too); the first two and last two items of anything else (the history is long)."""
    return (bool(value) and isinstance(value[0], str)) or first_and_last_two(i, value)


def again(value: Any) -> Iterator[Any]:
    """:func:`tests.support.keys.variants` with Elemental Warriors II's sheets and known cards."""
    return variants(value, special, events_throughout)


RARE: dict[str, Any] = {"played": 0, "column": 4, "target": 0, "mode": "hand", "double_until": 99}
"""A value for a seat's entry of these per-seat fields where it is ``None`` (a card played, a column
activated, a target chosen, a mode of play), which ``variants`` leaves alone, or for any entry (a
Defense doubled until a later turn: playouts seldom reach Earth (d))."""


def changes(label: str, value: Any) -> list[Any]:
    """The values to try for a field: one place changed, and a value where a seat has ``None``."""
    name = label.removeprefix("base.")
    if name not in RARE:
        return list(again(value))
    rare = [
        [RARE[name] if q == p else x for q, x in enumerate(value)]
        for p, x in enumerate(value)
        if x is None or name == "double_until"
    ]
    return [*again(value), *rare]


def fields(state: EW2State) -> Iterator[tuple[str, object, str]]:
    """Yield ``(label, owner, attribute)`` for every field of the state and, inside a window that
    someone acted in, of the state the window found."""
    yield from slots(state, SKIPPED)
    base = state.opened_window()
    if base is not state:
        for label, _, name in slots(base, SKIPPED):
            yield f"base.{label}", base, name


SHOWN = {
    "adjust_next", "column", "decks", "discards", "double_until", "effects", "events", "floods",
    "hands", "known", "mode", "mover", "out", "pending", "phase", "played", "points", "pool",
    "random_next", "revealed", "sheets", "steps", "surrendered", "target", "tokens", "turn", "used",
    "over",
}  # fmt: skip
"""The state's fields that the observation shows (some of them only in part, or only to some seats)."""


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"players": 3},
        {"players": 4, "assault_targeting": "jyhad", "assault_multi": "max_plus"},
        {"combat_model": "single", "cumulative": True, "noharm_trigger": "hit_only"},
        {"blind_mans_bluff": True, "endgame": True},
        {"randomizer": True},
        {"players": 3, "independence": True},
        {"independent_panic": True, "empty_hand_policy": "no_column"},
    ],
)
def test_the_key_changes_exactly_when_the_observation_does(options: dict[str, Any]) -> None:
    game = elementa.load_game("elemental-warriors-ii", **options)
    players = game.num_players
    shown: set[str] = set()
    windows = 0
    for state in sampled_states(game, 5 * players * players, 900):  # a change costs as the seats squared
        assert isinstance(state, EW2State)
        base = state.opened_window()
        windows += base is not state
        for sheet in [*state.sheets, *base.sheets]:  # the key reads the squares a sheet lists as filled
            assert sheet.filled == Sheet(list(sheet)).filled
        shown |= compare_fields(state, fields(state), changes, range(players))
    assert windows > 3  # states inside windows that someone acted in, the others shown as it found them
    # the changes reached every field the observation shows
    assert shown >= (SHOWN - {"hands"} if options.get("randomizer") else SHOWN)  # no cards in hand
    assert not shown - SHOWN - {f"base.{name}" for name in SHOWN}


def test_the_key_is_the_same_in_a_clone_and_a_resample() -> None:
    """A clone and a resample for a seat (its unseen cards redealt, the others' sealed choices
    chosen again) give the seat the key of the state, at every decision node of seeded playouts."""
    check_copies_keep_keys(elementa.load_game("elemental-warriors-ii"))
    check_copies_keep_keys(elementa.load_game("elemental-warriors-ii", players=3, blind_mans_bluff=True), 2)
