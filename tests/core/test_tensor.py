"""The observation-tensor helpers of the core and the Game hooks that use them."""

from __future__ import annotations

import pytest

import elementa
from elementa.core.tensor import ObservationEncoder, TensorField, bag, one_hot, rotate, scaled


def test_helpers_scale_clip_and_count() -> None:
    assert scaled(5, 10) == 0.5 and scaled(20, 10) == 1.0 and scaled(-1, 10) == 0.0
    assert scaled(None, 10) == 0.0 and scaled(3, 4, low=2) == 0.5
    assert one_hot(2, 4) == [0, 0, 1, 0] and one_hot(None, 3) == [0, 0, 0] and one_hot(7, 2) == [0, 0]
    assert bag(["a", "b", "a", "z"], ["a", "b", "c"], cap=2) == [1.0, 0.5, 0.0]
    assert rotate(0, 2, 4) == 2 and rotate(2, 2, 4) == 0 and rotate(None, 1, 3) is None


def test_encoder_concatenates_fields_and_documents_them() -> None:
    enc = ObservationEncoder(
        [
            TensorField("a", 2, "two", lambda o, v: [o["x"], v]),
            TensorField("b", 1, "one", lambda o, v: [o["y"]]),
        ]
    )
    assert enc.shape == (3,)
    assert enc.encode({"x": 0.5, "y": 1}, 0) == [0.5, 0.0, 1.0]
    assert enc.describe() == [("a", 0, 2, "two"), ("b", 2, 1, "one")]


def test_a_field_of_the_wrong_size_is_an_error_naming_it() -> None:
    enc = ObservationEncoder([TensorField("short", 2, "", lambda o, v: [1.0])])
    with pytest.raises(ValueError, match="short"):
        enc.encode({}, 0)


def test_every_builtin_game_has_a_tensor() -> None:
    for name in ("elementalis", "elemenders", "elemental-card-dice", "elemental-warriors-ii", "warriors"):
        game = elementa.load_game(name)
        assert game.observation_tensor_shape()[0] > 0
        assert game.observation_encoder() is game.observation_encoder()  # built once


def test_a_game_still_pickles_after_building_its_encoder() -> None:
    """Run loops and workers pickle games and states; the encoder's closures must not ride along."""
    import pickle

    game = elementa.load_game("warriors")
    shape = game.observation_tensor_shape()
    state = game.new_initial_state(1)
    again = pickle.loads(pickle.dumps(state))
    assert again.game.observation_tensor_shape() == shape


@pytest.mark.parametrize(
    "name", ["elementalis", "elemenders", "elemental-card-dice", "elemental-warriors-ii", "warriors"]
)
def test_the_tensor_of_a_state_equals_the_tensor_of_its_observation_dict(name: str) -> None:
    """``state.observation_tensor`` (from the typed view where the encoder reads views) and
    ``encode_observation`` of the JSON form give the same numbers, so an adapter may use either."""
    import random

    game = elementa.load_game(name)
    state = game.new_initial_state(3)
    rng = random.Random(3)
    checked = 0
    for _ in range(300):
        if state.is_terminal():
            break
        for seat in range(state.num_players()):
            assert state.observation_tensor(seat) == game.encode_observation(state.observation(seat), seat)
            checked += 1
        p = state.current_player()
        if p == elementa.CHANCE:
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            for q in state.players_to_move() if p == elementa.SIMULTANEOUS else [p]:
                state.apply_action(rng.choice(state.legal_actions(q)), q)
    assert checked > 100
