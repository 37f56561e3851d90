"""Recovery (Recompile, Rebalance, Draw; Surrender is in test_combat) and End of Turn.

source: elemental-warriors-ii.txt, 4) Recovery, 5) End of turn.
"""

from __future__ import annotations

from elementa import CHANCE
from tests.elemental_warriors_ii.helpers import card, do, legal_kinds, me, play, sq, square, start


def at_recovery(layout: dict[str, str], filler: str = "Defense 10"):
    """P1 with a layout, no hits in turn 1 (every penny on Defense squares), at Recovery."""
    s = start([layout, {}], [["2♣", "3♣", "4♣"], ["5♥", "6♥", "7♥"]], fillers=[filler, "Defense 9"])
    play(s, "2♣", "5♥")
    assert s.observation(0)["phase"] == "recovery"
    return s


def test_recompile_two_nickels_into_a_dime_or_a_nickel_and_five_pennies_or_ten_pennies() -> None:
    s = at_recovery({"Earth 3": "2n"})
    _, col = square(s, "Earth 3")
    options = {a.args[2:] for a in s.legal_actions(0) if a.kind == "recompile" and a.args[:2] == (0, col)}
    assert options == {(0, 1), (1, 0), (0, 0)}  # a dime; a nickel (and 5 pennies); 10 pennies
    do(s, "recompile", 0, col, 1, 0, player=0)
    assert sq(s, 0, "Earth 3") == [5, 1, 0]


def test_combat_squares_are_not_recompiled() -> None:
    s = at_recovery({"Attack 3": "5p"})
    assert not any(a.kind == "recompile" for a in s.legal_actions(0))


def test_rebalance_within_a_column_never_crosses_between_elements_and_combat() -> None:
    s = at_recovery({"Water 5": "n"})
    row, col = square(s, "Water 5")
    targets = {
        a.label.split(" to ")[1]
        for a in s.legal_actions(0)
        if a.kind == "rebalance" and a.args[1:3] == (row, col)
    }
    assert targets == {"Earth 5", "Fire 5", "Air 5", "Water 4", "Water 6"}
    row, col = square(s, "Defense 10")
    targets = {
        a.label.split(" to ")[1]
        for a in s.legal_actions(0)
        if a.kind == "rebalance" and a.args[1:3] == (row, col)
    }
    assert targets == {"Attack 10", "Defense 9", "Defense 1"}  # column 10 is next to 9 and 1


def test_rebalance_moves_one_coin_and_column_one_wraps_to_ten() -> None:
    s = at_recovery({"Air 1": "d"})
    row, col = square(s, "Air 1")
    do(s, "rebalance", 2, row, col, len(s.observation(0)["rows"]), player=0)  # one column left
    assert sq(s, 0, "Air 10") == [0, 0, 1] and sq(s, 0, "Air 1") == [0, 0, 0]


def test_only_one_recovery_action_and_it_stays_sealed_until_both_have_chosen() -> None:
    s = at_recovery({"Air 1": "d"})
    row, col = square(s, "Air 1")
    do(s, "rebalance", 2, row, col, 6 + 1, player=0)
    assert s.players_to_move() == [1]  # P1 is done after one action
    assert sq(s, 0, "Air 2", viewer=1) == [0, 0, 0]  # P2 does not see it yet
    do(s, "decline", player=1)
    assert sq(s, 0, "Air 2", viewer=1) == [0, 0, 1]


def test_draw_fills_the_hand_to_three_cards() -> None:
    s = at_recovery({})
    assert me(s, 0)["hand_size"] == 2 and "draw" in legal_kinds(s, 0)
    do(s, "draw", player=0)
    do(s, "decline", player=1)
    assert s.current_player() == CHANCE
    do(s, "card", card("K♦"))
    assert me(s, 0)["hand"] == ["3♣", "4♣", "K♦"]
    assert s.observation(0)["phase"] == "activate"


def test_played_cards_go_to_a_discard_pile_nobody_may_look_through() -> None:
    s = at_recovery({})
    do(s, "decline", player=0)
    do(s, "decline", player=1)
    obs = s.observation(0)
    assert obs["discard_sizes"] == [2]
    assert "2♣" not in str({k: v for k, v in obs.items() if k != "events"})


def test_an_empty_deck_is_refilled_from_the_shuffled_discards() -> None:
    s = start([{}, {}], [["2♣", "3♣", "4♣"], ["5♥", "6♥", "7♥"]], fillers=["Defense 10", "Defense 9"])
    for _ in range(60):
        for p in s.players_to_move():
            do(s, "play", s.legal_actions(p)[0].args[0], player=p)
        while s.current_player() in (0, 1):  # declarations and powers: the first choice
            do(s, s.legal_actions()[0].kind, *s.legal_actions()[0].args)
        deck, discards = s.observation(None)["deck_sizes"][0], s.observation(None)["discard_sizes"][0]
        for p in s.players_to_move():
            do(s, "draw", player=p) if "draw" in legal_kinds(s, p) else do(s, "decline", player=p)
        if deck == 0 and s.current_player() == CHANCE:
            # the draw comes from the discards, which become the new deck as the card is drawn
            assert len(s.chance_outcomes()) == discards
            s.apply_action(s.chance_outcomes()[0][0])
            assert s.observation(None)["deck_sizes"] == [discards - 1]
            assert s.observation(None)["discard_sizes"] == [0]
            return
        while s.current_player() == CHANCE:
            s.apply_action(s.chance_outcomes()[0][0])
    raise AssertionError("the deck never ran out")
