"""Skirmish and Allocate Damage: strict comparisons, one cent per point with change made, winning,
surrender (the rulebook's 7 cents -> 18 points).

source: elemental-warriors-ii.txt, 2) Skirmish, 3) Allocate Damage, 4) Recovery (Surrender), winning.
"""

from __future__ import annotations

import pytest

from elementa import IllegalActionError
from tests.elemental_warriors_ii.helpers import card, do, legal_kinds, me, pay_all, play, sq, square, start


def test_a_greater_attack_hits_and_a_tie_does_not() -> None:
    s = start([{"Attack 3": "2p"}, {"Defense 3": "p"}], [["3♣", "4♣", "5♣"], ["3♥", "4♥", "5♥"]])
    play(s, "3♣", "3♥")
    assert s.current_player() == 1 and "pay" in legal_kinds(s, 1)  # 2 > 1: one point of damage
    assert s.observation(1)["prompt"].startswith("remove 1 cent")
    s = start([{"Attack 3": "2p"}, {"Defense 3": "2p"}], [["3♣", "4♣", "5♣"], ["3♥", "4♥", "5♥"]])
    play(s, "3♣", "3♥")
    assert s.observation(0)["phase"] == "recovery"  # 2 is not greater than 2: nobody is hit
    assert me(s, 1)["change"] == 25


def test_both_players_can_hit_each_other_in_the_same_turn() -> None:
    layout = {"Attack 4": "2p"}
    s = start([layout, layout], [["4♣", "5♣", "6♣"], ["4♥", "5♥", "6♥"]])
    play(s, "4♣", "4♥")
    do(s, "pay", *([0, *square(s, "Attack 4")]))  # P1 hit by P2 pays first (resolution order)
    do(s, "pay", *([0, *square(s, "Attack 4")]))
    assert me(s, 0)["change"] == me(s, 1)["change"] == 24


def test_damage_removes_one_cent_making_change_from_a_nickel_or_a_dime() -> None:
    s = start([{"Attack 6": "p"}, {"Earth 1": "n", "Earth 2": "d"}], [["6♣", "4♣", "5♣"], ["6♥", "4♥", "5♥"]])
    play(s, "6♣", "6♥")
    coins = {a.args for a in s.legal_actions(1) if a.kind == "pay"}
    assert (1, *square(s, "Earth 1")) in coins and (2, *square(s, "Earth 2")) in coins
    dime = s.clone()
    do(dime, "pay", 2, *square(s, "Earth 2"))
    assert sq(dime, 1, "Earth 2") == [4, 1, 0]  # a nickel and five pennies, one penny removed
    do(s, "pay", 1, *square(s, "Earth 1"))
    assert sq(s, 1, "Earth 1") == [4, 0, 0]  # five pennies, one removed
    assert me(s, 1)["change"] == 24


def test_a_pay_choice_that_is_not_legal_is_refused_and_changes_nothing() -> None:
    s = start([{"Attack 6": "p"}, {}], [["6♣", "4♣", "5♣"], ["6♥", "4♥", "5♥"]])
    play(s, "6♣", "6♥")
    before = s.observation(1)
    with pytest.raises(IllegalActionError):
        s.apply_action(s.game.action_space.encode("pay", 1, *square(s, "Earth 1")))
    assert s.observation(1) == before


def duel_turn(s, mine: str, theirs: str, fire: int, draws: tuple[str, str] | None) -> None:
    """One scripted turn: P1 plays ``mine`` (a face card declares column 1) and takes Fire entry
    ``fire`` if it is offered; P2 pays from Attack 10; both draw the given cards."""
    play(s, mine, theirs)
    if "declare" in legal_kinds(s, 0):
        do(s, "declare", 0)
    if "power" in legal_kinds(s, 0):
        do(s, "power", 1, fire)
    pay_all(s, 1, "Attack 10")
    if s.is_terminal() or draws is None:
        return
    for p in (0, 1):
        do(s, "draw", player=p) if "draw" in legal_kinds(s, p) else do(s, "decline", player=p)
    for name in draws:
        do(s, "card", card(name))


def duel():
    """P1: Fire n+d and 10 Attack pennies in column 1; P2: all pennies on Attack 10, no Defense."""
    return start(
        [{"Fire 1": "n d"}, {}], [["A♥", "J♥", "Q♥"], ["2♠", "3♠", "4♠"]], fillers=["Attack 1", "Attack 10"]
    )


def test_fire_hits_the_rulebook_surrender_example_seven_cents_give_eighteen_points() -> None:
    s = duel()
    duel_turn(s, "A♥", "2♠", 4, ("K♥", "5♠"))  # 1 + Fire (nd) 3 + suit Fire (n) 1 = 5 damage
    assert me(s, 1)["change"] == 20
    duel_turn(s, "J♥", "3♠", 4, ("2♣", "6♠"))
    duel_turn(s, "Q♥", "4♠", 4, ("3♣", "7♠"))
    duel_turn(s, "K♥", "5♠", 1, ("4♣", "8♠"))  # Fire (n) and the suit (n): 3 damage
    assert me(s, 1)["change"] == 7
    play(s, "2♣", "6♠")  # turn 5: P1's column 2 has no attack
    assert s.observation(1)["turn"] == 5 and s.observation(1)["phase"] == "recovery"
    assert "surrender" in legal_kinds(s, 1)
    assert "surrender" not in legal_kinds(s, 0)  # P1 has more change than P2
    do(s, "surrender", player=1)
    do(s, "decline", player=0)
    assert s.is_terminal()
    assert s.returns() == [18.0, 0.0]


def test_surrender_is_not_offered_before_the_fifth_round() -> None:
    s = duel()
    for mine, theirs, draws in (("A♥", "2♠", ("K♥", "5♠")), ("J♥", "3♠", ("2♣", "6♠"))):
        duel_turn(s, mine, theirs, 4, draws)
    play(s, "Q♥", "4♠")
    do(s, "declare", 0)
    do(s, "power", 1, 4)
    pay_all(s, 1, "Attack 10")
    assert s.observation(1)["turn"] == 3 and s.observation(1)["phase"] == "recovery"
    assert me(s, 1)["change"] < me(s, 0)["change"]
    assert "surrender" not in legal_kinds(s, 1)


def test_the_last_player_with_change_wins_25_points() -> None:
    s = duel()
    script = [
        ("A♥", "2♠", ("K♥", "5♠")),
        ("J♥", "3♠", ("A♣", "6♠")),
        ("Q♥", "4♠", ("A♦", "7♠")),
        ("K♥", "5♠", ("2♣", "8♠")),
        ("A♣", "6♠", ("3♣", "9♠")),
        ("A♦", "7♠", None),
    ]
    for mine, theirs, draws in script:
        duel_turn(s, mine, theirs, 4, draws)
    assert me(s, 1)["change"] == 0
    assert s.is_terminal()
    assert s.observation(0)["players"][1]["out"] is True
    assert s.returns() == [25.0, 0.0]
    with pytest.raises(IllegalActionError):
        s.apply_action(0)


def test_removing_the_last_penny_is_out_under_the_strict_reading() -> None:
    s = start(
        [{"Attack 6": "p", "Fire 6": "n d"}, {"Attack 2": "5p", "Earth 2": "2d"}],
        [["6♥", "4♣", "5♣"], ["7♣", "4♥", "5♥"]],
        fillers=["Attack 1", "Attack 2"],
        elim_on_last_penny=True,
    )
    play(s, "6♥", "7♣")
    do(s, "power", 1, 4)  # Fire (nd), and the suit's Fire (n): 5 damage
    pay_all(s, 1, "Attack 2")
    assert s.is_terminal()
    assert s.observation(1)["players"][1]["change"] == 20  # two dimes left, but no penny
    assert s.returns() == [25.0, 0.0]


def test_by_default_a_player_with_change_left_stays_in() -> None:
    s = start(
        [{"Attack 6": "p", "Fire 6": "n d"}, {"Attack 2": "5p", "Earth 2": "2d"}],
        [["6♥", "4♣", "5♣"], ["7♣", "4♥", "5♥"]],
        fillers=["Attack 1", "Attack 2"],
    )
    play(s, "6♥", "7♣")
    do(s, "power", 1, 4)
    pay_all(s, 1, "Attack 2")
    assert not s.is_terminal()
    assert s.observation(1)["phase"] == "recovery"
