"""The Elemenders board: squares, their names, neighbours, the monolith places and terraforming.

Squares are numbered ``row * cols + col`` from 0, with row 0 the home row of player 1 (seat 0) and
the last row the home row of player 2 (seat 1). A square's name is its column letter and its row
number counted from 1, as on a chess board: ``"A1"`` is the corner on player 1's left, ``"K10"`` the
opposite corner of the 11-by-10 board.

Terrain is one small integer per square (:data:`NONE`, :data:`LAVA`, :data:`RIVER`, :data:`FOREST`);
pieces are described by the state (``elementa.games.elemenders.state``).
"""

from __future__ import annotations

from functools import cache

from mypy_extensions import mypyc_attr

WIDTH = 11
"""Columns of the board (source: elemenders.txt, Setup: "11 squares widthwise")."""

NONE, LAVA, RIVER, FOREST = 0, 1, 2, 3
TERRAIN_NAMES = ("none", "lava", "river", "forest")

FIRE, WATER, PLANT, MONOLITH = 0, 1, 2, 3
PIECE_NAMES = ("fire", "water", "plant", "monolith")
ELEMENTS = (FIRE, WATER, PLANT)

TERRAIN_OF = {FIRE: LAVA, WATER: RIVER, PLANT: FOREST}
"""The terrain each element terraforms (source: elemenders.txt, Units and Terrains)."""

STRONGER = {LAVA: RIVER, RIVER: FOREST, FOREST: LAVA}
"""For each terrain, the terrain that beats it: river beats lava, forest beats river, lava beats forest
(source: elemenders.txt, Terraforming). A terrain cannot overwrite, nor expand through, its stronger one."""


def harms(terrain: int, piece: int) -> bool:
    """Whether a unit of kind ``piece`` loses 1 health when its owner's turn ends on ``terrain``:
    lava burns water and plant units, a river drowns fire units (monoliths are never harmed).

    source: elemenders.txt, Lava; Rivers.
    """
    return HARMS[terrain][piece]


HARMS = tuple(
    tuple(
        piece != MONOLITH and ((t == LAVA and piece != FIRE) or (t == RIVER and piece == FIRE))
        for piece in range(4)
    )
    for t in range(4)
)
"""``HARMS[terrain][piece]`` is :func:`harms` (a table, for loops over many units)."""


MONOLITH_COLUMNS = (1, 3, 5, 7, 9)
"""Columns (0-based) of the five monoliths on each home row: B, D, F, H, J (ruling ELM-2)."""

MINIATURE_MONOLITH_COLUMNS = (0, 2)
"""Columns of the two monoliths on each home row of the 3-column miniature, A and C, around the one
square left for a unit (ruling ELM-22)."""


def monolith_columns(cols: int) -> tuple[int, ...]:
    """Return the monolith columns of a board ``cols`` wide: :data:`MONOLITH_COLUMNS` on the 11
    columns of the rulebook, :data:`MINIATURE_MONOLITH_COLUMNS` on the miniature's 3 (ELM-2, ELM-22)."""
    return MINIATURE_MONOLITH_COLUMNS if cols == 3 else MONOLITH_COLUMNS


CROSS, VERTICAL, HORIZONTAL = 0, 1, 2
SHAPE_NAMES = ("cross", "vertical line", "horizontal line")
TERRAFORM_SHAPES = {FIRE: (CROSS,), WATER: (VERTICAL, HORIZONTAL), PLANT: (CROSS,)}
"""The shapes each element terraforms in: lava and forest in a cross, a river in a vertical or a
horizontal line (source: elemenders.txt, Lava, Rivers, Forests)."""

NORTH, SOUTH, EAST, WEST = 0, 1, 2, 3
_DELTAS = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_SHAPE_ARMS = {
    CROSS: ((NORTH, 1), (SOUTH, 1), (EAST, 1), (WEST, 1)),
    VERTICAL: ((NORTH, 2), (SOUTH, 2)),
    HORIZONTAL: ((EAST, 2), (WEST, 2)),
}


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class Board:
    """The geometry of one board size: square names, steps and neighbourhoods, precomputed.

    Use :func:`board` to get the shared instance of a size.

    Args:
        rows: the number of rows (10 or 12, ruling ELM-1).
        cols: the number of columns (11).

    Attributes:
        rows, cols, size: the dimensions and ``rows * cols``.
        step: ``step[direction][square]`` is the square one step away, or -1 off the board.
        adjacent4, adjacent8: orthogonal (and diagonal) neighbours of each square, in square order.
        two_steps: ``two_steps[square]`` lists the squares one or two orthogonal steps away, in square
            order, each as ``(square, via)``: ``via`` is ``()`` for a neighbour, else the neighbours
            of ``square`` a two-step walk from there passes through (one or two).
        places: ``places[square]`` is ``(name, row, col)`` of the square (row and column 0-based).
    """

    def __init__(self, rows: int, cols: int = WIDTH) -> None:
        self.rows = rows
        self.cols = cols
        self.size = rows * cols
        self.step: list[list[int]] = [[self._offset(s, d) for s in range(self.size)] for d in _DELTAS]
        self.adjacent4: list[list[int]] = [self._around(s, _DELTAS) for s in range(self.size)]
        self.adjacent8: list[list[int]] = [self._around(s, _DELTAS + _DIAGONALS) for s in range(self.size)]
        self.two_steps: list[list[tuple[int, tuple[int, ...]]]] = [
            self._two_steps(s) for s in range(self.size)
        ]
        self._names = [f"{chr(ord('A') + s % cols)}{s // cols + 1}" for s in range(self.size)]
        self.places = [(self._names[s], s // cols, s % cols) for s in range(self.size)]
        self.monolith_cols = monolith_columns(cols)
        """The columns of the monoliths on each home row, left to right (:func:`monolith_columns`)."""
        self._monoliths = tuple(
            tuple(self.square(self.home_row(p), c) for c in self.monolith_cols) for p in (0, 1)
        )
        self._arms = {
            shape: [self._clipped_arms(s, shape) for s in range(self.size)] for shape in _SHAPE_ARMS
        }

    def _offset(self, square: int, delta: tuple[int, int]) -> int:
        r, c = divmod(square, self.cols)
        r, c = r + delta[0], c + delta[1]
        return r * self.cols + c if 0 <= r < self.rows and 0 <= c < self.cols else -1

    def _around(self, square: int, deltas: tuple[tuple[int, int], ...]) -> list[int]:
        return sorted(n for n in (self._offset(square, d) for d in deltas) if n >= 0)

    def _two_steps(self, square: int) -> list[tuple[int, tuple[int, ...]]]:
        near = self.adjacent4[square]
        far = {b for a in near for b in self.adjacent4[a]} - {square}
        return sorted(
            [(a, ()) for a in near] + [(b, tuple(a for a in near if b in self.adjacent4[a])) for b in far]
        )

    def home_row(self, player: int) -> int:
        """Return the row index (0-based) of a player's end of the board, where its monoliths stand."""
        return 0 if player == 0 else self.rows - 1

    def square(self, row: int, col: int) -> int:
        """Return the square index of a row and column (both 0-based)."""
        return row * self.cols + col

    def monolith_squares(self, player: int) -> tuple[int, ...]:
        """Return the monolith squares of a player, left to right: five (ruling ELM-2), two on the
        3-column miniature (ELM-22)."""
        return self._monoliths[player]

    def name(self, square: int) -> str:
        """Return a square's name, for example ``"C4"`` (column letter, row number from 1)."""
        return self._names[square]

    def parse(self, name: str) -> int:
        """Return the index of a square named like ``"C4"``.

        Raises:
            ValueError: the name is not a square of this board.
        """
        text = name.strip().upper()
        col = ord(text[:1] or "?") - ord("A")
        if not text[1:].isdigit() or not 0 <= col < self.cols or not 1 <= int(text[1:]) <= self.rows:
            raise ValueError(f"{name!r} is not a square of the {self.cols}x{self.rows} board (A1..)")
        return self.square(int(text[1:]) - 1, col)

    def distance(self, a: int, b: int) -> int:
        """Return the number of orthogonal steps between two squares (Manhattan distance)."""
        ra, ca = divmod(a, self.cols)
        rb, cb = divmod(b, self.cols)
        return abs(ra - rb) + abs(ca - cb)

    def arms(self, centre: int, shape: int) -> list[list[int]]:
        """Return the arms of a terraform pattern around a centre, clipped at the board's edge.

        Args:
            centre: the terraforming unit's square (the pattern's centre, not part of any arm).
            shape: :data:`CROSS` (four arms of one square), :data:`VERTICAL` or :data:`HORIZONTAL`
                (two arms of two squares along the line).

        Returns:
            One list of squares per arm, nearest first (shared: not to be modified); source:
            elemenders.txt, Lava, Rivers, Forests.
        """
        return self._arms[shape][centre]

    def _clipped_arms(self, centre: int, shape: int) -> list[list[int]]:
        arms = []
        for direction, length in _SHAPE_ARMS[shape]:
            arm, s = [], centre
            for _ in range(length):
                s = self.step[direction][s]
                if s < 0:
                    break
                arm.append(s)
            arms.append(arm)
        return arms


@cache
def board(rows: int, cols: int = WIDTH) -> Board:
    """Return the shared :class:`Board` of a size (boards are immutable once built)."""
    return Board(rows, cols)


def terraform(geometry: Board, terrain: list[int], centre: int, kind: int, shape: int) -> list[int]:
    """Lay a terrain pattern in place and return the squares that changed.

    A square takes the new terrain unless it holds the terrain that beats it; along an arm, such a
    square also stops the arm ("cannot expand through"). The centre never stops the arms (ruling
    ELM-8). Source: elemenders.txt, Terraforming, Lava, Rivers, Forests.

    Args:
        geometry: the board.
        terrain: one terrain value per square; modified in place.
        centre: the terraforming unit's square.
        kind: the terrain laid (:data:`LAVA`, :data:`RIVER` or :data:`FOREST`).
        shape: :data:`CROSS`, :data:`VERTICAL` or :data:`HORIZONTAL`.

    Returns:
        The squares whose terrain changed, in pattern order.
    """
    stronger = STRONGER[kind]
    changed = []
    if terrain[centre] not in (kind, stronger):
        terrain[centre] = kind
        changed.append(centre)
    for arm in geometry.arms(centre, shape):
        for s in arm:
            if terrain[s] == stronger:
                break
            if terrain[s] != kind:
                terrain[s] = kind
                changed.append(s)
    return changed
