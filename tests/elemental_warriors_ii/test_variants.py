"""The rulebook's variants (each an option, combinable) and the contested readings kept as options.

source: elemental-warriors-ii.txt, the variants after 5) End of turn; docs/rulings.
"""

from __future__ import annotations

from elementa import CHANCE, SIMULTANEOUS
from tests.elemental_warriors_ii.helpers import (
    card,
    do,
    legal_kinds,
    me,
    new,
    pass_recovery,
    pay_all,
    place,
    play,
    start,
)

FILLERS = ["Defense 10", "Defense 9"]


def test_randomizer_rolls_a_d10_for_the_column_and_deals_no_cards() -> None:
    s = new(randomizer=True)
    place(s, 0, {"Water 7": "n"}, "Defense 10")
    place(s, 1, {}, "Defense 9")
    assert s.current_player() == SIMULTANEOUS and me(s, 0)["hand_size"] == 0
    assert {a.kind for a in s.legal_actions(0)} == {"roll"}
    play(s, "roll", "roll")
    assert [a.label for a, _ in s.chance_outcomes()] == [f"roll {k}" for k in range(1, 11)]
    assert all(abs(p - 0.1) < 1e-12 for _, p in s.chance_outcomes())
    do(s, "d10", 6)
    do(s, "d10", 2)
    assert me(s, 0)["column"] == 6 and me(s, 1)["column"] == 2
    do(s, "power", 3, 1)  # Water (n) and, without a card, no suit bonus
    assert me(s, 0)["powers"] == ["Water (n)"]


def test_cumulative_effects_a_nickel_and_a_dime_give_n_d_and_nd() -> None:
    s = start(
        [{"Earth 4": "n d"}, {}], [["4♥", "2♠", "3♠"], ["5♠", "6♠", "7♠"]], fillers=FILLERS, cumulative=True
    )
    play(s, "4♥", "5♠")
    assert me(s, 0)["powers"] == ["Earth (n)", "Earth (d)", "Earth (nd)"]  # not (p), not (nn)
    assert me(s, 0)["effects"]["prevent"] == 8


def test_cumulative_effects_still_pick_one_of_the_two_dd_entries() -> None:
    s = start(
        [{"Earth 4": "2d"}, {}], [["4♥", "2♠", "3♠"], ["5♠", "6♠", "7♠"]], fillers=FILLERS, cumulative=True
    )
    play(s, "4♥", "5♠")
    assert {a.args for a in s.legal_actions(0) if a.kind == "power"} == {(0, 5), (0, 6)}
    do(s, "power", 0, 5)
    assert me(s, 0)["powers"] == ["Earth (d)", "Earth (dd)"]


def test_blind_mans_bluff_plays_the_top_card_unseen_until_the_reveal() -> None:
    s = start([{}, {}], [["4♥", "2♠", "3♠"], ["5♠", "6♠", "7♠"]], fillers=FILLERS, blind_mans_bluff=True)
    assert "play_top" in legal_kinds(s, 0)
    play(s, "play_top", "5♠")
    assert s.current_player() == CHANCE
    top = next(a for a, _ in s.chance_outcomes() if a.args[0] == card("9♣"))
    assert s.describe_action(top, -1, 0) == "player 1 plays the top card of the deck, face down"
    assert me(s, 0)["played"] == "face down"
    s.apply_action(top)
    assert s.observation(1)["players"][0]["played"] == "9♣" and me(s, 0)["hand_size"] == 3


def test_an_empty_hand_plays_the_top_card_by_default_or_no_column() -> None:
    for policy, kind in (("top_of_deck", "play_top"), ("no_column", "no_card")):
        s = start(
            [{}, {}], [["4♥", "2♠", "3♠"], ["5♠", "6♠", "7♠"]], fillers=FILLERS, empty_hand_policy=policy
        )
        for mine, theirs in (("4♥", "5♠"), ("2♠", "6♠"), ("3♠", "7♠")):
            play(s, mine, theirs)
            pass_recovery(s)
        assert {a.kind for a in s.legal_actions(0)} == {kind}


def test_independent_panic_never_reshuffles_and_rolls_when_no_card_can_be_played() -> None:
    s = start([{}, {}], [["4♥", "2♠", "3♠"], ["5♠", "6♠", "7♠"]], fillers=FILLERS, independent_panic=True)
    assert s.observation(0)["deck_sizes"] == [49, 49]
    for mine, theirs in (("4♥", "5♠"), ("2♠", "6♠"), ("3♠", "7♠")):
        play(s, mine, theirs)
        pass_recovery(s)
    assert {a.kind for a in s.legal_actions(0)} == {"roll"}


def test_independence_gives_each_player_a_deck_and_identical_face_cards_declare_together() -> None:
    s = start([{}, {}], [["Q♦", "2♠", "3♠"], ["Q♦", "6♠", "7♠"]], fillers=FILLERS, independence=True)
    assert s.observation(0)["deck_sizes"] == [49, 49]
    do(s, "play", card("Q♦", 0), player=0)
    do(s, "play", card("Q♦", 1), player=1)
    assert s.current_player() == SIMULTANEOUS and s.players_to_move() == [0, 1]
    do(s, "declare", 2, player=0)
    assert s.observation(1)["players"][0]["column"] is None  # sealed until both declare
    do(s, "declare", 8, player=1)
    assert me(s, 0)["column"] == 2 and s.observation(0)["players"][1]["column"] == 8


def test_endgame_ends_when_the_deck_runs_out_and_the_most_change_wins() -> None:
    water = {f"Water {c}": "n" for c in range(1, 6)}  # Water (n) adds a cent in columns 1-5
    s = start([water, {}], [["2♣", "3♣", "4♣"], ["5♥", "6♥", "7♥"]], fillers=FILLERS, endgame=True)
    preferred = ("play", "declare", "draw", "add", "decline")
    for _ in range(2000):
        if s.is_terminal():
            break
        if s.current_player() == CHANCE:
            s.apply_action(s.chance_outcomes()[0][0])
            continue
        p = s.players_to_move()[0]
        acts = s.legal_actions(p)
        water_n = [a for a in acts if a.kind == "power" and a.args == (3, 1)]
        by_kind = [a for k in preferred for a in acts if a.kind == k]
        s.apply_action((water_n or by_kind or acts)[0], p)
    assert s.is_terminal()
    assert s.observation(0)["deck_sizes"] == [0]
    assert me(s, 0)["change"] > me(s, 1)["change"]
    assert s.returns() == [25.0, 0.0]


def test_a_round_limit_ends_the_game_on_the_most_change() -> None:
    s = start([{"Water 4": "n"}, {}], [["4♥", "2♠", "3♠"], ["5♠", "6♠", "7♠"]], fillers=FILLERS, max_rounds=1)
    play(s, "4♥", "5♠")
    do(s, "power", 3, 1)
    do(s, "add", 0, 0)
    pass_recovery(s)
    assert s.is_terminal() and s.returns() == [25.0, 0.0]


def test_single_combat_row_only_the_higher_player_hits() -> None:
    s = start(
        [{"Combat 4": "3p"}, {"Combat 4": "2p"}],
        [["4♥", "2♠", "3♠"], ["4♠", "6♠", "7♠"]],
        fillers=["Combat 10", "Combat 9"],
        combat_model="single",
    )
    assert s.observation(0)["rows"] == ["Combat", "Earth", "Fire", "Air", "Water"]
    play(s, "4♥", "4♠")
    assert s.current_player() == 1  # P2 pays; P1 is not hit (2 is not more than 3)
    pay_all(s, 1, "Combat 9")
    assert me(s, 0)["change"] == 25 and me(s, 1)["change"] == 24


def assault(**options: object):
    """Three players: P1 Defense 2 total, P2 Defense 5, P3 none; Attack 2 in column 4 each."""
    layouts = [
        {"Attack 4": "2p", "Defense 1": "2p"},
        {"Attack 4": "2p", "Defense 2": "5p"},
        {"Attack 4": "2p", "Defense 4": "3p"},
    ]
    hands = [["4♥", "2♠", "3♠"], ["4♠", "6♠", "7♠"], ["4♦", "8♠", "9♠"]]
    return start(layouts, hands, fillers=["Attack 10", "Attack 9", "Attack 8"], players=3, **options)


def test_assault_free_for_all_the_lowest_defense_declares_its_target_first() -> None:
    s = assault()
    play(s, "4♥", "4♠", "4♦")
    assert s.current_player() == 0  # Defense totals: P1 2, P3 3, P2 5
    do(s, "target", 2)
    assert s.current_player() == 2
    do(s, "target", 0)
    do(s, "target", 2)  # P2 also attacks P3: attacks 2 + 2 = 4 beat P3's defense 3
    pay_all(s, 0, "Attack 10")  # P3 (diamonds resolve first) hits P1 first
    assert s.current_player() == 2 and "pay" in legal_kinds(s, 2)
    pay_all(s, 2, "Attack 8")
    assert [me(s, p)["change"] for p in range(3)] == [24, 25, 23]  # both attackers of P3 hit


def test_assault_highest_attack_plus_one_per_extra_attacker() -> None:
    s = assault(assault_multi="max_plus")
    play(s, "4♥", "4♠", "4♦")
    do(s, "target", 2)
    do(s, "target", 0)
    do(s, "target", 2)  # 2 + 1 = 3 does not beat 3
    assert s.current_player() == 0 and "pay" in legal_kinds(s, 0)  # P3's 2 beats P1's 0
    pay_all(s, 0, "Attack 10")
    assert me(s, 2)["change"] == 25 and s.observation(0)["phase"] == "recovery"


def test_assault_jyhad_each_player_attacks_the_next() -> None:
    s = assault(assault_targeting="jyhad")
    play(s, "4♥", "4♠", "4♦")
    assert [s.observation(0)["players"][p]["target"] for p in range(3)] == [1, 2, 0]
