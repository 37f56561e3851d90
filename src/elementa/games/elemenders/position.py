"""Elemenders positions: a state set up from JSON, and written back (see :mod:`elementa.core.positions`).

A position is the whole truth, the true monoliths included (never take one from a player)::

    {
      "phase": "turn",             # mark, first, place, turn, spawn_flip, spawn or over
      "to_move": 0,                # the seat whose decision it is (null at a chance node or the end)
      "turn": 4,                   # turns played so far, both players'
      "first_placer": 0,           # who placed the first unit (null before the coin)
      "first_mover": 0,            # who takes the first turn of each round (null before play)
      "true_monoliths": ["F1", "D10"],  # each seat's true monolith (null: not marked yet)
      "monoliths": [{"square": "B1", "health": 1}, ...],  # the standing ones; fallen ones left out
      "units": [{"square": "C4", "owner": 0, "element": "fire", "health": 2}, ...],
      "terrain": {"C4": "lava", "C5": "river"},  # squares without terrain left out
      "to_place": [{"fire": 0, "water": 0, "plant": 0}, {...}],  # starting units still to place
      "spawning": [],              # spawn phase: the seats still to place a spawned unit, in order
      "last_flip": "heads",        # the last spawn coin (null before the first)
      "active": null,              # the square of the unit acting (null: none selected)
      "moved": false,              # whether the last unit selected has moved (the active one may
                                   # still attack); the views show it, so it is kept after the unit
                                   # finishes
      "acted": ["C3"],             # the squares of the mover's units that have acted this turn
      "winner": null               # at the end: the winning seat, null for a draw
    }

Every field but ``units``, ``monoliths`` and ``true_monoliths`` has a default (a fresh turn of
seat 0 with nothing placed, spawned or acted); ``phase`` defaults to ``"turn"``. Which monolith
is true also sets its health (2, or 1 once hit): a hit true monolith is revealed to the opponent
(ruling ELM-12). The position's history starts empty: its saves and replays start from it.

Source: elemenders.txt (Setup, Spawning, Actions, Attacking, Monoliths and Winning the Game).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from elementa.core import PositionError
from elementa.core.positions import validate
from elementa.games.elemenders.board import ELEMENTS, MONOLITH, PIECE_NAMES, TERRAIN_NAMES, WIDTH
from elementa.games.elemenders.movement import attack_targets
from elementa.games.elemenders.state import (
    DECOY_HEALTH,
    FIRST,
    MARK,
    NOBODY,
    OVER,
    PLACE,
    SPAWN,
    SPAWN_FLIP,
    TRUE_HEALTH,
    TURN,
    UNIT_HEALTH,
    ElemendersState,
)

if TYPE_CHECKING:
    from elementa.games.elemenders.game import ElemendersGame

Seat = Literal[0, 1]
Element = Literal["fire", "water", "plant"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class UnitSpec(_Model):
    """One unit on the board."""

    square: str
    owner: Seat
    element: Element
    health: StrictInt = Field(UNIT_HEALTH, ge=1, le=UNIT_HEALTH)


class MonolithSpec(_Model):
    """One standing monolith (its owner is the seat whose home row it stands on)."""

    square: str
    health: StrictInt = Field(ge=1, le=TRUE_HEALTH)


def _count_words(n: int) -> str:
    """Return a small count in words (``"six"``), a larger one in digits."""
    words = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    return words[n] if n < len(words) else str(n)


class UnitsLeft(_Model):
    """Starting units of each element a seat still has to place."""

    fire: StrictInt = Field(0, ge=0, le=WIDTH)
    water: StrictInt = Field(0, ge=0, le=WIDTH)
    plant: StrictInt = Field(0, ge=0, le=WIDTH)


class ElemendersPosition(_Model):
    """The schema of an Elemenders position (the module docstring shows one)."""

    phase: Literal["mark", "first", "place", "turn", "spawn_flip", "spawn", "over"] = "turn"
    to_move: Seat | None = 0
    turn: StrictInt = Field(0, ge=0)
    first_placer: Seat | None = 0
    first_mover: Seat | None = 0
    true_monoliths: list[str | None] = Field(min_length=2, max_length=2)
    monoliths: list[MonolithSpec]
    units: list[UnitSpec]
    terrain: dict[str, Literal["lava", "river", "forest"]] = {}
    to_place: list[UnitsLeft] = Field([UnitsLeft(fire=0, water=0, plant=0)] * 2, min_length=2, max_length=2)
    spawning: list[Seat] = []
    last_flip: Literal["heads", "tails"] | None = None
    active: str | None = None
    moved: StrictBool = False
    acted: list[str] = []
    winner: Seat | None = None


def new_position(game: ElemendersGame, data: Mapping[str, Any], seed: int | None) -> ElemendersState:
    """Return the Elemenders state of a position (see the module docstring for its JSON).

    Raises:
        PositionError: a field of the wrong shape, or one that breaks a rule: a square off the
            board or named twice, a monolith off its owner's monolith squares or with a health its
            kind cannot have, a true monolith that is not the owner's, a decision the phase does not
            give that seat (each check names its rulebook section in :func:`_check`).
    """
    pos = validate(ElemendersPosition, data)
    s = ElemendersState(game, seed)
    g = s.board
    for sq in range(g.size):
        s.owner[sq], s.piece[sq], s.health[sq] = -1, 0, 0

    def square(field: str, name: str) -> int:
        try:
            return g.parse(name)
        except ValueError:
            raise PositionError(field, f"{name!r} is no square of the {g.cols}x{g.rows} board") from None

    for name, kind in pos.terrain.items():
        s.terrain[square(f"terrain.{name}", name)] = TERRAIN_NAMES.index(kind)
    true = [-1, -1]
    for p in (0, 1):
        marked = pos.true_monoliths[p]
        if marked is not None:
            true[p] = square(f"true_monoliths[{p}]", marked)
            if true[p] not in g.monolith_squares(p):
                # elemenders.txt, Monoliths and Winning: a player marks one of their own five
                raise PositionError(f"true_monoliths[{p}]", f"{marked} is not a monolith of player {p + 1}")
    s.true_square = true
    for i, m in enumerate(pos.monoliths):
        sq = square(f"monoliths[{i}].square", m.square)
        p = 0 if sq in g.monolith_squares(0) else 1 if sq in g.monolith_squares(1) else -1
        if p < 0:  # elemenders.txt, Setup: "the monolith locations must always match this" (ELM-2)
            raise PositionError(f"monoliths[{i}].square", f"no monolith stands on {m.square}")
        if s.owner[sq] >= 0:
            raise PositionError(f"monoliths[{i}].square", f"{m.square} is listed twice")
        # elemenders.txt, Monoliths and Winning: decoys have one health, the true monolith two
        if sq != true[p] and m.health != DECOY_HEALTH:
            raise PositionError(f"monoliths[{i}].health", "a decoy monolith has 1 health")
        s.owner[sq], s.piece[sq], s.health[sq] = p, MONOLITH, m.health
    for p in (0, 1):  # a hit on the true monolith reveals it (ruling ELM-12)
        t = true[p]
        s.revealed[p] = t >= 0 and not (s.owner[t] == p and s.health[t] == TRUE_HEALTH)
    for i, u in enumerate(pos.units):
        sq = square(f"units[{i}].square", u.square)
        if s.owner[sq] >= 0:  # elemenders.txt, Movement: units "cannot stop within the same tile"
            what = "a monolith" if s.piece[sq] == MONOLITH else "another unit"
            raise PositionError(f"units[{i}].square", f"occupied by {what}")
        s.owner[sq], s.piece[sq], s.health[sq] = u.owner, PIECE_NAMES.index(u.element), u.health
        s.units[u.owner].add(sq)
    s.phase = pos.phase
    s.turns_done = pos.turn
    s.first_placer = -1 if pos.first_placer is None else pos.first_placer
    s.first_mover = -1 if pos.first_mover is None else pos.first_mover
    s.to_place = [[getattr(left, PIECE_NAMES[e]) for e in ELEMENTS] for left in pos.to_place]
    for p, left in enumerate(s.to_place):  # no more than the option units starts with (ELM-22)
        for e in ELEMENTS:
            if left[e] > game.starting_units[e]:
                most = game.starting_units[e]
                raise PositionError(f"to_place[{p}].{PIECE_NAMES[e]}", f"at most {most} (the option units)")
    s.spawn_queue = list(pos.spawning)
    s.last_flip = -1 if pos.last_flip is None else int(pos.last_flip == "heads")
    s.winner = -1 if pos.winner is None else pos.winner
    s.to_move = 0 if pos.to_move is None else pos.to_move
    s.moved = pos.moved
    s.active = -1 if pos.active is None else square("active", pos.active)
    s.acted = {square(f"acted[{i}]", name) for i, name in enumerate(pos.acted)}
    _check(s, pos)
    if s.phase == TURN:  # the units of the mover still to act, as a turn keeps them
        waiting = s.units[s.to_move] - s.acted - {s.active}
        s.ready = game.actions.selects(s.piece, sorted(waiting))
    s._legal_of = NOBODY
    return s


def _check(s: ElemendersState, pos: ElemendersPosition) -> None:
    """Refuse a position the rules cannot reach (the piece placement is checked as it is read).

    Sources: elemenders.txt, Setup (who marks and places when), Actions (one activation per unit
    and turn, move before attack), Spawning (the order of the spawned units, ruling ELM-11),
    Monoliths and Winning (the fall of a true monolith ends the game); the turn limit is ruling
    ELM-15.
    """
    phase, limit = s.phase, s.game.options.max_turns
    chance_or_over = phase in (FIRST, SPAWN_FLIP, OVER)
    if chance_or_over != (pos.to_move is None):
        raise PositionError("to_move", "is null exactly at a coin flip or at the end of the game")
    if len(set(pos.acted)) != len(pos.acted):
        raise PositionError("acted", "names a square twice")
    fallen = [p for p in (0, 1) if s.true_square[p] >= 0 and s.owner[s.true_square[p]] != p]
    if phase != OVER:
        if fallen:  # Monoliths and Winning: the game ends when a true monolith is destroyed
            raise PositionError("true_monoliths", f"player {fallen[0] + 1}'s true monolith has fallen")
        if limit and s.turns_done >= limit:
            raise PositionError("turn", f"the game ends after {limit} turns (max_turns)")
        if s.winner >= 0:
            raise PositionError("winner", "the game is not over")
    if phase in (MARK, FIRST, PLACE):
        _check_setup(s, pos)
    elif any(sum(left) for left in s.to_place):
        raise PositionError("to_place", "every starting unit is placed before the first turn")
    elif s.first_mover < 0 or s.first_placer < 0:
        field = "first_mover" if s.first_mover < 0 else "first_placer"
        raise PositionError(field, "is decided before the first turn")
    if phase != TURN and (s.active >= 0 or s.acted):
        raise PositionError("active" if s.active >= 0 else "acted", "a unit acts only during a turn")
    if phase == SPAWN:
        _check_spawn(s, pos)
    elif s.spawn_queue:
        raise PositionError("spawning", "units are spawned only in the spawn phase")
    if phase == TURN:
        _check_turn(s)
    if phase == OVER:
        if s.winner >= 0 and fallen != [1 - s.winner]:
            raise PositionError("winner", f"player {2 - s.winner}'s true monolith is standing")
        if s.winner < 0 and (fallen or not limit or s.turns_done < limit):
            raise PositionError("winner", "a draw comes only at the turn limit (max_turns)")


def _check_setup(s: ElemendersState, pos: ElemendersPosition) -> None:
    """Setup: both seats mark a true monolith (seat 1 first), a coin says who places first, and the
    players alternate placing their six starting units on their home rows (elemenders.txt, Setup)."""
    g = s.board
    marked = [t >= 0 for t in s.true_square]
    if s.phase == MARK:
        want = [s.to_move == 1, False]
        if marked != want:
            raise PositionError("true_monoliths", "player 1 marks first, then player 2; nobody marks twice")
    elif not all(marked):
        raise PositionError("true_monoliths", "both players mark a true monolith before the coin")
    if any(s.revealed):  # a true monolith is hit only in play (Attacking)
        raise PositionError("monoliths", "no monolith is hit before play starts: a true one has 2 health")
    if s.phase != PLACE and s.first_placer >= 0:
        raise PositionError("first_placer", "the coin says who places first after the marks")
    if s.phase == PLACE and s.first_placer < 0:
        raise PositionError("first_placer", "the coin has said who places first")
    if s.first_mover >= 0 or s.turns_done or s.last_flip >= 0:
        field = "first_mover" if s.first_mover >= 0 else "turn" if s.turns_done else "last_flip"
        raise PositionError(field, "play has not started during setup")
    for p in (0, 1):
        if len(s.units[p]) + sum(s.to_place[p]) != sum(s.game.starting_units):
            raise PositionError(
                f"to_place[{p}]",
                f"placed and unplaced starting units make {_count_words(sum(s.game.starting_units))} (Setup)",
            )
        row = g.home_row(p)
        for i, u in enumerate(pos.units):
            if u.owner == p and g.parse(u.square) // g.cols != row:
                raise PositionError(f"units[{i}].square", "starting units stand on their home row")
        standing = [m for m in pos.monoliths if g.parse(m.square) in g.monolith_squares(p)]
        if len(standing) != len(g.monolith_cols):
            raise PositionError("monoliths", "no monolith falls before play starts")
    if s.phase == PLACE:
        placed = [len(s.units[0]), len(s.units[1])]
        first = s.first_placer
        # alternate placing: the first placer's turn when both have placed as many, unless the other
        # seat has finished (then one seat places the rest)
        if not sum(s.to_place[s.to_move]):
            raise PositionError("to_move", f"player {s.to_move + 1} has no unit left to place")
        other = 1 - s.to_move
        if sum(s.to_place[other]):
            ahead = placed[first] - placed[1 - first]
            expected = 1 - first if ahead == 1 else first if ahead == 0 else -1
            if expected != s.to_move:
                raise PositionError("to_move", "the players alternate placing, the first placer first")


def _check_spawn(s: ElemendersState, pos: ElemendersPosition) -> None:
    """Spawning: after heads, each player in turn order places one unit on a free square of their
    home row; a seat with a full row is skipped (elemenders.txt, Spawning; ruling ELM-11)."""
    queue = s.spawn_queue
    if not queue or pos.last_flip != "heads":
        raise PositionError("spawning", "a spawn follows heads and lists the seats still to place")
    if len(set(queue)) != len(queue) or (len(queue) == 2 and queue[0] != s.first_mover):
        raise PositionError("spawning", "each seat spawns once, the first mover first")
    if s.to_move != queue[0]:
        raise PositionError("to_move", f"player {queue[0] + 1} places the next spawned unit")
    if not s._free_home_squares(queue[0]):
        raise PositionError("spawning", f"player {queue[0] + 1}'s home row is full")


def _check_turn(s: ElemendersState) -> None:
    """A turn: the mover activates each unit once; a unit that moved may still attack, and only if an
    enemy piece is in reach (elemenders.txt, Actions, Movement, Attacking)."""
    mover, g = s.to_move, s.board
    if s.first_mover >= 0 and s.turns_done % 2 != (mover != s.first_mover):
        raise PositionError(
            "to_move", f"turn {s.turns_done} is player {(s.first_mover + s.turns_done) % 2 + 1}'s"
        )
    for sq in sorted(s.acted):
        if sq not in s.units[mover]:
            raise PositionError("acted", f"{g.name(sq)} holds no unit of player {mover + 1}")
    if s.active >= 0:
        if s.active not in s.units[mover]:
            raise PositionError("active", f"{g.name(s.active)} holds no unit of player {mover + 1}")
        if s.active in s.acted:
            raise PositionError("active", "a unit acts once a turn: this one has acted")
        if s.moved and not attack_targets(s.owner, s.active, s.game.reach):
            raise PositionError("moved", "a unit that moved with no enemy in reach has finished acting")
    elif not s.units[mover] - s.acted:
        raise PositionError("acted", "every unit has acted: the turn is over")


def position(s: ElemendersState) -> dict[str, Any]:
    """Return the JSON position of an Elemenders state (the inverse of :func:`new_position`)."""
    g, owner, piece, health = s.board, s.owner, s.piece, s.health
    units = [
        {"square": g.name(sq), "owner": owner[sq], "element": PIECE_NAMES[piece[sq]], "health": health[sq]}
        for sq in sorted(s.units[0] | s.units[1])
    ]
    monoliths = [
        {"square": g.name(sq), "health": health[sq]}
        for p in (0, 1)
        for sq in g.monolith_squares(p)
        if owner[sq] == p and piece[sq] == MONOLITH
    ]
    over_or_chance = s.phase in (FIRST, SPAWN_FLIP, OVER)
    return {
        "phase": s.phase,
        "to_move": None if over_or_chance else s.to_move,
        "turn": s.turns_done,
        "first_placer": None if s.first_placer < 0 else s.first_placer,
        "first_mover": None if s.first_mover < 0 else s.first_mover,
        "true_monoliths": [None if t < 0 else g.name(t) for t in s.true_square],
        "monoliths": monoliths,
        "units": units,
        "terrain": {g.name(sq): TERRAIN_NAMES[t] for sq, t in enumerate(s.terrain) if t},
        "to_place": [dict(zip(PIECE_NAMES, left, strict=False)) for left in s.to_place],
        "spawning": list(s.spawn_queue) if s.phase == SPAWN else [],
        "last_flip": None if s.last_flip < 0 else ("heads" if s.last_flip else "tails"),
        "active": None if s.active < 0 else g.name(s.active),
        "moved": s.moved,
        "acted": [g.name(sq) for sq in sorted(s.acted)],
        "winner": None if s.winner < 0 else s.winner,
    }


def redraw_true(origin: dict[str, Any], seat: int, old: str, new: str) -> dict[str, Any]:
    """Return a copy of a position with ``seat``'s true monolith moved from ``old`` to ``new`` (both
    standing and unhit, as ``resample_from_infostate`` redraws it), so that a resampled state's
    origin and history still lead to it."""
    out = dict(origin)
    true = list(out["true_monoliths"])
    true[seat] = new
    out["true_monoliths"] = true
    health = {old: DECOY_HEALTH, new: TRUE_HEALTH}
    out["monoliths"] = [
        {**m, "health": health[m["square"]]} if m["square"] in health else m for m in out["monoliths"]
    ]
    return out
