"""The rule-based agent: legal, blind to what its seat cannot see, and clearly better than random."""

from __future__ import annotations

import random

import pytest

from elementa import Action, Agent, State, load_game, play_game
from tests.elemental_card_dice.table import NAME


class RandomAgent(Agent):
    """Uniformly random legal actions."""

    name = "random"

    def step(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions(self.player))


def test_the_agent_beats_random_players() -> None:
    game = load_game(NAME)
    wins = 0
    for seed in range(6):
        seat = seed % 2
        agents: list[Agent] = [RandomAgent(0, seed), RandomAgent(1, seed)]
        greedy = game.rule_based_agent(seat, seed)
        assert greedy is not None
        agents[seat] = greedy
        wins += play_game(game, agents, seed=seed).returns()[seat] == 1.0
    assert wins >= 5


def test_the_agent_decides_the_same_on_any_state_its_seat_cannot_tell_apart() -> None:
    game = load_game(NAME)
    state = game.new_initial_state(seed=11)
    rng = random.Random(11)
    checked = 0
    while not state.is_terminal() and checked < 150:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        p = state.current_player()
        twin = state.resample_from_infostate(p, random.Random(checked))
        mine = game.rule_based_agent(p, 3).step(state)  # type: ignore[union-attr]
        assert game.rule_based_agent(p, 3).step(twin).id == mine.id  # type: ignore[union-attr]
        state.apply_action(mine, p)
        checked += 1
    assert checked == 150


def test_the_brief_observation_the_agent_reads_is_part_of_the_full_one() -> None:
    game = load_game(NAME)
    state = game.new_initial_state(seed=5)
    rng = random.Random(5)
    for _ in range(400):
        if state.is_terminal():
            break
        for viewer in (0, 1, None):
            full = state.observation(viewer)
            brief = state.observation(viewer, brief=True)  # type: ignore[call-arg]
            assert set(full) - set(brief) == {"shops", "log", "cards"}
            assert {k: v for k, v in brief.items() if k != "players"} == {
                k: full[k] for k in brief if k != "players"
            }
            for mine, whole in zip(brief["players"], full["players"], strict=True):
                assert mine == {k: whole[k] for k in mine}
                assert list(mine) == [k for k in whole if k in mine]
        state.apply_action(rng.choice(state.legal_actions()))


def test_evaluate_gives_the_health_leader_the_better_chance() -> None:
    state = load_game(NAME).new_initial_state(1)
    assert state.evaluate() == [0.5, 0.5]
    state.sides[1].health -= 50  # type: ignore[attr-defined]
    ahead, behind = state.evaluate()
    assert ahead + behind == pytest.approx(1.0) and 0.9 < ahead < 1.0
