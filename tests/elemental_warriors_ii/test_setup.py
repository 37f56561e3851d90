"""Setup: 25 cents placed freely (pennies only in combat squares), presets, three secret cards.

source: elemental-warriors-ii.txt, setup paragraphs.
"""

from __future__ import annotations

import pytest

from elementa import SIMULTANEOUS, IllegalActionError
from tests.elemental_warriors_ii.helpers import card, deal, do, find, me, new, place, sq, square


def test_each_player_places_25_cents_in_any_mix_then_three_cards_are_dealt() -> None:
    s = new()
    assert s.current_player() == SIMULTANEOUS
    assert s.players_to_move() == [0, 1]
    place(s, 0, {"Water 5": "d", "Fire 2": "n n", "Attack 1": "3p"}, filler="Defense 4")
    assert s.players_to_move() == [1]  # done at exactly 25 cents
    place(s, 1, {}, filler="Defense 1")
    assert s.is_chance_node()
    deal(s, ["A♣", "2♣", "3♣"], ["4♥", "5♥", "6♥"])
    assert me(s, 0)["hand"] == ["A♣", "2♣", "3♣"]
    assert me(s, 1)["hand"] == ["4♥", "5♥", "6♥"]
    assert sq(s, 0, "Water 5") == [0, 0, 1]
    assert sq(s, 0, "Fire 2") == [0, 2, 0]
    assert sq(s, 0, "Defense 4") == [2, 0, 0]
    assert me(s, 0)["change"] == 25


def test_only_pennies_go_in_the_combat_rows() -> None:
    s = new()
    row, col = square(s, "Attack 3")
    before = s.observation(0)
    with pytest.raises(IllegalActionError):
        s.apply_action(s.game.action_space.encode("place", 1, row, col), 0)
    with pytest.raises(IllegalActionError):
        s.apply_action(s.game.action_space.encode("place", 2, *square(s, "Defense 3")), 0)
    assert s.observation(0) == before
    do(s, "place", 0, row, col, player=0)
    assert sq(s, 0, "Attack 3") == [1, 0, 0]


def test_no_coin_may_take_the_total_past_25_cents() -> None:
    s = new()
    for _ in range(2):
        do(s, "place", 2, *square(s, "Earth 1"), player=0)
    kinds = {a.args[0] for a in s.legal_actions(0) if a.kind == "place"}
    assert kinds == {0, 1}  # 5 cents left: no dime
    do(s, "place", 1, *square(s, "Earth 2"), player=0)
    assert s.players_to_move() == [1]


def test_a_preset_layout_is_one_action_and_clear_starts_again() -> None:
    s = new()
    do(s, "place", 0, *square(s, "Attack 1"), player=1)
    do(s, "clear", player=1)
    assert me(s, 1)["change"] == 0
    _, preset = find(s, "preset", player=0)
    s.apply_action(preset, 0)
    assert me(s, 0)["change"] == 25
    assert s.players_to_move() == [1]


def test_the_placements_stay_secret_until_both_sheets_are_done() -> None:
    s = new()
    do(s, "place", 2, *square(s, "Water 5"), player=0)
    assert sq(s, 0, "Water 5", viewer=1) == [0, 0, 0]
    assert sq(s, 0, "Water 5", viewer=0) == [0, 0, 1]
    assert s.describe_action(find(s, "place", player=0)[1], 0, 1) == "player 1 has chosen"
    place(s, 0, {}, filler="Attack 1")
    place(s, 1, {}, filler="Attack 2")
    assert sq(s, 0, "Water 5", viewer=1) == [0, 0, 1]


def test_hands_are_secret_and_each_deal_is_hidden_from_the_other_player() -> None:
    s = new()
    place(s, 0, {})
    place(s, 1, {})
    first = find(s, "card", card("K♠"))[1]
    assert s.describe_action(first, -1, 0) == "player 1 draws K♠"
    assert s.describe_action(first, -1, 1) == "player 1 draws a card"
    deal(s, ["K♠", "2♣", "3♣"], ["4♥", "5♥", "6♥"])
    assert s.observation(1)["players"][0]["hand"] is None
    assert s.observation(1)["players"][0]["hand_size"] == 3
    assert s.observation(None)["players"][1]["hand"] is None
