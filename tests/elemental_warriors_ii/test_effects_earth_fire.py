"""The Earth and Fire powers of the Elemental Effects sheet, each at work.

P1 plays column 4, P2 column 5 unless said otherwise; P2's "striker" layout hits for 2 (Attack 5 of
3 pennies, Fire (n) chosen). source: elemental-warriors-ii.txt, Elemental Effects (Earth, Fire).
"""

from __future__ import annotations

from tests.elemental_warriors_ii.helpers import card, do, legal_kinds, me, pass_recovery, pay_all, play, start

STRIKER = {"Attack 5": "3p", "Fire 5": "n"}
FILLERS = ["Defense 10", "Defense 9"]


def struck(layout: dict[str, str], hand: list[str], their_hand: list[str] | None = None, **options: object):
    """P1 with a layout plays hand[0]; P2, the striker, plays its first card and takes Fire (n)."""
    s = start([layout, STRIKER], [hand, their_hand or ["5♠", "5♣", "5♦"]], fillers=FILLERS, **options)
    play(s, hand[0], (their_hand or ["5♠"])[0])
    return s


def striker_fires(s) -> None:
    do(s, "power", 1, 1)


# ------------------------------------------------------------------------------------------ Earth
def test_earth_p_discards_a_club_to_prevent_two_damage() -> None:
    s = struck({"Earth 4": "p"}, ["4♥", "2♣", "9♠"])
    assert me(s, 0)["powers"] == ["Earth (p)"]
    striker_fires(s)
    assert s.current_player() == 0 and "discard" in legal_kinds(s, 0)
    do(s, "discard", card("2♣"))
    assert me(s, 0)["change"] == 25 and me(s, 0)["hand"] == ["9♠"]


def test_earth_n_prevents_two_and_one_from_an_adjacent_column() -> None:
    s = struck({"Earth 4": "n"}, ["4♥", "2♣", "9♠"])
    do(s, "power", 0, 1)
    striker_fires(s)
    assert s.observation(0)["phase"] == "recovery" and me(s, 0)["change"] == 25
    s = struck({"Earth 3": "n"}, ["4♥", "2♣", "9♠"])
    assert me(s, 0)["powers"] == ["Earth (n) [adjacent]"]
    striker_fires(s)
    pay_all(s, 0, "Defense 10")
    assert me(s, 0)["change"] == 24  # 2 damage, 1 prevented


def test_earth_nn_makes_the_opponent_play_a_random_card_next_turn() -> None:
    s = struck({"Earth 4": "2n"}, ["4♥", "2♣", "9♠"])
    do(s, "power", 0, 2)
    striker_fires(s)
    pay_all(s, 0, "Defense 10")
    pass_recovery(s)
    assert s.observation(1)["players"][1]["random_next_card"] is True
    assert {a.kind for a in s.legal_actions(1)} == {"play_random"}
    do(s, "play", card("2♣"), player=0)
    do(s, "play_random", player=1)
    outcomes = {a.args[0] for a, _ in s.chance_outcomes()}
    assert outcomes == {card("5♣"), card("5♦")}  # a card of P2's hand, at random
    told = s.describe_action(s.chance_outcomes()[0][0], -1, 0)
    assert told == "player 2 plays a card chosen at random, face down"
    do(s, "card", card("5♦"))
    assert s.observation(0)["players"][1]["played"] == "5♦"


def test_earth_d_doubles_defense_this_turn_and_next_turn() -> None:
    layout = {"Earth 4": "d", "Defense 4": "2p", "Defense 6": "2p"}
    s = struck(layout, ["4♥", "6♥", "6♦"], ["5♠", "5♣", "5♦"])
    do(s, "power", 0, 3)
    striker_fires(s)
    assert me(s, 0)["defense"] == 4 and me(s, 0)["change"] == 25  # 3 is not more than 2 x 2
    pass_recovery(s)
    play(s, "6♥", "5♣")
    striker_fires(s)
    assert me(s, 0)["defense"] == 4 and me(s, 0)["change"] == 25
    pass_recovery(s)
    play(s, "6♦", "5♦")
    striker_fires(s)
    assert me(s, 0)["defense"] == 2
    pay_all(s, 0, "Defense 10")
    assert me(s, 0)["change"] == 23


def test_earth_nd_prevents_six_and_three_from_an_adjacent_column() -> None:
    big = {"Attack 5": "3p", "Fire 5": "n d"}
    s = start([{"Earth 3": "n d"}, big], [["4♣", "2♣", "9♠"], ["5♥", "6♠", "7♠"]], fillers=FILLERS)
    play(s, "4♣", "5♥")
    assert me(s, 0)["powers"] == ["Earth (nd) [adjacent]"]
    do(s, "power", 1, 4)  # 1 + Fire (nd) 3 + the suit's Fire (n) 1 = 5 damage, 3 prevented
    pay_all(s, 0, "Defense 10")
    assert me(s, 0)["change"] == 23
    s = start([{"Earth 4": "n d"}, big], [["4♣", "2♣", "9♠"], ["5♥", "6♠", "7♠"]], fillers=FILLERS)
    play(s, "4♣", "5♥")
    do(s, "power", 0, 4)
    do(s, "power", 1, 4)
    assert me(s, 0)["change"] == 25


def test_earth_dd_gives_an_earth_token_that_takes_two_off_every_hit() -> None:
    s = struck({"Earth 4": "2d"}, ["4♥", "6♥", "9♠"], ["5♠", "5♣", "5♦"])
    do(s, "power", 0, 5)
    assert me(s, 0)["tokens"]["Earth"] == 1
    striker_fires(s)
    assert me(s, 0)["change"] == 25
    pass_recovery(s)
    play(s, "6♥", "5♣")  # no Earth power this turn: the token still works
    striker_fires(s)
    assert me(s, 0)["change"] == 25


def test_earth_second_dd_puts_a_landslide_on_an_attacker_who_deals_no_damage() -> None:
    s = start(
        [{"Earth 4": "2d", "Defense 4": "3p"}, STRIKER],
        [["4♥", "6♥", "9♠"], ["5♠", "5♣", "5♦"]],
        fillers=FILLERS,
    )
    play(s, "4♥", "5♠")
    do(s, "power", 0, 6)
    striker_fires(s)  # attack 3 does not beat defense 3
    assert s.observation(0)["players"][1]["tokens"]["Landslide"] == 1
    pass_recovery(s)
    play(s, "6♥", "5♣")
    striker_fires(s)  # a hit for 2, less 1 for the Landslide
    pay_all(s, 0, "Defense 10")
    assert me(s, 0)["change"] == 24


def test_a_failed_attack_gives_no_landslide_under_the_hit_only_reading() -> None:
    s = start(
        [{"Earth 4": "2d", "Defense 4": "3p"}, STRIKER],
        [["4♥", "6♥", "9♠"], ["5♠", "5♣", "5♦"]],
        fillers=FILLERS,
        noharm_trigger="hit_only",
    )
    play(s, "4♥", "5♠")
    do(s, "power", 0, 6)
    striker_fires(s)
    assert s.observation(0)["players"][1]["tokens"]["Landslide"] == 0


# ------------------------------------------------------------------------------------------- Fire
def firing(layout: dict[str, str], hand: list[str] | None = None, theirs: dict[str, str] | None = None):
    """P1 (Attack 4 of 2 pennies plus a layout) plays hand[0] against P2 on column 5, no defense."""
    hand = hand or ["4♣", "9♥", "9♠"]
    s = start([{"Attack 4": "2p", **layout}, theirs or {}], [hand, ["5♠", "6♠", "7♠"]], fillers=FILLERS)
    play(s, hand[0], "5♠")
    return s


def test_fire_p_discards_a_heart_for_one_extra_damage() -> None:
    s = firing({"Fire 4": "p"})
    assert me(s, 0)["powers"] == ["Fire (p)"]
    do(s, "discard", card("9♥"))
    pay_all(s, 1, "Defense 9")
    assert me(s, 1)["change"] == 23


def test_fire_n_adds_one_and_nd_adds_three_damage() -> None:
    s = firing({"Fire 4": "n"})
    do(s, "power", 1, 1)
    pay_all(s, 1, "Defense 9")
    assert me(s, 1)["change"] == 23
    s = firing({"Fire 4": "n d"})
    do(s, "power", 1, 4)
    pay_all(s, 1, "Defense 9")
    assert me(s, 1)["change"] == 21


def test_fire_nn_makes_the_victim_discard_a_random_card_even_without_damage() -> None:
    s = firing({"Fire 4": "2n"}, theirs={"Earth 5": "n"})
    do(s, "power", 1, 2)
    do(s, "power", 0, 1, player=1)  # P2's Earth (n) prevents the point of damage
    assert s.is_chance_node()
    assert {a.args[0] for a, _ in s.chance_outcomes()} == {card("6♠"), card("7♠")}
    do(s, "card", card("7♠"))
    assert me(s, 1)["hand"] == ["6♠"] and me(s, 1)["change"] == 25


def test_fire_d_emulates_any_one_n_power() -> None:
    s = firing({"Fire 4": "d"})
    do(s, "power", 1, 3)
    assert {a.args[0] for a in s.legal_actions(0) if a.kind == "emulate"} == {0, 1, 2, 3}
    do(s, "emulate", 3)  # Water (n): put one cent in any square
    do(s, "add", 0, 0)
    assert me(s, 0)["change"] == 26
    assert me(s, 0)["powers"] == ["Fire (d)", "Water (n) [emulated]"]


def test_fire_dd_gives_the_victim_an_inferno_token_costing_a_cent_every_turn() -> None:
    s = firing({"Fire 4": "2d"}, hand=["4♣", "9♥", "6♦"])
    do(s, "power", 1, 5)
    pay_all(s, 1, "Defense 9")
    assert me(s, 1)["tokens"]["Inferno"] == 1
    pass_recovery(s)
    assert s.players_to_move() == [1] and "pay" in legal_kinds(s, 1)  # end of turn: spend a cent
    do(s, "pay", 0, 1, 8, player=1)
    assert me(s, 1)["change"] == 23
    play(s, "6♦", "6♠")  # column 6: no hits; the Inferno costs again at the end of the turn
    pass_recovery(s)
    do(s, "pay", 0, 1, 8, player=1)
    assert me(s, 1)["change"] == 22


def test_fire_second_dd_gives_a_fire_token_with_a_coin_in_every_element() -> None:
    layout = {"Fire 4": "2d", "Earth 1": "p", "Air 1": "p", "Water 1": "p"}
    s = firing(layout, hand=["4♣", "9♥", "6♦"])
    do(s, "power", 1, 6)
    pay_all(s, 1, "Defense 9")
    assert me(s, 0)["tokens"]["Fire"] == 1
    pass_recovery(s)
    play(s, "9♥", "6♠")
    assert "emulate" in legal_kinds(s, 0)  # a Fire token held at the start of the turn: any (n) power
    s = firing({"Fire 4": "2d"})
    do(s, "power", 1, 6)
    assert me(s, 0)["tokens"]["Fire"] == 0  # no coin on Earth, Air or Water


def test_harmful_tokens_are_removed_by_forfeiting_the_matching_element_tokens() -> None:
    mine = {"Attack 4": "2p", "Fire 4": "2d"}
    theirs = {"Fire 5": "2d", "Earth 1": "p", "Air 1": "p", "Water 1": "p"}
    s = start([mine, theirs], [["4♣", "9♥", "6♦"], ["5♠", "6♠", "7♠"]], fillers=FILLERS)
    play(s, "4♣", "5♠")
    do(s, "power", 1, 5)  # P1: Fire (dd), an Inferno token on a hit
    do(s, "power", 1, 6, player=1)  # P2: a coin in every element, a Fire token
    pay_all(s, 1, "Defense 9")
    tokens = me(s, 1)["tokens"]
    assert (tokens["Fire"], tokens["Inferno"]) == (1, 1)
    forfeits = {a.args for a in s.legal_actions(1) if a.kind == "forfeit"}
    assert forfeits == {(1, 2, 0)}  # the Fire token for the Inferno token
    do(s, "forfeit", 1, 2, 0, player=1)
    assert not any(a.kind == "forfeit" for a in s.legal_actions(1))
    do(s, "decline", player=1)
    do(s, "decline", player=0)
    assert me(s, 1)["tokens"]["Inferno"] == 0 and s.observation(1)["phase"] == "activate"
    assert me(s, 1)["change"] == 24  # no cent spent at the end of the turn
