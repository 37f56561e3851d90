"""Attacks, unit health, monoliths (decoy and true), winning and the turn limit.

Source: elemenders.txt, Actions, Attacking, Monoliths and Winning; rulings ELM-4, ELM-12, ELM-14,
ELM-15, ELM-17, ELM-19, ELM-21.
Armies (see helpers): player 1 has fire A1, water C1, plant E1, fire G1, water I1, plant K1;
player 2 water A10, fire C10, plant E10, water G10, fire I10, plant K10. Player 1 moves first.
"""

from elementa.core import load_game
from tests.elemenders.helpers import act, monolith_at, phase, play, sq, start, unit_at


def _meet(state):
    play(state, "G1-G3")
    play(state, "G10-G8")
    play(state, "G3-G5")
    play(state, "G8-G6")  # player 2's water unit next to player 1's fire unit


def _march(state):
    """Player 1's fire unit walks from G1 to F8 in four turns while player 2 waits."""
    for move in ("G1-G3", "G3-G5", "G5-G7", "G7-F8"):
        play(state, move)
        play(state)


def test_a_unit_attacks_an_adjacent_enemy_for_one_damage_and_is_then_done():
    state = start()
    _meet(state)
    act(state, "select", sq("G5"))
    assert [a.args for a in state.legal_actions() if a.kind == "attack"] == [(sq("G6"),)]
    act(state, "attack", sq("G6"))
    assert unit_at(state, "G6")["health"] == 1
    selectable = {a.args[0] for a in state.legal_actions() if a.kind == "select"}
    assert sq("G5") not in selectable  # attacking ended its activity
    assert state.current_player() == 0


def test_a_unit_may_move_then_attack_but_not_terraform_or_move_again():
    state = start()
    play(state, "G1-G3")
    play(state, "G10-G8")
    play(state, "G3-G5")
    act(state, "select", sq("G8"))
    act(state, "move", sq("G6"))
    kinds = {a.kind for a in state.legal_actions()}
    assert kinds == {"attack", "hold"}
    act(state, "attack", sq("G5"))
    assert unit_at(state, "G5")["health"] == 1


def test_a_move_with_no_enemy_in_reach_ends_the_units_activity():
    state = start()
    act(state, "select", sq("G1"))
    act(state, "move", sq("G3"))
    assert state.observation(None)["active"] is None
    assert unit_at(state, "G3")["acted"]


def test_two_hits_destroy_a_unit_and_lost_health_does_not_come_back():
    state = start()
    _meet(state)
    play(state, "G5xG6")
    play(state, "G6xG5")
    assert unit_at(state, "G5")["health"] == 1
    play(state, "G5xG6")
    assert unit_at(state, "G6") is None
    play(state)
    play(state)
    assert unit_at(state, "G5")["health"] == 1


def test_only_orthogonal_neighbours_can_be_attacked_unless_the_adjacency_option_is_8():
    for adjacency, diagonal in ((4, False), (8, True)):
        state = start(load_game("elemenders", adjacency=adjacency))
        play(state, "G1-G3")
        play(state, "G10-G8")
        play(state, "G3-G5")
        play(state, "G8-H7")
        play(state)
        play(state, "H7-H6")  # diagonal to G5
        act(state, "select", sq("G5"))
        targets = {a.args[0] for a in state.legal_actions() if a.kind == "attack"}
        assert (sq("H6") in targets) is diagonal


def test_the_opponents_monoliths_all_look_alike_before_a_hit():
    state = start(marks=(2, 2))
    for viewer in (0, None):
        for m in state.observation(viewer)["monoliths"]:
            if m["owner"] == 1:
                assert (m["true"], m["health"]) == (None, None)


def test_a_hit_destroys_a_decoy_without_winning_and_frees_its_square():
    state = start(marks=(2, 0))  # player 2's true monolith is B10
    _march(state)
    play(state, "F8-F9xF10")
    assert phase(state) != "over" and state.returns() == [0.0, 0.0]
    for viewer in (0, 1, None):
        m = monolith_at(state, "F10", viewer)
        assert (m["standing"], m["true"]) == (False, False)
    play(state, flip="heads")  # player 2 waits; heads: both spawn, player 1 first
    act(state, "place", 0, sq("G1"))  # player 1's only free home square
    assert state.current_player() == 1
    assert {a.args for a in state.legal_actions()} == {(e, sq("F10") % 11) for e in range(3)}


def test_the_true_monolith_survives_one_hit_is_revealed_and_falls_to_the_second():
    state = start(marks=(2, 2))  # player 2's true monolith is F10
    _march(state)
    play(state, "F8-F9xF10")
    for viewer in (0, None):
        m = monolith_at(state, "F10", viewer)
        assert (m["standing"], m["true"], m["health"]) == (True, True, 1)
    others = [m for m in state.observation(0)["monoliths"] if m["owner"] == 1 and m["square"] != "F10"]
    assert all(m["true"] is None for m in others)
    play(state)
    act(state, "select", sq("F9"))
    act(state, "attack", sq("F10"))
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0]
    assert state.observation(1)["winner"] == 0


def test_the_game_is_a_draw_after_max_turns():
    state = start(load_game("elemenders", max_turns=2))
    play(state)
    assert not state.is_terminal()
    play(state, flip=None)
    assert state.is_terminal()
    assert state.returns() == [0.5, 0.5]
