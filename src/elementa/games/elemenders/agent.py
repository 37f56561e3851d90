"""A rule-based Elemenders player that reads only its observation and its legal actions.

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

from typing import Any

from elementa.core import Action, Agent, State

SYMBOL = {" ": "none", "~": "lava", "=": "river", "^": "forest"}
HARMS = {"fire": "river", "water": "lava", "plant": "lava"}
MAKES = {"fire": "lava", "water": "river", "plant": "forest"}
BEATS = {"lava": "forest", "river": "lava", "forest": "river"}


class _View:
    """The parts of an observation the agent reasons with, indexed by square number."""

    def __init__(self, obs: dict[str, Any], me: int) -> None:
        self.rows: int = obs["rows"]
        self.cols: int = obs["cols"]
        self.me = me
        self.diagonal = obs["adjacency"] == 8
        self.terrain = [SYMBOL[ch] for row in obs["terrain"] for ch in row]
        self.units = {u["row"] * self.cols + u["col"]: u for u in obs["units"]}
        standing = [m for m in obs["monoliths"] if m["standing"]]
        self.monoliths = {m["row"] * self.cols + m["col"]: m for m in standing}
        self.guarded = [s for s, m in self.monoliths.items() if m["owner"] == me]
        targets = [s for s, m in self.monoliths.items() if m["owner"] != me]
        known = [s for s in targets if self.monoliths[s]["true"]]
        self.goals = known or targets

    def distance(self, a: int, b: int) -> int:
        return abs(a // self.cols - b // self.cols) + abs(a % self.cols - b % self.cols)

    def goal_distance(self, square: int) -> int:
        return min((self.distance(square, g) for g in self.goals), default=0)

    def adjacent(self, a: int, b: int) -> bool:
        dr, dc = abs(a // self.cols - b // self.cols), abs(a % self.cols - b % self.cols)
        return dr + dc == 1 or (self.diagonal and dr == dc == 1)

    def enemy_at(self, square: int) -> dict[str, Any] | None:
        piece = self.units.get(square) or self.monoliths.get(square)
        return piece if piece is not None and piece["owner"] != self.me else None

    def attack_value(self, square: int) -> float:
        """How good hitting the enemy piece on a square is (0 for none)."""
        if square in self.monoliths:
            return 100.0 if self.monoliths[square]["true"] else 60.0
        unit = self.units.get(square)
        if unit is None:
            return 0.0
        threat = any(self.adjacent(square, m) for m in self.guarded)
        return 30.0 + (10.0 if unit["health"] == 1 else 0.0) + (25.0 if threat else 0.0)

    def best_attack_from(self, square: int) -> float:
        return max(
            (
                self.attack_value(s)
                for s in self.units.keys() | self.monoliths.keys()
                if self.enemy_at(s) and self.adjacent(square, s)
            ),
            default=0.0,
        )

    def ending_value(self, unit: dict[str, Any], square: int, terrain: str) -> float:
        """How good it is for ``unit`` to end the turn on ``square`` if it holds ``terrain``."""
        value = -3.0 * self.goal_distance(square)
        if terrain == HARMS[unit["element"]]:
            value -= 40.0 if unit["health"] == 1 else 15.0
        if unit["element"] == "plant" and terrain == "forest" and unit["health"] < 2:
            value += 12.0
        return value


class GreedyAgent(Agent):
    """The rule-based Elemenders agent (``Game.rule_based_agent``); see the module docstring."""

    name = "greedy"

    def step(self, state: State) -> Action:
        """Return the best-scored legal action for the agent's seat (ties broken at random)."""
        actions = state.legal_actions(self.player)
        obs = state.observation(self.player)
        view = _View(obs, self.player)
        scored = [(self._score(a, obs, view) + self.rng.random() * 0.01, i) for i, a in enumerate(actions)]
        return actions[max(scored)[1]]

    def _score(self, action: Action, obs: dict[str, Any], view: _View) -> float:
        kind = action.kind
        if kind == "mark":
            return 0.0
        if kind == "place":
            return self._place_score(action, obs, view)
        if kind == "select":
            square = action.args[0]
            return view.best_attack_from(square) - view.goal_distance(square)
        if kind == "end_turn":
            return -1000.0
        active = _square(obs["active"], view.cols)
        unit = view.units[active]
        here = view.terrain[active]
        if kind == "attack":
            return view.ending_value(unit, active, here) + view.attack_value(action.args[0])
        if kind == "move":
            to = action.args[0]
            return view.ending_value(unit, to, view.terrain[to]) + 0.9 * view.best_attack_from(to)
        if kind == "terraform":
            return self._terraform_score(unit, active, action, view)
        return view.ending_value(unit, active, here)

    def _place_score(self, action: Action, obs: dict[str, Any], view: _View) -> float:
        element, col = action.args
        mine = [u for u in obs["units"] if u["owner"] == self.player]
        count = sum(1 for u in mine if u["element"] == ("fire", "water", "plant")[element])
        centre = abs(col - view.cols // 2)
        return -2.0 * count - 0.1 * centre + (0.5 if element == 0 else 0.0)

    def _terraform_score(self, unit: dict[str, Any], square: int, action: Action, view: _View) -> float:
        made = MAKES[unit["element"]]
        here = view.terrain[square]
        stays = here if here != "none" and BEATS[here] == made else made
        value = view.ending_value(unit, square, stays) - (6.0 if here == made else 2.0)
        for s in _pattern(square, action.args[0], view.rows, view.cols):
            piece = view.units.get(s)
            if piece is None or view.terrain[s] == made:
                continue
            sign = -1.0 if piece["owner"] == self.player else 1.0
            if made == HARMS[piece["element"]]:
                value += 6.0 * sign
            elif made == "forest" and piece["element"] == "plant" and piece["health"] < 2:
                value -= 4.0 * sign
        if made == "river" and action.args[0] == 1 and view.goal_distance(square) > 4:
            value += 1.0
        return value


def _pattern(square: int, shape: int, rows: int, cols: int) -> list[int]:
    """Return the squares around ``square`` a terraform of ``shape`` reaches (blocking ignored)."""
    r, c = divmod(square, cols)
    deltas = {0: ((1, 0), (-1, 0), (0, 1), (0, -1)), 1: ((1, 0), (2, 0), (-1, 0), (-2, 0))}
    ds = deltas.get(shape, ((0, 1), (0, 2), (0, -1), (0, -2)))
    return [(r + dr) * cols + c + dc for dr, dc in ds if 0 <= r + dr < rows and 0 <= c + dc < cols]


def _square(name: str, cols: int) -> int:
    """Return the square index of a name like ``"C4"``."""
    return (int(name[1:]) - 1) * cols + ord(name[0]) - ord("A")
