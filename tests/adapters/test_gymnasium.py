"""The Gymnasium environments: registered ids, Gymnasium's env checker, whole games against random and
greedy agents, action masks, seeding and vectorised environments."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the pettingzoo extra (with Gymnasium) is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import elementa  # noqa: E402
from elementa.adapters import gymnasium as eg  # noqa: E402
from tests.adapters.settings import CONFIGS, AdapterConfig  # noqa: E402

DEFAULTS = [c for c in CONFIGS if c.variant == "default" and not c.game.startswith("toy")]


def _play(env: Any, seed: int) -> tuple[list[int], float]:
    obs, info = env.reset(seed=seed)
    actions, reward, over = [], 0.0, False
    while not over:
        assert obs.shape == env.observation_space.shape and env.observation_space.contains(obs)
        mask = env.unwrapped.action_masks()
        assert mask.tolist() == info["action_mask"].tolist() and mask.any()
        legal = np.flatnonzero(mask)
        action = int(legal[(len(actions) * 7919) % len(legal)])
        actions.append(action)
        obs, reward, over, truncated, info = env.step(action)
        assert not truncated
    return actions, float(reward)


@pytest.mark.parametrize("config", DEFAULTS, ids=[c.label for c in DEFAULTS])
def test_each_game_is_a_registered_single_agent_env(config: AdapterConfig) -> None:
    """``gymnasium.make`` by id; the env checker passes; a game against the greedy agents ends with the
    seat's return as the reward, and the seed fixes the game."""
    key = eg.env_id(config.game)
    assert key in eg.register_envs()
    env = gymnasium.make(key, opponents="greedy", **config.options)
    actions, reward = _play(env, seed=config.seed)
    table = env.unwrapped.table
    assert table.is_terminal() and reward == table.returns()[env.unwrapped.seat]
    assert _play(gymnasium.make(key, opponents="greedy", **config.options), seed=config.seed)[0] == actions
    lenient = gymnasium.make(key, illegal_action="random", **config.options)
    check_env(lenient.unwrapped, skip_render_check=True)


def test_warriors_id_and_module_form() -> None:
    env = gymnasium.make("elementa.adapters.gymnasium:elementa/Warriors-v0", opponents="greedy", max_turns=40)
    assert env.unwrapped.game.name == "warriors"
    assert eg.env_id("elemental-warriors-ii") == "elementa/ElementalWarriorsII-v0"


def test_the_learners_seat_and_the_opponents_follow_the_arguments() -> None:
    env = eg.ElementaEnv("elementalis", opponents=["random", "greedy"], seat=None, players=3, rounds=1)
    seats = {env.reset(seed=s)[1]["seat"] for s in range(12)}
    assert seats == {0, 1, 2}
    with pytest.raises(ValueError, match="opponent"):
        eg.ElementaEnv("elementalis", opponents=["random"], players=3)
    with pytest.raises(ValueError, match="seat"):
        eg.ElementaEnv("elemenders", seat=2)
    with pytest.raises(elementa.ConfigError):
        eg.ElementaEnv("elemenders", opponents="nobody")


def test_an_illegal_action_raises_unless_drawn_again() -> None:
    env = eg.ElementaEnv("elemenders", max_turns=30)
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    before = env.table.history()
    with pytest.raises(elementa.IllegalActionError):
        env.step(illegal)
    assert env.table.history() == before
    lenient = eg.ElementaEnv("elemenders", illegal_action="random", max_turns=30)
    lenient.reset(seed=0)
    *_, info = lenient.step(illegal)
    assert info["illegal_action"] and len(lenient.table.history()) > len(before)


def test_vector_envs_step_with_masks() -> None:
    """gymnasium.vector: three copies step together with legal actions from ``action_masks`` and reset
    by themselves when a game ends."""
    key = eg.env_id("elemental-card-dice")
    envs = gymnasium.vector.SyncVectorEnv(
        [lambda: gymnasium.make(key, opponents="random", start_health=20, turn_limit=40) for _ in range(3)]
    )
    obs, _ = envs.reset(seed=1)
    assert obs.shape == (3, *envs.single_observation_space.shape)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(400):
        masks = envs.call("action_masks")
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        obs, rewards, terminated, _, _ = envs.step(actions)
        ended += int(terminated.sum())
        assert ((rewards >= 0) & (rewards <= 1)).all()
    assert ended > 0
    envs.close()
