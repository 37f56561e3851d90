"""The rule-based agent: legal, reproducible, reads only its view, and clearly beats random play."""

from __future__ import annotations

import random

import pytest

import elementa
from elementa import Action, Agent, State, play_game


class RandomAgent(Agent):
    name = "random"

    def step(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions(self.player))


def test_the_rule_based_agent_beats_random_play() -> None:
    game = elementa.load_game("warriors")
    score = 0.0
    games = 30
    for i in range(games):
        seat = i % 2
        agents: list[Agent] = [RandomAgent(1 - seat, seed=i)]
        greedy = game.rule_based_agent(seat, seed=i)
        assert greedy is not None
        agents.insert(seat, greedy)
        score += play_game(game, agents, seed=i).returns()[seat]
    assert score / games >= 0.8


def test_the_agent_decides_the_same_on_states_that_look_the_same() -> None:
    game = elementa.load_game("warriors")
    s = game.new_initial_state(11)
    rng = random.Random(11)
    agents = [game.rule_based_agent(p, seed=p) for p in range(2)]
    checked = 0
    while not s.is_terminal() and checked < 40:
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            s.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        p = s.players_to_move()[0]
        agent = agents[p]
        assert agent is not None
        other = s.resample_from_infostate(p, random.Random(checked))
        assert agent.step(other).id == agent.step(s).id
        s.apply_action(agent.step(s), p)
        checked += 1
    assert checked == 40


def test_evaluate_scores_the_race_to_three_locations() -> None:
    state = elementa.load_game("warriors").new_initial_state(2)
    even = state.evaluate()
    assert even is not None and sum(even) == pytest.approx(1.0)
    state.controlled[1] = [(0, 1)]  # type: ignore[attr-defined]  # player 2 holds one location
    behind, ahead = state.evaluate()
    assert ahead > 0.6 > 0.4 > behind
    state.controlled[1].append((1, 1))  # type: ignore[attr-defined]
    assert state.evaluate()[1] > ahead  # two locations of three: closer still
    state.in_game[0] = False  # type: ignore[attr-defined]  # a seat out of the game gets nothing
    assert state.evaluate()[0] == pytest.approx(0.0, abs=1e-6)


def test_evaluate_counts_deathmatch_tokens() -> None:
    state = elementa.load_game("warriors", deathmatch=True).new_initial_state(2)
    state.tokens[0] = 3  # type: ignore[attr-defined]
    ahead, behind = state.evaluate()
    assert ahead > 0.75 and behind < 0.25
