"""Terraforming patterns, the rock-paper-scissors overwrite rules and end-of-turn terrain effects.

Source: elemenders.txt, Terraforming, Lava, Rivers, Forests; rulings ELM-8, ELM-9, ELM-10, ELM-18.
Armies (see helpers): player 1 has fire A1, water C1, plant E1, fire G1, water I1, plant K1;
player 2 water A10, fire C10, plant E10, water G10, fire I10, plant K10. Player 1 moves first.
"""

from tests.elemenders.helpers import act, monolith_at, play, sq, start, terrain_at, unit_at


def covered(state, kind):
    obs = state.observation(None)
    symbol = {"lava": "~", "river": "=", "forest": "^"}[kind]
    return {
        f"{chr(ord('A') + c)}{r + 1}"
        for r, line in enumerate(obs["terrain"])
        for c, ch in enumerate(line)
        if ch == symbol
    }


def test_fire_makes_lava_in_a_cross_of_five_clipped_at_the_board_edge():
    state = start()
    play(state, "G1-G3")
    play(state)
    play(state, "G3 cross", "A1 cross")
    assert covered(state, "lava") == {"G3", "G4", "G2", "F3", "H3", "A1", "A2", "B1"}


def test_plant_makes_forest_in_a_cross():
    state = start()
    play(state, "E1-E2")
    play(state)
    play(state, "E2 cross")
    assert covered(state, "forest") == {"E2", "E1", "E3", "D2", "F2"}


def test_water_makes_a_river_of_five_vertical_or_horizontal_as_chosen():
    state = start()
    play(state, "C1-C3", "I1-I3")
    play(state)
    act(state, "select", sq("C3"))
    assert sorted(a.args for a in state.legal_actions() if a.kind == "terraform") == [(1,), (2,)]
    act(state, "terraform", 1)
    play(state, "I3 horizontal")
    assert covered(state, "river") == {"C1", "C2", "C3", "C4", "C5", "G3", "H3", "I3", "J3", "K3"}


def test_fire_and_plant_terraform_only_in_a_cross():
    state = start()
    for unit in ("G1", "E1"):
        s = state.clone()
        act(s, "select", sq(unit))
        assert [a.args for a in s.legal_actions() if a.kind == "terraform"] == [(0,)]


def test_lava_overwrites_forest_and_forest_cannot_overwrite_lava():
    state = start()
    play(state, "G1 cross", "E1 cross")  # lava G1, G2, F1, H1; then forest E1, E2, D1 but not F1
    assert covered(state, "lava") == {"G1", "G2", "F1", "H1"}
    assert covered(state, "forest") == {"E1", "E2", "D1"}
    state2 = start()
    play(state2, "E1 cross", "G1 cross")  # forest first, then lava takes F1 from it
    assert terrain_at(state2, "F1") == "lava" and terrain_at(state2, "D1") == "forest"


def test_river_overwrites_lava_and_cannot_overwrite_forest():
    state = start()
    play(state, "G1 cross", "E1 cross")  # lava G1, G2, F1, H1; forest E1, E2, D1
    play(state)
    play(state, "I1 horizontal", "C1 horizontal")
    assert terrain_at(state, "H1") == "river" and terrain_at(state, "G1") == "river"  # were lava
    assert terrain_at(state, "D1") == "forest"  # the river's east arm from C1 stops at the forest
    assert covered(state, "river") == {"G1", "H1", "I1", "J1", "K1", "A1", "B1", "C1"}


def test_a_forest_stops_a_river_arm_including_the_squares_beyond_it():
    state = start()
    play(state, "E1-E2", "C1-C3")
    play(state)
    play(state, "E2 cross", "C3-D3")  # forest on D2, between the water unit and D1
    play(state)
    play(state, "D3 vertical")
    assert covered(state, "river") == {"D3", "D4", "D5"}
    assert terrain_at(state, "D2") == "forest" and terrain_at(state, "D1") == "none"


def test_a_centre_holding_the_stronger_terrain_does_not_stop_the_arms():
    state = start()
    play(state, "E1-E2", "C1-C3")
    play(state)
    play(state, "E2 cross", "C3-E3")  # the water unit now stands on forest
    play(state)
    play(state, "E3 horizontal")
    assert terrain_at(state, "E3") == "forest"
    assert {"C3", "D3", "F3", "G3"} <= covered(state, "river")


def test_monoliths_may_stand_on_terrain_and_ignore_it():
    state = start(marks=(2, 0))
    play(state, "G1 cross", "E1 cross")  # lava under F1 and H1, forest under D1
    for _ in range(3):
        play(state)
    assert terrain_at(state, "F1") == "lava"
    assert (monolith_at(state, "F1", 0)["health"], monolith_at(state, "H1", 0)["health"]) == (2, 1)
    assert monolith_at(state, "H1", 0)["standing"]


def _meet(state):
    play(state, "G1-G3")
    play(state, "G10-G8")
    play(state, "G3-G5")
    play(state, "G8-G6")  # player 2's water unit next to player 1's fire unit


def test_lava_hurts_non_fire_units_at_the_end_of_their_owners_turn_only():
    state = start()
    _meet(state)
    play(state, "G5 cross")  # lava on G5 (own fire unit) and G6 (the enemy water unit)
    assert unit_at(state, "G6")["health"] == 2  # the end of player 1's turn does not touch it
    assert unit_at(state, "G5")["health"] == 2  # fire units are immune to lava
    play(state)  # player 2's water unit ends its own turn on lava
    assert unit_at(state, "G6")["health"] == 1
    play(state)
    play(state)
    assert unit_at(state, "G6") is None  # destroyed at 0 health
    assert unit_at(state, "G5")["health"] == 2


def test_river_hurts_fire_units_not_water_units():
    state = start()
    play(state, "I1 horizontal")  # river G1..K1 under the fire unit on G1
    assert unit_at(state, "G1")["health"] == 1
    assert unit_at(state, "I1")["health"] == 2
    play(state)
    play(state)
    assert unit_at(state, "G1") is None


def test_forest_heals_a_plant_that_ends_its_turn_there():
    state = start()
    play(state, "E1-E2", "G1-F2")
    play(state)
    play(state, "F2 cross")  # lava on F2, F1, F3, E2, G2: the plant on E2 burns
    assert unit_at(state, "E2")["health"] == 1
    play(state)
    play(state, "E2-E3")
    assert unit_at(state, "E3")["health"] == 1  # bare ground does not heal
    play(state)
    play(state, "E3 cross")  # forest on E3 (E2, F3 stay lava: lava beats forest)
    assert terrain_at(state, "E2") == "lava" and terrain_at(state, "F3") == "lava"
    assert unit_at(state, "E3")["health"] == 2
