"""Every Elementa game as a single-agent Gymnasium environment whose other seats are Elementa agents
(needs ``pip install elementa[gymnasium]``; the pettingzoo extra brings Gymnasium too).

Importing this module registers ``elementa/<Title>-v0`` for every game (the title without spaces or
dashes: ``elementa/Warriors-v0``, ``elementa/ElementaliS-v0``, ``elementa/Elemenders-v0``,
``elementa/ElementalWarriorsII-v0``, ``elementa/ElementalCardDiceGame-v0``); Gymnasium imports it by
itself from the ``module:id`` form::

    env = gymnasium.make("elementa.adapters.gymnasium:elementa/Warriors-v0", opponents="greedy", max_turns=40)

The learner plays one seat (``seat``, or a seat drawn at each reset with ``seat=None``); the others are
played by Elementa agents (``opponents``: one agent spec such as ``"random"``, ``"greedy"`` or
``"easy"``, or one spec per other seat, see :mod:`elementa.agents`), seeded from the reset's seed, as
is chance. An observation is the seat's tensor (``Box`` of float32 in 0..1); the action space is
``Discrete(game.num_distinct_actions)``; :meth:`ElementaEnv.action_masks` (the name sb3-contrib's
MaskablePPO calls) and ``info["action_mask"]`` give the legal actions as booleans. The reward is the
seat's return when the game ends (win share: 1 a win, 0 a loss), else 0. An illegal action raises
:class:`elementa.IllegalActionError` unless ``illegal_action="random"``, which plays a legal action
drawn from the seeded generator instead (``info["illegal_action"]``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

import elementa
from elementa.agents import make_agent
from elementa.core import CHANCE, Agent, Game, State


def env_id(game: str) -> str:
    """Return the Gymnasium id of an Elementa game: ``elementa/<title without spaces or dashes>-v0``."""
    title = elementa.load_game(game).info.title
    return "elementa/" + "".join(ch for ch in title if ch.isalnum()) + "-v0"


class ElementaEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of an Elementa game against Elementa agents (see the module docstring).

    Args:
        game: a game name (with ``options``) or a loaded :class:`elementa.Game`.
        opponents: an agent spec for every other seat, or one spec per other seat in seat order.
        seat: the learner's seat, or ``None`` for one drawn at each reset.
        render_mode: ``"ansi"`` (``render()`` returns the board as text), ``"human"`` (prints it) or None.
        illegal_action: ``"raise"`` or ``"random"``.
        options: the game's options, for a name.

    Raises:
        elementa.ConfigError: an unknown game, a bad option or an unknown agent spec.
        ValueError: a seat out of range, the wrong number of opponents, or a mode that is not offered.
    """

    metadata = {"render_modes": ["ansi", "human"]}  # noqa: RUF012  (Gymnasium's own attribute)

    def __init__(
        self,
        game: str | Game,
        opponents: str | Sequence[str] = "random",
        seat: int | None = 0,
        render_mode: str | None = None,
        illegal_action: str = "raise",
        **options: Any,
    ) -> None:
        self.game: Game = elementa.load_game(game, **options) if isinstance(game, str) else game
        n = self.game.num_players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not a seat of a {n}-player game")
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise ValueError(f"{len(specs)} opponent specs for the {n - 1} other seats")
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode {render_mode!r} is not offered; use 'ansi', 'human' or None")
        if illegal_action not in ("raise", "random"):
            raise ValueError(f"illegal_action {illegal_action!r} is not offered; use 'raise' or 'random'")
        for spec in specs:
            make_agent(spec, self.game, 0)  # a bad spec fails here, not at the first reset
        self.specs = specs
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.observation_space = spaces.Box(0.0, 1.0, self.game.observation_tensor_shape(), np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.table: State = self.game.new_initial_state(0)
        self._rng = random.Random(0)
        self._agents: dict[int, Agent] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Start a new game and play the other seats up to the learner's first decision.

        Returns:
            ``(observation, info)``; ``info["action_mask"]`` is the legal actions.
        """
        super().reset(seed=seed)
        draw = int(self.np_random.integers(2**62))
        self._rng = random.Random(draw)
        n = self.game.num_players
        self.seat = self._rng.randrange(n) if self.fixed_seat is None else self.fixed_seat
        others = [p for p in range(n) if p != self.seat]
        self._agents = {
            p: make_agent(spec, self.game, p, seed=self._rng.randrange(2**31))
            for p, spec in zip(others, self.specs, strict=True)
        }
        self.table = self.game.new_initial_state(0)
        self.table.record_events(False)
        self._advance()
        return self._observation(), self._info()

    def _advance(self) -> None:
        """Play chance and the other seats until the learner is to move or the game is over."""
        table = self.table
        while not table.is_terminal():
            if table.is_chance_node():
                table.apply_unchecked(table.sample_chance_outcome(self._rng), CHANCE)
                continue
            movers = table.players_to_move()
            if self.seat in movers:
                return
            p = movers[0]
            action = self._agents[p].choose(table, table.legal_actions(p))
            table.apply_action(action, player=p)

    def _observation(self) -> np.ndarray:
        seat = self.seat
        return np.asarray(self.table.observation_tensor(seat), np.float32)

    def action_masks(self) -> np.ndarray:
        """Return the learner's legal actions as a bool vector over the action ids (all False at the end)."""
        mask = np.zeros(self.game.num_distinct_actions, dtype=bool)
        if not self.table.is_terminal():
            ids = self.table.legal_action_ids(self.seat)
            if ids:
                mask[ids] = True
        return mask

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.action_masks(), "seat": self.seat}
        if illegal:
            info["illegal_action"] = True
        return info

    def step(self, action: np.int64 | int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the others up to its next decision or the end.

        Returns:
            ``(observation, reward, terminated, truncated, info)``; the reward is the seat's return
            at the end, else 0.

        Raises:
            elementa.IllegalActionError: an illegal action (``illegal_action="raise"``); the game is left
                as it was.
        """
        action = int(action)
        illegal = False
        if self.illegal_action == "random":
            legal = self.table.legal_action_ids(self.seat)
            if legal and action not in legal:
                action, illegal = legal[self._rng.randrange(len(legal))], True
        self.table.apply_action(action, player=self.seat)
        self._advance()
        over = self.table.is_terminal()
        reward = float(self.table.returns()[self.seat]) if over else 0.0
        return self._observation(), reward, over, False, self._info(illegal)

    def render(self) -> str | None:
        """Return the board as text (``"ansi"``) or print it (``"human"``, returns ``None``)."""
        if self.render_mode == "human":
            print(self.table)
        return str(self.table) if self.render_mode == "ansi" else None


def register_envs() -> list[str]:
    """Register ``elementa/<Title>-v0`` with Gymnasium for every game (done on import); return the ids."""
    ids = []
    for listing in elementa.list_games():
        name = listing.info.name
        key = env_id(name)
        if key not in gymnasium.registry:
            gymnasium.register(id=key, entry_point=f"{__name__}:ElementaEnv", kwargs={"game": name})
        ids.append(key)
    return ids


register_envs()
