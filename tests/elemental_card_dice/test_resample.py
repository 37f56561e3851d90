"""Resampling keeps who is to move: a draw waits for chance only from a pile of different cards, so
a redraw of the unseen cards must not make a chance node the seat sees into a step that runs alone."""

from __future__ import annotations

import random

from elementa import load_game
from tests.elemental_card_dice.table import NAME


def test_a_resample_keeps_who_is_to_move() -> None:
    game = load_game(NAME)
    checked = 0
    for seed in range(4):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        for _ in range(1500):
            if state.is_terminal():
                break
            to_move = state.current_player()
            for p in (0, 1):
                for k in range(4):
                    twin = state.resample_from_infostate(p, random.Random(k))
                    assert twin.current_player() == to_move, (seed, p, k)
                    assert twin.observation(p) == state.observation(p)
                    checked += 1
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 10_000
