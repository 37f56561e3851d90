"""Typed observations: a game's view of a position for one seat, as slotted dataclasses.

A game that gives typed views subclasses :class:`View` (slotted dataclasses, frozen unless built on
a hot path, one per thing shown: the whole view, a unit, a card, a seat's side) and returns one from
:meth:`State.view`.
Its JSON observation is derived from it (:func:`to_json`), so the two cannot disagree, and an
interface reads fields with types instead of looking up dict keys. The conformance suite checks,
for every viewer at sampled nodes, that ``state.view(v).to_json() == state.observation(v)``; the
hidden-information checks on observations then hold for the view too.

Conventions: seats and every other index count from 0 (``None`` for none); fields hold plain values,
tuples (JSON lists), ``dict`` of plain values, or other views.
"""

from __future__ import annotations

from dataclasses import fields
from itertools import chain
from operator import attrgetter
from typing import Any


class View:
    """The base of typed observations and of their parts.

    A subclass is a slotted dataclass (``@dataclass(frozen=True, slots=True)``; a part built on a
    hot path, such as one a rule-based agent reads at every decision, may be a plain
    ``@dataclass(slots=True)``, whose construction costs a tenth of a frozen one's). The base is no
    dataclass itself, so that both kinds can derive from it.
    """

    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        """Return the JSON form: ``{field: value}`` in field order, views and tuples converted."""
        cls = type(self)
        known = _FIELDS.get(cls)
        if known is None:
            known = _FIELDS[cls] = _reader(cls)
        names, read = known
        return {
            name: v if type(v) in _PLAIN else to_json(v) for name, v in zip(names, read(self), strict=True)
        }


_PLAIN = frozenset({int, str, bool, float, type(None)})
"""The types a JSON form holds as they are."""
_TUPLE = frozenset({tuple})

_FIELDS: dict[type, tuple[tuple[str, ...], Any]] = {}
"""Each view class's field names, in order, and a function returning their values as a tuple
(looked up once per class)."""


def _reader(cls: type) -> tuple[tuple[str, ...], Any]:
    names = tuple(f.name for f in fields(cls))
    if len(names) == 1:
        get = attrgetter(names[0])
        return names, lambda view: (get(view),)
    if not names:
        return names, lambda view: ()
    return names, attrgetter(*names)


def to_json(value: Any) -> Any:
    """Return the JSON-ready form of a view's field value.

    Args:
        value: a :class:`View`, a tuple or list (a JSON list), a dict (its values converted), or a
            plain value (``None``, ``bool``, ``int``, ``float``, ``str``), returned as it is.
    """
    t = type(value)
    if t in _PLAIN:
        return value
    if t is tuple or t is list or (isinstance(value, tuple | list) and not isinstance(value, View)):
        # the common cases in C: a list of plain values, a list of lists of plain values (a grid row)
        types = set(map(type, value))
        if types <= _PLAIN:
            return list(value)
        if types == _TUPLE and set(map(type, chain.from_iterable(value))) <= _PLAIN:
            return list(map(list, value))
        return [v if type(v) in _PLAIN else to_json(v) for v in value]
    if t is dict or isinstance(value, dict):
        if set(map(type, value.values())) <= _PLAIN:
            return dict(value)
        return {k: v if type(v) in _PLAIN else to_json(v) for k, v in value.items()}
    if isinstance(value, View):
        return value.to_json()
    return value
