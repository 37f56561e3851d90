"""Checks that a game's own information-state key splits states exactly as its observations do.

A game that builds ``State.information_state_key`` from its state's fields, instead of digesting the
observation, must change the key exactly when some seat's observation changes. Its test walks
decision nodes of seeded playouts, changes every field of the state in one place at a time
(:func:`variants`) and compares, for every seat, whether the key and the observation changed
(:func:`compare_fields`): a key that leaves out something the seat sees, or holds something it does
not see, fails.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from elementa.core import Game, State
from tests.support.compiled import is_compiled
from tests.support.walk import decision_nodes

Seen = Callable[[State, int], "tuple[bytes, str] | None"]
"""A seat's key and its observation's repr in a state, or ``None`` where either cannot be built."""

UNBUILDABLE = (IndexError, KeyError, TypeError, ValueError, AttributeError, AssertionError)
"""What building a key or an observation raises in a state the rules never make (an id past the
last, a seat that is not there): such a changed state is skipped."""


def seen(state: State, viewer: int) -> tuple[bytes, str] | None:
    """Return ``viewer``'s key and the repr of its observation, or ``None`` where either raises one
    of :data:`UNBUILDABLE`."""
    try:
        return state.information_state_key(viewer), repr(state.observation(viewer))
    except UNBUILDABLE:
        return None


def first_and_last_two(i: int, value: Any) -> bool:
    """Of a list or tuple, change only the first two and the last two items (a history is long)."""
    return i < 2 or i >= len(value) - 2


def variants(
    value: Any,
    special: Callable[[Any], Iterable[Any] | None] = lambda value: None,
    keep: Callable[[int, Any], bool] = first_and_last_two,
    rename_keys: bool = False,
) -> Iterator[Any]:
    """Yield copies of ``value`` that each differ from it in one place (none for other objects).

    Args:
        value: a field's value: a bool, number, string, or a list, tuple, deque, dict or set of them.
        special: the variants of a game's own objects (a die, a card, a task), or ``None`` for any
            other value; it may call :func:`variants` for their fields.
        keep: which items of a list, tuple or deque to change, by index (the list also loses its last).
        rename_keys: also move each item of a dict to the next key.
    """
    found = special(value)
    if found is not None:
        yield from found
        return
    again: Callable[[Any], Iterator[Any]] = lambda item: variants(item, special, keep, rename_keys)  # noqa: E731
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int):
        yield value + 1
        yield value - 1
    elif isinstance(value, float):
        yield value + 0.5
    elif isinstance(value, str):
        yield value + "?"
    elif type(value) in (list, tuple, deque):
        for i, item in enumerate(value):
            if not keep(i, value):
                continue
            for changed in again(item):
                items = list(value)
                items[i] = changed
                yield deque(items, value.maxlen) if isinstance(value, deque) else type(value)(items)
        if isinstance(value, list) and value:
            yield value[:-1]
    elif type(value) is dict:
        for key, item in value.items():
            for changed in again(item):
                yield {**value, key: changed}
            if rename_keys:
                yield {**{k: v for k, v in value.items() if k != key}, key + 1: item}
    elif type(value) is set:
        for item in value:
            for changed in again(item):
                yield (value - {item}) | {changed}
            yield value - {item}


def copies(value: Any, names: Iterable[str], again: Callable[[Any], Iterable[Any]]) -> Iterator[Any]:
    """Yield copies of a game object (one with a ``copy()``) that each differ from it in one of the
    attributes ``names``, by a value ``again`` gives for it (the test's own :func:`variants`)."""
    for name in names:
        for changed in again(getattr(value, name)):
            copy = value.copy()
            setattr(copy, name, changed)
            yield copy


def compare_fields(
    state: State,
    fields: Iterable[tuple[str, object, str]],
    changes: Callable[[str, Any], Iterable[Any]],
    viewers: Iterable[int],
    look: Seen = seen,
) -> set[str]:
    """Change each field of ``state`` in turn and check every seat's key against its observation.

    Args:
        state: the state (changed and set back field by field; a clone or resample of the caller's).
        fields: ``(label, owner, attribute)`` of every field to change: ``owner`` holds it (the state
            or a part of it).
        changes: the values to try for a field, from its label and value (:func:`variants`, and any
            the playouts seldom reach).
        viewers: the seats.
        look: how a seat's key and observation are read (:func:`seen`).

    Returns:
        The labels of the fields whose change some seat's observation showed.

    Raises:
        AssertionError: a seat's key changed without its observation, or the other way round; or,
            in the state as it is, a seat's key or observation cannot be built, or two seats share a key.
    """
    seats = list(viewers)
    base = [look(state, v) for v in seats]
    assert all(b is not None for b in base)
    assert len({b[0] for b in base if b is not None}) == len(seats)  # two seats never share a key
    shown: set[str] = set()
    for label, owner, name in fields:
        original = getattr(owner, name)
        for changed in changes(label, original):
            setattr(owner, name, changed)
            for viewer, before in zip(seats, base, strict=True):
                now = look(state, viewer)
                if now is None or before is None:
                    continue
                assert (now[0] != before[0]) == (now[1] != before[1]), (label, changed, viewer)
                if now[1] != before[1]:
                    shown.add(label)
            setattr(owner, name, original)
    return shown


def slot_names(cls: type) -> tuple[str, ...]:
    """Return the attributes a class declares in ``__slots__``.

    In the compiled build (``setup.py``) a compiled class keeps no ``__slots__``: its attributes are
    then read from ``__mypyc_attrs__``, less ``__dict__`` and the core ``State``'s attributes that
    have class defaults (``_origin``, ``_events``, ``recording``), which no game's slots name.
    """
    if not is_compiled(cls):
        return tuple(cls.__slots__)
    return tuple(n for n in cls.__mypyc_attrs__ if n not in ("__dict__", "_origin", "_events", "recording"))


def slots(state: State, skip: Iterable[str] = ("game",)) -> Iterator[tuple[str, object, str]]:
    """Yield ``(name, state, name)`` for every slot of the state's class but those in ``skip``."""
    names: Iterable[str] = slot_names(type(state))
    for name in names:
        if name not in skip:
            yield name, state, name


def sampled_states(game: Game, every: int, max_steps: int | None = None, seeds: int = 2) -> Iterator[State]:
    """Yield a clone, then a resample for the seat to decide, of every ``every``-th decision node of
    seeded random playouts (seeds ``0..seeds-1``, at most ``max_steps`` steps each)."""
    for seed in range(seeds):
        rng = random.Random(seed)
        for k, (node, seat) in enumerate(decision_nodes(game.new_initial_state(seed), rng, max_steps)):
            if k % every == 0:
                yield node.clone()
                yield node.resample_from_infostate(seat, random.Random(k))


def check_copies_keep_keys(game: Game, seeds: int = 3) -> None:
    """Check that a clone, and a resample for the seat to decide, give that seat the key of the
    state, at every decision node of seeded random playouts (seeds ``0..seeds-1``).

    Raises:
        AssertionError: a clone or resample changed the seat's key.
    """
    for seed in range(seeds):
        rng = random.Random(seed)
        for node, seat in decision_nodes(game.new_initial_state(seed), rng):
            key = node.information_state_key(seat)
            assert node.clone().information_state_key(seat) == key
            assert node.resample_from_infostate(seat, random.Random(seed)).information_state_key(seat) == key
