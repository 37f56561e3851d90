"""Positions: a game's state set up from JSON, and written back as JSON.

A *position* is the whole truth of one moment of a game (every hidden card, die and mark
included) as a JSON object whose schema each game declares as a pydantic model. It is how
tutorials, tests and researchers set up a situation without playing up to it:
:meth:`Game.new_position(data, seed) <elementa.core.game.Game.new_position>` validates it and
returns the state, :meth:`State.position() <elementa.core.game.State.position>` writes a state
back, and ``game.new_position(state.position())`` shows every viewer the same observation, has
the same legal actions and information-state keys and plays on identically. Only the history is
not kept: a state set up from a position starts with an empty history, and its saves and replays
start from the position (a save records it, see :mod:`elementa.core.persistence`).

A position is the full truth, so it is never taken from a client that may not see all of it
(the game server accepts none).

This module holds what the games' position modules share: :func:`validate`, which turns pydantic's
first complaint into a :class:`~elementa.core.errors.PositionError` naming the field, and
:func:`steps_to_json` and :func:`steps_from_json`, which write and read a game's pending flow steps
(frozen dataclasses, :mod:`elementa.core.flow`) as a position's ``flow``, field by field.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import typing
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from elementa.core.errors import PositionError
from elementa.core.flow import Step

M = TypeVar("M", bound=BaseModel)
StepT = TypeVar("StepT", bound=Step)

_PROBLEMS = {
    "missing": "is missing",
    "int_type": "should be a whole number",
    "int_parsing": "should be a whole number",
    "int_from_float": "should be a whole number",
    "bool_type": "should be true or false",
    "string_type": "should be text in quotes",
    "dict_type": "should be an object ({...})",
    "model_type": "should be an object ({...})",
    "list_type": "should be a list ([...])",
    "tuple_type": "should be a list ([...])",
    "extra_forbidden": "is not part of a position",
    "greater_than_equal": "is too small",
    "less_than_equal": "is too large",
    "too_short": "has too few entries",
    "too_long": "has too many entries",
}
"""Pydantic's error types in words (its own wording names its classes)."""


def field_path(loc: tuple[int | str, ...] | list[int | str]) -> str:
    """Return a pydantic error location as a field path: ``("units", 3, "square")`` is
    ``"units[3].square"``; the empty location is ``""`` (the position as a whole). A dictionary
    key that is refused ends the path (``("terrain", "Q4", "[key]")`` is ``"terrain.Q4"``)."""
    path = ""
    for part in loc:
        if part == "[key]":  # pydantic's mark of the key itself, named by the part before
            continue
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if path else str(part)
    return path


def validate(model: type[M], data: Mapping[str, Any] | Any) -> M:
    """Read a position's JSON into the game's pydantic model.

    Args:
        model: the game's position model (``extra="forbid"``, strict numbers where it matters).
        data: the position's JSON value (a dict, as ``json.load`` reads it).

    Returns:
        the validated model.

    Raises:
        PositionError: the first field that is missing, extra, of the wrong type or out of range,
            with its path (``"units[3].square"``) and the problem in words.
    """
    try:
        return model.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        field = field_path(err["loc"])
        kind = err["type"]
        if kind == "literal_error":
            problem = f"should be {err['ctx']['expected']}"
        else:
            problem = _PROBLEMS.get(kind, err["msg"][0].lower() + err["msg"][1:])
        if kind in ("greater_than_equal", "less_than_equal"):
            limit = err["ctx"].get("ge", err["ctx"].get("le"))
            problem = f"should be at {'least' if kind == 'greater_than_equal' else 'most'} {limit}"
        raise PositionError(field, problem) from None


def step_name(step: type[Step] | Step) -> str:
    """Return the name a position gives a kind of flow step: its class name in snake case
    (``BattleEnd`` is ``"battle_end"``)."""
    cls = step if isinstance(step, type) else type(step)
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


def steps_to_json(
    steps: Sequence[Step], cards: Sequence[str] = (), card_fields: frozenset[str] = frozenset()
) -> list[dict[str, Any]]:
    """Write a flow's pending steps as a position's ``flow``: the next first, each
    ``{"step": name, field: value, ...}`` with its dataclass fields (a tuple as a list).

    Args:
        steps: the flow's steps, top last (``Flow.steps``).
        cards: the card names by id, for the fields in ``card_fields`` (card ids, written as names;
            a negative id, no card, as ``null``).
        card_fields: the names of the fields that hold a card id.

    Returns:
        the steps, the next first.
    """
    out = []
    for step in reversed(steps):
        entry: dict[str, Any] = {"step": step_name(step)}
        for f in dataclasses.fields(step):  # type: ignore[arg-type]  # steps are dataclasses
            value = getattr(step, f.name)
            if f.name in card_fields:
                value = None if value < 0 else cards[value]
            entry[f.name] = list(value) if isinstance(value, tuple) else value
        out.append(entry)
    return out


def steps_from_json(
    data: Sequence[Any],
    kinds: Sequence[type[StepT]],
    field: str = "flow",
    cards: Mapping[str, int] | None = None,
    card_fields: frozenset[str] = frozenset(),
    words: Mapping[str, Any] | None = None,
) -> list[StepT]:
    """Read a position's ``flow`` (as :func:`steps_to_json` writes it) into flow steps, top last.

    Each entry names its kind (``"step"``) and gives every field of that kind's dataclass, each of
    the type its annotation says: a whole number (``int``), ``true`` or ``false`` (``bool``), text
    (``str``), a list of whole numbers (``tuple[int, ...]``), one of the words of a ``Literal``
    field named in ``words``, or a card's name for a field in ``card_fields`` (``null``: no card,
    read as -1). (A ``Literal`` is named in ``words`` because the compiled build's dataclasses keep
    annotations without their arguments: ``Literal["a", "b"]`` reads back as ``type``,
    ``tuple[int, ...]`` as ``tuple``.)

    Args:
        data: the JSON list, the next step first.
        kinds: the step classes a position may name (frozen dataclasses).
        field: the list's path in the position, for errors.
        cards: card names to ids, for the fields in ``card_fields``.
        card_fields: the names of the fields that hold a card id.
        words: ``{field name: its Literal type}`` for the fields that hold one of a few words
            (``{"why": Why}``), the same in every kind that has the field.

    Returns:
        the steps, top last (as ``Flow.steps`` holds them).

    Raises:
        PositionError: an unknown kind (the known ones listed), a field missing, extra or of the
            wrong type, or an unknown card; each names the entry's field (``"flow[2].seat"``).
    """
    by_name = {step_name(k): k for k in kinds}
    if not isinstance(data, list):
        raise PositionError(field, "should be a list ([...])")
    steps: list[StepT] = []
    for i, entry in enumerate(data):
        at = f"{field}[{i}]"
        if not isinstance(entry, dict):
            raise PositionError(at, "should be an object ({...})")
        kind = by_name.get(entry.get("step"))  # type: ignore[arg-type]
        if kind is None:
            raise PositionError(f"{at}.step", f"should be one of {', '.join(sorted(by_name))}")
        hints = typing.get_type_hints(kind)
        names = [f.name for f in dataclasses.fields(kind)]  # type: ignore[arg-type]
        for extra in sorted(set(entry) - {"step", *names}):
            raise PositionError(f"{at}.{extra}", f"is not part of a {step_name(kind)} step")
        values = []
        for name in names:
            if name not in entry:
                raise PositionError(f"{at}.{name}", "is missing")
            hint = words[name] if words is not None and name in words else hints[name]
            values.append(_step_value(f"{at}.{name}", entry[name], hint, name in card_fields, cards))
        steps.append(kind(*values))
    return steps[::-1]


def _step_value(at: str, value: Any, hint: Any, card: bool, cards: Mapping[str, int] | None) -> Any:
    """Return a step field's value read from JSON (see :func:`steps_from_json`)."""
    if card:
        if value is None:
            return -1
        if not isinstance(value, str) or cards is None or value not in cards:
            raise PositionError(at, f"should be the name of a card of the game, not {value!r}")
        return cards[value]
    origin = typing.get_origin(hint)
    if hint is bool:
        if type(value) is not bool:
            raise PositionError(at, "should be true or false")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise PositionError(at, "should be text in quotes")
        return value
    if hint is int:
        if type(value) is not int:
            raise PositionError(at, "should be a whole number")
        return value
    if origin is tuple or hint is tuple:  # a bare ``tuple``: the compiled build's tuple[int, ...]
        if not isinstance(value, list) or any(type(v) is not int for v in value):
            raise PositionError(at, "should be a list of whole numbers")
        return tuple(value)
    if origin is Literal:
        words = typing.get_args(hint)
        if value not in words:
            raise PositionError(at, f"should be one of {', '.join(map(repr, words))}")
        return value
    raise TypeError(f"a step field of type {hint!r} has no position form")  # the game's bug


def card_id(field: str, name: str, ids: Mapping[str, int], what: str = "card") -> int:
    """Return the id of the card (or other thing) a position names.

    Args:
        field: the name's path in the position, for the error.
        name: the name as the position gives it.
        ids: the game's names to ids.
        what: what is named, for the error (``"card"``).

    Raises:
        PositionError: no ``what`` has that name (the closest name suggested, in any case).
    """
    found = ids.get(name)
    if found is not None:
        return found
    lower = {n.lower(): n for n in ids}
    close = difflib.get_close_matches(name.lower(), list(lower), n=1, cutoff=0.6)
    hint = f" (did you mean {lower[close[0]]!r}?)" if close else ""
    raise PositionError(field, f"no {what} is called {name!r}{hint}")


_STEP_CRASHES = (RuntimeError, ValueError, IndexError, KeyError, AttributeError, TypeError, ZeroDivisionError)
"""What a step raises when a position left out what it needs."""


@contextmanager
def steps_must_fit(field: str = "flow") -> Iterator[None]:
    """Run a position's first advance of its flow, turning a crash of a step that finds nothing where
    it needs something (no fighter, card or seat: ``RuntimeError``, ``IndexError``, ``KeyError``...)
    into a :class:`PositionError` on ``field``; a ``PositionError`` raised inside passes unchanged.

    Raises:
        PositionError: on ``field``, "the pending steps do not fit the table", with the crash's text.
    """
    try:
        yield
    except PositionError:
        raise
    except _STEP_CRASHES as e:
        raise PositionError(field, f"the pending steps do not fit the table: {e}") from None
