"""Typed events: JSON and text forms, redaction per viewer, the persistent log, recording on and off."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

import elementa
from elementa.core import Blocked, CardMoved, Changed, Damaged, Moved, Noted, Place, Revealed, Scored
from elementa.core.events import EventLog, seen_by

HAND = Place("hand", 1)
DECK = Place("deck", 1)


def test_each_event_has_a_json_form_and_words_with_seats_from_one() -> None:
    moved = Moved("Fire", 2, Place("Pool", 0), Place("Flux"))
    assert moved.to_json() == {
        "type": "moved",
        "what": "Fire",
        "amount": 2,
        "source": {"zone": "Pool", "seat": 0, "index": None, "name": ""},
        "target": {"zone": "Flux", "seat": None, "index": None, "name": ""},
    }
    assert str(moved) == "2 Fire from player 1's Pool to Flux"
    assert str(Damaged(Place("square", 1, 25, "D3"), 1, 0)) == "player 2's square D3 takes 1 damage (0 left)"
    assert str(Scored(2, 5, "Mana")) == "player 3 scores 5 Mana"
    blocked = Blocked(Place("health", 1), 4, "shields")
    assert str(blocked) == "shields stop 4 damage to player 2's health"
    assert blocked.to_json()["type"] == "blocked" and blocked.redacted() is None
    assert (
        str(Changed("terrain", Place("square", None, 4, "E1"), "lava")) == "terrain at square E1 becomes lava"
    )
    revealed = Revealed("true monolith", Place("square", None, 3, "D1"), "marked")
    assert str(revealed) == "true monolith at square D1: marked"
    assert Noted("a line").to_json() == {"type": "noted", "text": "a line"}
    for event in (moved, Scored(2, 5), CardMoved(7, "Sonic Pistol", DECK, HAND)):
        assert json.loads(json.dumps(event.to_json())) == event.to_json()


def test_a_viewer_outside_the_audience_sees_the_redacted_event_or_nothing() -> None:
    log = EventLog(Noted("public"), None, None)
    log = EventLog(CardMoved(7, "Sonic Pistol", DECK, HAND), frozenset({1}), log)
    log = EventLog(Changed("die", Place("dice", 1), "5"), frozenset({1}), log)  # no redacted form
    log = EventLog(Damaged(Place("square", 1, 3), 1, 2), frozenset({1}), log)
    assert seen_by(log, 1) == [
        Noted("public"),
        CardMoved(7, "Sonic Pistol", DECK, HAND),
        Changed("die", Place("dice", 1), "5"),
        Damaged(Place("square", 1, 3), 1, 2),
    ]
    others = [Noted("public"), CardMoved(None, "", DECK, HAND), Damaged(Place("square", 1, 3), 1, None)]
    assert seen_by(log, 0) == others
    assert seen_by(log, None) == others  # a spectator is in no audience
    assert seen_by(log, 0, start=2) == others[2:]  # the die change is left out for seat 0
    assert seen_by(log, 0, start=4) == [] and seen_by(None, 0) == []
    assert log.count == 4


def test_a_log_is_shared_by_clones_and_grows_apart() -> None:
    state = elementa.load_game("elemenders").new_initial_state(seed=3)
    state.apply_action(state.legal_actions()[0])  # player 1 marks a monolith
    twin = state.clone()
    count = state.event_count()
    assert twin.events_for(0) == state.events_for(0) and count >= 2
    twin.apply_action(twin.legal_actions()[0])  # player 2 marks one: only the twin's log grows
    assert state.event_count() == count < twin.event_count()
    assert twin.events_for(0)[:count] == state.events_for(0)
    secret = [e for e in state.events_for(0) if isinstance(e, Revealed)]
    assert secret and not [e for e in state.events_for(1) if isinstance(e, Revealed)]


def test_events_are_lost_while_recording_is_off() -> None:
    state = elementa.load_game("elemenders").new_initial_state(seed=3)
    state.record_events(False)
    state.apply_action(state.legal_actions()[0])
    assert state.event_count() == 0 and state.events_for(0) == []
    state.record_events(True)
    state.apply_action(state.legal_actions()[0])
    assert state.event_count() == 2  # player 2's mark: a public line and its own secret


@pytest.mark.parametrize("start", [0, 1, 5])
def test_start_skips_the_events_a_client_already_has(start: int) -> None:
    log = None
    for i in range(5):
        log = EventLog(Noted(f"line {i}"), None, log)
    assert [str(e) for e in seen_by(log, 0, start)] == [f"line {i}" for i in range(start, 5)]


def test_a_long_log_pickles_and_deep_copies_whole() -> None:
    log = None
    for i in range(5000):  # far past the recursion limit, were the chain pickled link by link
        log = EventLog(Noted(f"line {i}"), frozenset({i % 2}), log)
    for copied in (pickle.loads(pickle.dumps(log)), copy.deepcopy(log)):
        assert copied is not None and copied.count == 5000
        assert seen_by(copied, 0) == seen_by(log, 0)
        assert [e.audience for e in copied.entries()][:3] == [frozenset({0}), frozenset({1}), frozenset({0})]
