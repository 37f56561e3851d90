"""Observation tensors of every game and option set: fixed shape, finite values in 0..1, and blind to
what the seat cannot see (resampling the hidden part of the state leaves the seat's tensor alone)."""

from __future__ import annotations

import math
import random

from elementa import State
from tests.conformance.configs import Config

STEPS = 400
"""Steps of each checked playout (tensors are checked at every step, resampling every 20th)."""


def _step(state: State, rng: random.Random) -> None:
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    else:
        p = state.players_to_move()[0]
        state.apply_action(rng.choice(state.legal_actions(p)), player=p)


def test_tensors_are_fixed_finite_and_hide_what_the_seat_cannot_see(config: Config) -> None:
    game = config.load()
    shape = game.observation_tensor_shape()
    assert len(shape) == 1 and shape[0] > 0
    rng = random.Random(3)
    state = game.new_initial_state(3)
    for step in range(STEPS + 1):
        for p in range(game.num_players):
            tensor = game.encode_observation(state.observation(p), p)
            where = f"{config.label} step {step} seat {p}"
            assert len(tensor) == shape[0], f"{where}: {len(tensor)} values, shape {shape}"
            assert all(math.isfinite(x) and 0.0 <= x <= 1.0 for x in tensor), f"{where}: value outside 0..1"
            if step % 20 == 0 and not state.is_terminal():
                for k in range(2):
                    other = state.resample_from_infostate(p, random.Random(k))
                    again = game.encode_observation(other.observation(p), p)
                    assert again == tensor, f"{where}: the tensor changed when hidden parts were resampled"
        if state.is_terminal():
            break
        _step(state, rng)


def test_a_tensor_differs_between_seats_that_see_different_things(config: Config) -> None:
    """The encoding carries the observation: somewhere early on, the seats' tensors are not all equal."""
    game = config.load()
    rng = random.Random(5)
    state = game.new_initial_state(5)
    differs = False
    for _ in range(60):
        if state.is_terminal():
            break
        tensors = {tuple(game.encode_observation(state.observation(p), p)) for p in range(game.num_players)}
        differs = differs or len(tensors) > 1
        _step(state, rng)
    assert differs
