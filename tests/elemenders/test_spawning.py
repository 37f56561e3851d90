"""Spawning: a coin after every pair of turns; on heads each player places one new unit.

Source: elemenders.txt, Spawning; rulings ELM-11, ELM-18.
"""

from elementa.core import CHANCE, load_game
from tests.elemenders.helpers import act, phase, play, sq, start, unit_at


def test_a_coin_is_flipped_after_each_player_has_had_a_turn():
    state = start()
    play(state)
    assert state.current_player() == 1
    play(state, flip=None)
    assert state.current_player() == CHANCE and phase(state) == "spawn_flip"
    outcomes = [(a.kind, a.args, p) for a, p in state.chance_outcomes()]
    assert sorted(outcomes) == [("coin", (0,), 0.5), ("coin", (1,), 0.5)]


def test_tails_changes_nothing_and_the_next_round_begins():
    state = start()
    play(state, "G1-G3")
    play(state, "G10-G8", flip="tails")
    assert phase(state) == "turn" and state.current_player() == 0
    assert len(state.observation(None)["units"]) == 12
    assert state.observation(None)["last_flip"] == "tails"


def test_heads_each_player_first_mover_first_places_a_unit_of_any_element_on_a_free_home_square():
    state = start()
    play(state, "G1-G3")
    play(state, "G10-G8", flip="heads")
    assert phase(state) == "spawn" and state.current_player() == 0
    assert {a.args for a in state.legal_actions()} == {(e, 6) for e in range(3)}  # G1, any element
    act(state, "place", 2, 6)
    assert state.current_player() == 1
    assert {a.args for a in state.legal_actions()} == {(e, 6) for e in range(3)}  # G10
    act(state, "place", 1, 6)
    assert phase(state) == "turn" and state.current_player() == 0
    assert unit_at(state, "G1")["element"] == "plant" and unit_at(state, "G10")["element"] == "water"
    assert len(state.observation(None)["units"]) == 14
    act(state, "select", sq("G1"))  # the new unit acts in its owner's next turn
    assert any(a.kind == "move" for a in state.legal_actions())


def test_a_player_whose_home_row_is_full_does_not_spawn():
    state = start()
    play(state)
    play(state, "G10-G8", flip="heads")  # player 1 has no free home square
    assert phase(state) == "spawn" and state.current_player() == 1
    act(state, "place", 0, 6)
    assert phase(state) == "turn" and state.current_player() == 0
    state = start()
    play(state)
    play(state, flip="heads")
    assert phase(state) == "turn" and len(state.observation(None)["units"]) == 12


def test_the_first_mover_spawns_first():
    state = start(load_game("elemenders", first_turn="second_placer"), first=0)
    assert state.current_player() == 1
    play(state, "G10-G8")
    play(state, "G1-G3", flip="heads")
    assert phase(state) == "spawn" and state.current_player() == 1
