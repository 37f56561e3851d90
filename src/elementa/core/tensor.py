"""Fixed-shape numeric encodings of observations, for learning agents and research adapters.

A game describes its tensor as an :class:`ObservationEncoder`: named fields, each a fixed number of
numbers computed from the observation alone (the dict ``state.observation(p)``, or, for an encoder
made with ``view=``, the typed view ``state.view(p)``, which it also reads back from the dict), so
nothing a seat may not see can reach its tensor. The helpers below (:func:`scaled`, :func:`one_hot`,
:func:`bag`, :func:`rotate`) build field values; :meth:`ObservationEncoder.describe` documents the
layout.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from elementa.core.views import View

Values = Callable[[Any, int], Sequence[float]]
"""``values(observation, viewer) -> numbers``: one field's entries, exactly its ``size`` of them
(``observation``: the dict, or the typed view for an encoder made with ``view=``)."""


@dataclass(frozen=True, slots=True)
class TensorField:
    """One named slice of an observation tensor.

    Attributes:
        name: the field's name, for example ``"dice"``.
        size: how many numbers it takes.
        doc: what the numbers mean, with their range (all encoders here keep values in 0..1).
        values: computes the entries (floats) from the observation and the viewer's seat.
    """

    name: str
    size: int
    doc: str
    values: Values


class ObservationEncoder:
    """A fixed-length float vector built from an observation, field by field.

    Args:
        fields: the fields in order; the tensor is their entries concatenated.
        view: the game's view class, where the fields read the typed view (``state.view(p)``)
            rather than the observation dict; :meth:`encode` then reads a dict it is given back
            into the view (``view.from_json``), so both give the same numbers.

    Attributes:
        size: the length of every encoded vector.
    """

    def __init__(self, fields: Iterable[TensorField], view: type[View] | None = None) -> None:
        self.fields: tuple[TensorField, ...] = tuple(fields)
        self.size: int = sum(f.size for f in self.fields)
        self.view = view

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        """Pickle and copy it as ``None`` (its fields' closures would not pickle): a game that
        holds it builds it again when asked (:meth:`~elementa.core.game.Game.observation_encoder`)."""
        return _not_kept, ()

    @property
    def shape(self) -> tuple[int]:
        """The tensor's shape: ``(size,)``."""
        return (self.size,)

    def encode(self, observation: dict[str, Any] | View, viewer: int) -> list[float]:
        """Return the tensor of ``observation`` as seen by seat ``viewer``: ``size`` floats.

        Args:
            observation: the observation dict or the typed view, whichever the caller has: the
                encoder reads the other from it where its fields want the other.
            viewer: the seat whose observation it is.

        Raises:
            ValueError: a field returned the wrong number of values (a bug in the game's encoder).
        """
        if self.view is not None:
            if not isinstance(observation, View):
                observation = self.view.from_json(observation)
        elif isinstance(observation, View):
            observation = observation.to_json()
        out: list[float] = []
        for f in self.fields:
            vals = f.values(observation, viewer)
            if len(vals) != f.size:
                raise ValueError(f"tensor field {f.name!r} gave {len(vals)} values, declared {f.size}")
            out.extend(vals)
        return out

    def describe(self) -> list[tuple[str, int, int, str]]:
        """Return ``(name, offset, size, doc)`` for each field, in tensor order."""
        rows, offset = [], 0
        for f in self.fields:
            rows.append((f.name, offset, f.size, f.doc))
            offset += f.size
        return rows


def scaled(value: float | None, high: float, low: float = 0.0) -> float:
    """Return ``value`` mapped linearly from ``low..high`` to 0..1 and clipped; ``None`` gives 0."""
    if value is None or high == low:
        return 0.0
    x = (value - low) / (high - low)
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else float(x)


def one_hot(index: int | None, size: int) -> list[float]:
    """Return ``size`` zeros with a 1 at ``index`` (all zeros for ``None`` or an index out of range)."""
    out = [0.0] * size
    if index is not None and 0 <= index < size:
        out[index] = 1.0
    return out


def bag(items: Iterable[Any], vocabulary: Sequence[Any] | Mapping[Any, int], cap: int = 1) -> list[float]:
    """Return how many of each vocabulary entry ``items`` holds, divided by ``cap`` and clipped to 1.

    Args:
        items: the things to count; those outside the vocabulary are ignored.
        vocabulary: the entries in order, or (faster, for long ones used often) a dict from entry to
            its position ``0..len-1``, as :func:`positions` builds.
        cap: the count that gives 1.
    """
    where = vocabulary if isinstance(vocabulary, Mapping) else positions(vocabulary)
    out = [0.0] * len(where)
    step = 1.0 / cap
    for item in items:
        i = where.get(item)
        if i is not None:
            out[i] = min(1.0, out[i] + step)
    return out


def positions(vocabulary: Iterable[Any]) -> dict[Any, int]:
    """Return each distinct entry's position among the distinct entries, in first-seen order."""
    return {v: i for i, v in enumerate(dict.fromkeys(vocabulary))}


def rotate(seat: int | None, viewer: int, players: int) -> int | None:
    """Return ``seat`` counted from the viewer (the viewer is 0, the next seat 1...); ``None`` stays."""
    return None if seat is None or seat < 0 else (seat - viewer) % players


def _not_kept() -> None:
    """What an :class:`ObservationEncoder` unpickles (and copies) to: nothing (see its ``__reduce__``)."""
    return None
