"""Warriors' typed events account for every card that moves, and hide what a seat may not see.

A seat that reads only its events (``state.events_for(seat)``) and replays each card move on a
ledger of zones must find, at every step, the discard piles, the locations, the fighters in play
and (outside its secret assembly) its own hand exactly as its observation shows them. Cards that
go in or out of another seat's hidden hand from a deck reach it as unknown cards.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from typing import Any

import pytest

import elementa
from elementa import CHANCE, SIMULTANEOUS, State
from elementa.core import CardMoved, Place, Scored

OPTIONS: list[dict[str, Any]] = [
    {},
    {"players": 3},
    {"deathmatch": True},
    {"players": 3, "revolving_door": True},
]


def key(place: Place) -> tuple[Any, ...]:
    """The ledger's name of a zone: a fighter by its combatant id, any other zone by its seat."""
    return ("fighter", place.index) if place.zone == "fighter" else (place.zone, place.seat)


def check_ledger(state: State, ledger: dict[tuple[Any, ...], Counter[str]], seat: int) -> None:
    """Check the zones ``seat`` sees against its ledger (held as counts of card names)."""
    obs = state.observation(seat)
    for p, side in enumerate(obs["players"]):
        assert ledger[("discard", p)] == Counter(side["discard"]), f"discard of player {p + 1}"
        assert ledger[("locations", p)] == Counter(side["locations"]), f"locations of player {p + 1}"
    assert ledger[("location", None)] == Counter([obs["location"]] if obs["location"] else [])
    secret = obs["phase"] == "assembly"
    for f in obs["fighters"]:
        if f["id"] == seat and secret:
            continue  # its own secret assembly: moved when revealed
        cards = Counter([f["name"], *(e["name"] for e in f["equipment"])])
        assert ledger[("fighter", f["id"])] == cards, f"fighter {f['id']}"
    if not secret:
        assert ledger[("hand", seat)] == Counter(obs["hand"])


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "2p")
def test_a_seat_can_follow_every_card_from_its_events(options: dict[str, Any]) -> None:
    game = elementa.load_game("warriors", **options)
    names = [c.name for c in game.catalog.cards]  # type: ignore[attr-defined]
    scored: Counter[str] = Counter()
    for seed in range(2):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        n = state.num_players()
        ledger: defaultdict[tuple[Any, ...], Counter[str]] = defaultdict(Counter)  # seat 0's
        read = [0] * n
        for _ in range(1200):
            if state.is_terminal():
                break
            for seat in range(n):
                for e in state.events_for(seat, read[seat]):
                    if isinstance(e, CardMoved):
                        hidden_hand = {e.source.zone, e.target.zone} == {"deck", "hand"}
                        mine = seat in (e.source.seat, e.target.seat)
                        if hidden_hand and not mine:
                            assert e.card is None and e.name == "", e  # another seat's hidden card
                            continue
                        assert e.card is not None and e.name == names[e.card]
                        if seat == 0:
                            ledger[key(e.source)][e.name] -= 1
                            ledger[key(e.target)][e.name] += 1
                    elif isinstance(e, Scored) and seat == 0:
                        scored[e.what] += 1
                read[seat] = state.event_count()
            for counts in ledger.values():
                counts += Counter()  # drop zero counts
            check_ledger(state, ledger, 0)
            cp = state.current_player()
            if cp == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes], [w for _, w in outcomes])[0])
                continue
            p = state.players_to_move()[0] if cp == SIMULTANEOUS else cp
            state.apply_action(rng.choice(state.legal_actions(p)), p)
    assert scored["battle"] > 0
