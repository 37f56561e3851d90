"""Activate: secret simultaneous plays, columns, wild cards and their declaration order, powers.

source: elemental-warriors-ii.txt, 1) Activate.
"""

from __future__ import annotations

from elementa import SIMULTANEOUS
from tests.elemental_warriors_ii.helpers import do, find, legal_kinds, me, play, start


def quiet(**options: object):
    """Two sheets with all pennies on Attack 10 and three cards each, ready to play."""
    return start([{}, {}], [["A♣", "K♠", "Q♣"], ["10♥", "J♦", "Q♦"]], **options)


def test_cards_are_played_face_down_together_and_stay_hidden_until_both_are_down() -> None:
    s = quiet()
    assert s.current_player() == SIMULTANEOUS and s.players_to_move() == [0, 1]
    _, action = find(s, "play", player=0)
    assert s.describe_action(action, 0, 1) == "player 1 has chosen"
    do(s, "play", action.args[0], player=0)
    seen_by_1 = s.observation(1)["players"][0]
    assert seen_by_1["played"] is None and seen_by_1["hand_size"] == 3
    assert me(s, 0)["played"] == "A♣" and me(s, 0)["hand_size"] == 2
    assert s.players_to_move() == [1]
    do(s, "play", find(s, "play", player=1)[1].args[0], player=1)
    assert s.observation(1)["players"][0]["played"] == "A♣"


def test_ace_to_ten_activate_columns_one_to_ten() -> None:
    s = quiet()
    play(s, "A♣", "10♥")
    assert s.observation(0)["players"][0]["column"] == 0
    assert s.observation(0)["players"][1]["column"] == 9


def test_face_cards_are_wild_and_the_lower_face_declares_first() -> None:
    s = quiet()
    play(s, "K♠", "J♦")
    assert s.current_player() == 1  # the Jack declares before the King
    assert {a.args[0] for a in s.legal_actions(1) if a.kind == "declare"} == set(range(10))
    do(s, "declare", 6)
    assert s.current_player() == 0
    assert s.observation(0)["players"][1]["column"] == 6  # the King sees the Jack's column
    do(s, "declare", 2)
    assert s.observation(1)["players"][0]["column"] == 2


def test_same_face_rank_declares_diamonds_spades_hearts_clubs() -> None:
    s = quiet()
    play(s, "Q♣", "Q♦")
    assert s.current_player() == 1
    s = start([{}, {}], [["Q♥", "2♣", "3♣"], ["Q♠", "4♦", "5♦"]])
    play(s, "Q♥", "Q♠")
    assert s.current_player() == 1  # spades before hearts


def test_a_numbered_card_fixes_its_column_before_a_face_card_declares() -> None:
    s = quiet()
    play(s, "Q♣", "10♥")
    assert s.current_player() == 0
    assert s.observation(0)["players"][1]["column"] == 9


def test_any_lesser_power_may_be_chosen_even_without_its_coins() -> None:
    s = start([{"Earth 3": "d"}, {}], [["3♥", "4♥", "5♥"], ["2♥", "6♥", "7♥"]])
    play(s, "3♥", "2♥")
    entries = {a.args for a in s.legal_actions(0) if a.kind == "power"}
    assert entries == {(0, 0), (0, 1), (0, 2), (0, 3)}  # p, n, nn, d: the (nn) without two nickels
    do(s, "power", 0, 2)
    assert me(s, 0)["powers"] == ["Earth (nn)"]
    assert s.observation(1)["players"][1]["random_next_card"] is True


def test_two_entries_at_dd_give_one_power() -> None:
    s = start([{"Fire 4": "2d"}, {}], [["4♣", "5♣", "6♣"], ["2♣", "7♣", "8♣"]])
    play(s, "4♣", "2♣")
    entries = {a.args[1] for a in s.legal_actions(0) if a.kind == "power"}
    assert entries == set(range(7))
    do(s, "power", 1, 5)
    assert me(s, 0)["powers"] == ["Fire (dd)"]


def test_suit_bonus_dime_on_water_and_jack_of_diamonds_gives_water_n_and_d() -> None:
    s = start([{"Water 5": "d"}, {}], [["J♦", "2♣", "3♣"], ["4♣", "7♣", "8♣"]])
    play(s, "J♦", "4♣")
    do(s, "declare", 4)
    do(s, "power", 3, 3)  # Water (d)
    assert me(s, 0)["powers"] == ["Water (d)", "Water (n) [suit]"]
    assert me(s, 0)["effects"] == {"healing pool": 1}
    assert "add" in legal_kinds(s, 0)  # the (n): put one cent in any square
    do(s, "add", 0, 0)
    assert me(s, 0)["change"] == 26


def test_no_suit_bonus_below_n() -> None:
    s = start([{"Water 5": "p"}, {}], [["5♦", "2♣", "3♣"], ["4♣", "7♣", "8♣"]])
    play(s, "5♦", "4♣")
    assert me(s, 0)["powers"] == ["Water (p)"]  # the only power, taken without asking


def test_free_actions_come_during_activate_and_before_the_skirmish() -> None:
    s = start(
        [{"Air 2": "n", "Defense 1": "p"}, {"Attack 2": "2p"}],
        [["2♠", "3♣", "4♣"], ["2♣", "5♣", "6♣"]],
        fillers=["Defense 3", "Attack 10"],
    )
    play(s, "2♠", "2♣")
    do(s, "power", 2, 1)  # Air (n): a free action; the suit bonus adds another Air (n)
    assert s.observation(0)["phase"] == "activate"
    do(s, "rebalance", 0, 1, 0, 7)  # the Defense 1 penny one column right: Defense 2
    assert me(s, 0)["powers"] == ["Air (n)", "Air (n) [suit]"]
    do(s, "rebalance", 0, 1, 2, 6)  # a Defense 3 penny one column left: Defense 2
    assert me(s, 0)["defense"] == 2
    # P2's attack 2 no longer beats P1's defense 2: nobody is hit
    assert me(s, 0)["change"] == 25
