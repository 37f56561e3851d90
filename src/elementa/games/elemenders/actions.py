"""The Elemenders action space and the words for each action.

Every multi-choice move is a short sequence of actions, each picked from a short list:

==============  ==========================  ===============================================
kind            arguments (radix)           meaning
==============  ==========================  ===============================================
``first``       seat (2)                    chance: the coin says who places a unit first
``coin``        heads (2)                   chance: the spawn flip after each round (1 = heads)
``mark``        monolith (5)                secretly mark one's true monolith (left to right)
``place``       element (3), column (11)    put a starting or spawned unit on one's home row
``select``      square (rows x 11)          choose the unit to act next
``move``        square (rows x 11)          move the chosen unit to a reachable square
``attack``      square (rows x 11)          the chosen unit attacks the enemy piece there
``terraform``   shape (3)                   the chosen unit terraforms: cross, vertical or
                                            horizontal line (the line only for water units)
``hold``        --                          the chosen unit does nothing (more)
``end_turn``    --                          end the turn; units that have not acted do nothing
==============  ==========================  ===============================================

Ids are stable for a given board size (the ``board_rows`` option).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mypy_extensions import mypyc_attr

from elementa.core import Action, ActionSpace, Part
from elementa.games.elemenders.board import (
    CROSS,
    ELEMENTS,
    FIRE,
    HORIZONTAL,
    MONOLITH,
    NONE,
    PIECE_NAMES,
    PLANT,
    SHAPE_NAMES,
    TERRAFORM_SHAPES,
    TERRAIN_NAMES,
    VERTICAL,
    WATER,
    WIDTH,
    Board,
    harms,
    monolith_columns,
)


def make_action_space(rows: int, cols: int = WIDTH) -> ActionSpace:
    """Return the action space of a board with ``rows`` rows and ``cols`` columns (see the table above).

    A square part is ``row * cols + column`` (row 0 is player 1's home row), as :meth:`Board.square`
    numbers it; the monolith part counts the board's monoliths per side (5; 2 on the 3-column
    miniature, ruling ELM-22)."""
    square = Part("square", rows * cols)
    return ActionSpace(
        [
            ("first", (Part("seat", 2),)),
            ("coin", (Part("heads", 2, type="face", values=("tails", "heads")),)),
            ("mark", (Part("monolith", len(monolith_columns(cols))),)),  # left to right
            ("place", (Part("element", 3, values=PIECE_NAMES[:3]), Part("column", cols))),
            ("select", (square,)),
            ("move", (square,)),
            ("attack", (square,)),
            ("terraform", (Part("shape", 3, values=SHAPE_NAMES),)),
            ("hold", ()),
            ("end_turn", ()),
        ]
    )


def seat_name(player: int) -> str:
    """Return how people call a seat: ``"player 1"`` for seat 0."""
    return f"player {player + 1}"


TERRAFORM_WORDS = {
    (FIRE, CROSS): "makes lava in a cross",
    (WATER, VERTICAL): "makes a vertical river",
    (WATER, HORIZONTAL): "makes a horizontal river",
    (PLANT, CROSS): "grows forest in a cross",
}
"""How each (element, shape) terraform reads in a label."""


def warning(terrain: int, piece: int) -> str:
    """Return what a label adds when a unit would stand on terrain that harms it, for example
    ``" (on lava: -1 health when your turn ends there)"``; ``""`` otherwise."""
    if not harms(terrain, piece):
        return ""
    return f" (on {TERRAIN_NAMES[terrain]}: -1 health when your turn ends there)"


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class ActionMaker:
    """Makes the labelled actions of one game, each once: an :class:`Action` is immutable, so the same
    move by the same kind of unit between the same squares is reused (random playouts build many).

    Args:
        space: the game's action space (:func:`make_action_space`).
        geometry: the board, for square names.
    """

    def __init__(self, space: ActionSpace, geometry: Board) -> None:
        self.space = space
        self.board = geometry
        self._made: dict[tuple[object, ...], Action] = {}
        self._units: list[UnitActions | None] = [None] * (len(ELEMENTS) * geometry.size)
        """The :class:`UnitActions` made so far, at ``piece * size + square``."""
        self._places: list[list[list[list[Action | None]]]] = [
            [[[None] * geometry.size for _ in TERRAIN_NAMES] for _ in ELEMENTS] for _ in (False, True)
        ]
        """The placements made so far: ``_places[spawn][element][terrain][square]``."""
        self._selects: list[Action | None] = [None] * (len(ELEMENTS) * geometry.size)
        """The select actions made so far, at ``piece * size + square``."""
        self.turn_end = self.end_turn()
        """:meth:`end_turn`, made once: every list of a turn's units to select ends with it."""

    def _new(self, key: tuple[object, ...], kind: str, args: tuple[int, ...], label: str) -> Action:
        """Make and keep the action of ``key`` (the methods below look it up first: ``get(key) or
        _new(...)`` builds the label only the first time)."""
        action = self._made[key] = self.space.make(kind, *args, label=label)
        return action

    def unit(self, piece: int, square: int) -> str:
        """Return ``"the fire unit at C4"`` (or ``"the monolith at D10"``)."""
        what = "monolith" if piece == MONOLITH else f"{PIECE_NAMES[piece]} unit"
        return f"the {what} at {self.board.name(square)}"

    def first(self, player: int) -> Action:
        key = ("first", player)
        return self._made.get(key) or self._new(
            key, "first", (player,), f"coin: {seat_name(player)} places first"
        )

    def coin(self, heads: int) -> Action:
        words = "coin: heads, new units spawn" if heads else "coin: tails, no new units"
        return self._made.get(("coin", heads)) or self._new(("coin", heads), "coin", (heads,), words)

    def mark(self, index: int, square: int) -> Action:
        key = ("mark", index, square)
        return self._made.get(key) or self._new(
            key, "mark", (index,), f"mark the monolith at {self.board.name(square)} as your true monolith"
        )

    def place(self, element: int, col: int, square: int, spawn: bool, terrain: int = NONE) -> Action:
        key = ("place", element, square, spawn, harms(terrain, element))
        return self._made.get(key) or self._new(
            key,
            "place",
            (element, col),
            f"{'spawn' if spawn else 'place'} a {PIECE_NAMES[element]} unit at {self.board.name(square)}"
            + warning(terrain, element),
        )

    def placements(
        self, element: int, squares: list[int], spawn: bool, terrain: Sequence[int]
    ) -> list[Action]:
        """Return the :meth:`place` of a unit of ``element`` on each of ``squares`` (of one home row),
        given the terrain (a lookup per square once made)."""
        made = self._places[spawn][element]
        return [made[terrain[s]][s] or self._place(element, s, spawn, terrain[s]) for s in squares]

    def _place(self, element: int, square: int, spawn: bool, terrain: int) -> Action:
        action = self._places[spawn][element][terrain][square] = self.place(
            element, square % self.board.cols, square, spawn, terrain
        )
        return action

    def selects(self, piece: Sequence[int], squares: Iterable[int]) -> dict[int, Action]:
        """Return the :meth:`select` of the unit on each of ``squares``, by square in the order given,
        given the pieces on the board (a lookup per unit once made)."""
        made, size = self._selects, self.board.size
        return {s: made[piece[s] * size + s] or self._select(piece[s], s) for s in squares}

    def _select(self, piece: int, square: int) -> Action:
        action = self._selects[piece * self.board.size + square] = self.select(piece, square)
        return action

    def select(self, piece: int, square: int) -> Action:
        key = ("select", piece, square)
        return self._made.get(key) or self._new(
            key, "select", (square,), f"select {self.unit(piece, square)}"
        )

    def move(self, piece: int, square: int, to: int, terrain: int = NONE) -> Action:
        key = ("move", piece, square, to, harms(terrain, piece) and terrain)
        return self._made.get(key) or self._new(
            key,
            "move",
            (to,),
            f"move {self.unit(piece, square)} to {self.board.name(to)}" + warning(terrain, piece),
        )

    def of_unit(self, piece: int, square: int) -> UnitActions:
        """Return the actions of the unit of kind ``piece`` (an element) on ``square``."""
        index = piece * self.board.size + square
        made = self._units[index]
        if made is None:
            made = self._units[index] = UnitActions(self, piece, square)
        return made

    def attack(self, piece: int, square: int, target_piece: int, target: int) -> Action:
        key = ("attack", piece, square, target_piece, target)
        return self._made.get(key) or self._new(
            key, "attack", (target,), f"{self.unit(piece, square)} attacks {self.unit(target_piece, target)}"
        )

    def terraform(self, piece: int, square: int, shape: int) -> Action:
        key = ("terraform", piece, square, shape)
        return self._made.get(key) or self._new(
            key, "terraform", (shape,), f"{self.unit(piece, square)} {TERRAFORM_WORDS[piece, shape]}"
        )

    def hold(self, piece: int, square: int, moved: bool) -> Action:
        key = ("hold", piece, square, moved)
        words = "does not attack" if moved else "does nothing"
        return self._made.get(key) or self._new(key, "hold", (), f"{self.unit(piece, square)} {words}")

    def end_turn(self) -> Action:
        return self._made.get(("end_turn",)) or self._new(("end_turn",), "end_turn", (), "end the turn")


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class UnitActions:
    """The actions of one unit, an element on a square, as its :class:`ActionMaker` makes them: kept
    in lists indexed by square, so that listing a unit's choices, most of what a random playout
    does, is a lookup per action.

    Args:
        maker: the game's action maker.
        piece: the unit's element.
        square: the unit's square.

    Attributes:
        select: the action that selects the unit.
        terraforms: its terraforms, one per shape its element may lay.
        holds: its hold before moving and after moving.
    """

    def __init__(self, maker: ActionMaker, piece: int, square: int) -> None:
        self.maker, self.piece, self.square = maker, piece, square
        self.select = maker.select(piece, square)
        self.terraforms = [maker.terraform(piece, square, shape) for shape in TERRAFORM_SHAPES[piece]]
        self.holds = (maker.hold(piece, square, False), maker.hold(piece, square, True))
        size = maker.board.size
        self._moves: list[list[Action | None]] = [[None] * size for _ in TERRAIN_NAMES]
        """The move to a square of given terrain at ``[terrain][to]`` (made on first use)."""
        self._attacks: list[Action | None] = [None] * (len(PIECE_NAMES) * size)
        """The attack on a piece at ``piece * size + target`` (made on first use)."""

    def moves(self, targets: list[int], terrain: Sequence[int]) -> list[Action]:
        """Return the :meth:`ActionMaker.move` of the unit to each of ``targets`` (the label warns of
        the square's terrain)."""
        made = self._moves
        return [made[terrain[to]][to] or self._move(to, terrain[to]) for to in targets]

    def _move(self, to: int, terrain: int) -> Action:
        action = self._moves[terrain][to] = self.maker.move(self.piece, self.square, to, terrain)
        return action

    def attacks(self, targets: list[int], piece: Sequence[int]) -> list[Action]:
        """Return the :meth:`ActionMaker.attack` of the unit on each of ``targets``, given the pieces
        on the board."""
        made, size = self._attacks, self.maker.board.size
        return [made[piece[s] * size + s] or self._attack(s, piece[s]) for s in targets]

    def _attack(self, target: int, target_piece: int) -> Action:
        action = self._attacks[target_piece * self.maker.board.size + target] = self.maker.attack(
            self.piece, self.square, target_piece, target
        )
        return action
