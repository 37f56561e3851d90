"""The shared parts of Game and State: legal actions by seat, history, clones, descriptions."""

from __future__ import annotations

import math

import pytest

import elementa
from elementa import CHANCE, SIMULTANEOUS, Agent, State
from elementa.core import win_shares
from tests.support.toy import ToyGame

BID0, BID1, BID2, KEEP, REROLL = 6, 7, 8, 9, 10


def at_bidding(players: int = 2) -> State:
    state = elementa.load_game("toy-dice", players=players).new_initial_state(seed=5)
    for face in range(players):
        state.apply_action(face)
    return state


def test_game_derives_its_facts_from_options() -> None:
    game = elementa.load_game("toy-dice", players=3)
    assert isinstance(game, ToyGame)
    assert (game.name, game.num_players, game.num_distinct_actions) == ("toy-dice", 3, 11)
    assert game.utility_range() == (0.0, 1.0)
    assert game.options_dict() == {"players": 3, "sides": 6}
    assert game.rule_based_agent(0) is None
    assert game.rules_summary() == "Hidden Dice (test game): a test game"
    assert "players=3" in repr(game)


def test_node_predicates_and_players_to_move() -> None:
    state = elementa.load_game("toy-dice").new_initial_state(seed=5)
    assert state.is_chance_node() and not state.is_simultaneous_node() and not state.is_terminal()
    assert state.players_to_move() == []
    state.apply_action(0)
    state.apply_action(1)
    assert state.is_simultaneous_node()
    assert state.players_to_move() == [0, 1]
    state.apply_action(BID1, 1)
    assert state.players_to_move() == [0]
    state.apply_action(BID1, 0)
    assert state.current_player() == 0
    assert state.players_to_move() == [0]


def test_legal_actions_by_seat() -> None:
    state = elementa.load_game("toy-dice").new_initial_state(seed=5)
    assert state.legal_action_ids() == [0, 1, 2, 3, 4, 5]
    assert state.legal_action_ids(CHANCE) == [0, 1, 2, 3, 4, 5]
    assert state.legal_actions(0) == []
    assert [p for _, p in state.chance_outcomes()] == pytest.approx([1 / 6] * 6)
    state = at_bidding()
    with pytest.raises(ValueError, match="needs the player"):
        state.legal_actions()
    assert state.legal_action_ids(0) == [BID0, BID1, BID2]
    assert state.legal_actions(CHANCE) == []
    assert state.chance_outcomes() == []
    state.apply_action(BID2, 0)
    assert state.legal_actions(0) == []
    assert state.legal_actions(7) == []


def test_history_records_chance_and_players_and_is_a_copy() -> None:
    state = at_bidding()
    state.apply_action(state.action_from_id(BID2, 1), 1)
    assert state.history() == [(CHANCE, 0), (CHANCE, 1), (1, BID2)]
    state.history().clear()
    assert len(state.history()) == 3


def test_apply_unchecked_applies_and_records() -> None:
    state = at_bidding()
    bid = state.legal_actions(0)[1]
    state.apply_unchecked(bid, 0)
    assert state.history()[-1] == (0, BID1)
    assert state.players_to_move() == [1]


def test_clones_are_independent() -> None:
    state = at_bidding()
    twin = state.clone()
    twin.apply_action(BID0, 0)
    assert state.players_to_move() == [0, 1]
    assert len(state.history()) == 2 and len(twin.history()) == 3
    state.apply_action(BID2, 1)
    assert twin.players_to_move() == [1]


def test_describe_action_hides_sealed_choices_and_hidden_outcomes() -> None:
    state = elementa.load_game("toy-dice").new_initial_state(seed=5)
    roll = state.legal_actions()[2]  # player 1's secret die
    assert state.describe_action(roll, CHANCE, 0) == "chance: roll 3"
    assert state.describe_action(roll, CHANCE, 1) == "chance: a hidden outcome"
    assert state.describe_action(roll, CHANCE, None) == "chance: a hidden outcome"
    state = at_bidding()
    bid = state.legal_actions(1)[2]
    assert state.describe_action(bid, 1, 1) == "player 2: bid 2"
    assert state.describe_action(bid, 1, 0) == "player 2 has chosen"
    assert state.describe_action(bid, 1, None) == "player 2 has chosen"
    assert state.current_player() == SIMULTANEOUS


def test_seed_is_recorded_or_drawn() -> None:
    game = elementa.load_game("toy-dice")
    assert game.new_initial_state(seed=42).seed == 42
    drawn = {game.new_initial_state().seed for _ in range(5)}
    assert all(isinstance(s, int) and 0 <= s < 2**31 for s in drawn)
    assert len(drawn) > 1


class FirstChoice(Agent):
    name = "first"

    def step(self, state: State) -> elementa.Action:
        return state.legal_actions(self.player)[0]


def test_agent_base_class() -> None:
    agent = FirstChoice(1, seed=3)
    assert repr(agent) == "<first agent, seat 2>"
    assert agent.rng.random() == FirstChoice(0, seed=3).rng.random()
    assert agent.step(at_bidding()).id == BID0


def test_win_shares_is_a_softmax_of_the_scores() -> None:
    assert win_shares([3.0, 3.0], 1.0) == [0.5, 0.5]
    leader, other = win_shares([2.0, 1.0], 1.0)
    assert leader == pytest.approx(math.e / (math.e + 1)) and leader + other == pytest.approx(1.0)
    assert sum(win_shares([1.0, 0.0, -1.0], 0.5, total=25.0)) == pytest.approx(25.0)
    assert win_shares([1000.0, 0.0], 1.0) == [1.0, 0.0]  # no overflow on a runaway lead
    with pytest.raises(ValueError, match="positive scale"):
        win_shares([1.0, 2.0], 0.0)


def test_a_game_has_no_evaluation_unless_it_gives_one() -> None:
    assert elementa.load_game("toy-dice").new_initial_state(0).evaluate() is None
