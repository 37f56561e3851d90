"""The core flow stack: decision, chance and automatic steps, continuations, clones.

A small game of hidden hands is built on it (Low Hand: each seat is dealt three cards of 0-4, one
chance step a card, then discards one card, a decision step; the lowest hand wins) and walked by the
conformance suite, so the stack is checked as a real game uses it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from elementa.core import CHANCE, TERMINAL, Action, ActionSpace, Game, GameInfo, Part, State, option
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

    def __init__(self, game: LowGame, seed: int | None, discards: int = 1) -> None:
        super().__init__(game, seed)
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
        s = object.__new__(LowState)
        s.game, s.seed, s._history = self.game, self.seed, self._history[:]
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


@pytest.mark.parametrize("players", [2, 3])
def test_a_game_on_the_flow_stack_passes_the_conformance_walk(players: int, tmp_path: Path) -> None:
    walk = Walk(low_game(players), "low-hand", tmp_path, checks=STANDARD - {SAVE}, max_steps=100)
    for seed in range(8):
        walk.run(seed)
    assert walk.stats["deep"] >= 8
