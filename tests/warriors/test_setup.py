"""Game and battle setup: hands of eight, mulligans, the location, secret assembly, turn order.

source: warriors.txt, 3.2 (setup), 3.3 (starting a battle), 6.0 (winning a battle).
"""

from __future__ import annotations

from pathlib import Path

from elementa import CHANCE, SIMULTANEOUS
from tests.warriors.support import (
    FILLER,
    act,
    assemble,
    cid,
    deal,
    draw,
    draw_any,
    has,
    make_game,
    player,
    roll,
)

P1 = ["Human Mercenary", "Battle Axe", *FILLER]
P2 = ["Knight Errant", "Greatsword", *FILLER]
SPARE = ["Frozen Pass"] * 6


def test_each_player_draws_eight_and_sees_only_their_own_hand(tmp_path: Path) -> None:
    s = make_game(tmp_path, [P1 + SPARE, P2 + SPARE]).new_initial_state(0)
    deal(s, [P1, P2])
    assert s.current_player() == SIMULTANEOUS  # no location in the first battle: straight to assembly
    mine = s.observation(0)
    assert sorted(mine["hand"]) == sorted(P1)
    assert mine["players"][1]["hand_size"] == 8 and "hand" not in s.observation(None)
    assert s.observation(1)["hand"] == sorted(P2)
    assert mine["players"][0]["deck_size"] == 6


def test_a_hand_without_a_fighter_is_a_mulligan_and_each_opponent_may_draw(tmp_path: Path) -> None:
    bad = ["Battle Axe", *FILLER, "Frozen Pass"]
    s = make_game(tmp_path, [bad + P1[:1] + SPARE, P2 + SPARE]).new_initial_state(0)
    deal(s, [bad, P2])
    assert player(s, 0)["mulligans"] == 1 and player(s, 0)["hand_size"] == 0
    deal(s, [P1])  # the new hand of eight
    assert s.current_player() == 1  # the opponent may draw one card for the mulligan
    assert {a.kind for a in s.legal_actions(1)} == {"take", "decline"}
    act(s, 1, "take")
    draw(s, "Frozen Pass")
    assert player(s, 1)["hand_size"] == 9
    assert s.current_player() == SIMULTANEOUS


def test_a_fighter_without_a_weapon_is_a_mulligan_unless_the_option_is_off(tmp_path: Path) -> None:
    unarmed = ["Human Mercenary", *FILLER, "Frozen Pass"]
    decks = [[*unarmed, "Battle Axe", *SPARE], P2 + SPARE]
    strict = make_game(tmp_path, decks).new_initial_state(0)
    deal(strict, [unarmed, P2])
    assert player(strict, 0)["mulligans"] == 1  # WAR-A2: no way to attack but bare hands
    lenient = make_game(tmp_path, decks, mulligan_requires_weapon=False).new_initial_state(0)
    deal(lenient, [unarmed, P2])
    assert player(lenient, 0)["mulligans"] == 0
    assert lenient.current_player() == SIMULTANEOUS


def test_assembly_is_secret_until_everyone_is_ready(tmp_path: Path) -> None:
    s = make_game(tmp_path, [P1 + SPARE, P2 + SPARE]).new_initial_state(0)
    deal(s, [P1, P2])
    before = s.observation(1)
    act(s, 0, "field", cid(s, "Human Mercenary"))
    assert s.players_to_move() == [1]  # one step each per round, all at once
    act(s, 1, "field", cid(s, "Knight Errant"))
    act(s, 0, "equip", cid(s, "Battle Axe"))
    seen = s.observation(1)
    assert seen["fighters"] == [f for f in seen["fighters"] if f["id"] == 1]
    assert seen["players"][0]["hand_size"] == before["players"][0]["hand_size"] == 8
    assert [f["name"] for f in s.observation(0)["fighters"]] == ["Human Mercenary"]
    act(s, 1, "ready")
    act(s, 0, "ready")
    assert {f["name"] for f in s.observation(1)["fighters"]} == {"Human Mercenary", "Knight Errant"}
    assert player(s, 0, viewer=1)["hand_size"] == 6


def test_legal_actions_follow_each_action_and_a_callers_list_is_its_own(tmp_path: Path) -> None:
    s = make_game(tmp_path, [P1 + SPARE, P2 + SPARE]).new_initial_state(0)
    deal(s, [P1, P2])
    s.legal_actions(0).clear()  # the caller's own list: the state's answer stays whole
    assert [a.kind for a in s.legal_actions(0)] == ["field"]
    copy = s.clone()
    act(s, 0, "field", cid(s, "Human Mercenary"))
    assert s.legal_actions(0) == []  # its step of this round is made
    act(s, 1, "field", cid(s, "Knight Errant"))
    assert [(a.kind, a.args) for a in s.legal_actions(0)] == [
        ("equip", (cid(s, "Battle Axe"),)),
        ("ready", ()),
    ]
    assert [a.kind for a in copy.legal_actions(0)] == ["field"]  # the copy is untouched


def test_the_lowest_printed_durability_goes_first_and_ties_are_random(tmp_path: Path) -> None:
    a = ["Draconian Soldier", "Battle Axe", *FILLER]
    b = ["Veteran Sergeant", "Greatsword", *FILLER]  # both durability 6
    s = make_game(tmp_path, [a + SPARE, b + SPARE]).new_initial_state(0)
    deal(s, [a, b])
    assemble(s, {0: ("Draconian Soldier", ["Battle Axe"]), 1: ("Veteran Sergeant", ["Greatsword"])})
    assert s.current_player() == CHANCE
    assert [x.label for x, _ in s.chance_outcomes()] == [
        "player 1's Draconian Soldier goes first",
        "player 2's Veteran Sergeant goes first",
    ]
    s.apply_action(s.chance_outcomes()[1][0])
    assert s.current_player() == 1
    act(s, 1, "pass")
    assert s.current_player() == 0  # then clockwise


def test_a_player_without_a_fighter_forfeits_and_draws_two(tmp_path: Path) -> None:
    nobody = ["Battle Axe", *FILLER, "Frozen Pass"]
    decks = [[*nobody, "Human Mercenary", "Battle Axe", "Battle Axe"], P2 + SPARE]
    s = make_game(tmp_path, decks).new_initial_state(0)
    deal(s, [nobody, P2])
    for _ in range(5):  # five mulligans, then the hand is kept (MAX_MULLIGANS)
        deal(s, [nobody])
        act(s, 1, "decline")
    assert [a.kind for a in s.legal_actions(0)] == ["forfeit"]
    assemble(s, {0: None, 1: ("Knight Errant", ["Greatsword"])})
    draw(s, "Battle Axe")
    draw(s, "Battle Axe")
    assert player(s, 0)["hand_size"] == 10
    assert "player 1 has no fighter and forfeits the battle" in s.observation(None)["events"]
    draw_any(s)  # the lone fighter wins the battle at once and draws 3
    assert s.observation(None)["battle"] == 2
    assert player(s, 1)["hand_size"] == 8 - 2 + 2 + 3  # fighter and sword back, 3 drawn


def win_first_battle(tmp_path: Path) -> object:
    s = make_game(tmp_path, [P1 + SPARE, P2 + SPARE]).new_initial_state(0)
    deal(s, [P1, P2])
    assemble(s, {0: ("Human Mercenary", ["Battle Axe"]), 1: ("Knight Errant", ["Greatsword"])})
    act(s, 0, "pass")
    act(s, 1, "retreat")
    draw_any(s)
    return s


def test_the_battle_winner_chooses_the_next_location(tmp_path: Path) -> None:
    s = win_first_battle(tmp_path)
    obs = s.observation(None)
    assert obs["battle"] == 2 and obs["location"] is None and obs["chooser"] == 0
    assert s.current_player() == 0
    kinds = {a.kind for a in s.legal_actions(0)}
    assert kinds == {"no_location", "location"}  # from hand, or none (WAR-A11)
    act(s, 0, "location", cid(s, "Ruined Keep"))
    assert s.observation(None)["location"] == "Ruined Keep"
    assert s.current_player() == SIMULTANEOUS


def test_the_winner_takes_control_and_the_location_is_uncontrolled_meanwhile(tmp_path: Path) -> None:
    s = win_first_battle(tmp_path)
    act(s, 0, "location", cid(s, "Ruined Keep"))
    assert player(s, 0)["locations"] == []  # the current location belongs to nobody
    assemble(s, {0: ("Human Mercenary", ["Battle Axe"]), 1: ("Knight Errant", ["Greatsword"])})
    act(s, 0, "pass")
    act(s, 1, "retreat")
    draw_any(s)
    assert player(s, 0)["locations"] == ["Ruined Keep"]
    assert s.current_player() == 0
    assert has(s, 0, "held", 0, 0)  # a controlled location may be chosen again


def test_a_battle_fought_over_a_location_from_another_player(tmp_path: Path) -> None:
    s = win_first_battle(tmp_path)
    act(s, 0, "location", cid(s, "Ruined Keep"))
    assemble(s, {0: ("Human Mercenary", ["Battle Axe"]), 1: ("Knight Errant", ["Greatsword"])})
    act(s, 0, "retreat")  # player 2 wins this one and takes the Keep
    draw_any(s)
    assert player(s, 1)["locations"] == ["Ruined Keep"]
    act(s, 1, "held", 1, 0)
    assert player(s, 1)["locations"] == [] and s.observation(None)["location"] == "Ruined Keep"
    assemble(s, {0: ("Human Mercenary", ["Battle Axe"]), 1: ("Knight Errant", ["Greatsword"])})
    act(s, 0, "pass")
    act(s, 1, "attack", 0, 0)
    roll(s, 1)
    act(s, 0, "retreat")
    draw_any(s)
    assert player(s, 1)["locations"] == ["Ruined Keep"]
