"""Typed events of the coins on the character sheets: who is told what, and when.

Every rule that moves coins emits a core event (``Moved``, ``Changed``, ``Damaged``); inside a sealed
window (setup, Activate, Recovery) only the seat that acted is told, and the others (spectators
too) are told when the window closes, as their observations then show it.

source: elemental-warriors-ii.txt, setup, 3) Allocate Damage, 4) Recovery ("Turns are simultaneous").
"""

from __future__ import annotations

from elementa.core import Changed, Damaged, Event, Moved, Place, State
from tests.elemental_warriors_ii.helpers import do, new, pass_recovery, pay_all, play, square, start
from tests.elemental_warriors_ii.test_effects_air_water import STRIKER, game
from tests.elemental_warriors_ii.test_recovery import at_recovery

VIEWERS = (0, 1, None)


def coin_events(s: State, viewer: int | None, since: int) -> list[Event]:
    """Return the coin events (not the log's ``Noted`` lines) a viewer sees since ``since``."""
    return [e for e in s.events_for(viewer, since) if isinstance(e, Moved | Changed | Damaged)]


def sheet(s: State, seat: int, name: str) -> Place:
    """Return the place of a square of a seat's sheet, as events name it."""
    row, col = square(s, name)
    return Place("sheet", seat, row * 10 + col, name)


def test_damage_and_each_cent_it_costs_are_told_to_everyone() -> None:
    s = start([{"Attack 6": "p"}, {"Earth 2": "d"}], [["6♣", "4♣", "5♣"], ["6♥", "4♥", "5♥"]])
    since = s.event_count()
    play(s, "6♣", "6♥")
    do(s, "pay", 2, *square(s, "Earth 2"))  # a dime: one cent paid, the rest comes back as change
    paid = Moved("cent", 1, sheet(s, 1, "Earth 2"), Place("supply"))
    for v in VIEWERS:
        assert coin_events(s, v, since) == [Damaged(Place("sheet", 1), 1), paid]


def test_a_recovery_rebalance_is_told_to_its_seat_at_once_and_to_the_others_as_the_window_closes() -> None:
    s = at_recovery({"Air 1": "d"})
    since = s.event_count()
    row, col = square(s, "Air 1")
    do(s, "rebalance", 2, row, col, 6 + 1, player=0)  # one column right
    moved = Moved("dime", 1, sheet(s, 0, "Air 1"), sheet(s, 0, "Air 2"))
    assert coin_events(s, 0, since) == [moved]
    assert coin_events(s, 1, since) == coin_events(s, None, since) == []  # sealed
    do(s, "decline", player=1)
    for v in VIEWERS:
        assert coin_events(s, v, since) == [moved]  # told once to each, P1 included


def test_a_recompile_tells_the_coins_the_square_holds_afterwards() -> None:
    s = at_recovery({"Earth 3": "2n"})
    since = s.event_count()
    _, col = square(s, "Earth 3")
    do(s, "recompile", 0, col, 0, 1, player=0)  # two nickels become a dime
    do(s, "decline", player=1)
    for v in VIEWERS:
        assert coin_events(s, v, since) == [Changed("coins", sheet(s, 0, "Earth 3"), "d")]


def test_setup_coins_stay_with_their_seat_until_the_sheets_are_revealed() -> None:
    s = new()
    row, col = square(s, "Fire 4")
    do(s, "place", 1, row, col, player=0)
    do(s, "preset", 0, player=1)
    placed = Moved("nickel", 1, Place("supply"), sheet(s, 0, "Fire 4"))
    assert coin_events(s, 0, 0) == [placed]
    assert [type(e) for e in coin_events(s, 1, 0)] == [Changed]  # its own preset only
    assert coin_events(s, None, 0) == []


def test_cents_lost_to_the_healing_pool_and_healed_back_from_it() -> None:
    s = game({"Water 4": "d"}, STRIKER, their_hand=["5♠", "6♠", "7♠"])  # Water (d): P1's healing pool
    do(s, "power", 3, 3)
    do(s, "power", 1, 1, player=1)
    since = s.event_count()
    pay_all(s, 0, "Defense 10")
    pool = Place("healing pool", 0)
    lost = Moved("cent", 1, sheet(s, 0, "Defense 10"), pool)
    assert coin_events(s, 1, since) == [lost, lost]
    pass_recovery(s)
    since = s.event_count()
    do(s, "add", *square(s, "Earth 1"), player=0)  # in the sealed Activate window
    healed = Moved("penny", 1, pool, sheet(s, 0, "Earth 1"))
    assert coin_events(s, 0, since) == [healed] and coin_events(s, 1, since) == []
    play(s, "9♠", "6♠")
    assert coin_events(s, 1, since)[:1] == coin_events(s, None, since)[:1] == [healed]
