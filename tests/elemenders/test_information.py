"""Hidden information, determinization, illegal actions, copies and saves.

Source: elemenders.txt, Monoliths and Winning (the hidden true monolith); ruling ELM-12.
"""

import json
import random

import pytest

import elementa
from elementa.core import IllegalActionError, load_game
from tests.elemenders.helpers import act, monolith_at, play, sq, start


def _snapshot(state):
    return (
        state.history(),
        [json.dumps(state.observation(v), sort_keys=True) for v in (0, 1, None)],
        str(state),
        state.current_player(),
    )


def test_the_opponents_view_does_not_depend_on_the_true_monolith():
    views = []
    for mark in range(5):
        state = start(marks=(mark, 1))
        play(state, "G1-G3")
        views.append([json.dumps(state.observation(v), sort_keys=True) for v in (0, 1, None)])
    assert len({v[1] for v in views}) == 1  # player 2
    assert len({v[2] for v in views}) == 1  # a spectator
    assert len({v[0] for v in views}) == 5  # player 1 sees its own choice


def test_a_pending_mark_is_hidden_too():
    game = load_game("elemenders")
    seen = set()
    for mark in range(5):
        state = game.new_initial_state(seed=0)
        act(state, "mark", mark)
        seen.add(json.dumps(state.observation(1), sort_keys=True))
        assert state.observation(1)["marked"] == [True, False]
    assert len(seen) == 1


def test_the_mark_is_described_to_others_without_the_square():
    state = load_game("elemenders").new_initial_state(seed=0)
    action = state.legal_actions()[3]
    assert "H1" in state.describe_action(action, 0, 0)
    for viewer in (1, None):
        text = state.describe_action(action, 0, viewer)
        assert "H1" not in text and "secret" in text


def test_resampling_redraws_the_opponents_true_monolith_among_the_standing_unhit_ones():
    state = start(marks=(0, 2))
    rng = random.Random(5)
    drawn = set()
    for _ in range(60):
        s = state.resample_from_infostate(0, rng)
        assert s.observation(0) == state.observation(0)
        drawn.add(next(m["square"] for m in s.observation(1)["monoliths"] if m["owner"] == 1 and m["true"]))
        # the resampled history replays to the resampled state
        replay = state.game.new_initial_state(seed=state.seed)
        for player, action_id in s.history():
            replay.apply_action(action_id, None if player < 0 else player)
        assert replay.observation(1) == s.observation(1)
    assert drawn == {"B10", "D10", "F10", "H10", "J10"}


def test_resampling_keeps_what_hits_have_revealed():
    decoy = start(marks=(2, 0))
    true = start(marks=(2, 2))
    for state in (decoy, true):
        for move in ("G1-G3", "G3-G5", "G5-G7", "G7-F8", "F8-F9xF10"):
            play(state, move)
            play(state)
    rng = random.Random(1)
    for _ in range(30):
        s = decoy.resample_from_infostate(0, rng)
        assert s.observation(0) == decoy.observation(0)
        assert monolith_at(s, "F10", 1)["standing"] is False
        assert monolith_at(true.resample_from_infostate(0, rng), "F10", 1)["true"] is True


def test_illegal_actions_are_refused_and_leave_the_state_untouched():
    state = start()
    sp = state.game.action_space
    before = _snapshot(state)
    for bad in (
        sp.encode("select", sq("G10")),  # an enemy unit
        sp.encode("move", sq("G3")),  # no unit chosen yet
        sp.encode("place", 0, 6),
        10_000,  # no such id
    ):
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)
        assert _snapshot(state) == before
    act(state, "select", sq("G1"))
    before = _snapshot(state)
    for bad in (sp.encode("move", sq("G4")), sp.encode("attack", sq("H1")), sp.encode("select", sq("A1"))):
        with pytest.raises(IllegalActionError) as e:
            state.apply_action(bad)
        assert "not among the legal actions" in str(e.value)
        assert _snapshot(state) == before
    with pytest.raises(IllegalActionError):
        state.apply_action(sp.encode("hold"), player=1)
    assert _snapshot(state) == before


def test_no_action_after_the_game_is_over():
    state = start(load_game("elemenders", max_turns=1))
    play(state)
    assert state.is_terminal() and state.legal_actions() == []
    with pytest.raises(IllegalActionError):
        state.apply_action(state.game.action_space.encode("end_turn"))


def test_a_clone_is_independent():
    state = start()
    before = _snapshot(state)
    copy = state.clone()
    play(copy, "G1 cross", "I1-I3")
    play(copy, flip="heads")
    assert _snapshot(state) == before
    assert _snapshot(copy) != before


def test_save_and_load_give_the_same_position(tmp_path):
    state = start(marks=(1, 3))
    play(state, "G1 cross", "C1-C3")
    play(state, "G10-G8", flip="heads")
    path = elementa.save(state, tmp_path / "elemenders.json")
    loaded = elementa.load(path)
    assert _snapshot(loaded) == _snapshot(state)


def test_labels_read_as_moves_a_person_understands():
    state = start()
    labels = {a.label for a in state.legal_actions()}
    assert "select the fire unit at G1" in labels and "end the turn" in labels
    act(state, "select", sq("C1"))
    labels = {a.label for a in state.legal_actions()}
    assert "move the water unit at C1 to C3" in labels
    assert "the water unit at C1 makes a vertical river" in labels
    assert "the water unit at C1 does nothing" in labels
