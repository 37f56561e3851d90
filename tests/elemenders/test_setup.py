"""Setup: the board, the monoliths, the secret true monolith, the coin and the placement of units.

Source: elemenders.txt, Setup; Monoliths and Winning; rulings ELM-1, ELM-2, ELM-3, ELM-12.
"""

import pytest

from elementa.core import CHANCE, ConfigError, load_game
from tests.elemenders.helpers import ELEMENT, act, phase, sq, start


def test_board_is_eleven_wide_and_ten_long_by_default_twelve_as_an_option():
    small = load_game("elemenders").new_initial_state(seed=0).observation(None)
    large = load_game("elemenders", board_rows=12).new_initial_state(seed=0).observation(None)
    assert (small["cols"], small["rows"], len(small["terrain"])) == (11, 10, 10)
    assert (large["cols"], large["rows"], len(large["terrain"])) == (11, 12, 12)
    assert {m["square"] for m in large["monoliths"] if m["owner"] == 1} == {"B12", "D12", "F12", "H12", "J12"}


def test_other_board_sizes_are_refused():
    with pytest.raises(ConfigError) as e:
        load_game("elemenders", board_rows=11)
    assert e.value.option == "board_rows"


def test_five_monoliths_evenly_spaced_on_each_home_row():
    obs = load_game("elemenders").new_initial_state(seed=0).observation(None)
    by_owner = {p: sorted(m["square"] for m in obs["monoliths"] if m["owner"] == p) for p in (0, 1)}
    assert by_owner == {0: ["B1", "D1", "F1", "H1", "J1"], 1: ["B10", "D10", "F10", "H10", "J10"]}
    assert all(m["standing"] for m in obs["monoliths"])
    assert obs["units"] == []


def test_each_player_marks_a_true_monolith_then_a_coin_decides_who_places_first():
    state = load_game("elemenders").new_initial_state(seed=0)
    assert phase(state) == "mark" and state.current_player() == 0
    assert [a.args for a in state.legal_actions()] == [(i,) for i in range(5)]
    act(state, "mark", 3)
    assert state.current_player() == 1
    act(state, "mark", 0)
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert [(a.kind, a.args, p) for a, p in outcomes] == [("first", (0,), 0.5), ("first", (1,), 0.5)]
    act(state, "first", 1)
    assert phase(state) == "place" and state.current_player() == 1


def test_true_monolith_has_two_health_and_decoys_one_as_their_owner_sees():
    state = start(marks=(3, 0))
    mine = {
        m["square"]: (m["true"], m["health"]) for m in state.observation(0)["monoliths"] if m["owner"] == 0
    }
    assert mine == {"B1": (False, 1), "D1": (False, 1), "F1": (False, 1), "H1": (True, 2), "J1": (False, 1)}


def test_units_are_placed_alternately_two_of_each_element_on_free_home_squares():
    state = load_game("elemenders").new_initial_state(seed=0)
    act(state, "mark", 0)
    act(state, "mark", 0)
    act(state, "first", 0)
    placements = state.legal_actions()
    # three elements x the six squares between the monoliths: A, C, E, G, I, K
    assert {a.args[1] for a in placements} == {0, 2, 4, 6, 8, 10}
    assert {a.args[0] for a in placements} == {0, 1, 2}
    seats = []
    for col in (0, 2, 4, 6, 8, 10):
        for _ in range(2):
            seats.append(state.current_player())
            act(state, "place", ELEMENT["fire" if col < 4 else "water" if col < 8 else "plant"], col)
    assert seats == [0, 1] * 6
    assert phase(state) == "turn"
    units = state.observation(None)["units"]
    assert len(units) == 12
    for p in (0, 1):
        counts = {e: sum(u["owner"] == p and u["element"] == e for u in units) for e in ELEMENT}
        assert counts == {"fire": 2, "water": 2, "plant": 2}


def test_an_element_used_up_and_a_taken_square_are_no_longer_offered():
    state = load_game("elemenders").new_initial_state(seed=0)
    act(state, "mark", 0)
    act(state, "mark", 0)
    act(state, "first", 0)
    act(state, "place", ELEMENT["fire"], 0)
    act(state, "place", ELEMENT["fire"], 0)
    act(state, "place", ELEMENT["fire"], 2)
    offered = {a.args for a in state.legal_actions()}  # player 2 again
    assert (ELEMENT["fire"], 0) not in offered and (ELEMENT["fire"], 4) in offered
    act(state, "place", ELEMENT["fire"], 4)
    offered = {a.args for a in state.legal_actions()}  # player 1, both fire units placed
    assert not any(e == ELEMENT["fire"] for e, _ in offered)
    assert {c for _, c in offered} == {4, 6, 8, 10}


@pytest.mark.parametrize(
    ("first_turn", "coin", "mover"),
    [
        ("first_placer", 0, 0),
        ("first_placer", 1, 1),
        ("second_placer", 0, 1),
        ("second_placer", 1, 0),
    ],
)
def test_who_takes_the_first_turn(first_turn, coin, mover):
    state = start(load_game("elemenders", first_turn=first_turn), first=coin)
    assert phase(state) == "turn" and state.current_player() == mover
    assert state.roles()[mover] == "moves first"


def test_square_names_follow_the_board():
    state = start()
    unit = next(u for u in state.observation(None)["units"] if u["square"] == "G1")
    assert (unit["row"], unit["col"], unit["element"], unit["owner"]) == (0, 6, "fire", 0)
    assert sq("G1") == 6
