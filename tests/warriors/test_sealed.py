"""The secret assembly is sealed: nothing a seat sees changes while another seat moves through it.

Each battle's fighters are assembled in secret, all at once, and revealed together (WAR-A15): the
game is a simultaneous node of several steps (field a fighter, equip, remove, ready or forfeit).
Played seat by seat (OpenSpiel's sequential view, PettingZoo's AEC env), a seat acts while another
has already made its steps, so whatever that seat sees must not depend on how far the other has
got: its observation, information-state key, tensor and events stay exactly as they were through
every step another seat makes, until the reveal closes the window for everyone.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import elementa
from elementa import SIMULTANEOUS, State
from tests.warriors.support import act, cid, deal, make_game

OPTIONS: list[dict[str, Any]] = [
    {},
    {"players": 3},
    {"players": 4, "teams": 2},
    {"players": 3, "revolving_door": True},
    {"deathmatch": True},
]


def seen(state: State, viewer: int | None, start: int = 0) -> tuple[Any, ...]:
    """Everything ``viewer`` (a seat, or ``None``: a spectator) is shown: observation, events (from
    the ``start``-th) and, for a seat, its information-state key and tensor."""
    obs = state.observation(viewer)
    events = json.dumps([e.to_json() for e in state.events_for(viewer, start)], sort_keys=True)
    if viewer is None:
        return json.dumps(obs, sort_keys=True), events
    tensor = state.game.encode_observation(obs, viewer)
    return json.dumps(obs, sort_keys=True), events, state.information_state_key(viewer), tensor


def battle(state: State) -> int:
    number: int = state.observation(None)["battle"]
    return number


def check_sealed_steps(state: State, rng: random.Random, limit: int = 4) -> int:
    """At a node of the secret assembly, apply up to ``limit`` legal actions of each seat to move
    (each to a copy) and check that every other viewer sees the same as before whenever the window
    stays open; return how many steps were checked."""
    n = state.num_players()
    checked = 0
    for p in state.players_to_move():
        others = [q for q in [*range(n), None] if q != p]
        start = state.event_count()
        before = {q: seen(state, q, start) for q in others}
        legal = state.legal_actions(p)
        for action in rng.sample(legal, min(limit, len(legal))):
            after = state.clone()
            after.apply_action(action, p)
            if after.current_player() != SIMULTANEOUS or battle(after) != battle(state):
                continue  # the reveal: the window closes for everyone at once
            for q in others:
                assert seen(after, q, start) == before[q], (
                    f"player {q if q is None else q + 1} sees player {p + 1}'s sealed step {action.label!r}"
                )
            checked += 1
    return checked


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "2p")
def test_no_seat_sees_another_move_through_the_secret_assembly(options: dict[str, Any]) -> None:
    game = elementa.load_game("warriors", **options)
    checked = 0
    for seed in range(2):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        for _ in range(600):
            if state.is_terminal():
                break
            cp = state.current_player()
            if cp == SIMULTANEOUS:
                checked += check_sealed_steps(state, rng)
                p = state.players_to_move()[0]  # seat by seat, as the sequential views play it
            elif state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes], [w for _, w in outcomes])[0])
                continue
            else:
                p = cp
            state.apply_action(rng.choice(state.legal_actions(p)), p)
    assert checked > 20


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
