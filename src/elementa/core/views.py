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

from mypy_extensions import mypyc_attr

V = TypeVar("V", bound="View")


@mypyc_attr(allow_interpreted_subclasses=True)  # games outside the compiled build subclass it
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
        """Return the view whose JSON form (:meth:`to_json`) is ``data``: its inverse.

        Each field is read back by its annotation: a view class, a tuple of them or of plain
        values, a dict, or a union with ``None`` (a key left out reads ``None``); a union of view
        classes picks the one whose field names are the value's keys.

        Raises:
            KeyError: ``data`` lacks a field that cannot be ``None``.
            ValueError: a value fits none of a union's view classes.
        """
        readers = _FROM_JSON.get(cls)
        if readers is None:
            hints = typing.get_type_hints(cls)
            readers = _FROM_JSON[cls] = [
                (f.name, _from_json(hints[f.name]), _optional(hints[f.name]))
                for f in fields(cls)  # type: ignore[arg-type]
            ]
        values = {}
        for name, read, optional in readers:
            if name in data:
                values[name] = read(data[name])
            elif optional:  # a field that may be None may be left out of the JSON form
                values[name] = None
            else:
                raise KeyError(f"{cls.__name__}.from_json: no {name!r} in {sorted(data)}")
        return cls(**values)


_FROM_JSON: dict[type, list[tuple[str, Callable[[Any], Any], bool]]] = {}
"""Each view class's fields, in order, with the function reading each back from JSON and whether
it may be ``None`` (see :meth:`View.from_json`)."""


def _optional(hint: Any) -> bool:
    """Whether a field annotated ``hint`` may be ``None``."""
    return hint is Any or type(None) in typing.get_args(hint)


def _same(value: Any) -> Any:
    return value


def _from_json(hint: Any) -> Callable[[Any], Any]:
    """Return the function that reads a JSON value back into a field annotated ``hint``."""
    if isinstance(hint, type) and issubclass(hint, View):
        return hint.from_json
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        options = [a for a in args if a is not type(None)]
        views = [a for a in options if isinstance(a, type) and issubclass(a, View)]
        if len(views) > 1:
            keys = {frozenset(f.name for f in fields(v)): v for v in views}  # type: ignore[arg-type]

            def read_union(value: Any) -> Any:
                if value is None:
                    return None
                found = keys.get(frozenset(value))
                if found is None:
                    raise ValueError(f"no view of {[v.__name__ for v in views]} has the keys {sorted(value)}")
                return found.from_json(value)

            return read_union
        inner = _from_json(options[0]) if len(options) == 1 else _same
        return lambda value: None if value is None else inner(value)
    if origin is tuple:
        item = _from_json(args[0]) if args else _same
        if item is _same:
            return tuple
        return lambda value: tuple([item(v) for v in value])
    if origin is dict and len(args) == 2:
        item = _from_json(args[1])
        if item is _same:
            return dict
        return lambda value: {k: item(v) for k, v in value.items()}
    return _same


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
