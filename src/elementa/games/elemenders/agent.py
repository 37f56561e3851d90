"""A rule-based Elemenders player that reads only its observation (the brief view of it that
ElemendersState.brief_observation gives) and its legal actions.

It marks a true monolith at random, places and spawns a balanced army, then each turn activates its
units nearest to the enemy first and scores every legal action of the unit:

* hitting a monolith comes first (a revealed true monolith most of all), then hitting units, above
  all those next to its own monoliths;
* a move is worth its progress towards the nearest standing enemy monolith, plus the best attack it
  opens, minus the harm of the terrain it ends on (lava for non-fire units, river for fire units);
* terraforming is worth what it changes: a wounded plant growing forest under itself, a water unit
  washing away the lava under it, lava under enemy units, a river that runs towards the enemy.

Ties are broken with the agent's own seeded generator.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Final

from elementa.core import Action, Agent, State
from elementa.games.elemenders.board import CROSS, HORIZONTAL, VERTICAL, board
from elementa.games.elemenders.movement import attack_reach

if TYPE_CHECKING:
    from elementa.games.elemenders.state import BriefObservation, ElemendersState

SYMBOL = {" ": "none", "~": "lava", "=": "river", "^": "forest"}
HARMS = {"fire": "river", "water": "lava", "plant": "lava"}
MAKES = {"fire": "lava", "water": "river", "plant": "forest"}
BEATS = {"lava": "forest", "river": "lava", "forest": "river"}
ELEMENT_NAMES = ("fire", "water", "plant")
OWNER: Final = 0
ELEMENT: Final = 1
HEALTH: Final = 2
"""Fields of a unit and of a monolith in a ``BriefObservation``."""
Unit = tuple[int, str, int]
"""A unit as a ``BriefObservation`` shows it: owner, element, health."""


@lru_cache(maxsize=256)
def _goal_distances(rows: int, cols: int, goals: tuple[int, ...]) -> tuple[int, ...]:
    """Return, per square, the Manhattan distance to the nearest of ``goals`` (0 when there is none)."""
    return tuple(
        min((abs(s // cols - g // cols) + abs(s % cols - g % cols) for g in goals), default=0)
        for s in range(rows * cols)
    )


@lru_cache(maxsize=1024)
def _terrain(rows: tuple[str, ...]) -> tuple[str, ...]:
    """Return the terrain name of every square from the observation's rows of terrain symbols."""
    return tuple(SYMBOL[ch] for row in rows for ch in row)


_NO_BONUS: Final[dict[str, float]] = {}
"""The view's ``bonus`` while no unit is active (never filled)."""


@cache
def _ending_bonus(element: str, health: int) -> dict[str, float]:
    """Return, per terrain name, what ending the turn on it is worth to a unit of ``element`` with
    ``health`` besides the steps to the goal: the harm of lava or river, a wounded plant's forest."""
    return {
        t: (-(40.0 if health == 1 else 15.0) if t == HARMS[element] else 0.0)
        + (12.0 if element == "plant" and t == "forest" and health < 2 else 0.0)
        for t in SYMBOL.values()
    }


@cache
def _patterns(rows: int, cols: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Return, per terraform shape (``board.CROSS``, ``VERTICAL``, ``HORIZONTAL``) and square, the
    squares of the pattern's arms around it (:meth:`.board.Board.arms`; blocking ignored)."""
    geometry = board(rows, cols)
    return tuple(
        tuple(tuple(s for arm in geometry.arms(c, shape) for s in arm) for c in range(geometry.size))
        for shape in (CROSS, VERTICAL, HORIZONTAL)
    )


class _Goals:
    """What the agent reads from the board and the standing monoliths of an observation (made once
    for each monoliths dict a state hands out: it never changes one in place).

    Attributes:
        cols: the board's columns.
        near: per square, the squares a unit there can attack (``movement.attack_reach``).
        patterns: per terraform shape and square, the squares it reaches (:func:`_patterns`).
        guarded: the squares of its own standing monoliths.
        threatened: the squares next to them (from which a unit can attack one).
        targets: the squares of the enemy's standing monoliths.
        in_reach: the squares next to them (from which a unit can attack one).
        distances: per square, the steps to the nearest goal: a known true enemy monolith, else any
            standing one.
    """

    def __init__(self, obs: BriefObservation, me: int) -> None:
        monoliths = obs.monoliths
        self.cols = obs.cols
        self.near = near = attack_reach(board(obs.rows, obs.cols), obs.adjacency)
        self.patterns = _patterns(obs.rows, obs.cols)
        self.guarded = [s for s, m in monoliths.items() if m[OWNER] == me]
        self.threatened = {s for m in self.guarded for s in near[m]}
        self.targets = [s for s, m in monoliths.items() if m[OWNER] != me]
        self.in_reach = {s for m in self.targets for s in near[m]}
        known = [s for s in self.targets if monoliths[s][1]]
        self.distances = _goal_distances(obs.rows, obs.cols, tuple(known or self.targets))


class _View:
    """The parts of an observation the agent reasons with, indexed by square number (made once for
    each pair of dicts of the enemy's units and of the monoliths a state hands out, as it never
    changes one in place; the agent's own units, the terrain and the active unit are those of the
    last observation :meth:`look` was given).

    :meth:`best_attack_from` looks only at the squares next to a square, and remembers the
    :meth:`attack_value` of each enemy piece it meets, and :meth:`army` its counts; goal distances
    come from a shared table.
    """

    def __init__(self, obs: BriefObservation, me: int, goals: _Goals) -> None:
        self.cols = goals.cols
        self.me = me
        self.near = goals.near
        self.patterns = goals.patterns
        """Per terraform shape and square, the squares it reaches."""
        self.theirs = obs.units[1 - me]
        """``(owner, element, health)`` of every enemy unit, by square."""
        self.mine = obs.units[me]
        """``(owner, element, health)`` of every unit of the agent's, by square."""
        self._armies: dict[str, int] = {}
        self._rows: tuple[str, ...] | None = None
        """The terrain rows of the last observation looked at (of which ``terrain`` was made)."""
        self.look(obs)
        self.monoliths = obs.monoliths
        """``(owner, true)`` of every standing monolith, by square (``true`` None where unknown)."""
        self.threatened = goals.threatened
        """The squares next to the agent's own standing monoliths."""
        self.goal_distances = goals.distances
        """Per square, the steps to the nearest goal: a known true enemy monolith, else any standing one."""
        self.enemies = set(self.theirs)
        self.enemies.update(goals.targets)
        self.in_reach = set(goals.in_reach)
        """The squares from which a unit can attack an enemy piece (``near`` is symmetric: those
        next to one); :meth:`best_attack_from` is 0 elsewhere."""
        for s in self.theirs:
            self.in_reach.update(self.near[s])
        self._values: dict[int, float] = {}

    def look(self, obs: BriefObservation) -> None:
        """Take the agent's units, the terrain and the active unit of ``obs``, an observation with the
        same enemy units and monoliths."""
        mine = obs.units[self.me]
        if mine is not self.mine:  # a unit of the agent's moved
            self.mine, self._armies = mine, {}
        rows = obs.terrain
        if rows is not self._rows:  # a terraform: the state made new rows
            self._rows, self.terrain = rows, _terrain(rows)
        self.active = active = obs.active
        self.unit: Unit | None = mine.get(active)
        """The active unit, None for none."""
        unit = self.unit
        self.bonus = _NO_BONUS if unit is None else _ending_bonus(unit[ELEMENT], unit[HEALTH])
        """The active unit's :func:`_ending_bonus` (empty for none)."""

    def army(self, element: str) -> int:
        """The agent's units of an element on the board (remembered)."""
        count = self._armies.get(element)
        if count is None:
            count = self._armies[element] = sum(1 for u in self.mine.values() if u[ELEMENT] == element)
        return count

    def attack_value(self, square: int) -> float:
        """How good hitting the enemy piece on a square is (0 for none)."""
        if square in self.monoliths:
            return 100.0 if self.monoliths[square][1] else 60.0
        unit = self.theirs.get(square)
        if unit is None:
            return 0.0
        threat = square in self.threatened
        return 30.0 + (10.0 if unit[HEALTH] == 1 else 0.0) + (25.0 if threat else 0.0)

    def best_attack_from(self, square: int) -> float:
        """The best :meth:`attack_value` among the enemy pieces next to a square (0 for none)."""
        enemies, values = self.enemies, self._values
        best = 0.0
        for s in self.near[square]:
            if s in enemies:
                value = values.get(s)
                if value is None:
                    value = values[s] = self.attack_value(s)
                best = max(best, value)
        return best

    def ending_value(self, square: int, terrain: str) -> float:
        """How good it is for the active unit to end the turn on ``square`` if it holds ``terrain``."""
        return self.bonus[terrain] - 3.0 * self.goal_distances[square]


class GreedyAgent(Agent):
    """The rule-based Elemenders agent (``Game.rule_based_agent``); see the module docstring."""

    name = "greedy"

    def __init__(self, player: int, seed: int = 0) -> None:
        super().__init__(player, seed)
        self._goals_of: dict[int, tuple[int, bool | None]] | None = None
        self._goals: _Goals | None = None
        """The goals of the last monoliths dict seen (``_goals_of``, kept so it stays that dict)."""
        self._view: _View | None = None
        """The view of the last enemy units and monoliths dicts seen (kept in it)."""

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        """Return the chosen action of ``legal``, this seat's legal actions in ``state`` (which is
        only read)."""
        # an ElemendersState, told to mypy without typing.cast (a call at every choice)
        position: ElemendersState = state  # type: ignore[assignment]
        view = self._view_of(position.brief_observation(self.player))
        score, rand = self._score, self.rng.random
        terrain, bonus, distances, in_reach, best_attack_from = (
            view.terrain,
            view.bonus,
            view.goal_distances,
            view.in_reach,
            view.best_attack_from,
        )
        best, chosen = -math.inf, legal[0]
        for action in legal:  # the best score; of equal ones, the last
            kind = action.kind
            # the commonest kinds are scored here: a move by its ending_value and the attack it
            # opens, a select by the attack open to the unit less its steps to the goal
            if kind == "move":
                to = action.args[0]
                attack = best_attack_from(to) if to in in_reach else 0.0
                value = bonus[terrain[to]] - 3.0 * distances[to] + 0.9 * attack + rand() * 0.01
            elif kind == "select":
                square = action.args[0]
                attack = best_attack_from(square) if square in in_reach else 0.0
                value = attack - distances[square] + rand() * 0.01
            else:
                value = score(action, view) + rand() * 0.01
            if value >= best:
                best, chosen = value, action
        return chosen

    def _view_of(self, obs: BriefObservation) -> _View:
        """Return the view of ``obs``: the one kept while its enemy units and monoliths are the same
        dicts."""
        view = self._view
        if (
            view is None
            or obs.units[1 - self.player] is not view.theirs
            or obs.monoliths is not view.monoliths
        ):
            if self._goals is None or obs.monoliths is not self._goals_of:
                self._goals_of, self._goals = obs.monoliths, _Goals(obs, self.player)
            view = self._view = _View(obs, self.player, self._goals)
        else:
            view.look(obs)
        return view

    def _score(self, action: Action, view: _View) -> float:
        """Score an action of the kinds :meth:`choose` leaves to it (all but moves and selects)."""
        kind = action.kind  # the commonest kinds first
        if kind == "terraform":
            return self._terraform_score(action.args[0], view)
        if kind == "hold":
            return view.ending_value(view.active, view.terrain[view.active])
        if kind == "end_turn":
            return -1000.0
        if kind == "place":
            return self._place_score(action, view)
        if kind == "attack":
            return view.ending_value(view.active, view.terrain[view.active]) + view.attack_value(
                action.args[0]
            )
        return 0.0  # mark

    def _place_score(self, action: Action, view: _View) -> float:
        element, col = action.args
        count = view.army(ELEMENT_NAMES[element])
        centre = abs(col - view.cols // 2)
        return -2.0 * count - 0.1 * centre + (0.5 if element == 0 else 0.0)

    def _terraform_score(self, shape: int, view: _View) -> float:
        square, unit, terrain = view.active, view.unit, view.terrain
        assert unit is not None  # only the active unit terraforms
        made = MAKES[unit[ELEMENT]]
        here = terrain[square]
        stays = here if here != "none" and BEATS[here] == made else made
        value = view.ending_value(square, stays) - (6.0 if here == made else 2.0)
        mine, theirs = view.mine.get, view.theirs.get
        for s in view.patterns[shape][square]:
            piece = mine(s) or theirs(s)
            if piece is None or terrain[s] == made:
                continue
            sign = -1.0 if piece[OWNER] == self.player else 1.0
            if made == HARMS[piece[ELEMENT]]:
                value += 6.0 * sign
            elif made == "forest" and piece[ELEMENT] == "plant" and piece[HEALTH] < 2:
                value -= 4.0 * sign
        if made == "river" and shape == 1 and view.goal_distances[square] > 4:
            value += 1.0
        return value
