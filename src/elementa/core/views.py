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

:meth:`View.from_json` reads a JSON form back into the view (by the fields' annotations), so code that
computes from a view, such as a game's tensor, also serves a caller that holds only the JSON form.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from dataclasses import fields
from itertools import chain
from operator import attrgetter
from typing import Any, TypeVar

V = TypeVar("V", bound="View")


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

    @classmethod
    def from_json(cls: type[V], data: dict[str, Any]) -> V:
        """Return the view whose JSON form is ``data`` (``cls.from_json(v.to_json()) == v``).

        Each field is read by its annotation: a view class by its ``from_json``, ``tuple[X, ...]``
        from a list, ``dict[str, X]`` value by value, ``X | None`` as ``None`` or an ``X``; plain
        values as they are. A subclass whose JSON form is not its fields' (a renamed key, a field
        whose class depends on the data) overrides this together with :meth:`to_json`.

        Raises:
            KeyError: ``data`` lacks a field.
        """
        readers = _READERS.get(cls)
        if readers is None:
            readers = _READERS[cls] = _field_readers(cls)
        return cls(**{name: read(data[name]) for name, read in readers})


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


_READERS: dict[type, tuple[tuple[str, Callable[[Any], Any]], ...]] = {}
"""Each view class's fields with the function that reads each from JSON (made once per class)."""


def _same(value: Any) -> Any:
    return value


def _field_readers(cls: type) -> tuple[tuple[str, Callable[[Any], Any]], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, _reader_of(hints[f.name])) for f in fields(cls))


def _reader_of(hint: Any) -> Callable[[Any], Any]:
    """Return the function that reads a JSON value into a field annotated ``hint``."""
    if isinstance(hint, type) and issubclass(hint, View):
        return hint.from_json
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        item = _reader_of(args[0])
        if item is _same:
            return tuple
        return lambda value: tuple([item(v) for v in value])
    if origin is dict:
        item = _reader_of(args[1])
        if item is _same:
            return dict
        return lambda value: {k: item(v) for k, v in value.items()}
    if origin is typing.Union or origin is types.UnionType:
        kinds = [a for a in args if a is not type(None)]
        if len(kinds) == 1:
            item = _reader_of(kinds[0])
            if item is not _same:
                return lambda value: None if value is None else item(value)
    return _same


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
