"""Typed observations: a game's view of a position for one seat, as slotted dataclasses.

A game that gives typed views subclasses :class:`View` (frozen, slotted dataclasses, one per thing
shown: the whole view, a unit, a card, a seat's side) and returns one from :meth:`State.view`.
Its JSON observation is derived from it (:func:`to_json`), so the two cannot disagree, and an
interface reads fields with types instead of looking up dict keys. The conformance suite checks,
for every viewer at sampled nodes, that ``state.view(v).to_json() == state.observation(v)``; the
hidden-information checks on observations then hold for the view too.

Conventions: seats and every other index count from 0 (``None`` for none); fields hold plain values,
tuples (JSON lists), ``dict`` of plain values, or other views.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True, slots=True)
class View:
    """The base of typed observations and of their parts."""

    def to_json(self) -> dict[str, Any]:
        """Return the JSON form: ``{field: value}`` in field order, views and tuples converted."""
        names = _FIELDS.get(type(self))
        if names is None:
            names = _FIELDS[type(self)] = tuple(f.name for f in fields(self))
        return {name: to_json(getattr(self, name)) for name in names}


_FIELDS: dict[type[View], tuple[str, ...]] = {}
"""Each view class's field names, in order (looked up once per class)."""


def to_json(value: Any) -> Any:
    """Return the JSON-ready form of a view's field value.

    Args:
        value: a :class:`View`, a tuple or list (a JSON list), a dict (its values converted), or a
            plain value (``None``, ``bool``, ``int``, ``float``, ``str``), returned as it is.
    """
    if isinstance(value, View):
        return value.to_json()
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {k: to_json(v) for k, v in value.items()}
    return value
