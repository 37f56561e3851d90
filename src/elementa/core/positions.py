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
first complaint into a :class:`~elementa.core.errors.PositionError` naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from elementa.core.errors import PositionError

M = TypeVar("M", bound=BaseModel)

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
