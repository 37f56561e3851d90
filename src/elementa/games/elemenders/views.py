"""Elemenders' typed observation: :class:`ElemendersView` and its parts (see :mod:`elementa.core.views`).

``ElemendersState.view(player)`` builds it; ``observation(player)`` is its JSON form. Seats count
from 0; squares are named as on the board (``"C4"``: column letter, row from 1) and also given by
``row`` and ``col`` from 0; a square action part is ``row * cols + col``.
"""

from __future__ import annotations

from dataclasses import dataclass

from elementa.core import View


@dataclass(frozen=True, slots=True)
class UnitView(View):
    """A unit on the board (every unit is public)."""

    square: str
    row: int
    col: int
    owner: int
    element: str
    """``"fire"``, ``"water"`` or ``"plant"``."""
    health: int
    acted: bool
    """Whether it has acted this turn."""


@dataclass(frozen=True, slots=True)
class MonolithView(View):
    """A monolith: where it stands and, where the viewer knows it, its truth and health.

    ``true`` and ``health`` are ``None`` for a standing monolith of another seat until a hit reveals
    the true one (ruling ELM-12) or the game is over; a fallen monolith shows ``health`` 0.
    """

    square: str
    row: int
    col: int
    owner: int
    standing: bool
    true: bool | None
    health: int | None


@dataclass(frozen=True, slots=True)
class UnitsLeft(View):
    """The units a seat has still to place, per element."""

    fire: int
    water: int
    plant: int


@dataclass(frozen=True, slots=True)
class ElemendersView(View):
    """What one seat (or a spectator) sees of an Elemenders position.

    ``to_move`` is a seat, -1 at a chance node, -4 when the game is over; ``turn`` counts the turns
    completed; ``terrain`` is one string per row from row 1, one character a column (``" "`` none,
    ``"~"`` lava, ``"="`` river, ``"^"`` forest); ``active`` names the square of the unit acting.
    """

    rows: int
    cols: int
    adjacency: int
    max_turns: int
    viewer: int | None
    phase: str
    to_move: int
    turn: int
    first_placer: int | None
    first_mover: int | None
    marked: tuple[bool, bool]
    to_place: tuple[UnitsLeft, UnitsLeft]
    spawning: tuple[int, ...]
    last_flip: str | None
    active: str | None
    moved: bool
    winner: int | None
    terrain: tuple[str, ...]
    units: tuple[UnitView, ...]
    monoliths: tuple[MonolithView, ...]
