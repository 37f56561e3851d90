"""The core flow stack: decision, chance and automatic steps, continuations, clones.

A small game of hidden hands is built on it (Low Hand: each seat is dealt three cards of 0-4, one
chance step a card, then discards one card, a decision step; the lowest hand wins) and walked by the
conformance suite, so the stack is checked as a real game uses it. A deal draws its card with a
cheap sampler (``Step.sample``), which the walk checks against the outcomes' probabilities, and a
step that takes set-aside cards by itself and stops to wait for chance when none are left shows a
step whose actor follows the state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from elementa.core import (
    CHANCE,
    TERMINAL,
    Action,
    ActionSpace,
    Game,
    GameInfo,
    Part,
    State,
    option,
    pick_uniform,
    sample_outcome,
)
from elementa.core.flow import AUTOMATIC, Flow, Step
from elementa.core.options import parse_options
from tests.conformance.checks import SAVE, STANDARD, Walk

CARDS = 5


@dataclass(frozen=True)
class LowOptions:
    players: int = option(2, "number of players", minimum=2, maximum=3)


@dataclass(frozen=True, slots=True)
class Deal(Step):
    seat: int
    n: int

    def actor(self, state: Any) -> int:
        return CHANCE

    def outcomes(self, state: Any) -> list[tuple[Action, float]]:
        sp = state.game.action_space
        return [
            (sp.make("card", c, label=f"player {self.seat + 1} is dealt {c}"), 1 / CARDS)
            for c in range(CARDS)
        ]

    def sample(self, state: Any, rng: random.Random) -> Action:
        return pick_uniform(self.outcomes(state), rng)[0]

    def apply(self, state: Any, action: Action, player: int) -> None:
        state.hands[self.seat].append(action.part("card"))
        if self.n > 1:
            state.flow.push(Deal(self.seat, self.n - 1))


@dataclass(frozen=True, slots=True)
class Discard(Step):
    seat: int
    n: int

    def actor(self, state: Any) -> int:
        return self.seat

    def legal(self, state: Any, player: int) -> list[Action]:
        sp = state.game.action_space
        return [sp.make("discard", c, label=f"discard {c}") for c in sorted(set(state.hands[self.seat]))]

    def apply(self, state: Any, action: Action, player: int) -> None:
        state.hands[self.seat].remove(action.part("card"))
        state.discards.append(action.part("card"))
        if self.n > 1:
            state.flow.push(Discard(self.seat, self.n - 1))


@dataclass(frozen=True, slots=True)
class Score(Step):
    def actor(self, state: Any) -> int:
        return AUTOMATIC

    def run(self, state: Any) -> None:
        sums = [sum(h) for h in state.hands]
        best = min(sums)
        winners = [p for p, total in enumerate(sums) if total == best]
        state.result = [1 / len(winners) if p in winners else 0.0 for p in range(len(sums))]


class LowState(State):
    game: LowGame

    def __init__(self, game: LowGame, seed: int | None, discards: int = 1, *, blank: bool = False) -> None:
        super().__init__(game, seed)
        if blank:  # clone() sets the rest (the compiled build's State cannot be made without __init__)
            return
        n = game.num_players
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.discards: list[int] = []
        self.result: list[float] | None = None
        self.flow = Flow()
        self.flow.push(*[Deal(p, 3) for p in range(n)], *[Discard(p, discards) for p in range(n)], Score())
        self.flow.settle(self)

    def current_player(self) -> int:
        actor = self.flow.actor(self)
        return TERMINAL if actor is None else actor

    def _legal_actions(self, player: int) -> list[Action]:
        top = self.flow.top
        assert top is not None
        return top.legal(self, player)

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        top = self.flow.top
        assert top is not None
        return top.outcomes(self)

    def _sample_chance_outcome(self, rng: random.Random) -> Action:
        top = self.flow.top
        assert top is not None
        return top.sample(self, rng)

    def _apply(self, action: Action, player: int) -> None:
        self.flow.apply(self, action, player)

    def returns(self) -> list[float]:
        return self.result or [0.0] * self.game.num_players

    def observation(self, player: int | None) -> dict[str, Any]:
        over = self.result is not None
        return {
            "hands": [h[:] if p == player or over else len(h) for p, h in enumerate(self.hands)],
            "discards": self.discards[:],
            "steps": len(self.flow),
        }

    def resample_from_infostate(self, player: int, rng: random.Random) -> LowState:
        s = self.clone()
        if self.result is None:
            for p, hand in enumerate(s.hands):
                if p != player:
                    s.hands[p] = [rng.randrange(CARDS) for _ in hand]
        return s

    def clone(self) -> LowState:
        s = LowState(self.game, self.seed, blank=True)
        s._history = self._history[:]
        s.hands, s.discards, s.result = [h[:] for h in self.hands], self.discards[:], self.result
        s.flow = self.flow.copy()
        return s

    def __str__(self) -> str:
        return f"hands={self.hands} discards={self.discards} steps={list(self.flow)}"


class LowGame(Game):
    info = GameInfo("low-hand", "Low Hand (flow test game)", 2, 3, "a test game of the flow stack")
    options_class = LowOptions

    def _make_action_space(self) -> ActionSpace:
        return ActionSpace([("card", (Part("card", CARDS),)), ("discard", (Part("card", CARDS),))])

    def new_initial_state(self, seed: int | None = None) -> LowState:
        return LowState(self, seed)


def low_game(players: int = 2) -> LowGame:
    return LowGame(parse_options(LowOptions, {"players": players}, game="low-hand"))


def test_steps_run_in_order_and_continuations_come_back() -> None:
    state = low_game().new_initial_state(seed=1)
    assert [type(s).__name__ for s in state.flow] == ["Deal", "Deal", "Discard", "Discard", "Score"]
    for card in (4, 1, 3, 0, 0, 2):  # three cards to seat 0, then three to seat 1
        assert state.current_player() == CHANCE
        state.apply_action(card)
    assert state.hands == [[4, 1, 3], [0, 0, 2]]
    assert state.current_player() == 0
    assert [a.label for a in state.legal_actions()] == ["discard 1", "discard 3", "discard 4"]
    state.apply_action(state.parse_action("discard card=4"))
    state.apply_action(state.parse_action("discard 2"), 1)
    assert state.is_terminal()  # Score ran by itself: 1 + 3 against 0 + 0
    assert state.returns() == [0.0, 1.0]
    assert len(state.flow) == 0 and state.flow.top is None


def test_a_decision_that_continues_pushes_itself_with_one_fewer() -> None:
    state = LowState(low_game(), seed=1, discards=2)
    for card in (4, 1, 3, 0, 0, 2):
        state.apply_action(card)
    state.apply_action(state.parse_action("discard card=4"))
    assert state.flow.top == Discard(0, 1) and state.current_player() == 0
    state.apply_action(state.parse_action("discard card=3"))
    assert state.hands[0] == [1] and state.current_player() == 1


def test_a_clone_shares_the_steps_but_not_the_stack() -> None:
    state = low_game().new_initial_state(seed=1)
    twin = state.clone()
    twin.apply_action(0)
    assert len(state.flow) == 5 and len(twin.flow) == 5  # Deal(0, 2) replaced Deal(0, 3)
    assert state.flow.top == Deal(0, 3) and twin.flow.top == Deal(0, 2)
    assert state.flow.steps[0] is twin.flow.steps[0]


def test_a_step_asked_for_what_it_is_not_says_so() -> None:
    with pytest.raises(NotImplementedError, match="Score is not a decision"):
        Score().legal(None, 0)
    with pytest.raises(NotImplementedError, match="Discard is not automatic"):
        Discard(0, 1).run(None)
    with pytest.raises(IndexError):
        Flow().pop()


def test_a_chance_step_samples_what_its_outcomes_give() -> None:
    """``Step.sample`` draws by the outcomes' probabilities from one ``rng.random()`` call; a step's
    own cheaper sampler (Deal's uniform pick) must draw the same outcome from the same value."""
    state = low_game().new_initial_state(seed=1)
    deal = state.flow.top
    assert isinstance(deal, Deal)
    for seed in range(50):
        expected = sample_outcome(deal.outcomes(state), random.Random(seed))
        assert deal.sample(state, random.Random(seed)) == expected
        assert Step.sample(deal, state, random.Random(seed)) == expected  # the default
        assert state.sample_chance_outcome(random.Random(seed)) == expected


@dataclass(frozen=True, slots=True)
class Take(Step):
    """Take ``n`` cards: one set aside face up is taken by itself, else chance deals one."""

    n: int

    def actor(self, state: Any) -> int:
        return AUTOMATIC if state.aside else CHANCE

    def outcomes(self, state: Any) -> list[tuple[Action, float]]:
        sp = state.game.action_space
        return [(sp.make("card", c), 1 / CARDS) for c in range(CARDS)]

    def run(self, state: Any) -> None:
        self._take(state, state.aside.pop())

    def apply(self, state: Any, action: Action, player: int) -> None:
        self._take(state, action.args[0])

    def _take(self, state: Any, card: int) -> None:
        state.taken.append(card)
        if self.n > 1:
            state.flow.push(Take(self.n - 1))


class TakeState:
    def __init__(self, aside: list[int]) -> None:
        self.game, self.aside, self.flow = low_game(), aside, Flow()
        self.taken: list[int] = []


def test_a_step_runs_by_itself_until_it_must_stop_and_wait() -> None:
    """A step's actor may follow the state: Take runs automatically while set-aside cards are left,
    then waits for chance, and settles again after the chance outcome."""
    state = TakeState(aside=[2, 4])
    state.flow.push(Take(3))
    state.flow.settle(state)
    assert state.taken == [4, 2] and state.flow.top == Take(1)
    assert state.flow.actor(state) == CHANCE and state.flow.waits_for_chance(state)
    state.flow.apply(state, state.game.action_space.make("card", 0), CHANCE)
    assert state.taken == [4, 2, 0] and state.flow.top is None
    state = TakeState(aside=[1])
    state.flow.push(Take(1), Take(2))  # the first ends on top: it takes the card set aside
    state.flow.settle(state)
    assert state.taken == [1] and state.flow.top == Take(2) and state.flow.actor(state) == CHANCE


@pytest.mark.parametrize("players", [2, 3])
def test_a_game_on_the_flow_stack_passes_the_conformance_walk(players: int, tmp_path: Path) -> None:
    walk = Walk(low_game(players), "low-hand", tmp_path, checks=STANDARD - {SAVE}, max_steps=100)
    for seed in range(8):
        walk.run(seed)
    assert walk.stats["deep"] >= 8
