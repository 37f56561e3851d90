"""One position of Elemenders and the rules that move it on.

Phases, in order (``observation()["phase"]``):

* ``mark``: each player in turn secretly marks one of their five monoliths as the true one;
* ``first``: chance, one coin: who places the first unit;
* ``place``: the players alternate placing their six starting units on their home rows;
* ``turn``: the player to move activates their units one at a time (select, then move/attack,
  terraform or hold), or ends the turn; end-of-turn terrain effects follow;
* ``spawn_flip``: chance, one coin after each round of two turns; on heads, ``spawn``: each player
  (the first to move first) places one new unit on a free square of their home row;
* ``over``: a true monolith fell, or the turn limit was reached (a draw).

The pieces are kept in three lists indexed by square: ``owner`` (-1 when empty), ``piece`` and
``health``. Source: elemenders.txt throughout; rulings in docs/rulings/elemenders.md.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, NamedTuple

from mypy_extensions import mypyc_attr

from elementa.core import (
    CHANCE,
    TERMINAL,
    Action,
    Changed,
    Damaged,
    Moved,
    Noted,
    Place,
    Revealed,
    State,
    information_digest,
    win_shares,
)
from elementa.games.elemenders.actions import seat_name
from elementa.games.elemenders.board import (
    ELEMENTS,
    FOREST,
    HARMS,
    MONOLITH,
    PIECE_NAMES,
    PLANT,
    TERRAIN_NAMES,
    TERRAIN_OF,
    terraform,
)
from elementa.games.elemenders.movement import attack_targets, destinations
from elementa.games.elemenders.views import ElemendersView, MonolithView, UnitsLeft, UnitView

if TYPE_CHECKING:
    from elementa.games.elemenders.game import ElemendersGame

MARK, FIRST, PLACE, TURN, SPAWN_FLIP, SPAWN, OVER = (
    "mark",
    "first",
    "place",
    "turn",
    "spawn_flip",
    "spawn",
    "over",
)
NOBODY = -9
"""``_legal_of`` when no legal actions are kept (no seat, nor chance)."""
UNIT_HEALTH = 2
"""Health of every unit (source: elemenders.txt, Attacking)."""
TRUE_HEALTH, DECOY_HEALTH = 2, 1
"""Health of the true and of a decoy monolith (source: elemenders.txt, Monoliths and Winning)."""
STARTING_UNITS = 2
"""Starting units of each element per player (source: elemenders.txt, Setup)."""
TERRAIN_SYMBOLS = " ~=^"
_SYMBOL_TABLE = bytes.maketrans(bytes(range(len(TERRAIN_SYMBOLS))), TERRAIN_SYMBOLS.encode())
"""Turns a ``bytes`` of terrain values into their symbols (see ``observation``'s ``terrain``)."""


SeatUnits = dict[int, tuple[int, str, int]]
"""One seat's units as ``brief_observation`` shows them: ``(owner, element, health)`` by square."""


class BriefObservation(NamedTuple):
    """The part of a seat's observation the rule agent reads (``ElemendersState.brief_observation``)."""

    rows: int
    cols: int
    adjacency: int
    terrain: tuple[str, ...]
    """As ``observation()["terrain"]``: one string of terrain symbols per row, from row 1."""
    units: tuple[SeatUnits, SeatUnits]
    """Each seat's units: ``(owner, element, health)`` of each, by square number."""
    monoliths: dict[int, tuple[int, bool | None]]
    """``(owner, true)`` of every standing monolith, by square number; ``true`` is None where the viewer
    cannot tell (as in ``observation()["monoliths"]``)."""
    active: int
    """The square of the unit acting, -1 for none."""


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class ElemendersState(State["ElemendersGame"]):  # quoted: the game module imports this module
    """A position of Elemenders (see the module docstring for the phases)."""

    # slots, each assigned by name in clone: a clone's attributes would otherwise live in a dictionary
    # that clone wrote out (``__dict__.update``), which CPython 3.11 reads much more slowly than its
    # compact instance values while it has fewer than 30 keys
    __slots__ = (
        "_history",
        "_legal",
        "_legal_of",
        "_monoliths_seen",
        "_terrain_rows",
        "_units_seen",
        "acted",
        "active",
        "board",
        "first_mover",
        "first_placer",
        "game",
        "health",
        "last_flip",
        "moved",
        "owner",
        "phase",
        "piece",
        "ready",
        "revealed",
        "seed",
        "spawn_queue",
        "terrain",
        "to_move",
        "to_place",
        "true_square",
        "turns_done",
        "units",
        "winner",
    )

    def __init__(self, game: ElemendersGame, seed: int | None, *, blank: bool = False) -> None:
        super().__init__(game, seed)
        if blank:  # clone() sets the rest (compiled classes cannot be made without __init__)
            return
        g = game.board
        self.board = g
        self.terrain = [0] * g.size
        self.owner = [-1] * g.size
        self.piece = [0] * g.size
        self.health = [0] * g.size
        self.units: list[set[int]] = [set(), set()]
        """Each player's unit squares (monoliths are not units), kept as units enter, move and fall."""
        self.acted: set[int] = set()
        """The squares of the mover's units that have acted this turn."""
        self.ready: dict[int, Action] = {}
        """The select actions of the mover's units not yet selected this turn, by square, in square
        order."""
        for p in (0, 1):
            for s in g.monolith_squares(p):
                self.owner[s], self.piece[s], self.health[s] = p, MONOLITH, DECOY_HEALTH
        self.phase = MARK
        self.true_square = [-1, -1]
        self.revealed = [False, False]
        self.first_placer = -1
        self.first_mover = -1
        self.to_move = 0
        self.to_place = [list(game.starting_units), list(game.starting_units)]
        self.spawn_queue: list[int] = []
        self.active = -1
        self.moved = False
        self.turns_done = 0
        self.last_flip = -1
        self.winner = -1
        self._legal: list[Action] = []
        self._legal_of = NOBODY
        """The last legal actions built and whose they are (``NOBODY`` once the next action is
        applied)."""
        self._terrain_rows: tuple[str, ...] | None = None
        """The terrain as the observation shows it, until the next terraform."""
        self._monoliths_seen: list[dict[int, tuple[int, bool | None]] | None] = [None, None]
        """The standing monoliths as ``brief_observation`` shows them to each seat, once made, until
        what they show changes (``_monoliths_changed``); never modified in place."""
        self._units_seen: list[SeatUnits | None] = [None, None]
        """Each seat's units as ``brief_observation`` shows them (to either seat: units hide nothing),
        once made, until one of the seat's units is placed, is hurt or healed, or falls
        (``_units_changed``); a move makes a copy of its side's dict with the unit moved. Each dict is
        never modified in place."""

    # ------------------------------------------------------------------------------ core protocol
    def current_player(self) -> int:
        phase = self.phase
        if phase == TURN:  # most of a game
            return self.to_move
        if phase in (FIRST, SPAWN_FLIP):
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.to_move

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        make = self.game.actions
        if self.phase == FIRST:
            return [(make.first(0), 0.5), (make.first(1), 0.5)]
        return [(make.coin(1), 0.5), (make.coin(0), 0.5)]

    def _legal_actions(self, player: int) -> list[Action]:
        """Return the legal actions (a copy of those kept until the next action is applied)."""
        if self._legal_of != player:
            self._legal_of, self._legal = player, self._build_legal_actions(player)
        return list(self._legal)

    def _build_legal_actions(self, player: int) -> list[Action]:
        make, piece = self.game.actions, self.piece
        if self.phase != TURN:
            if self.phase == MARK:
                return [make.mark(i, s) for i, s in enumerate(self.board.monolith_squares(player))]
            return self._placements(player)
        if self.active < 0:
            return [*self.ready.values(), make.turn_end]
        me = self.active
        unit = make.of_unit(piece[me], me)
        targets = attack_targets(self.owner, me, self.game.reach)
        if self.moved:  # it may still attack (elemenders.txt, Actions)
            acts = unit.attacks(targets, piece)
            acts.append(unit.holds[1])
            return acts
        o, terrain = self.game.options, self.terrain
        reached = destinations(
            self.board,
            terrain,
            self.owner,
            piece,
            me,
            straight=o.straight_line_moves,
            pass_friendly_monolith=o.pass_friendly_monolith,
        )
        acts = unit.moves(reached, terrain)
        if targets:  # seldom: most activations have no enemy at hand
            acts += unit.attacks(targets, piece)
        acts += unit.terraforms
        acts.append(unit.holds[0])
        return acts

    def _apply(self, action: Action, player: int) -> None:
        self._legal_of = NOBODY
        kind, args = action.kind, action.args  # the turn's kinds first: they are most of a game
        if kind == "select":
            self.active, self.moved = args[0], False
            del self.ready[args[0]]
        elif kind == "move":
            self._move(args[0])
        elif kind == "attack":
            self._attack(player, args[0])
        elif kind == "terraform":
            element = self.piece[self.active]
            changed = terraform(self.board, self.terrain, self.active, TERRAIN_OF[element], args[0])
            self._terrain_rows = None
            if self.recording:
                terrain = TERRAIN_NAMES[TERRAIN_OF[element]]
                for square in changed:
                    self.emit(Changed("terrain", self._place_of(square), terrain))
            self._finish_unit()
        elif kind == "hold":
            self._finish_unit()
        elif kind == "end_turn":
            self._end_turn()
        elif kind == "coin":
            self._spawn_flip(args[0])
        elif kind == "place":
            self._place(player, args[0], args[1])
        elif kind == "first":
            self.first_placer = self.to_move = args[0]
            self.phase = PLACE
            if self.recording:
                self.emit(Noted(f"the coin says {seat_name(args[0])} places a unit first"))
        else:
            self._mark(player, args[0])

    def evaluate(self) -> list[float]:
        """Estimate each player's chance to win from material: units and monoliths left.

        A player's score is half a point per unit health (a whole unit is one point), half a point
        per standing decoy and two per health of the true monolith (the one that decides the game);
        :func:`~elementa.core.win_shares` turns the scores into chances (a lead of 1.5 points is
        worth odds of e to 1). Source: elemenders.txt, Attacking; Monoliths and Winning.
        """
        owner, piece, health = self.owner, self.piece, self.health
        scores = [0.0, 0.0]
        for p in (0, 1):  # halves and whole numbers: their sums are exact in any order
            for s in self.units[p]:
                scores[p] += 0.5 * health[s]
            for s in self.board.monolith_squares(p):
                if owner[s] == p and piece[s] == MONOLITH:  # standing
                    scores[p] += 2.0 * health[s] if s == self.true_square[p] else 0.5
        return win_shares(scores, 1.5)

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0, 0.0]
        if self.winner < 0:
            return [0.5, 0.5]
        return [1.0 if p == self.winner else 0.0 for p in (0, 1)]

    def roles(self) -> list[str] | None:
        """Return ``["moves first", "moves second"]`` in seat order once the coin has decided it."""
        if self.first_mover < 0:
            return None
        return ["moves first" if p == self.first_mover else "moves second" for p in (0, 1)]

    def describe_action(self, action: Action, player: int, viewer: int | None) -> str:
        """Hide which monolith another player marks as true; otherwise the action's label."""
        if action.kind == "mark" and viewer != player:
            return f"{seat_name(player)} marks a true monolith in secret"
        return super().describe_action(action, player, viewer)

    # ------------------------------------------------------------------------------------ setup
    def _mark(self, player: int, index: int) -> None:
        """Make a monolith the player's true one (source: elemenders.txt, Monoliths; ruling ELM-12)."""
        s = self.board.monolith_squares(player)[index]
        self.true_square[player] = s
        self.health[s] = TRUE_HEALTH
        self._monoliths_changed()
        if self.recording:
            self.emit(Noted(f"{seat_name(player)} marks a true monolith in secret"))
            self.emit(Revealed("true monolith", self._place_of(s), "marked"), (player,))
        if player == 0:
            self.to_move = 1
        else:
            self.phase = FIRST

    def _free_home_squares(self, player: int) -> list[int]:
        owner, g = self.owner, self.board
        row = g.home_row(player) * g.cols
        return [s for s in range(row, row + g.cols) if owner[s] < 0]

    def _placements(self, player: int) -> list[Action]:
        left = self.to_place[player] if self.phase == PLACE else [1, 1, 1]
        free = self._free_home_squares(player)
        spawn = self.phase == SPAWN
        make, terrain = self.game.actions, self.terrain
        acts: list[Action] = []
        for e in ELEMENTS:
            if left[e] > 0:
                acts += make.placements(e, free, spawn, terrain)
        return acts

    def _place(self, player: int, element: int, col: int) -> None:
        """Put a new unit on the home row (source: elemenders.txt, Setup and Spawning)."""
        s = self.board.home_row(player) * self.board.cols + col
        self.owner[s], self.piece[s], self.health[s] = player, element, UNIT_HEALTH
        self.units[player].add(s)
        self._units_changed(player)
        if self.recording:
            self.emit(Moved(self._unit_name(s), 1, Place("supply", player), self._place_of(s)))
        if self.phase == SPAWN:
            self.spawn_queue.pop(0)
            self._next_spawn()
            return
        self.to_place[player][element] -= 1
        other = 1 - player
        if sum(self.to_place[other]):
            self.to_move = other
        elif not sum(self.to_place[player]):
            first = self.game.options.first_turn == "first_placer"
            self.first_mover = self.first_placer if first else 1 - self.first_placer
            self._start_turn(self.first_mover)

    # ------------------------------------------------------------------------------------ turns
    def _start_turn(self, player: int) -> None:
        self.phase, self.to_move, self.active = TURN, player, -1
        self.ready = self.game.actions.selects(self.piece, sorted(self.units[player]))
        if not self.ready:
            self._end_turn()

    def _move(self, to: int) -> None:
        """Move the active unit; it may still attack (source: elemenders.txt, Actions, Movement)."""
        fr, owner, piece, health = self.active, self.owner, self.piece, self.health
        owner[to], piece[to], health[to] = owner[fr], piece[fr], health[fr]
        owner[fr] = -1
        if self.recording:
            self.emit(Moved(self._unit_name(to), 1, self._place_of(fr), self._place_of(to)))
        units = self.units[owner[to]]
        units.remove(fr)
        units.add(to)
        seen, p = self._units_seen, owner[to]
        side = seen[p]
        if side is not None:  # the unit moves in a copy of its side's dict handed out
            side = seen[p] = side.copy()
            side[to] = side.pop(fr)
        self.active, self.moved = to, True
        if not attack_targets(owner, to, self.game.reach):
            self._finish_unit()

    def _attack(self, player: int, target: int) -> None:
        """One point of damage; a destroyed true monolith wins (source: elemenders.txt, Attacking,
        Monoliths and Winning; ruling ELM-12 on what a hit reveals)."""
        enemy = self.owner[target]
        if self.piece[target] == MONOLITH:  # it may fall, or be revealed the true one
            self._monoliths_changed()
        else:
            self._units_changed(enemy)
        self.health[target] -= 1
        if self.health[target] <= 0:
            self.owner[target] = -1
            self.units[enemy].discard(target)  # a monolith is no unit
        hit_true = target == self.true_square[enemy]
        if hit_true:
            self.revealed[enemy] = True
        if self.recording:
            self._emit_hit(enemy, target, 1)
        if hit_true and self.health[target] <= 0:
            self.winner, self.phase = player, OVER
            return
        self._finish_unit()

    def _finish_unit(self) -> None:
        self.acted.add(self.active)
        self.active = -1
        if not self.ready:
            self._end_turn()

    def _end_turn(self) -> None:
        """Terrain effects on the mover's units, then the next turn or the spawn flip.

        Source: elemenders.txt, Lava, Rivers, Forests (rulings ELM-9, ELM-18), Spawning; the turn
        limit is ruling ELM-15.
        """
        player, owner, piece, health = self.to_move, self.owner, self.piece, self.health
        terrain, units = self.terrain, self.units[player]
        for s in sorted(units):
            t, kind = terrain[s], piece[s]
            if HARMS[t][kind]:
                health[s] -= 1
                if health[s] <= 0:
                    owner[s] = -1
                    units.remove(s)
                self._units_changed(player)
                if self.recording:
                    self._emit_hit(player, s, 1)
            elif t == FOREST and kind == PLANT and health[s] < UNIT_HEALTH:
                healed = UNIT_HEALTH - health[s]
                health[s] = UNIT_HEALTH
                self._units_changed(player)
                if self.recording:
                    self._emit_hit(player, s, -healed)
        self.acted = set()
        self.ready = {}
        self.active = -1
        self.turns_done += 1
        limit = self.game.options.max_turns
        if limit and self.turns_done >= limit:
            self.phase = OVER
            self._monoliths_changed()  # every monolith's truth is shown
        elif player == self.first_mover:
            self._start_turn(1 - player)
        elif self.game.options.spawning:
            self.phase = SPAWN_FLIP
        else:  # no spawning (ruling ELM-22): the next round at once
            self._start_turn(self.first_mover)

    def _spawn_flip(self, heads: int) -> None:
        """Source: elemenders.txt, Spawning; order and full rows: ruling ELM-11."""
        self.last_flip = heads
        if self.recording:
            self.emit(Changed("spawn coin", Place("table"), "heads" if heads else "tails"))
        self.spawn_queue = [self.first_mover, 1 - self.first_mover] if heads else []
        self.phase = SPAWN
        self._next_spawn()

    def _next_spawn(self) -> None:
        while self.spawn_queue and not self._free_home_squares(self.spawn_queue[0]):
            self.spawn_queue.pop(0)
        if self.spawn_queue:
            self.to_move = self.spawn_queue[0]
        else:
            self._start_turn(self.first_mover)

    # ----------------------------------------------------------------------------------- events
    def _place_of(self, square: int) -> Place:
        """The event place of a square: ``Place("square", None, square, "C4")``."""
        return Place("square", None, square, self.board.name(square))

    def _unit_name(self, square: int) -> str:
        return f"{PIECE_NAMES[self.piece[square]]} unit of {seat_name(self.owner[square])}"

    def _emit_hit(self, owner: int, square: int, amount: int) -> None:
        """Record damage (or, negative, healing) to ``owner``'s piece on ``square``, its health left
        shown to those the observation shows it to (``_monolith_known``: a standing monolith's
        health is its owner's secret until a hit reveals the true one; ruling ELM-12)."""
        piece, health = self.piece[square], self.health[square]
        what = "monolith" if piece == MONOLITH else PIECE_NAMES[piece] + " unit"
        where = Place("square", owner, square, f"{self.board.name(square)} ({what})")
        public = piece != MONOLITH or self._monolith_known(owner, square, self.phase == OVER, health > 0)
        self.emit(Damaged(where, amount, max(health, 0)), None if public else (owner,))

    # ----------------------------------------------------------------------- information and copies
    def observation(self, player: int | None) -> dict[str, Any]:
        """Return what ``player`` (or a spectator, ``None``) sees, JSON-ready: the JSON form of
        :meth:`view` (its fields are documented in :mod:`.views`)."""
        return self.view(player).to_json()

    def view(self, player: int | None) -> ElemendersView:
        """Return what ``player`` (or a spectator, ``None``) sees, typed (see :mod:`.views`).

        A monolith shows its truth and health to its owner; to anyone else both are ``None``
        until a hit reveals it (ruling ELM-12) or the game is over.
        """
        g = self.board
        over = self.phase == OVER
        owner, piece, health, acted, places = self.owner, self.piece, self.health, self.acted, g.places
        units = tuple(
            UnitView(name, row, col, owner[s], PIECE_NAMES[piece[s]], health[s], s in acted)
            for s in sorted(self.units[0] | self.units[1])
            for name, row, col in (places[s],)
        )
        monoliths = []
        for p in (0, 1):
            true_square, shown = self.true_square[p], over or player == p
            for s in g.monolith_squares(p):
                standing = owner[s] == p and piece[s] == MONOLITH
                is_true = s == true_square
                known = self._monolith_known(p, s, shown, standing)
                name, row, col = places[s]
                monoliths.append(
                    MonolithView(
                        name,
                        row,
                        col,
                        p,
                        standing,
                        (is_true if true_square >= 0 else None) if known else None,
                        (health[s] if standing else 0) if known else None,
                    )
                )
        marked = self.true_square
        return ElemendersView(
            rows=g.rows,
            cols=g.cols,
            adjacency=self.game.options.adjacency,
            max_turns=self.game.options.max_turns,
            viewer=player,
            phase=self.phase,
            to_move=self.current_player(),
            turn=self.turns_done,
            first_placer=None if self.first_placer < 0 else self.first_placer,
            first_mover=None if self.first_mover < 0 else self.first_mover,
            marked=(marked[0] >= 0, marked[1] >= 0),
            to_place=(UnitsLeft(*self.to_place[0]), UnitsLeft(*self.to_place[1])),
            spawning=tuple(self.spawn_queue) if self.phase == SPAWN else (),
            last_flip=None if self.last_flip < 0 else ("heads" if self.last_flip else "tails"),
            active=None if self.active < 0 else g.name(self.active),
            moved=self.moved,
            winner=None if self.winner < 0 else self.winner,
            terrain=self.terrain_rows(),
            units=units,
            monoliths=tuple(monoliths),
        )

    def information_state_key(self, player: int) -> bytes:
        """Return ``player``'s information-state key: the digest of what ``observation(player)`` shows.

        The same facts as :meth:`observation`, written compactly (numbers instead of names, tuples
        instead of dicts; the options left out, as they are the game's), under the same visibility
        rule (:meth:`_monolith_known`): two states of a game get one key for a seat exactly when it
        sees the same observation. tests/elemenders/test_information_key.py checks that at the nodes of
        seeded playouts, in clones and in resampled states. A search asks for a key at every tree node
        it walks.

        Args:
            player: the seat (0 or 1).

        Returns:
            16 bytes (:func:`elementa.core.information_digest`).
        """
        owner, piece, health, acted = self.owner, self.piece, self.health, self.acted
        over = self.phase == OVER
        monoliths: list[tuple[bool, bool | None, int] | None] = []
        for p in (0, 1):
            true_square, shown = self.true_square[p], over or player == p
            for s in self.board.monolith_squares(p):
                standing = owner[s] == p and piece[s] == MONOLITH
                if self._monolith_known(p, s, shown, standing):
                    is_true = s == true_square if true_square >= 0 else None
                    monoliths.append((standing, is_true, health[s] if standing else 0))
                else:
                    monoliths.append(None)  # standing, truth and health hidden
        last_flip = self.last_flip
        squares = sorted(self.units[0] | self.units[1])
        units = [(s, owner[s], piece[s], health[s], s in acted) for s in squares]
        return information_digest(  # as the observation reads them, any negative seat or square is none
            (
                player,
                self.phase,
                self.current_player(),
                self.turns_done,
                max(self.first_placer, -1),
                max(self.first_mover, -1),
                [s >= 0 for s in self.true_square],
                self.to_place,
                self.spawn_queue if self.phase == SPAWN else [],
                None if last_flip < 0 else last_flip != 0,
                max(self.active, -1),
                self.moved,
                max(self.winner, -1),
                bytes(self.terrain),
                units,
                monoliths,
            )
        )

    def _monoliths_changed(self) -> None:
        """Drop the monoliths ``brief_observation`` keeps: one fell or was revealed the true one, a
        true one was marked or redrawn, or the game ended."""
        self._monoliths_seen = [None, None]

    def _units_changed(self, player: int) -> None:
        """Drop the units of ``player`` that ``brief_observation`` keeps: one was placed, hurt or
        healed, or fell."""
        self._units_seen[player] = None

    def _monolith_known(self, p: int, square: int, shown: bool, standing: bool) -> bool:
        """Whether a viewer sees the truth and health of player ``p``'s monolith on ``square``:
        ``shown`` (the viewer owns it, or the game is over), fallen, or the true one revealed by a hit
        (ruling ELM-12). The one visibility rule of ``observation``, ``brief_observation`` and
        ``information_state_key``."""
        return shown or not standing or (square == self.true_square[p] and self.revealed[p])

    def terrain_rows(self) -> tuple[str, ...]:
        """Return the terrain as ``observation()["terrain"]`` shows it (kept until the next terraform)."""
        if self._terrain_rows is None:
            g = self.board
            symbols = bytes(self.terrain).translate(_SYMBOL_TABLE).decode()
            self._terrain_rows = tuple(symbols[i : i + g.cols] for i in range(0, g.size, g.cols))
        return self._terrain_rows

    def brief_observation(self, player: int) -> BriefObservation:
        """Return the part of ``observation(player)`` the rule agent reads, by square number, without
        building the full JSON-ready observation (a search calls the agent at every rollout step).

        It is derived from the same fields under the same visibility rule (``_monolith_known``);
        tests/elemenders/test_brief_observation.py checks it against ``observation`` at every node,
        in clones and in resampled states. Its units and monoliths are kept until they change (dicts
        the caller only reads).
        """
        first, second = seen = self._units_seen
        if first is None:
            first = seen[0] = self._seat_units(0)
        if second is None:
            second = seen[1] = self._seat_units(1)
        monoliths = self._monoliths_seen[player]
        if monoliths is None:
            monoliths = self._monoliths_seen[player] = self._standing_monoliths(player)
        g, rows = self.board, self._terrain_rows
        if rows is None:
            rows = self.terrain_rows()
        # tuple.__new__ is what BriefObservation(...) calls, without the frame of its __new__
        return tuple.__new__(
            BriefObservation,
            (g.rows, g.cols, self.game.options.adjacency, rows, (first, second), monoliths, self.active),
        )

    def _seat_units(self, p: int) -> SeatUnits:
        """Return ``brief_observation``'s units of seat ``p``, worked out."""
        piece, health = self.piece, self.health
        return {s: (p, PIECE_NAMES[piece[s]], health[s]) for s in self.units[p]}

    def _standing_monoliths(self, player: int) -> dict[int, tuple[int, bool | None]]:
        """Return ``brief_observation(player)``'s monoliths, worked out."""
        owner, piece = self.owner, self.piece
        monoliths: dict[int, tuple[int, bool | None]] = {}
        over = self.phase == OVER
        for p in (0, 1):
            true_square, shown = self.true_square[p], over or player == p
            for s in self.board.monolith_squares(p):
                if owner[s] == p and piece[s] == MONOLITH:  # standing
                    known = self._monolith_known(p, s, shown, True)
                    monoliths[s] = (p, (s == true_square if true_square >= 0 else None) if known else None)
        return monoliths

    def resample_from_infostate(self, player: int, rng: random.Random) -> ElemendersState:
        """Return a copy in which the opponent's true monolith is redrawn among those ``player`` cannot
        tell apart: the opponent's standing monoliths, unless a hit has already revealed the true one.

        The recorded history is rewritten to match, so that replaying it gives the copy.
        """
        s = self.clone()
        q = 1 - player
        old = self.true_square[q]
        if self.phase == OVER or old < 0 or self.revealed[q]:
            return s
        standing = [
            m for m in self.board.monolith_squares(q) if self.owner[m] == q and self.piece[m] == MONOLITH
        ]
        new = rng.choice(standing)
        s.health[old], s.health[new] = DECOY_HEALTH, TRUE_HEALTH
        s.true_square[q] = new
        s._legal_of = NOBODY  # the kept legal actions belong to the state before the redraw
        s._monoliths_seen[q] = None  # the redraw shows only to the opponent: ``player``'s are the same
        sp = self.game.action_space
        columns = self.board.monolith_cols
        old_id = sp.encode("mark", columns.index(old % self.board.cols))
        new_id = sp.encode("mark", columns.index(new % self.board.cols))
        if (q, old_id) in s._history:
            mark = s._history.index((q, old_id))  # the opponent's one mark, among the first actions
            s._history[mark] = (q, new_id)
        elif s._origin is not None:  # marked in the position the game was set up from
            from elementa.games.elemenders.position import redraw_true

            s._origin = redraw_true(s._origin, q, self.board.name(old), self.board.name(new))
        return s

    def clone(self) -> ElemendersState:
        """Return an independent copy (the position's lists, sets and dicts are copied; the board
        geometry, the game, and the kept legal actions, terrain rows, units and monoliths, which are
        never modified in place, are shared)."""
        s = ElemendersState(self.game, self.seed, blank=True)
        s.board = self.board
        s.phase, s.to_move, s.active, s.moved = self.phase, self.to_move, self.active, self.moved
        s.first_placer, s.first_mover = self.first_placer, self.first_mover
        s.turns_done, s.last_flip, s.winner = self.turns_done, self.last_flip, self.winner
        s._legal, s._legal_of = self._legal, self._legal_of
        s._terrain_rows, s._units_seen = self._terrain_rows, self._units_seen[:]
        s.terrain, s.owner, s.piece, s.health = self.terrain[:], self.owner[:], self.piece[:], self.health[:]
        s.true_square, s.revealed = self.true_square[:], self.revealed[:]
        s._monoliths_seen = self._monoliths_seen[:]
        s.units = [self.units[0].copy(), self.units[1].copy()]
        s.acted = self.acted.copy()
        s.ready = self.ready.copy()
        s.to_place = [left[:] for left in self.to_place]
        s.spawn_queue = self.spawn_queue[:]
        s._history = self._history[:]
        s.recording, s._events = self.recording, self._events
        if self._origin is not None:
            s._origin = self._origin
        return s

    def position(self) -> dict[str, Any]:
        """Return this state as a position (:mod:`elementa.games.elemenders.position`)."""
        from elementa.games.elemenders.position import position

        return position(self)

    def __str__(self) -> str:
        """Return the board as a spectator sees it, top row first (no true monolith is shown).

        Each square is three characters: the terrain symbol (``~`` lava, ``=`` river, ``^`` forest),
        then the piece: ``F``/``W``/``P`` for player 1's units, ``f``/``w``/``p`` for player 2's, ``M``
        or ``m`` for monoliths, followed by its health (``?`` for a monolith still hidden).
        """
        g = self.board
        view = self.observation(None)
        pieces: dict[str, str] = {}
        for u in view["units"]:
            letter = u["element"][0].upper() if u["owner"] == 0 else u["element"][0]
            pieces[u["square"]] = f"{letter}{u['health']}"
        for m in view["monoliths"]:
            if m["standing"]:
                pieces[m["square"]] = ("M" if m["owner"] == 0 else "m") + (
                    "?" if m["health"] is None else str(m["health"])
                )
        lines = []
        for r in reversed(range(g.rows)):
            cells = [
                TERRAIN_SYMBOLS[self.terrain[g.square(r, c)]] + pieces.get(g.name(g.square(r, c)), " .")
                for c in range(g.cols)
            ]
            lines.append(f"{r + 1:>2} " + "".join(cells))
        lines.append("   " + "".join(f"  {chr(ord('A') + c)}" for c in range(g.cols)))
        status = f"phase {self.phase}, turn {self.turns_done}"
        if self.phase == OVER:
            status += ", draw" if self.winner < 0 else f", {seat_name(self.winner)} wins"
        elif self.current_player() >= 0:
            status += f", {seat_name(self.current_player())} to move"
        lines.append(status)
        return "\n".join(lines)
