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
returns the board as text; ``"human"`` prints it. ``state()`` (and ``state_space``) is every seat's
tensor, in seat order, for centralised critics.

Options beside the game's:

- ``mask=False`` leaves the dense ``action_mask`` out of the observation (ElementaliS numbers 42,416
  actions), and ``legal_ids=True`` puts the sorted legal ids of each agent (an int64 array, empty
  for an agent not to move) in its info as ``"legal_ids"``;
- ``illegal_action``: ``"raise"`` (the default) raises :class:`elementa.IllegalActionError` for an
  illegal action, leaving the game as it was; ``"random"`` plays a legal action drawn from the
  environment's seeded generator instead and says so in the agent's info (``"illegal_action":
  True``), for tools that sample actions without the mask (PettingZoo's ``parallel_seed_test``).
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

    def __init__(
        self,
        game: str | Game,
        render_mode: str | None,
        options: dict[str, Any],
        mask: bool = True,
        legal_ids: bool = False,
        illegal_action: str = "raise",
    ) -> None:
        self.game: Game = elementa.load_game(game, **options) if isinstance(game, str) else game
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode {render_mode!r} is not offered; use 'ansi', 'human' or None")
        if illegal_action not in ("raise", "random"):
            raise ValueError(f"illegal_action {illegal_action!r} is not offered; use 'raise' or 'random'")
        self.render_mode = render_mode
        self.mask, self.legal_ids, self.illegal_action = mask, legal_ids, illegal_action
        self.possible_agents = [f"player_{p}" for p in range(self.game.num_players)]
        self.metadata = {
            "render_modes": ["ansi", "human"],
            "name": "elementa_" + self.game.name.replace("-", "_") + "_v0",
            "is_parallelizable": False,  # turns are not a fixed cycle: use parallel_env
        }
        self._size = self.game.num_distinct_actions
        self._observation_spaces: dict[str, spaces.Dict] = {}
        self._action_spaces: dict[str, spaces.Discrete] = {}
        self._rng = random.Random()
        self.table: State = self.game.new_initial_state(0)
        size = int(np.prod(self.game.observation_tensor_shape()))
        self.state_space = spaces.Box(0.0, 1.0, (size * self.game.num_players,), np.float32)

    def observation_space(self, agent: str) -> spaces.Dict:
        """Return the agent's observation space: the tensor and the action mask (one object per agent)."""
        space = self._observation_spaces.get(agent)
        if space is None:
            parts: dict[str, spaces.Space[Any]] = {
                "observation": spaces.Box(0.0, 1.0, self.game.observation_tensor_shape(), np.float32)
            }
            if self.mask:
                parts["action_mask"] = spaces.Box(0, 1, (self._size,), np.int8)
            space = self._observation_spaces[agent] = spaces.Dict(parts)
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

    def _tensor(self, p: int) -> np.ndarray:
        return np.asarray(self.table.observation_tensor(p), np.float32)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """Return the agent's observation: its tensor and (unless ``mask=False``) its legal-action mask."""
        p = self._seat(agent)
        out = {"observation": self._tensor(p)}
        if self.mask:
            out["action_mask"] = legal_mask(self.table, p, self._size)
        return out

    def state(self) -> np.ndarray:
        """Return every seat's tensor, in seat order, as one float32 vector (``state_space``): all the
        seats see together, for a centralised critic (never for a seat's own policy)."""
        return np.concatenate([self._tensor(p) for p in range(self.game.num_players)])

    def _info(self, agent: str, illegal: bool = False) -> dict[str, Any]:
        info: dict[str, Any] = {}
        if self.legal_ids:
            ids = self.table.legal_action_ids(self._seat(agent)) if not self.table.is_terminal() else []
            info["legal_ids"] = np.array(sorted(ids), np.int64)
        if illegal:
            info["illegal_action"] = True
        return info

    def _legal_or_drawn(self, p: int, action: int) -> tuple[int, bool]:
        """The action, or under ``illegal_action="random"`` a legal one drawn instead of an illegal one."""
        if self.illegal_action == "raise":
            return action, False
        legal = self.table.legal_action_ids(p)
        if action in legal or not legal:
            return action, False
        return legal[self._rng.randrange(len(legal))], True

    def render(self) -> str | None:
        """Return the board as text (``render_mode="ansi"``) or print it (``"human"``, returns ``None``)."""
        if self.render_mode == "human":
            print(self.table)
        return str(self.table) if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release."""


class ElementaAEC(_Table, AECEnv):  # type: ignore[misc]
    """An Elementa game as a PettingZoo AEC environment (see the module docstring).

    Args:
        game: a game name (with ``options``) or a loaded :class:`elementa.Game`.
        render_mode: ``"human"`` (printed), ``"ansi"`` (returned) or ``None``.
        mask: whether observations carry the dense ``action_mask``.
        legal_ids: whether each agent's info carries its sorted ``legal_ids``.
        illegal_action: ``"raise"`` (an illegal id raises) or ``"random"`` (a seeded legal action
            is played instead, and the info says so).
        options: the game's options, for a name.
    """

    def __init__(
        self,
        game: str | Game,
        render_mode: str | None = None,
        mask: bool = True,
        legal_ids: bool = False,
        illegal_action: str = "raise",
        **options: Any,
    ) -> None:
        AECEnv.__init__(self)
        _Table.__init__(self, game, render_mode, options, mask, legal_ids, illegal_action)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` fixes the chance outcomes (``None`` goes on with the generator)."""
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: self._info(a) for a in self.agents}
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
        seat = self._seat(agent)
        played, illegal = self._legal_or_drawn(seat, int(action))  # type: ignore[arg-type]
        self.table.apply_action(played, player=seat)
        self._resolve_chance()
        self.infos = {a: self._info(a, illegal and a == agent) for a in self.agents}
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
        render_mode: ``"human"`` (printed), ``"ansi"`` (returned) or ``None``.
        mask: whether observations carry the dense ``action_mask``.
        legal_ids: whether each agent's info carries its sorted ``legal_ids``.
        illegal_action: ``"raise"`` (an illegal id raises) or ``"random"`` (a seeded legal action
            is played instead, and the info says so).
        options: the game's options, for a name.
    """

    def __init__(
        self,
        game: str | Game,
        render_mode: str | None = None,
        mask: bool = True,
        legal_ids: bool = False,
        illegal_action: str = "raise",
        **options: Any,
    ) -> None:
        _Table.__init__(self, game, render_mode, options, mask, legal_ids, illegal_action)
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        """Start a new game; return every agent's observation and info."""
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        return {a: self.observe(a) for a in self.agents}, {a: self._info(a) for a in self.agents}

    def step(self, actions: dict[str, int]) -> tuple[dict[str, Any], ...]:
        """Apply the actions of the seats to move now, in seat order (others' entries are ignored).

        Returns:
            ``(observations, rewards, terminations, truncations, infos)``, each by live agent.

        Raises:
            elementa.IllegalActionError: a seat to move sent an illegal action or none.
        """
        table = self.table
        drawn: set[str] = set()

        def action_of(p: int) -> int:
            agent = self.possible_agents[p]
            if agent not in actions:
                raise elementa.IllegalActionError(None, f"{agent} is to move and sent no action", player=p)
            action, illegal = self._legal_or_drawn(p, int(actions[agent]))
            if illegal:
                drawn.add(agent)
            return action

        apply_joint(table, action_of)
        self._resolve_chance()
        over = table.is_terminal()
        returns = table.returns()
        agents = self.agents
        observations = {a: self.observe(a) for a in agents}
        rewards = {a: float(returns[self._seat(a)]) if over else 0.0 for a in agents}
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, False)
        infos = {a: self._info(a, a in drawn) for a in agents}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos


def env(game: str | Game, render_mode: str | None = None, **options: Any) -> ElementaAEC:
    """Return an AEC environment of a game, for example ``env("elemenders", max_turns=40)``.

    ``mask``, ``legal_ids`` and ``illegal_action`` are the environment's options (module docstring);
    the others are the game's.

    Raises:
        elementa.ConfigError: an unknown game or a bad option (named, with its allowed values).
        ValueError: a render mode or ``illegal_action`` that is not offered.
    """
    return ElementaAEC(game, render_mode, **options)


def parallel_env(game: str | Game, render_mode: str | None = None, **options: Any) -> ElementaParallel:
    """Return a Parallel environment of a game, for example ``parallel_env("elemental-warriors-ii")``.

    ``mask``, ``legal_ids`` and ``illegal_action`` are the environment's options (module docstring);
    the others are the game's.

    Raises:
        elementa.ConfigError: an unknown game or a bad option (named, with its allowed values).
        ValueError: a render mode or ``illegal_action`` that is not offered.
    """
    return ElementaParallel(game, render_mode, **options)
