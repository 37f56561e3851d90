"""Random playouts of every registered game and option set, checked step by step (see checks.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

import elementa
from elementa import CHANCE, SIMULTANEOUS, Agent, play_game
from elementa.agents import make_agent
from elementa.core import resolve_chance
from tests.conformance.checks import (
    ReplayableRandomAgent,
    WatchedAgent,
    check_same,
    snapshot,
)
from tests.conformance.configs import Config


def test_random_playouts_pass_every_check(config: Config, tmp_path: Path) -> None:
    """Playouts end; every node, illegal action, clone, replay, save, resample checks out."""
    walk = config.walk(tmp_path)
    for seed in config.seeds():
        walk.run(seed)
    assert walk.stats["deep"] >= len(config.seeds())


def test_initial_states_are_reproducible(config: Config) -> None:
    """The same seed gives the same initial state; the seed is recorded; no seed draws one."""
    game = config.load()
    first, second = game.new_initial_state(7), game.new_initial_state(7)
    assert first is not second
    assert first.seed == 7
    assert first.game is game
    assert first.num_players() == game.num_players
    check_same(
        snapshot(first, "seed 7", validate=True),
        snapshot(second, "seed 7"),
        config.label,
        "seed 7 twice differs",
    )
    assert isinstance(game.new_initial_state().seed, int)


def test_play_game_is_reproducible_and_resumable(config: Config, tmp_path: Path) -> None:
    """The same seed and agent seeds give the same game; a game saved halfway continues identically."""
    game = config.load()
    seed = config.seeds()[0]

    def agents() -> list[Agent]:
        return [ReplayableRandomAgent(p, seed=100 + p) for p in range(game.num_players)]

    first = play_game(game, agents(), seed=seed, max_steps=config.max_steps)
    second = play_game(game, agents(), seed=seed, max_steps=config.max_steps)
    assert first.is_terminal()
    assert second.history() == first.history()
    assert second.returns() == first.returns()

    half = game.new_initial_state(seed)
    for player, action_id in first.history()[: len(first.history()) // 2]:
        half.apply_action(action_id, player)
    loaded = elementa.load(elementa.save(half, tmp_path / "half.json"))
    resumed = play_game(game, agents(), state=loaded, max_steps=config.max_steps)
    assert resumed.history() == first.history()
    assert resumed.returns() == first.returns()


def test_rule_based_agents_play_legal_reproducible_games(config: Config) -> None:
    """A game's rule-based agents return legal actions, leave the state alone, and are reproducible."""
    game = config.load()
    n = game.num_players
    agents = [game.rule_based_agent(p, seed=p) for p in range(n)]
    if all(a is None for a in agents):
        pytest.skip(f"{config.label} has no rule-based agent")
    assert all(isinstance(a, Agent) for a in agents), f"rule_based_agent gives {agents}: some seats lack one"
    assert [a.player for a in agents if a is not None] == list(range(n))
    watched = [WatchedAgent(a, config.label) for a in agents if a is not None]
    seed = config.seeds()[0]
    first = play_game(game, watched, seed=seed, max_steps=config.max_steps)
    again = [game.rule_based_agent(p, seed=p) for p in range(n)]
    second = play_game(game, again, seed=seed, max_steps=config.max_steps)  # type: ignore[arg-type]
    assert second.history() == first.history(), "rule-based agents with the same seeds played differently"


def test_agents_choose_from_given_legal_actions_as_they_step(config: Config) -> None:
    """``Agent.choose(state, legal)``, which run loops and search call with the legal actions they
    hold, picks what ``step(state)`` picks, at every decision of a seeded game (the random agent's,
    and the rule-based agent's, which a game may give a ``choose`` of its own)."""
    game = config.load()
    n = game.num_players
    specs = ["random"] + (["greedy"] if game.rule_based_agent(0, 0) is not None else [])
    for spec in specs:
        stepping = [make_agent(spec, game, p, seed=p + 1) for p in range(n)]
        choosing = [make_agent(spec, game, p, seed=p + 1) for p in range(n)]
        state = game.new_initial_state(config.seeds()[0])
        decisions = 0
        while not state.is_terminal():
            assert decisions < config.max_steps, f"{config.label}: {spec} game did not end"
            p = state.current_player()
            if p == CHANCE:
                resolve_chance(state)
                continue
            q = state.players_to_move()[0] if p == SIMULTANEOUS else p
            stepped = stepping[q].step(state)
            chosen = choosing[q].choose(state, state.legal_actions(q))
            at = f"{config.label} step {len(state.history())}"
            assert chosen.id == stepped.id, f"{at}: the {spec} agent's choose() and step() differ"
            state.apply_action(stepped, q)
            decisions += 1


def test_recording_events_does_not_change_the_game(config: Config) -> None:
    """A game plays the same with its event log recorded or not (search and simulation turn it off)."""
    game = config.load()
    ends = []
    for events in (True, False):
        agents = [ReplayableRandomAgent(p, seed=200 + p) for p in range(game.num_players)]
        for seed in config.seeds()[:2]:
            state = play_game(game, agents, seed=seed, max_steps=config.max_steps, events=events)
            observations = [state.observation(v) for v in [None, *range(game.num_players)]]
            ends.append((state.history(), state.returns(), observations, events or state.event_count() == 0))
    half = len(ends) // 2
    assert ends[:half] == [(h, r, o, True) for h, r, o, _ in ends[half:]]
