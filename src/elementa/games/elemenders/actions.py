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

from collections.abc import Callable

from elementa.core import Action, ActionSpace
from elementa.games.elemenders.board import (
    CROSS,
    FIRE,
    HORIZONTAL,
    MONOLITH,
    NONE,
    PIECE_NAMES,
    PLANT,
    TERRAIN_NAMES,
    VERTICAL,
    WATER,
    WIDTH,
    Board,
    harms,
)


def make_action_space(rows: int, cols: int = WIDTH) -> ActionSpace:
    """Return the action space of a board with ``rows`` rows and ``cols`` columns (see the table above)."""
    squares = rows * cols
    return ActionSpace(
        [
            ("first", (2,)),
            ("coin", (2,)),
            ("mark", (5,)),
            ("place", (3, cols)),
            ("select", (squares,)),
            ("move", (squares,)),
            ("attack", (squares,)),
            ("terraform", (3,)),
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

    def _get(
        self, key: tuple[object, ...], kind: str, args: tuple[int, ...], label: Callable[[], str]
    ) -> Action:
        action = self._made.get(key)
        if action is None:
            action = self._made[key] = self.space.make(kind, *args, label=label())
        return action

    def unit(self, piece: int, square: int) -> str:
        """Return ``"the fire unit at C4"`` (or ``"the monolith at D10"``)."""
        what = "monolith" if piece == MONOLITH else f"{PIECE_NAMES[piece]} unit"
        return f"the {what} at {self.board.name(square)}"

    def first(self, player: int) -> Action:
        return self._get(
            ("first", player), "first", (player,), lambda: f"coin: {seat_name(player)} places first"
        )

    def coin(self, heads: int) -> Action:
        words = "coin: heads, new units spawn" if heads else "coin: tails, no new units"
        return self._get(("coin", heads), "coin", (heads,), lambda: words)

    def mark(self, index: int, square: int) -> Action:
        return self._get(
            ("mark", index, square),
            "mark",
            (index,),
            lambda: f"mark the monolith at {self.board.name(square)} as your true monolith",
        )

    def place(self, element: int, col: int, square: int, spawn: bool, terrain: int = NONE) -> Action:
        verb = "spawn" if spawn else "place"
        return self._get(
            ("place", element, square, spawn, harms(terrain, element)),
            "place",
            (element, col),
            lambda: (
                f"{verb} a {PIECE_NAMES[element]} unit at {self.board.name(square)}"
                + warning(terrain, element)
            ),
        )

    def select(self, piece: int, square: int) -> Action:
        return self._get(
            ("select", piece, square), "select", (square,), lambda: f"select {self.unit(piece, square)}"
        )

    def move(self, piece: int, square: int, to: int, terrain: int = NONE) -> Action:
        return self._get(
            ("move", piece, square, to, harms(terrain, piece) and terrain),
            "move",
            (to,),
            lambda: f"move {self.unit(piece, square)} to {self.board.name(to)}" + warning(terrain, piece),
        )

    def attack(self, piece: int, square: int, target_piece: int, target: int) -> Action:
        return self._get(
            ("attack", piece, square, target_piece, target),
            "attack",
            (target,),
            lambda: f"{self.unit(piece, square)} attacks {self.unit(target_piece, target)}",
        )

    def terraform(self, piece: int, square: int, shape: int) -> Action:
        return self._get(
            ("terraform", piece, square, shape),
            "terraform",
            (shape,),
            lambda: f"{self.unit(piece, square)} {TERRAFORM_WORDS[piece, shape]}",
        )

    def hold(self, piece: int, square: int, moved: bool) -> Action:
        words = "does not attack" if moved else "does nothing"
        return self._get(
            ("hold", piece, square, moved), "hold", (), lambda: f"{self.unit(piece, square)} {words}"
        )

    def end_turn(self) -> Action:
        return self._get(("end_turn",), "end_turn", (), lambda: "end the turn")
