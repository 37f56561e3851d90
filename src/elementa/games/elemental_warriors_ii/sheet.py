"""The character sheet: rows and columns of squares holding pennies, nickels and dimes.

A square is a tuple ``(pennies, nickels, dimes)``; a sheet is a flat list of squares indexed
``row * 10 + column`` (columns 0-9 stand for the sheet's columns 1-10, which are cyclic: 10 is next to
1). The rows are the combat rows (``Attack`` and ``Defense``, or one ``Combat`` row in the
single-combat-row reading) followed by ``Earth``, ``Fire``, ``Air`` and ``Water``. Combat squares hold
pennies only. The sheet was not printed with the rulebook; this layout is the reconstruction of
docs/rulings/elemental-warriors-ii.md (ruling R1).

source: elemental-warriors-ii.txt, setup, Activate, Recovery.
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from mypy_extensions import mypyc_attr

from elementa.core import ConfigError, Place
from elementa.games.elemental_warriors_ii.cards import ELEMENTS

PENNY, NICKEL, DIME = 0, 1, 2
COIN_VALUES = (1, 5, 10)
COIN_NAMES = ("penny", "nickel", "dime")
COLUMNS = 10

Square = tuple[int, int, int]
EMPTY: Square = (0, 0, 0)
NOT_FOUND: tuple[None, list[Any], list[Any]] = (None, [], [])
"""A sheet's ``found`` entry for a square whose moves no menu has found yet (no square is None)."""

P, N, NN, D, ND, DD = range(6)
LEVEL_NAMES = ("p", "n", "nn", "d", "nd", "dd")
LEVEL_COINS: tuple[Square, ...] = ((1, 0, 0), (0, 1, 0), (0, 2, 0), (0, 0, 1), (0, 1, 1), (0, 0, 2))
"""The coins each power level needs, as ``(pennies, nickels, dimes)``."""

ENTRY_LEVEL = (P, N, NN, D, ND, DD, DD)
"""The power level of each of an element's seven entries (two entries at (dd))."""
ENTRY_NAMES = ("p", "n", "nn", "d", "nd", "dd", "dd#2")

MAX_NICKELS, MAX_DIMES = 20, 10
"""The most nickels and dimes one Recompile can produce (bounds of the action space)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class Layout:
    """The rows of a sheet under one reading of the lost character sheet.

    Args:
        combat_model: ``"split"`` (Attack and Defense rows) or ``"single"`` (one Combat row).

    Attributes:
        rows: the row names, combat rows first.
        combat_rows: how many combat rows there are (2 or 1).
        attack_row, defense_row: the rows read for attack and defense (the same row when single).
    """

    def __init__(self, combat_model: str) -> None:
        combat = ("Attack", "Defense") if combat_model == "split" else ("Combat",)
        self.rows: tuple[str, ...] = combat + ELEMENTS
        self.combat_rows = len(combat)
        self.attack_row = 0
        self.defense_row = self.combat_rows - 1
        self.size = len(self.rows) * COLUMNS
        self.targets: list[list[int | None]] = [
            [self.destination(i // COLUMNS, i % COLUMNS, d) for d in range(len(self.rows) + 2)]
            for i in range(self.size)
        ]
        """For each square, the square each Rebalance destination leads to (see :meth:`destination`)."""
        self.moves: list[list[int]] = [
            [d for d, j in enumerate(targets) if j is not None] for targets in self.targets
        ]
        """For each square, the Rebalance destinations open to its coins."""
        self.element_starts = tuple(self.element_row(e) * COLUMNS for e in range(len(ELEMENTS)))
        """The index of each element row's first square (Earth ... Water)."""
        self.square_names = tuple(f"{self.rows[i // COLUMNS]} {i % COLUMNS + 1}" for i in range(self.size))
        """Each square's name, for example ``"Fire 3"``, by index (see :meth:`square_name`)."""

    def destination(self, row: int, col: int, dest: int) -> int | None:
        """Return the square a Rebalance destination leads to, or ``None`` where a coin may not go.

        Args:
            row, col: the coin's square.
            dest: a row of the same column (not the coin's own, and not across the combat and
                element rows), or ``len(rows)`` for one column left and ``len(rows) + 1`` for one
                column right, cyclically (source: Recovery, Rebalance).
        """
        rows = len(self.rows)
        if dest < rows:
            if dest == row or self.is_combat(dest) != self.is_combat(row):
                return None
            return dest * COLUMNS + col
        step = -1 if dest == rows else 1
        return row * COLUMNS + (col + step) % COLUMNS

    def element_row(self, element: int) -> int:
        """Return the row of an element (0 Earth ... 3 Water)."""
        return self.combat_rows + element

    def is_combat(self, row: int) -> bool:
        """Return whether a row is a combat row (pennies only)."""
        return row < self.combat_rows

    def square_name(self, index: int) -> str:
        """Return a square's name, for example ``"Fire 3"``."""
        return self.square_names[index]

    def place(self, seat: int, index: int | None = None) -> Place:
        """Return where a square of a seat's sheet is, for an event: ``Place("sheet", seat,
        index, "Fire 3")``; with no ``index``, the whole sheet."""
        return Place("sheet", seat, index, "" if index is None else self.square_names[index])

    def new_sheet(self) -> Sheet:
        """Return an empty sheet."""
        return Sheet([EMPTY] * self.size, 0)


def value(square: Square) -> int:
    """Return the cents in a square."""
    return square[0] + 5 * square[1] + 10 * square[2]


@mypyc_attr(native_class=False)  # mypyc compiles no subclass of list: its methods are, its layout is not
class Sheet(list[Square]):
    """A player's sheet: the list of squares (see the module docstring), the cents on it and the
    squares that hold coins.

    ``cents`` and ``filled`` are kept as squares are set one at a time (``sheet[i] = square``, or
    :meth:`exchange`, :meth:`move_coin`, :meth:`add_coin` and :meth:`pay`, which know how the cents
    change), the only ways the rules change a sheet, so the change a player holds is never summed
    again square by square, and the choices that go square by square (Recompile, Rebalance, paying
    a cent) visit only the squares with coins.

    Args:
        squares: the squares, ``rows * 10`` of them.
        cents: their value when the caller knows it, else it is summed once.

    Attributes:
        cents: the cents on the sheet.
        filled: the indices of the squares holding coins, in increasing order.
        found: by square, ``(square, recompiles, rebalances)`` as a Recovery menu last found them
            (:func:`~.actions.rearrangements`): they hold while that very tuple (``is``) is still on
            the square, so nothing has to forget them when a square changes, and copies share the
            list (whatever one writes there holds for every sheet whose square it names).
    """

    __slots__ = ("cents", "filled", "found")

    def __init__(self, squares: list[Square], cents: int | None = None) -> None:
        super().__init__(squares)
        self.cents = sum(map(value, squares)) if cents is None else cents
        self.filled = [i for i, square in enumerate(squares) if square != EMPTY]
        self.found: list[tuple[Square | None, list[Any], list[Any]]] = [NOT_FOUND] * len(squares)

    def __setitem__(self, index: int, square: Square) -> None:  # type: ignore[override]
        old = self[index]  # cents: value(square) - value(old), written out (every coin moved)
        self.cents += square[0] - old[0] + 5 * (square[1] - old[1]) + 10 * (square[2] - old[2])
        if old == EMPTY:
            if square != EMPTY:
                insort(self.filled, index)
        elif square == EMPTY:
            self.filled.remove(index)
        list.__setitem__(self, index, square)

    def exchange(self, index: int, square: Square) -> None:
        """Set a coin-holding square to another mix of coins of the same value (a Recompile): the
        cents and the squares holding coins stay as they are, so neither is worked out again.

        Args:
            index: the square (``row * 10 + column``), holding coins.
            square: its new coins, worth what it holds now.
        """
        list.__setitem__(self, index, square)

    def move_coin(self, source: int, dest: int, coin: int) -> None:
        """Move one coin of a kind from one square to another (a Rebalance): the cents stay as they
        are, only the squares holding coins are kept.

        Args:
            source, dest: the squares (``row * 10 + column``); ``source`` holds such a coin.
            coin: ``PENNY``, ``NICKEL`` or ``DIME``.
        """
        square = with_coin(self[source], coin, -1)
        if square == EMPTY:
            self.filled.remove(source)
        list.__setitem__(self, source, square)
        old = self[dest]
        if old == EMPTY:
            insort(self.filled, dest)
        list.__setitem__(self, dest, with_coin(old, coin))

    def add_coin(self, index: int, coin: int) -> None:
        """Put one more coin of a kind on a square (a cent placed): the cents grow by its value.

        Args:
            index: the square (``row * 10 + column``).
            coin: ``PENNY``, ``NICKEL`` or ``DIME``.
        """
        old = self[index]
        self.cents += COIN_VALUES[coin]
        if old == EMPTY:
            insort(self.filled, index)
        list.__setitem__(self, index, with_coin(old, coin))

    def pay(self, index: int, coin: int) -> None:
        """Pay one cent from a square with a coin of a kind, making change (see :func:`pay_cent`):
        the cents drop by one.

        Args:
            index: the square (``row * 10 + column``), holding such a coin.
            coin: ``PENNY``, ``NICKEL`` or ``DIME``.
        """
        square = pay_cent(self[index], coin)
        self.cents -= 1
        if square == EMPTY:
            self.filled.remove(index)
        list.__setitem__(self, index, square)

    def copy(self) -> Sheet:
        """Return an independent copy (squares are tuples, shared)."""
        copy = Sheet.__new__(Sheet)  # list.extend, not __init__ and __setitem__: a hot path
        copy.extend(self)
        copy.cents = self.cents
        copy.filled = self.filled[:]
        copy.found = self.found
        return copy


def sheet_value(sheet: Sheet) -> int:
    """Return the cents on a sheet (a player's change)."""
    return sheet.cents


def pennies(sheet: list[Square]) -> int:
    """Return the number of pennies on a sheet."""
    return sum(s[0] for s in sheet)


def _holds(square: Square, coins: Square) -> bool:
    return square[0] >= coins[0] and square[1] >= coins[1] and square[2] >= coins[2]


def max_level(square: Square) -> int | None:
    """Return the highest power level whose coins the square holds, or ``None`` for an empty square.

    Pennies only ever make (p): three pennies are (p), a nickel and four pennies are (n) (ruling R4).
    """
    _, n, d = square  # the checks of LEVEL_COINS from (dd) down, written out (a hot path)
    if d:
        return DD if d >= 2 else ND if n else D
    if n:
        return NN if n >= 2 else N
    return P if square[0] else None


def cumulative_levels(square: Square) -> list[int]:
    """Return every level whose coins the square holds, for the Cumulative Effects variant
    (a nickel and a dime give (n), (d) and (nd))."""
    return [level for level in range(P, DD + 1) if _holds(square, LEVEL_COINS[level])]


def with_coin(square: Square, coin: int, count: int = 1) -> Square:
    """Return the square with ``count`` more coins of a kind (negative to take some away)."""
    p, n, d = square
    if coin == PENNY:
        return (p + count, n, d)
    if coin == NICKEL:
        return (p, n + count, d)
    return (p, n, d + count)


def pay_cent(square: Square, coin: int) -> Square:
    """Return the square after one cent is paid with a coin of this kind, making change:
    a nickel becomes five pennies and a dime a nickel and five pennies, then one penny goes.

    source: elemental-warriors-ii.txt, Allocate Damage.
    """
    p, n, d = square
    if coin == PENNY:
        return (p - 1, n, d)
    if coin == NICKEL:
        return (p + 4, n - 1, d)
    return (p + 4, n + 1, d - 1)


def exchanges(square: Square) -> list[tuple[int, int]]:
    """Return the ``(nickels, dimes)`` of every other mix of coins worth the same as the square
    (the pennies make up the rest), for Recompile. Bounded by MAX_NICKELS and MAX_DIMES."""
    total = value(square)
    found = []
    for d in range(min(total // 10, MAX_DIMES) + 1):
        for n in range(min((total - 10 * d) // 5, MAX_NICKELS) + 1):
            if (n, d) != (square[1], square[2]):
                found.append((n, d))
    return found


def neighbours(column: int) -> tuple[int, int]:
    """Return the columns left and right of one, cyclically (column 10 is next to 9 and 1)."""
    return (column - 1) % COLUMNS, (column + 1) % COLUMNS


# Named starting layouts: (row, column 1-10, coin letter) per coin. "Attack"/"Defense" become the
# Combat row in the single-combat-row reading. Each is worth 25 cents.
PRESETS: dict[str, list[tuple[str, int, str]]] = {
    "balanced": [("Attack", c, "p") for c in range(1, 11)]
    + [("Defense", c, "p") for c in range(1, 11)]
    + [("Earth", 1, "n")],
    "bulwark": [("Defense", c, "p") for c in range(1, 11) for _ in range(2)]
    + [("Attack", c, "p") for c in range(1, 6)],
    "onslaught": [("Attack", c, "p") for c in range(1, 11) for _ in range(2)]
    + [("Defense", c, "p") for c in range(6, 11)],
    "elements": [("Earth", 1, "n"), ("Fire", 2, "n"), ("Air", 3, "n"), ("Water", 4, "n")]
    + [("Attack", c, "p") for c in range(5, 10)],
    "duelist": [("Attack", c, "p") for c in range(1, 11)]
    + [("Defense", c, "p") for c in range(1, 6)]
    + [("Fire", 10, "d")],
}
PRESET_NAMES = tuple(PRESETS)


def layout_ids(names: str) -> tuple[int, ...]:
    """Return the ids (in :data:`PRESET_NAMES` order) of the layouts an option names, comma-separated;
    all of them for ``""`` (option ``layouts``, ruling R38).

    Raises:
        ConfigError: a name that is no layout, or a name given twice (naming the option ``layouts``).
    """
    if not names.strip():
        return tuple(range(len(PRESET_NAMES)))
    wanted = [n.strip() for n in names.split(",")]
    for n in wanted:
        if n not in PRESETS or wanted.count(n) > 1:
            why = "is named twice" if n in PRESETS else "is not a layout"
            raise ConfigError(
                f"elemental-warriors-ii: option layouts: {n!r} {why}; allowed: {', '.join(PRESET_NAMES)}",
                option="layouts",
                choices=list(PRESET_NAMES),
            )
    return tuple(k for k, n in enumerate(PRESET_NAMES) if n in wanted)


def preset_sheet(layout: Layout, name: str) -> Sheet:
    """Return the sheet of a named preset layout under a layout's rows.

    Raises:
        KeyError: no preset has that name (see PRESET_NAMES).
    """
    sheet = layout.new_sheet()
    for row_name, column, letter in PRESETS[name]:
        row = layout.rows.index(row_name) if row_name in layout.rows else 0
        i = row * COLUMNS + column - 1
        sheet[i] = with_coin(sheet[i], "pnd".index(letter))
    return sheet


def describe_square(square: Square) -> str:
    """Return a square's coins as letters, for example ``"3p n d"``; ``""`` when empty."""
    parts = []
    for count, letter in zip(square, "pnd", strict=True):
        if count == 1:
            parts.append(letter)
        elif count > 1:
            parts.append(f"{count}{letter}")
    return " ".join(parts)
