"""Elemental Warriors II's typed observation: :class:`EW2View` and its parts (see :mod:`elementa.core.views`).

``EW2State.view(player)`` builds it (:func:`.view.observation_view`); ``observation(player)`` is its
JSON form. Seats count from 0. Words follow the rulebook: a seat's character sheet of rows (one per
element and level) and ten columns, each square holding pennies, nickels and dimes; change (the
sheet's value in cents); Flood, Whirlwind and the other tokens; the healing pool; the active column.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from elementa.core import View

if TYPE_CHECKING:
    from elementa.games.elemental_warriors_ii.sheet import Sheet


@dataclass(frozen=True, slots=True)
class SeatView(View):
    """What the viewer sees of one seat (inside a sealed window: another seat as the window opened)."""

    seat: int
    sheet: tuple[tuple[tuple[int, int, int], ...], ...]
    """The character sheet by row (as :attr:`EW2View.rows` names them), ten columns a row, each
    square ``(pennies, nickels, dimes)``."""
    change: int
    """The sheet's value in cents."""
    tokens: dict[str, int]
    """Tokens held, by name."""
    floods: tuple[int, ...]
    """Flood tokens on each of the ten columns."""
    pool: int
    """Cents in the healing pool."""
    hand_size: int
    hand: tuple[str, ...] | None
    """The hand's card names (sorted) where the viewer sees it (its own, or one a Whirlwind token
    lays open), else ``None``."""
    known_cards: tuple[str, ...]
    """Cards of a hidden hand the viewer saw go into it."""
    played: str | None
    """The card played this turn: its name once revealed (at once to its player), ``"face down"``
    while a card or roll waits for the reveal, else ``None``."""
    column: int | None
    """The active column, 0-9 (the sheet's column 1 is 0; text shows 1-10), where everyone sees it,
    else ``None``."""
    attack: int | None
    """Attack value of the shown column."""
    defense: int | None
    """Defense value of the shown column."""
    target: int | None
    """The seat it attacks."""
    powers: tuple[str, ...]
    """Powers used this turn, in words."""
    effects: dict[str, int]
    """Effects on it (those not 0), by name."""
    defense_doubled: bool
    random_next_card: bool
    adjust_next_card: bool
    out: bool
    """Eliminated."""
    surrendered: bool
    points: float


@dataclass(frozen=True, slots=True)
class EW2View(View):
    """What one seat (or a spectator) sees of an Elemental Warriors II position.

    Hidden: other seats' hands (unless a Whirlwind token lays a hand open, or the viewer saw the card
    go there), the deck order, cards played face down before the reveal, and what another seat does
    inside a sealed window (setup, Activate, Recovery, End of Turn) until every seat is done.
    """

    turn: int
    phase: str
    rows: tuple[str, ...]
    """The sheet's row names."""
    players: tuple[SeatView, ...]
    deck_sizes: tuple[int, ...]
    discard_sizes: tuple[int, ...]
    to_move: tuple[int, ...]
    """The seats to move."""
    prompt: str | None
    """The viewer's decision in words, ``None`` when it has none."""
    events: tuple[str, ...]
    """The latest public events in words, oldest first."""
    over: bool


@dataclass(slots=True)
class CombatSeat(View):
    """What the rule-based agent reads of one seat (:func:`.view.combat_view`): the fields of
    :class:`SeatView` it uses, as that view shows them to the viewer, built on a hot path (a plain
    slotted dataclass) and holding the state's own lists, only to be read."""

    seat: int
    squares: Sheet
    """The sheet by square index (``row * 10 + column``), each ``(pennies, nickels, dimes)``,
    with ``filled``, the squares holding coins: what :attr:`SeatView.sheet` gives by row."""
    change: int
    floods: list[int]
    hand_size: int
    hand_cards: list[int] | None
    """The card ids of a hand the viewer sees, sorted (:attr:`SeatView.hand` names them), else ``None``."""
    column: int | None
    """As :attr:`SeatView.column`: 0-9, or ``None``."""
    attack: int | None
    defense: int | None
    target: int | None
    defense_doubled: bool
    out: bool
    surrendered: bool


@dataclass(slots=True)
class CombatView(View):
    """The part of :class:`EW2View` the rule-based agent reads, made without the rest (names,
    tokens, effects, events): see :func:`.view.combat_view`."""

    phase: str
    rows: tuple[str, ...]
    players: list[CombatSeat]
    prompt: str | None
