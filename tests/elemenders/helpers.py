"""Drive Elemenders through its public API with a short move notation, for readable rule tests.

Squares are named as on the board (``"C4"``: column letter, row from 1). A move string is one unit's
activation: ``"G1-G3"`` (move; no attack), ``"G3-G5xG6"`` (move, then attack), ``"G5xG6"`` (attack
without moving), ``"G1 cross"`` / ``"C1 vertical"`` / ``"C1 horizontal"`` (terraform) or
``"G1 hold"``. Every step is applied by id from the legal actions; chance outcomes are supplied
explicitly.
"""

from __future__ import annotations

import re
from typing import Any

from elementa.core import Action, Game, State, load_game

COLS = 11
ELEMENT = {"fire": 0, "water": 1, "plant": 2}
SHAPE = {"cross": 0, "vertical": 1, "horizontal": 2}
P1_ARMY = ("A1 fire", "C1 water", "E1 plant", "G1 fire", "I1 water", "K1 plant")
P2_ARMY = ("A10 water", "C10 fire", "E10 plant", "G10 water", "I10 fire", "K10 plant")
MOVE = re.compile(r"^([A-K]\d+)(?:-([A-K]\d+))?(?:x([A-K]\d+))?(?: (cross|vertical|horizontal|hold))?$")


def sq(name: str) -> int:
    """Return the square number of a name (independent of the game's own parser)."""
    return (int(name[1:]) - 1) * COLS + ord(name[0]) - ord("A")


def name(square: int) -> str:
    row, col = divmod(square, COLS)
    return f"{chr(ord('A') + col)}{row + 1}"


def act(state: State, kind: str, *args: int) -> Action:
    """Apply the legal action ``kind(*args)`` by id; fail the test if it is not legal."""
    for a in state.legal_actions():
        if a.kind == kind and a.args == args:
            state.apply_action(a.id)
            return a
    legal = [str(a) for a in state.legal_actions()]
    raise AssertionError(f"{kind}{args} is not legal; legal: {legal}")


def start(
    game: Game | None = None,
    *,
    marks: tuple[int, int] = (2, 2),
    first: int = 0,
    armies: tuple[tuple[str, ...], tuple[str, ...]] = (P1_ARMY, P2_ARMY),
) -> State:
    """Return a game after setup: marks (monolith index 0-4 per seat), the coin, the placements."""
    state = (game or load_game("elemenders")).new_initial_state(seed=0)
    act(state, "mark", marks[0])
    act(state, "mark", marks[1])
    act(state, "first", first)
    queues = [list(armies[0]), list(armies[1])]
    while phase(state) == "place":
        square, element = queues[state.current_player()].pop(0).split()
        act(state, "place", ELEMENT[element], sq(square) % COLS)
    return state


def phase(state: State) -> str:
    return str(state.observation(None)["phase"])


def play(state: State, *moves: str, flip: str | None = "tails") -> None:
    """Play the current player's turn: the moves in order, then end the turn if it has not ended.

    Then, at the spawn flip, supply ``flip`` ("tails" or "heads"; ``None`` leaves the chance node).
    """
    player = state.current_player()
    for move in moves:
        m = MOVE.match(move)
        assert m, f"bad move notation {move!r}"
        unit, to, target, verb = m.groups()
        act(state, "select", sq(unit))
        if to:
            act(state, "move", sq(to))
        if target:
            act(state, "attack", sq(target))
        elif verb in SHAPE:
            act(state, "terraform", SHAPE[verb])
        elif verb == "hold" or (to and state.observation(None)["active"] == to):
            act(state, "hold")
    if phase(state) == "turn" and state.current_player() == player:
        act(state, "end_turn")
    if flip and phase(state) == "spawn_flip":
        act(state, "coin", 1 if flip == "heads" else 0)


def destinations(state: State, unit: str) -> set[str]:
    """Return the squares the unit on ``unit`` may move to (selecting it on a copy)."""
    s = state.clone()
    act(s, "select", sq(unit))
    return {name(a.args[0]) for a in s.legal_actions() if a.kind == "move"}


def unit_at(state: State, square: str, viewer: int | None = None) -> dict[str, Any] | None:
    return next((u for u in state.observation(viewer)["units"] if u["square"] == square), None)


def monolith_at(state: State, square: str, viewer: int | None = None) -> dict[str, Any]:
    return next(m for m in state.observation(viewer)["monoliths"] if m["square"] == square)


def terrain_at(state: State, square: str) -> str:
    row, col = divmod(sq(square), COLS)
    symbol = state.observation(None)["terrain"][row][col]
    return {" ": "none", "~": "lava", "=": "river", "^": "forest"}[symbol]
