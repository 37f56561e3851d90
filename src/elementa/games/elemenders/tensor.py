"""The Elemenders observation tensor: a fixed-length float encoding of the typed view ``view(p)``
(:class:`~.views.ElemendersView`; the observation dict ``observation(p)`` gives the same numbers).

Every entry lies in 0..1. "Own" and "opponent" are from the viewer's side. Fields, in order:

- ``board``: 17 planes of ``rows x cols`` (plane-major, then row from row 1, then column):
  lava, river, forest; own fire, water, plant unit; opponent fire, water, plant unit; unit health / 2;
  unit has acted; the unit acting now; own standing monolith; opponent standing monolith; monolith
  known to be the true one; monolith known to be a decoy; monolith health / 2 where known. The
  opponent's monoliths are "unknown" (both zeros) until the observation reveals them, so the hidden
  true monolith never shows.
- ``phase``: one-hot over mark, first, place, turn, spawn_flip, spawn, over.
- ``to_move``: 1 when the viewer is to move. ``turn``: turns done / max_turns (/ 200 without a limit).
- ``first_placer``, ``first_mover``, ``winner``: one-hot over (own, opponent), zeros while unknown.
- ``marked``: (own, opponent) true monolith chosen. ``to_place``: units left to place, own fire,
  water, plant then the opponent's, each / 6. ``spawning``: (own, opponent) still to spawn.
- ``last_flip``: one-hot over heads, tails. ``moved``: the acting unit has moved.
"""

from __future__ import annotations

from typing import Any

from elementa.core.tensor import ObservationEncoder, TensorField, bag, one_hot, rotate, scaled
from elementa.games.elemenders.views import ElemendersView

PHASES = ("mark", "first", "place", "turn", "spawn_flip", "spawn", "over")
ELEMENTS = ("fire", "water", "plant")
TERRAIN = "~=^"
PLANES = 17


def encoder(game: Any) -> ObservationEncoder:
    """Return the tensor layout for an Elemenders game (its board size)."""
    rows, cols = game.board.rows, game.board.cols
    area = rows * cols
    turns = game.options.max_turns or 200

    def planes(obs: ElemendersView, v: int) -> list[float]:
        out = [0.0] * (PLANES * area)

        def put(plane: int, row: int, col: int, value: float = 1.0) -> None:
            out[plane * area + row * cols + col] = value

        for r, line in enumerate(obs.terrain):
            for c, ch in enumerate(line):
                if ch in TERRAIN:
                    put(TERRAIN.index(ch), r, c)
        for u in obs.units:
            side = 0 if u.owner == v else 1
            put(3 + 3 * side + ELEMENTS.index(u.element), u.row, u.col)
            put(9, u.row, u.col, scaled(u.health, 2))
            put(10, u.row, u.col, float(u.acted))
            if u.square == obs.active:
                put(11, u.row, u.col)
        for m in obs.monoliths:
            r, c = m.row, m.col
            if m.standing:
                put(12 if m.owner == v else 13, r, c)
            if m.true is True:
                put(14, r, c)
            elif m.true is False:
                put(15, r, c)
            put(16, r, c, scaled(m.health, 2))
        return out

    def side(seat: int | None, v: int) -> list[float]:
        return one_hot(rotate(seat, v, 2), 2)

    def to_place(obs: ElemendersView, v: int) -> list[float]:
        return [scaled(getattr(obs.to_place[p], e), 6) for p in (v, 1 - v) for e in ELEMENTS]

    return ObservationEncoder(
        [
            TensorField("board", PLANES * area, f"17 planes of {rows}x{cols} (see module doc)", planes),
            TensorField("phase", len(PHASES), "phase, one-hot",
                        lambda o, v: one_hot(PHASES.index(o.phase), len(PHASES))),
            TensorField("to_move", 1, "the viewer is to move", lambda o, v: [float(o.to_move == v)]),
            TensorField("turn", 1, "turns done / max_turns", lambda o, v: [scaled(o.turn, turns)]),
            TensorField("first_placer", 2, "own, opponent", lambda o, v: side(o.first_placer, v)),
            TensorField("first_mover", 2, "own, opponent", lambda o, v: side(o.first_mover, v)),
            TensorField("winner", 2, "own, opponent", lambda o, v: side(o.winner, v)),
            TensorField("marked", 2, "true monolith chosen: own, opponent",
                        lambda o, v: [float(o.marked[v]), float(o.marked[1 - v])]),
            TensorField("to_place", 6, "units left to place / 6", to_place),
            TensorField("spawning", 2, "still to spawn: own, opponent",
                        lambda o, v: bag((rotate(p, v, 2) for p in o.spawning), range(2))),
            TensorField("last_flip", 2, "heads, tails", lambda o, v: [
                float(o.last_flip == "heads"), float(o.last_flip == "tails")]),
            TensorField("moved", 1, "the acting unit has moved", lambda o, v: [float(o.moved)]),
        ],
        view=ElemendersView,
    )  # fmt: skip
