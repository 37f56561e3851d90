"""The PettingZoo adapter against PettingZoo's own checks (``api_test``, ``seed_test``,
``parallel_api_test``) on every game and option set, and what those checks leave open: whole games
played to the end, rewards, seeding and rendering."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")

from pettingzoo.test import (
    api_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
    state_test,
)

import elementa
from elementa.adapters import pettingzoo as ez
from elementa.core.registry import game_class
from tests.adapters.settings import CONFIGS, AdapterConfig

CYCLES = 2000
"""Cycles of api_test and parallel_api_test: enough for the shortened games to end."""

SEED_CYCLES = 60
"""Cycles of seed_test: two environments compared step by step over this many cycles."""

HUGE = 1_000_000
"""Above this many action ids (ElementaliS numbered 6,292,216 actions, every Mana payment, until its
action format 2; no game does now), each check of a step would scan multi-megabyte masks, so the
checks run :data:`HUGE_CYCLES` cycles (seed_test on the default options only); such games are also
played to the end by :func:`test_aec_games_end_with_the_games_returns`."""

HUGE_CYCLES = 8


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # PettingZoo warns that a dict observation (tensor + action mask) is not a plain array: by design.
    warnings.filterwarnings("ignore", message="Observation", category=UserWarning)


@pytest.mark.parametrize("config", CONFIGS, ids=[c.label for c in CONFIGS])
def test_pettingzoo_api_and_seed_tests_pass(config: AdapterConfig) -> None:
    env = ez.env(config.game, render_mode="ansi", **config.options)
    huge = env.game.num_distinct_actions > HUGE
    cycles, seed_cycles = (HUGE_CYCLES, HUGE_CYCLES) if huge else (CYCLES, SEED_CYCLES)
    api_test(env, num_cycles=cycles)
    if not huge or config.variant == "default":  # comparing two 6 MB masks a step: once is enough
        seed_test(lambda: ez.env(config.game, **config.options), num_cycles=seed_cycles)
    if game_class(config.game).info.simultaneous:
        parallel_api_test(ez.parallel_env(config.game, **config.options), num_cycles=cycles)


def _play_aec(env: ez.ElementaAEC, seed: int) -> tuple[list[int], dict[str, float]]:
    env.reset(seed=seed)
    actions, totals = [], dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        action = int(legal[(len(actions) * 7919) % len(legal)])
        actions.append(action)
        env.step(action)
    return actions, totals


@pytest.mark.parametrize(
    ("name", "options"),
    [("elemenders", {"max_turns": 30}), ("elementalis", {"players": 3, "rounds": 1})],
)
def test_aec_games_end_with_the_games_returns(name: str, options: dict[str, int]) -> None:
    env = ez.env(name, **options)
    first, totals = _play_aec(env, seed=4)
    assert env.table.is_terminal() and not env.agents
    assert [totals[a] for a in env.possible_agents] == [float(r) for r in env.table.returns()]
    again, _ = _play_aec(ez.env(name, **options), seed=4)
    assert again == first
    other, _ = _play_aec(ez.env(name, **options), seed=5)
    assert other != first  # the seed decides the chance outcomes


def test_observations_are_the_games_tensor_and_mask() -> None:
    env = ez.env("elemental-card-dice", start_health=20, turn_limit=40)
    env.reset(seed=1)
    agent = env.agent_selection
    seat = env.possible_agents.index(agent)
    obs = env.observe(agent)
    expected = env.game.encode_observation(env.table.observation(seat), seat)
    assert obs["observation"].tolist() == pytest.approx(expected)
    assert set(np.flatnonzero(obs["action_mask"])) == set(env.table.legal_action_ids(seat))
    other = env.possible_agents[1 - seat]
    assert not env.observe(other)["action_mask"].any()  # not to move: nothing legal


def test_parallel_steps_apply_every_seat_to_move() -> None:
    env = ez.parallel_env("elemental-warriors-ii", max_rounds=6)
    obs, _ = env.reset(seed=3)
    movers = [a for a in env.agents if obs[a]["action_mask"].any()]
    assert len(movers) == 2  # both seats set up their sheets at once
    actions = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in movers}
    before = len(env.table.history())
    env.step(actions)
    assert len([s for s, _ in env.table.history()[before:] if s >= 0]) == 2


def test_render_and_errors() -> None:
    env = ez.env("elementalis", players=2, rounds=1, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "ElementaliS" in text
    assert ez.env("elementalis", players=2).render() is None
    with pytest.raises(ValueError, match="render_mode"):
        ez.env("elementalis", render_mode="rgb_array")
    with pytest.raises(ValueError, match="illegal_action"):
        ez.env("elementalis", illegal_action="ignore")
    with pytest.raises(elementa.ConfigError):
        ez.env("elementalis", players=99)
    illegal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(elementa.IllegalActionError):
        env.step(illegal)


DEFAULTS = [c for c in CONFIGS if c.variant == "default"]
"""One (shortened) option set per game."""


@pytest.mark.parametrize("config", DEFAULTS, ids=[c.label for c in DEFAULTS])
def test_render_seed_and_state_tests_pass(config: AdapterConfig, capsys) -> None:  # type: ignore[no-untyped-def]
    """PettingZoo's render_test (``"human"`` prints), parallel_seed_test (it samples actions without
    the mask: ``illegal_action="random"`` plays a drawn legal one instead) and state_test."""
    render_test(lambda render_mode: ez.env(config.game, render_mode=render_mode, **config.options))
    assert "\n" in capsys.readouterr().out
    parallel_seed_test(lambda: ez.parallel_env(config.game, illegal_action="random", **config.options), 60)
    state_test(
        ez.env(config.game, illegal_action="random", **config.options),
        ez.parallel_env(config.game, **config.options),
        num_cycles=10,
    )


def test_state_is_every_seats_tensor() -> None:
    env = ez.parallel_env("elemental-warriors-ii", max_rounds=6)
    obs, _ = env.reset(seed=2)
    state = env.state()
    assert state.shape == env.state_space.shape
    assert state.tolist() == np.concatenate([obs[a]["observation"] for a in env.possible_agents]).tolist()


def test_illegal_actions_are_drawn_again_only_when_asked() -> None:
    env = ez.parallel_env("warriors", max_turns=40, illegal_action="random")
    obs, _ = env.reset(seed=1)
    movers = [a for a in env.agents if obs[a]["action_mask"].any()]
    illegal = {a: int(np.flatnonzero(obs[a]["action_mask"] == 0)[0]) for a in movers}
    before = len(env.table.history())
    _, _, _, _, infos = env.step(illegal)
    assert all(infos[a].get("illegal_action") for a in movers)
    assert len(env.table.history()) > before
    strict = ez.parallel_env("warriors", max_turns=40)
    obs, _ = strict.reset(seed=1)
    with pytest.raises(elementa.IllegalActionError):
        strict.step(illegal)


def test_legal_ids_can_replace_the_mask() -> None:
    """``mask=False, legal_ids=True``: no dense mask; the info lists the legal ids of each agent."""
    env = ez.env("elementalis", players=2, rounds=1, mask=False, legal_ids=True)
    env.reset(seed=3)
    assert "action_mask" not in env.observation_space("player_0").spaces
    steps = 0
    for agent in env.agent_iter(200):
        obs, _, terminated, truncated, info = env.last()
        assert set(obs) == {"observation"}
        if terminated or truncated:
            env.step(None)
            continue
        ids = info["legal_ids"]
        seat = env.possible_agents.index(agent)
        assert ids.tolist() == sorted(env.table.legal_action_ids(seat)) and len(ids) > 0
        others = [
            a
            for a in env.agents
            if a != agent and not env.table.legal_action_ids(env.possible_agents.index(a))
        ]
        assert all(len(env.infos[a]["legal_ids"]) == 0 for a in others)
        env.step(int(ids[steps % len(ids)]))
        steps += 1
    assert steps > 5
