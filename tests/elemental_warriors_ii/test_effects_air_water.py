"""The Air and Water powers of the Elemental Effects sheet, each at work, and token forfeits.

P1 plays column 4, P2 column 5 unless said otherwise. source: elemental-warriors-ii.txt, Elemental
Effects (Air, Water).
"""

from __future__ import annotations

from tests.elemental_warriors_ii.helpers import (
    card,
    do,
    me,
    pass_recovery,
    pay_all,
    play,
    sq,
    square,
    start,
)

STRIKER = {"Attack 5": "3p", "Fire 5": "n"}
FILLERS = ["Defense 10", "Defense 9"]


def game(
    layout: dict[str, str],
    theirs: dict[str, str] | None = None,
    hand: list[str] | None = None,
    their_hand: list[str] | None = None,
    **options: object,
):
    """P1 with a layout and P2 (no attack unless given) play their first cards."""
    hand = hand or ["4♣", "9♠", "9♦"]
    their_hand = their_hand or ["5♠", "6♠", "7♠"]
    s = start([layout, theirs or {}], [hand, their_hand], fillers=FILLERS, **options)
    play(s, hand[0], their_hand[0])
    return s


# -------------------------------------------------------------------------------------------- Air
def test_air_p_discards_a_spade_for_a_free_recompile_or_rebalance() -> None:
    s = game({"Air 4": "p", "Earth 2": "2n"})
    assert me(s, 0)["powers"] == ["Air (p)"]
    do(s, "discard", card("9♠"))
    do(s, "recompile", 0, 1, 0, 1)
    assert sq(s, 0, "Earth 2") == [0, 0, 1] and me(s, 0)["hand"] == ["9♦"]


def test_air_n_gives_one_free_action_and_air_d_three() -> None:
    s = game({"Air 4": "n", "Earth 2": "3n"})
    do(s, "power", 2, 1)
    do(s, "recompile", 0, 1, 1, 1)
    assert s.observation(0)["phase"] == "recovery"  # no second free action
    s = game({"Air 4": "d", "Earth 2": "3n"})
    do(s, "power", 2, 3)
    for _ in range(3):
        assert s.observation(0)["prompt"].startswith("free Recompile")
        do(s, "rebalance", 1, *square(s, "Earth 2"), len(s.observation(0)["rows"]) + 1)
    assert sq(s, 0, "Earth 3") == [0, 3, 0] and sq(s, 0, "Earth 2") == [0, 0, 0]


def test_air_nn_draws_two_cards_unseen_by_the_opponent() -> None:
    s = game({"Air 4": "2n"})
    do(s, "power", 2, 2)
    first_card = s.chance_outcomes()[0][0]
    assert s.describe_action(first_card, -1, 1) == "player 1 draws a card"
    do(s, "card", card("K♥"))
    do(s, "card", card("K♦"))
    assert me(s, 0)["hand"] == ["K♥", "9♠", "9♦", "K♦"]  # by suit: clubs, hearts, spades, diamonds
    assert s.observation(1)["players"][0]["hand"] is None


def test_air_nd_draws_five_or_takes_two_random_cards_from_the_opponent() -> None:
    s = game({"Air 4": "n d"})
    do(s, "power", 2, 4)
    draw = s.clone()
    do(draw, "air_nd", 0)
    for name in ("A♥", "2♥", "3♥", "4♥", "5♥"):
        do(draw, "card", card(name))
    assert me(draw, 0)["hand_size"] == 7
    do(s, "air_nd", 1)
    assert {a.args[0] for a, _ in s.chance_outcomes()} == {card("6♠"), card("7♠")}
    assert s.describe_action(s.chance_outcomes()[0][0], -1, 1).startswith("player 1 takes 6♠")
    do(s, "card", card("6♠"))
    do(s, "card", card("7♠"))
    assert me(s, 1)["hand_size"] == 0
    assert s.observation(1)["players"][0]["known_cards"] == ["6♠", "7♠"]  # P2 knows what went


def test_air_dd_whirlwind_shows_the_attackers_hand_until_forfeited() -> None:
    theirs = {"Attack 5": "3p", "Air 5": "2d"}
    s = game({"Air 4": "2d", "Defense 4": "3p"}, theirs, their_hand=["5♣", "6♠", "7♠"])
    do(s, "power", 2, 5)  # P1: Air (dd) Whirlwind
    do(s, "power", 2, 6)  # P2: Air (dd#2) an Air token
    do(s, "decline")  # P2's free Recovery action from the token
    assert s.observation(0)["players"][1]["tokens"]["Whirlwind"] == 1  # 3 does not beat 3
    assert s.observation(0)["players"][1]["hand"] == ["6♠", "7♠"]
    forfeit = (2, 1, 0)  # an Air token for the Whirlwind
    do(s, "forfeit", *forfeit, player=1)
    do(s, "decline", player=1)
    do(s, "decline", player=0)
    seen = s.observation(0)["players"][1]
    assert seen["hand"] is None and seen["known_cards"] == ["6♠", "7♠"] and seen["tokens"]["Air"] == 0


def test_air_second_dd_air_token_draws_five_and_gives_a_free_recovery_action() -> None:
    s = game({"Air 4": "2d"}, hand=["4♣", "9♠", "4♦"])
    do(s, "power", 2, 6)
    assert me(s, 0)["tokens"]["Air"] == 1
    do(s, "decline")  # the free Recovery action of this turn
    do(s, "draw", player=0)
    do(s, "decline", player=1)
    for name in ("A♥", "2♥", "3♥", "4♥", "5♥"):
        do(s, "card", card(name))
    assert me(s, 0)["hand_size"] == 7
    play(s, "4♦", "6♠")
    do(s, "power", 2, 0)  # Air (p) this time; the token still gives a free Recovery action
    do(s, "decline")  # no Spade discarded
    assert s.observation(0)["prompt"] == "Air token: take a free Recovery action"


# ------------------------------------------------------------------------------------------ Water
def test_water_p_forfeits_a_diamond_at_the_end_of_the_turn_for_a_penny() -> None:
    s = game({"Water 4": "p"})
    pass_recovery(s)
    assert s.players_to_move() == [0] and s.observation(0)["phase"] == "end"
    do(s, "discard", card("9♦"), player=0)
    do(s, "add", *square(s, "Attack 4"), player=0)
    assert sq(s, 0, "Attack 4") == [1, 0, 0] and me(s, 0)["change"] == 26


def test_water_n_puts_one_cent_and_nd_up_to_three() -> None:
    s = game({"Water 4": "n"})
    do(s, "power", 3, 1)
    do(s, "add", *square(s, "Defense 4"))
    assert me(s, 0)["change"] == 26
    s = game({"Water 4": "n d"})
    do(s, "power", 3, 4)
    do(s, "add", *square(s, "Defense 4"))
    do(s, "add", *square(s, "Defense 4"))
    do(s, "decline")
    assert me(s, 0)["change"] == 27


def test_water_nn_adds_or_subtracts_one_with_ten_and_one_wrapping() -> None:
    s = game({"Water 4": "2n"}, hand=["4♣", "10♠", "A♦"])
    do(s, "power", 3, 2)
    pass_recovery(s)
    play(s, "10♠", "6♠")
    assert s.observation(0)["prompt"].startswith("Water (nn)")
    do(s, "adjust", 2)  # 10 + 1 = 1
    assert me(s, 0)["column"] == 0
    s = game({"Water 4": "2n"}, hand=["4♣", "A♦", "9♠"])
    do(s, "power", 3, 2)
    pass_recovery(s)
    play(s, "A♦", "6♠")
    do(s, "adjust", 0)  # 1 - 1 = 10
    assert me(s, 0)["column"] == 9


def test_water_d_sends_damage_to_the_healing_pool_which_pays_one_cent_back_a_turn() -> None:
    s = game({"Water 4": "d"}, STRIKER, their_hand=["5♠", "6♠", "7♠"])
    do(s, "power", 3, 3)
    do(s, "power", 1, 1, player=1)
    pay_all(s, 0, "Defense 10")
    assert me(s, 0)["pool"] == 2 and me(s, 0)["change"] == 23
    pass_recovery(s)
    assert s.observation(0)["prompt"].startswith("put a cent from your healing pool")
    elements = {a.args[0] for a in s.legal_actions(0) if a.kind == "add"}
    assert elements == {2, 3, 4, 5}  # element rows only
    do(s, "add", *square(s, "Earth 1"), player=0)
    assert me(s, 0)["pool"] == 1 and me(s, 0)["change"] == 24


def test_water_d_also_works_from_an_adjacent_column() -> None:
    s = game({"Water 3": "d"}, STRIKER, their_hand=["5♠", "6♠", "7♠"])
    assert me(s, 0)["powers"] == ["Water (d) [adjacent]"]
    do(s, "power", 1, 1, player=1)
    pay_all(s, 0, "Defense 10")
    assert me(s, 0)["pool"] == 2


def test_water_dd_gives_a_water_token_only_to_the_poorer_player() -> None:
    s = game({"Water 4": "2d"}, STRIKER, hand=["4♣", "4♥", "9♠"], their_hand=["5♠", "5♣", "7♠"])
    do(s, "power", 3, 5)
    assert me(s, 0)["tokens"]["Water"] == 0  # 25 is not less than 25
    do(s, "power", 1, 1, player=1)
    pay_all(s, 0, "Defense 10")
    pass_recovery(s)
    play(s, "4♥", "5♣")
    do(s, "power", 3, 5)
    assert me(s, 0)["tokens"]["Water"] == 1
    do(s, "power", 1, 1, player=1)
    pay_all(s, 0, "Defense 10")
    pass_recovery(s)
    assert s.observation(0)["prompt"] == "put a cent on any square (1 to place)"
    do(s, "add", *square(s, "Defense 4"), player=0)
    assert me(s, 0)["change"] == 22


def test_water_second_dd_floods_a_column_whose_elements_then_cannot_activate() -> None:
    s = game({"Water 4": "2d", "Attack 4": "2p"}, {"Fire 5": "n"}, their_hand=["5♠", "5♣", "7♠"])
    do(s, "power", 3, 6)
    do(s, "power", 1, 0, player=1)
    pay_all(s, 1, "Defense 9")
    assert s.observation(0)["prompt"].startswith("Water (dd)")
    do(s, "flood", 4)
    assert me(s, 1)["floods"][4] == 1
    pass_recovery(s)
    play(s, "9♠", "5♣")
    assert me(s, 1)["powers"] == []  # Fire 5 is flooded
