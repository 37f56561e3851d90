"""Run loops: seeded chance, reproducible games between agents, resuming, limits."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import elementa
from elementa import CHANCE, Action, Agent, State, play_game
from elementa.core import chance_rng, resolve_chance, sample_outcome
from tests.support.fixed import Fixed


class RandomAgent(Agent):
    name = "random"

    def step(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions(self.player))

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)


def agents(n: int, seed: int) -> list[Agent]:
    return [RandomAgent(p, seed=seed * 10 + p) for p in range(n)]


def toy(players: int = 3) -> elementa.Game:
    return elementa.load_game("toy-dice", players=players)


OUTCOMES = [
    (Action(0, "x", (0,), "a"), 0.2),
    (Action(1, "x", (1,), "b"), 0.3),
    (Action(2, "x", (2,), "c"), 0.5),
]


@pytest.mark.parametrize(
    ("r", "label"), [(0.0, "a"), (0.19, "a"), (0.2, "b"), (0.49, "b"), (0.5, "c"), (0.99, "c")]
)
def test_sample_outcome_follows_the_cumulative_probabilities(r: float, label: str) -> None:
    assert sample_outcome(OUTCOMES, Fixed(r)).label == label


def test_sample_outcome_falls_back_to_the_last_when_probabilities_fall_short() -> None:
    short = [(a, p * 0.9) for a, p in OUTCOMES]
    assert sample_outcome(short, Fixed(0.95)).label == "c"


def test_sample_chance_outcome_draws_as_sample_outcome_over_the_outcomes() -> None:
    state = toy().new_initial_state(seed=4)
    outcomes = state.chance_outcomes()
    for r in (0.0, 0.3, 0.55, 0.999):
        assert state.sample_chance_outcome(Fixed(r)) == sample_outcome(outcomes, Fixed(r))


def test_sample_chance_outcome_is_refused_away_from_a_chance_node() -> None:
    state = toy().new_initial_state(seed=4)
    resolve_chance(state)
    while state.is_chance_node():
        resolve_chance(state)
    before = state.history()
    with pytest.raises(ValueError, match="not at a chance node"):
        state.sample_chance_outcome(random.Random(0))
    assert state.history() == before


def test_chance_rng_depends_on_seed_and_step_only() -> None:
    assert chance_rng(7, 3).random() == chance_rng(7, 3).random()
    draws = {chance_rng(7, step).random() for step in range(20)} | {
        chance_rng(s, 3).random() for s in range(20)
    }
    assert len(draws) == 39  # (7, 3) is in both sets


def test_resolve_chance_applies_the_seeded_outcome() -> None:
    state = toy().new_initial_state(seed=9)
    expected = sample_outcome(state.chance_outcomes(), chance_rng(9, 0))
    assert resolve_chance(state) == expected
    assert state.history() == [(CHANCE, expected.id)]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31 - 1), st.integers(0, 1000))
def test_same_seeds_same_game(seed: int, agent_seed: int) -> None:
    first = play_game(toy(), agents(3, agent_seed), seed=seed)
    second = play_game(toy(), agents(3, agent_seed), seed=seed)
    assert first.is_terminal()
    assert first.history() == second.history()
    assert first.returns() == second.returns()
    for step, (player, action_id) in enumerate(first.history()):
        if player == CHANCE:  # every chance outcome is the one chance_rng(seed, step) draws
            replay = toy().new_initial_state(seed)
            for p, a in first.history()[:step]:
                replay.apply_action(a, p)
            assert sample_outcome(replay.chance_outcomes(), chance_rng(seed, step)).id == action_id


def test_different_seeds_give_different_games() -> None:
    games = {tuple(play_game(toy(), agents(3, 0), seed=seed).history()) for seed in range(10)}
    assert len(games) > 1


def test_on_step_sees_every_action_before_it_is_applied() -> None:
    seen: list[tuple[int, int, int]] = []

    def record(state: State, player: int, action: Action) -> None:
        seen.append((len(state.history()), player, action.id))

    end = play_game(toy(), agents(3, 1), seed=4, on_step=record)
    assert seen == [(i, p, a) for i, (p, a) in enumerate(end.history())]


def test_a_saved_game_continues_as_it_would_have(tmp_path: Path) -> None:
    class Stateless(Agent):  # its choice depends on the position only, not on earlier calls
        def step(self, state: State) -> Action:
            return random.Random(len(state.history())).choice(state.legal_actions(self.player))

    full = play_game(toy(), [Stateless(p) for p in range(3)], seed=8)
    for cut in range(len(full.history())):
        partial = toy().new_initial_state(seed=8)
        for p, a in full.history()[:cut]:
            partial.apply_action(a, p)
        resumed = elementa.load(elementa.save(partial, tmp_path / "g.json"))
        end = play_game(toy(), [Stateless(p) for p in range(3)], state=resumed)
        assert end is resumed
        assert end.history() == full.history()


def test_play_game_needs_one_agent_per_seat() -> None:
    with pytest.raises(ValueError, match="with 3 players needs as many agents"):
        play_game(toy(3), agents(2, 0), seed=1)


def test_play_game_stops_at_max_steps() -> None:
    with pytest.raises(RuntimeError, match="no end after 4 steps"):
        play_game(toy(3), agents(3, 0), seed=1, max_steps=4)


class Offers(RandomAgent):
    """Answers its first decision with one fixed action (an Action or a bare id), legal or not."""

    def __init__(self, player: int, offer: object) -> None:
        super().__init__(player)
        self.offer: object = offer

    def step(self, state: State) -> Action:
        offer, self.offer = self.offer, None
        return super().step(state) if offer is None else offer  # type: ignore[return-value]

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        return self.step(state)


def first_decision(seed: int) -> State:
    state = toy(2).new_initial_state(seed)
    while state.is_chance_node():
        resolve_chance(state)
    return state


@pytest.mark.parametrize("offer", [Action(999, "x", ()), 999, "0", True])
def test_play_game_refuses_an_illegal_choice_and_leaves_the_state_as_it_was(offer: object) -> None:
    state = first_decision(3)
    before = state.history()
    seat = state.players_to_move()[0]
    agents: list[Agent] = [RandomAgent(0), RandomAgent(1)]
    agents[seat] = Offers(seat, offer)
    with pytest.raises(elementa.IllegalActionError):
        play_game(toy(2), agents, state=state)
    assert state.history() == before


@pytest.mark.parametrize("by", ["id", "equal action"])
def test_play_game_takes_a_legal_action_given_by_its_id_or_by_an_equal_action(by: str) -> None:
    state = first_decision(3)
    step = len(state.history())
    seat = state.players_to_move()[0]
    legal = state.legal_actions(seat)[-1]
    agents: list[Agent] = [RandomAgent(0), RandomAgent(1)]
    agents[seat] = Offers(seat, legal.id if by == "id" else Action(legal.id, "other", ()))
    end = play_game(toy(2), agents, state=state)
    assert end.is_terminal()
    assert end.history()[step] == (seat, legal.id)


def test_play_game_hands_the_agents_the_legal_actions_it_checks_against() -> None:
    calls: list[tuple[int, list[int]]] = []

    class Spy(RandomAgent):
        def choose(self, state: State, legal: Sequence[Action]) -> Action:
            assert [a.id for a in legal] == state.legal_action_ids(self.player)
            calls.append((self.player, [a.id for a in legal]))
            return super().choose(state, legal)

    end = play_game(toy(3), [Spy(p, seed=p) for p in range(3)], seed=6)
    same = play_game(toy(3), [RandomAgent(p, seed=p) for p in range(3)], seed=6)
    assert calls and end.history() == same.history()
