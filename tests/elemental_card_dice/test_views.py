"""The typed view: its parts read back from the JSON form, and the tensor is the same from either."""

from __future__ import annotations

import random

from elementa import load_game
from elementa.games.elemental_card_dice.views import (
    AgainView,
    CardDiceView,
    CardSummary,
    DecisionView,
    OrderView,
)
from tests.elemental_card_dice.table import NAME


def test_every_view_reads_back_from_its_json_and_gives_the_same_tensor() -> None:
    game = load_game(NAME, response_whitelist="any")
    kinds: set[type] = set()
    for seed in range(3):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        agents = [game.rule_based_agent(p, seed) for p in (0, 1)]
        for _ in range(600):
            if state.is_terminal():
                break
            for viewer in (0, 1, None):
                view = state.view(viewer)
                data = view.to_json()
                assert CardDiceView.from_json(data) == view
                assert all(type(c) is CardSummary for c in view.cards.values())
                if view.decision is not None:
                    kinds.add(type(view.decision))
                if viewer is not None:
                    assert game.encode_observation(view, viewer) == game.encode_observation(data, viewer)
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            agent = agents[state.current_player()]
            assert agent is not None
            state.apply_action(agent.step(state) if rng.random() < 0.7 else rng.choice(state.legal_actions()))
    assert DecisionView in kinds


def test_a_decision_reads_back_as_the_class_of_its_kind() -> None:
    again = AgainView("again", 0, 2, "fire")
    order = OrderView("order", 1, 3, 0, ("Fire", "Tremor"))
    plain = DecisionView("militia", 1, 12)
    for d in (again, order, plain, OrderView("order", 1, 3, 0, None)):
        back = DecisionView.from_json(d.to_json())
        assert back == d and type(back) is type(d)
    assert list(order.to_json()) == ["kind", "player", "count", "deck_of", "cards"]
