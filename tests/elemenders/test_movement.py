"""Movement: reach of each element, passing friends, enemies blocking, river slides.

Source: elemenders.txt, Movement, Rivers, Forests; rulings ELM-5, ELM-6, ELM-7, ELM-13, ELM-20.
Armies (see helpers): player 1 has fire A1, water C1, plant E1, fire G1, water I1, plant K1;
player 2 water A10, fire C10, plant E10, water G10, fire I10, plant K10. Player 1 moves first.
"""

import random

import pytest

from elementa.core import load_game
from elementa.games.elemenders.board import FIRE, FOREST, LAVA, MONOLITH, NONE, PLANT, RIVER, WATER, board
from elementa.games.elemenders.movement import _along_lines, attack_reach
from elementa.games.elemenders.movement import destinations as destinations_of
from tests.elemenders.helpers import act, destinations, play, start


def test_fire_moves_up_to_two_orthogonal_squares_and_may_turn():
    state = start()
    play(state, "G1-G3")
    play(state)
    assert destinations(state, "G3") == {
        "G4",
        "G2",
        "F3",
        "H3",  # one step
        "G5",
        "G1",
        "E3",
        "I3",
        "F4",
        "H4",
        "F2",
        "H2",  # two steps, straight or turning
    }


def test_straight_line_moves_option_forbids_turning():
    state = start(load_game("elemenders", straight_line_moves=True))
    play(state, "G1-G3")
    play(state)
    assert destinations(state, "G3") == {"G4", "G5", "G2", "G1", "F3", "E3", "H3", "I3"}


def test_water_moves_two_passing_its_own_monoliths_without_stopping_on_them():
    state = start()
    # C2, C3 ahead; B2 and D2 by turning (or through the monoliths B1, D1); A1, E1 are taken.
    assert destinations(state, "C1") == {"C2", "C3", "B2", "D2"}


def test_plant_moves_one_square():
    state = start()
    assert destinations(state, "E1") == {"E2"}


def test_plant_moves_two_only_when_both_squares_entered_are_forest():
    state = start()
    play(state, "E1-E2", "G1-G3")
    play(state, flip="heads")
    act(state, "place", 2, 6)  # a new plant unit on G1
    play(state, "E2 cross")  # forest on E2, E1, E3, D2, F2
    play(state)
    # the new plant on G1 cannot reach F2: the first square it would enter, G2, is bare
    assert destinations(state, "G1") == {"G2"}
    # from the forest centre every second step would enter bare ground: one step only
    assert destinations(state, "E2") == {"E1", "E3", "D2", "F2"}
    play(state, "E2-E3")
    play(state)
    # from E3, entering E2 (forest) allows a second step onto forest: E1, D2, F2
    assert destinations(state, "E3") == {"E4", "D3", "F3", "E2", "E1", "D2", "F2"}


def test_units_pass_through_friendly_units_but_do_not_stop_on_them():
    state = start()
    play(state, "I1-I2", "G1-H2")
    play(state)
    reach = destinations(state, "H2")
    assert "J2" in reach  # only through the friendly water unit on I2
    assert "I2" not in reach


def test_friendly_monoliths_can_be_passed_unless_the_option_forbids_it():
    for allowed in (True, False):
        state = start(load_game("elemenders", pass_friendly_monolith=allowed))
        play(state, "C1-C3")
        play(state)
        # A1 to C1 in two steps leads only through the monolith on B1
        assert ("C1" in destinations(state, "A1")) is allowed


def _meet(state):
    """Player 1's fire unit goes to G5, player 2's water unit to G6 (they end adjacent)."""
    play(state, "G1-G3")
    play(state, "G10-G8")
    play(state, "G3-G5")
    play(state, "G8-G6")


def test_enemy_units_cannot_be_passed():
    state = start()
    _meet(state)
    reach = destinations(state, "G5")
    assert "G6" not in reach and "G7" not in reach  # G7 lies only through the enemy on G6
    assert {"F6", "H6", "G4", "G3"} <= reach


def test_enemy_monoliths_cannot_be_passed():
    state = start()
    play(state, "A1-B2", "C1-C3")
    play(state, "A10-A8")
    for here, there in (("A8", "A6"), ("A6", "A4"), ("A4", "A2"), ("A2", "A1")):
        play(state)
        play(state, f"{here}-{there}")
    play(state)
    # player 2's water unit on A1: C1 is two steps away, but only through player 1's monolith on B1
    assert "C1" not in destinations(state, "A1")
    assert "A2" in destinations(state, "A1")


def test_water_slides_any_distance_along_a_river_for_one_movement():
    state = start()
    play(state, "C1-C3", "A1-B2")
    play(state)
    play(state, "C3 vertical", "B2-B4")  # river on C1..C5
    play(state)
    play(state, "B4-C4")  # a friendly fire unit now stands in the river
    play(state)
    water = destinations(state, "C3")
    assert "C6" in water  # slide C3 -> C5 through the friend (one movement), then a step
    assert "C4" not in water and "C7" not in water
    fire = destinations(state, "C4")
    assert {"C5", "C6", "C2"} <= fire
    assert "C1" not in fire  # fire units do not slide: C1 is three steps away


def test_an_enemy_unit_blocks_a_river_slide():
    state = start()
    _meet(state)
    play(state)
    play(state, "G6 vertical")  # river G4..G8, the enemy fire unit on G5 stands in it
    play(state)
    reach = destinations(state, "G6")
    assert {"G7", "G8", "G9"} <= reach  # G9: slide to G8, then one step
    assert "G4" not in reach and "G3" not in reach


def test_the_two_step_and_sliding_searches_agree_with_the_line_by_line_one() -> None:
    """``destinations`` finds most moves as two steps between neighbours, those of water units that
    may slide by ``_sliding``, and only straight moves line by line; on random boards (about a third
    of the units water, two squares in seven river) each way gives the squares the line-by-line
    search finds."""
    rng = random.Random(7)
    sliding = 0  # water units on or next to a river
    for rows in (10, 12):
        geometry = board(rows)
        for _ in range(3000):
            kinds = (NONE, NONE, LAVA, RIVER, RIVER, FOREST, FOREST)
            terrain = [rng.choice(kinds) for _ in range(geometry.size)]
            owner = [rng.choice((0, 1)) if rng.random() < 0.3 else -1 for _ in range(geometry.size)]
            piece = [rng.choice((FIRE, WATER, PLANT, MONOLITH)) for _ in range(geometry.size)]
            start = rng.randrange(geometry.size)
            owner[start], piece[start] = rng.choice((0, 1)), rng.choice((FIRE, WATER, PLANT))
            near = [terrain[a] for a in (start, *geometry.adjacent4[start])]
            sliding += piece[start] == WATER and RIVER in near
            for passes in (False, True):
                fast = destinations_of(geometry, terrain, owner, piece, start, pass_friendly_monolith=passes)
                lines = _along_lines(
                    geometry, terrain, owner, piece, start, straight=False, pass_friendly_monolith=passes
                )
                assert fast == lines, (rows, start, passes)
    assert sliding > 1000


@pytest.mark.parametrize("rows", [10, 12])
@pytest.mark.parametrize("adjacency", [4, 8])
def test_attack_reach_is_symmetric(rows: int, adjacency: int) -> None:
    """A unit can attack a square exactly when a unit there could attack it back (the rule agent
    finds the squares in reach of an enemy piece from the piece's own reach)."""
    reach = attack_reach(board(rows), adjacency)
    assert all(square in reach[other] for square, near in enumerate(reach) for other in near)
