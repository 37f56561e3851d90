"""Every Elementa game as a PettingZoo environment (needs ``pip install elementa[pettingzoo]``).

- :func:`env` gives an AEC environment: one seat acts per step; at a simultaneous node the seats
  to move act one after another, each seeing only what its observation shows (sealed choices of
  the seats before it stay hidden).
- :func:`parallel_env` gives a Parallel environment (for the games with simultaneous moves, though
  any game works): each step, every seat to move acts at once; a seat that has nothing to do has an
  all-zero action mask and its action is ignored.

Agents are ``player_0``, ``player_1``... (seats). An observation is ``{"observation": the game's
tensor (float32, values in 0..1, see :meth:`elementa.Game.encode_observation`), "action_mask": int8
over the game's action ids}``; the action space is ``Discrete(game.num_distinct_actions)``. Chance
nodes are resolved inside the environment with its generator, seeded by ``reset(seed=...)``.
Rewards are the game's returns, given when the game ends. ``render_mode="ansi"``: ``render()``
returns the board as text. An illegal action raises :class:`elementa.IllegalActionError`.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

import elementa
from elementa.adapters.common import apply_joint, legal_mask
from elementa.core import CHANCE, Game, State


class _Table:
    """What both environments share: the game, seeded resets, chance, observations and spaces."""

    def __init__(self, game: str | Game, render_mode: str | None, options: dict[str, Any]) -> None:
        self.game: Game = elementa.load_game(game, **options) if isinstance(game, str) else game
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not offered; use 'ansi' or None")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(self.game.num_players)]
        self.metadata = {
            "render_modes": ["ansi"],
            "name": "elementa_" + self.game.name.replace("-", "_") + "_v0",
            "is_parallelizable": False,  # turns are not a fixed cycle: use parallel_env
        }
        self._size = self.game.num_distinct_actions
        self._observation_spaces: dict[str, spaces.Dict] = {}
        self._action_spaces: dict[str, spaces.Discrete] = {}
        self._rng = random.Random()
        self.table: State = self.game.new_initial_state(0)

    def observation_space(self, agent: str) -> spaces.Dict:
        """Return the agent's observation space: the tensor and the action mask (one object per agent)."""
        space = self._observation_spaces.get(agent)
        if space is None:
            space = self._observation_spaces[agent] = spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, self.game.observation_tensor_shape(), np.float32),
                    "action_mask": spaces.Box(0, 1, (self._size,), np.int8),
                }
            )
        return space

    def action_space(self, agent: str) -> spaces.Discrete:
        """Return the agent's action space: every action id of the game (one object per agent)."""
        space = self._action_spaces.get(agent)
        if space is None:
            space = self._action_spaces[agent] = spaces.Discrete(self._size)
        return space

    def _new_game(self, seed: int | None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.table = self.game.new_initial_state(0)
        self.table.record_events(False)  # an environment reports observations, not the event log
        self._resolve_chance()

    def _resolve_chance(self) -> None:
        table = self.table
        while table.is_chance_node():
            table.apply_unchecked(table.sample_chance_outcome(self._rng), CHANCE)

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """Return the agent's observation: its tensor and its legal-action mask."""
        p = self._seat(agent)
        tensor = self.game.encode_observation(self.table.observation(p), p)
        return {
            "observation": np.asarray(tensor, np.float32),
            "action_mask": legal_mask(self.table, p, self._size),
        }

    def render(self) -> str | None:
        """Return the board as text (``render_mode="ansi"``), else ``None``."""
        return str(self.table) if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release."""


class ElementaAEC(_Table, AECEnv):  # type: ignore[misc]
    """An Elementa game as a PettingZoo AEC environment (see the module docstring).

    Args:
        game: a game name (with ``options``) or a loaded :class:`elementa.Game`.
        render_mode: ``"ansi"`` or ``None``.
        options: the game's options, for a name.
    """

    def __init__(self, game: str | Game, render_mode: str | None = None, **options: Any) -> None:
        AECEnv.__init__(self)
        _Table.__init__(self, game, render_mode, options)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` fixes the chance outcomes (``None`` goes on with the generator)."""
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._to_move()

    def _to_move(self) -> str:
        return self.possible_agents[self.table.players_to_move()[0]]

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (``None`` for an agent whose game is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.table.apply_action(int(action), player=self._seat(agent))  # type: ignore[arg-type]
        self._resolve_chance()
        if self.table.is_terminal():
            returns = self.table.returns()
            self.rewards = {a: float(returns[self._seat(a)]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self._to_move()
        self._accumulate_rewards()


class ElementaParallel(_Table, ParallelEnv):  # type: ignore[misc]
    """An Elementa game as a PettingZoo Parallel environment (see the module docstring).

    Args:
        game: a game name (with ``options``) or a loaded :class:`elementa.Game`.
        render_mode: ``"ansi"`` or ``None``.
        options: the game's options, for a name.
    """

    def __init__(self, game: str | Game, render_mode: str | None = None, **options: Any) -> None:
        _Table.__init__(self, game, render_mode, options)
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        """Start a new game; return every agent's observation and info."""
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        return {a: self.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(self, actions: dict[str, int]) -> tuple[dict[str, Any], ...]:
        """Apply the actions of the seats to move now, in seat order (others' entries are ignored).

        Returns:
            ``(observations, rewards, terminations, truncations, infos)``, each by live agent.

        Raises:
            elementa.IllegalActionError: a seat to move sent an illegal action or none.
        """
        table = self.table

        def action_of(p: int) -> int:
            agent = self.possible_agents[p]
            if agent not in actions:
                raise elementa.IllegalActionError(None, f"{agent} is to move and sent no action", player=p)
            return int(actions[agent])

        apply_joint(table, action_of)
        self._resolve_chance()
        over = table.is_terminal()
        returns = table.returns()
        agents = self.agents
        observations = {a: self.observe(a) for a in agents}
        rewards = {a: float(returns[self._seat(a)]) if over else 0.0 for a in agents}
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, False)
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


def env(game: str | Game, render_mode: str | None = None, **options: Any) -> ElementaAEC:
    """Return an AEC environment of a game, for example ``env("elemenders", max_turns=40)``.

    Raises:
        elementa.ConfigError: an unknown game or a bad option (named, with its allowed values).
    """
    return ElementaAEC(game, render_mode, **options)


def parallel_env(game: str | Game, render_mode: str | None = None, **options: Any) -> ElementaParallel:
    """Return a Parallel environment of a game, for example ``parallel_env("elemental-warriors-ii")``.

    Raises:
        elementa.ConfigError: an unknown game or a bad option (named, with its allowed values).
    """
    return ElementaParallel(game, render_mode, **options)
