"""What the adapters share: joint actions, legal masks and the state box."""

from __future__ import annotations

import copy
import pickle

import pytest

pytest.importorskip("numpy", reason="the adapters need numpy (any research extra)")

import elementa
from elementa import IllegalActionError
from elementa.adapters.common import StateBox, apply_joint, legal_mask
from elementa.core import resolve_chance


def _at_bids() -> elementa.State:
    state = elementa.load_game("toy-dice", players=3).new_initial_state(1)
    while state.is_chance_node():
        resolve_chance(state)
    assert state.is_simultaneous_node()
    return state


def test_apply_joint_plays_every_seat_to_move_in_seat_order() -> None:
    state = _at_bids()
    before = len(state.history())
    bid = state.game.action_space.encode("bid", 2)
    apply_joint(state, lambda p: bid)
    assert state.history()[before:] == [(0, bid), (1, bid), (2, bid)]
    assert not state.is_simultaneous_node()


def test_apply_joint_refuses_an_illegal_entry() -> None:
    state = _at_bids()
    keep = state.game.action_space.encode("keep")
    with pytest.raises(IllegalActionError):
        apply_joint(state, lambda p: keep)


def test_legal_mask_marks_exactly_the_legal_ids() -> None:
    state = _at_bids()
    mask = legal_mask(state, 1, state.game.num_distinct_actions)
    assert mask.dtype.name == "int8" and set(mask.nonzero()[0]) == set(state.legal_action_ids(1))
    assert not legal_mask(state, 7, state.game.num_distinct_actions).any()


def test_state_box_copies_by_clone_and_pickles_without_its_game() -> None:
    game = elementa.load_game("elemenders", max_turns=40)
    state = game.new_initial_state(3)
    for _ in range(30):
        if state.is_chance_node():
            resolve_chance(state)
        else:
            state.apply_action(state.legal_actions()[0])
    box = StateBox(state)
    twin = copy.deepcopy(box)
    assert twin.state is not state and twin.state.game is game and str(twin.state) == str(state)
    payload = pickle.dumps(box)
    assert len(payload) < len(pickle.dumps(state))  # the game is a reference
    back = pickle.loads(payload)
    assert str(back.state) == str(state) and back.state.history() == state.history()
    assert back.state.game.options == game.options
