"""Typed events: gold, health, cards between zones, dice, bids and the result, each with its audience.

The events alone account for every seat's gold, health and hand size at the end of seeded games
(so none is missing or counted twice), a draw is whole only to its owner, and no move is left as a
line of words (``Noted``).
"""

from __future__ import annotations

import random
import re

import pytest

from elementa import load_game
from elementa.core import Blocked, CardMoved, Changed, Damaged, Event, Moved, Noted, Revealed, Scored
from tests.elemental_card_dice.table import NAME

MOVES_IN_WORDS = re.compile(
    r"\b(deals|gains|draws|buys|discards|heals|pays|plays|places|returns|takes|moves|shows|changed"
    r"|turned over|swapped|vetoed|shuffles|doubles|you see|bids|matches)\b"
)
"""Words of the log lines that say a move, which must come as typed events instead."""


def _played(options: dict[str, object], seed: int) -> tuple[object, list[list[Event]]]:
    game = load_game(NAME, **options)
    state, rng = game.new_initial_state(seed), random.Random(seed)
    agents = [game.rule_based_agent(p, seed) for p in (0, 1)]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        agent = agents[state.current_player()]
        assert agent is not None
        state.apply_action(agent.step(state) if rng.random() < 0.8 else rng.choice(state.legal_actions()))
    return state, [state.events_for(v) for v in (0, 1, None)]


@pytest.mark.parametrize(("options", "seed"), [({}, 1), ({"response_whitelist": "any", "start_gold": 40}, 2)])
def test_the_events_account_for_gold_health_and_hands(options: dict[str, object], seed: int) -> None:
    state, seen = _played(options, seed)
    start = load_game(NAME, **options).options
    final = state.view(None)  # type: ignore[attr-defined]
    for viewer, events in enumerate(seen):
        for p in (0, 1):
            gold = health = hand = 0
            for e in events:
                if isinstance(e, Moved) and e.what == "gold":
                    gold += e.amount * (
                        (e.target.seat == p and e.target.zone == "gold")
                        - (e.source.seat == p and e.source.zone == "gold")
                    )
                elif isinstance(e, Damaged) and e.target.zone == "health" and e.target.seat == p:
                    health -= e.amount
                    assert e.left is not None  # health is open
                elif isinstance(e, CardMoved):
                    hand += (e.target.zone, e.target.seat) == ("hand", p)
                    hand -= (e.source.zone, e.source.seat) == ("hand", p)
                    if (
                        e.target.seat not in (viewer, None)
                        and e.target.zone in ("hand", "face down")
                        and e.source.zone in ("deck", "hand")
                    ):
                        assert e.card is None and e.name == ""  # what another seat draws or hides
            side = final.players[p]
            assert start.start_gold + gold == side.gold, (viewer, p)  # type: ignore[attr-defined]
            assert start.start_health + health == side.health, (viewer, p)  # type: ignore[attr-defined]
            assert hand == side.hand_size, (viewer, p)
    kinds = {type(e) for e in seen[0]}
    assert {CardMoved, Moved, Damaged, Changed} <= kinds
    words = [e.text for e in seen[0] if isinstance(e, Noted) and MOVES_IN_WORDS.search(e.text)]
    assert not [w for w in words if " 0 " not in w]  # "pays 0 gold to Paid Militia" moves nothing


def test_a_draw_is_whole_only_to_the_drawer_and_the_result_is_scored() -> None:
    state, seen = _played({}, 3)
    mine = [e for e in seen[0] if isinstance(e, CardMoved) and e.target.zone == "hand" and e.target.seat == 0]
    theirs = [
        e for e in seen[1] if isinstance(e, CardMoved) and e.target.zone == "hand" and e.target.seat == 0
    ]
    drawn = [e for e in mine if e.source.zone == "deck"]
    assert drawn and all(e.card is not None and e.name for e in drawn)
    assert len(mine) == len(theirs) and all(e.card is None for e in theirs if e.source.zone == "deck")
    winner = state.winner  # type: ignore[attr-defined]
    if winner is not None:
        assert [e for e in seen[2] if isinstance(e, Scored)] == [Scored(winner, 1, "win")]


def test_shields_militia_and_looks_are_typed() -> None:
    found: set[type] = set()
    for seed in range(6):
        _, seen = _played({"start_gold": 60}, seed)
        found |= {type(e) for e in seen[0] + seen[1]}
        for viewer in (0, 1):
            for e in seen[viewer]:
                if isinstance(e, Revealed):
                    assert e.place.seat is not None  # a look at a hand, face-down actions or a deck
        if {Blocked, Revealed} <= found:
            break
    assert {Blocked, Revealed} <= found
