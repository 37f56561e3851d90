"""Hidden information: hands, the deck order, sealed choices; resampling for search agents.

source: elemental-warriors-ii.txt ("You should keep your cards secret", simultaneous play,
Whirlwind); rulings R21-R23 in docs/rulings/elemental-warriors-ii.md.
"""

from __future__ import annotations

import random

from tests.elemental_warriors_ii.helpers import card, do, me, play, start

FILLERS = ["Defense 10", "Defense 9"]


def test_a_players_view_does_not_depend_on_the_opponents_cards() -> None:
    a = start([{}, {}], [["2♣", "3♣", "4♣"], ["5♥", "6♥", "7♥"]], fillers=FILLERS)
    b = start([{}, {}], [["K♣", "Q♦", "9♠"], ["5♥", "6♥", "7♥"]], fillers=FILLERS)
    assert a.observation(1) == b.observation(1)
    assert a.observation(None) == b.observation(None)
    assert a.observation(0) != b.observation(0)


def test_a_sealed_card_changes_nothing_the_opponent_sees() -> None:
    s = start([{}, {}], [["2♣", "3♣", "4♣"], ["5♥", "6♥", "7♥"]], fillers=FILLERS)
    before = s.observation(1)
    other = s.clone()
    do(s, "play", card("2♣"), player=0)
    do(other, "play", card("4♣"), player=0)
    assert s.observation(1) == other.observation(1)
    assert [k for k in s.observation(1) if s.observation(1)[k] != before[k]] == ["to_move"]


def test_resampling_redeals_the_opponents_hand_and_keeps_what_the_player_knows() -> None:
    s = start([{}, {}], [["2♣", "3♣", "4♣"], ["5♥", "6♥", "7♥"]], fillers=FILLERS)
    hands = set()
    for seed in range(8):
        r = s.resample_from_infostate(0, random.Random(seed))
        assert r.observation(0) == s.observation(0)
        theirs = tuple(me(r, 1)["hand"])
        assert not {"2♣", "3♣", "4♣"} & set(theirs)
        hands.add(theirs)
    assert len(hands) > 1
    assert me(s, 1)["hand"] == ["5♥", "6♥", "7♥"]  # the original is untouched


def test_resampling_inside_a_window_rechooses_the_opponents_sealed_play() -> None:
    s = start([{}, {}], [["2♣", "3♣", "4♣"], ["5♥", "6♥", "7♥"]], fillers=FILLERS)
    do(s, "play", card("5♥"), player=1)
    seen = set()
    for seed in range(10):
        r = s.resample_from_infostate(0, random.Random(seed))
        assert r.players_to_move() == [0] and r.observation(0) == s.observation(0)
        do(r, "play", card("2♣"), player=0)
        seen.add(r.observation(0)["players"][1]["played"])
    assert len(seen) > 1  # P2's card is drawn again, not read from the true state


def test_cards_the_player_saw_taken_or_laid_open_stay_put_when_resampling() -> None:
    theirs = {"Attack 5": "3p", "Air 5": "2d"}
    s = start(
        [{"Air 4": "2d", "Defense 4": "3p"}, theirs],
        [["4♣", "9♠", "9♦"], ["5♣", "6♠", "7♠"]],
        fillers=FILLERS,
    )
    play(s, "4♣", "5♣")
    do(s, "power", 2, 5)
    do(s, "power", 2, 6)
    do(s, "decline")
    assert s.observation(0)["players"][1]["hand"] == ["6♠", "7♠"]  # a Whirlwind token
    for seed in range(4):
        r = s.resample_from_infostate(0, random.Random(seed))
        assert me(r, 1)["hand"] == ["6♠", "7♠"]
