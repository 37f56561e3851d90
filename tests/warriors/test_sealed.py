"""The secret assembly is sealed: nothing a seat sees changes while another seat moves through it.

Each battle's fighters are assembled in secret, all at once, and revealed together (WAR-A15): the
game is a simultaneous node of several steps (field a fighter, equip, remove, ready or forfeit).
Played seat by seat (OpenSpiel's sequential view, PettingZoo's AEC env), a seat acts while another
has already made its steps, so whatever that seat sees must not depend on how far the other has
got: its observation, information-state key, tensor and events stay exactly as they were through
every step another seat makes, until the reveal closes the window for everyone. The walk over
every option set is the conformance suite's (``tests/conformance/test_sealed_windows.py``, for every
game with simultaneous nodes); this file holds the Warriors case worked by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from elementa import State
from tests.warriors.support import act, cid, deal, make_game


def seen(state: State, viewer: int | None, start: int = 0) -> tuple[Any, ...]:
    """Everything ``viewer`` (a seat, or ``None``: a spectator) is shown: observation, events (from
    the ``start``-th) and, for a seat, its information-state key and tensor."""
    obs = state.observation(viewer)
    events = json.dumps([e.to_json() for e in state.events_for(viewer, start)], sort_keys=True)
    if viewer is None:
        return json.dumps(obs, sort_keys=True), events
    tensor = state.game.encode_observation(obs, viewer)
    return json.dumps(obs, sort_keys=True), events, state.information_state_key(viewer), tensor


def test_finishing_the_assembly_first_is_not_seen(tmp_path: Path) -> None:
    """Seat 1 readies its fighter while seat 0 still assembles: seat 0 sees it still assembling (the
    decision waits for both), and sees its own status truly; the reveal shows both fighters."""
    hand = ["Human Mercenary", "Battle Axe", *["Frozen Pass"] * 6]
    other = ["Knight Errant", "Greatsword", *["Frozen Pass"] * 6]
    s = make_game(tmp_path, [hand * 2, other * 2]).new_initial_state(0)
    deal(s, [hand, other])
    act(s, 0, "field", cid(s, "Human Mercenary"))
    act(s, 1, "field", cid(s, "Knight Errant"))
    before = s.clone()
    act(s, 1, "ready")
    assert s.players_to_move() == [0]
    assert seen(s, 0) == seen(before, 0) and seen(s, None) == seen(before, None)
    assert s.observation(0)["players"][1]["status"] == "assembling"
    assert s.observation(1)["players"][1]["status"] == "ready"
    assert s.observation(0)["decision"].endswith("waiting for players 1 and 2")
    assert s.observation(1)["decision"].endswith("waiting for player 1")
    act(s, 0, "ready")
    assert [p["status"] for p in s.observation(0)["players"]] == ["fighting", "fighting"]
