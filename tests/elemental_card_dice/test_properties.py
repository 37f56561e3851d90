"""Properties over random play: no card is ever lost or duplicated, and health and gold stay whole."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elementa import State, load_game
from elementa.games.elemental_card_dice import game as game_module
from tests.elemental_card_dice.table import NAME

GAME = load_game(NAME, turn_limit=40)
TOTAL = 68 + 2 * 5  # every shop card once, five Basic Income in each starting deck


def _cards_on_the_table(obs: dict[str, Any]) -> int:
    count = len(obs["chain"])
    for p in obs["players"]:
        count += (
            p["hand_size"] + p["deck_size"] + len(p["discard"]) + len(p["face_down"]) + len(p["passives"])
        )
    for shop in obs["shops"]:
        count += len(shop["cards"]) + shop["deck_size"] + len(shop["removed"])
    return count


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=0, max_value=2**31 - 1))
def test_random_play_keeps_every_card(seed: int) -> None:
    state = GAME.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        obs = state.observation(None)
        if obs["decision"] is None:  # no card is half-way through resolving
            assert _cards_on_the_table(obs) == TOTAL
        assert all(p["gold"] >= 0 for p in obs["players"])
        state.apply_action(rng.choice(state.legal_actions()))


AGENT_GAME = load_game(NAME, response_whitelist="any", start_gold=20)


def _agent_play(seed: int) -> Iterator[tuple[State, random.Random]]:
    """Yield ``(state, rng)`` at every node of a seeded game of AGENT_GAME (before it is played on;
    not to be changed): chance drawn from ``rng``, seven decisions in ten the rule agent's."""
    state, rng = AGENT_GAME.new_initial_state(seed), random.Random(seed)
    agents = [AGENT_GAME.rule_based_agent(p, seed) for p in (0, 1)]
    while not state.is_terminal():
        yield state, rng
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        agent = agents[state.current_player()]
        assert agent is not None
        state.apply_action(agent.step(state) if rng.random() < 0.7 else rng.choice(state.legal_actions()))


def test_a_clone_lists_the_actions_its_original_lists_at_every_node() -> None:
    for seed in range(3):
        for state, _ in _agent_play(seed):
            if state.is_chance_node():
                continue
            listed = [(a.id, a.label) for a in state.legal_actions()]
            assert listed == [(a.id, a.label) for a in state.clone().legal_actions()]
            twin = state.resample_from_infostate(state.current_player(), random.Random(seed))
            assert [a.id for a in twin.legal_actions()] == [a.id for a in twin.clone().legal_actions()]


def test_the_kept_hand_menus_are_the_menus_of_the_hands_at_every_node() -> None:
    # game.hand_menu keeps each menu by the hand's distinct cards: it must be the one made afresh
    game: Any = AGENT_GAME
    for seed in range(3):
        for state, rng in _agent_play(seed):
            for twin in (state, state.clone(), *(state.resample_from_infostate(q, rng) for q in (0, 1))):
                for side in twin.sides:  # type: ignore[attr-defined]
                    assert game.hand_menu(side.hand) == game.make_hand_menu(side.hand)


def test_the_kept_hand_menus_start_over_past_their_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_module, "HAND_MENUS_MAX", 2)
    game = load_game(NAME)
    hands = [[c.id] for c in game.cards[:5]]  # type: ignore[attr-defined]
    for hand in hands:
        assert game.hand_menu(hand) == game.make_hand_menu(hand)  # type: ignore[attr-defined]
        assert len(game._hand_menus) <= 2  # type: ignore[attr-defined]
