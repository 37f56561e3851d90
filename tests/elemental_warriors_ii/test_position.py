"""Elemental Warriors II positions: round trips along random play (variants too), sealed windows,
every refused invariant, saves of a game set up from a position, hidden cards, and the documented
example (elemental-warriors-ii.txt)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import elementa
from elementa.core import SIMULTANEOUS, PositionError
from tests.support.positions import (
    assert_position_save,
    assert_refused,
    assert_round_trip,
    documented_example,
    step,
)

NAME = "elemental-warriors-ii"


def _example() -> dict[str, Any]:
    """docs/positions.md's position: turn 3's Activate window, before anyone has played."""
    return documented_example("Elemental Warriors II")


OPTIONS = [
    {},
    {"players": 3, "independence": True, "combat_model": "single"},
    {"randomizer": True, "blind_mans_bluff": True, "endgame": True},
]


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("options", OPTIONS)
def test_round_trip_along_random_play(seed: int, options: dict[str, Any]) -> None:
    """At every 3rd node of random games that a position describes, the position read back is the
    same state to every viewer and plays on alike; the others are inside a sealed window after a
    seat acted, refused naming ``flow``. Windows opening, chance, decisions and the end are all
    reached."""
    game = elementa.load_game(NAME, **options)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    kinds: set[str] = set()
    nodes = 0
    while True:
        try:
            data = state.position()
        except PositionError as e:
            assert e.field == "flow" and "sealed window" in e.reason
            kinds.add("refused")
        else:
            if nodes % 3 == 0 or state.is_terminal():
                assert_round_trip(game, state, nodes, 15)
                kinds.add("over" if data["over"] else "window" if data["window"] else data["flow"][0]["step"])
        nodes += 1
        if state.is_terminal():
            break
        step(state, rng)
    assert {"refused", "window", "over"} <= kinds and len(kinds) >= 5


def test_the_documented_example_sets_up_and_plays() -> None:
    """The example is the Activate window (elemental-warriors-ii.txt, 1) Activate: "each player
    plays a card face down"): both seats choose at once, and the deck left out holds the rest."""
    game = elementa.load_game(NAME)
    state = game.new_position(_example(), seed=4)
    assert state.current_player() == SIMULTANEOUS and state.players_to_move() == [0, 1]
    assert sorted(a.label for a in state.legal_actions(0)) == ["play 6♦", "play K♠"]
    assert state.observation(0)["deck_sizes"] == [52 - 3 - 4]
    assert_round_trip(game, state, 4, 40)


def test_hidden_cards_stay_hidden() -> None:
    """A seat sees another's hand only as its size and the cards it has seen in it (ruling R22)."""
    state = elementa.load_game(NAME).new_position(_example())
    assert state.observation(1)["players"][0]["hand"] is None
    assert "K♠" not in json.dumps(state.observation(1), ensure_ascii=False) and "K♠" in json.dumps(
        state.observation(0), ensure_ascii=False
    )
    assert state.observation(0)["players"][1]["known_cards"] == ["9♣"]


def test_a_window_after_a_seat_acted_is_no_position() -> None:
    """Player 1's card played face down stays sealed until player 2 has played too (rules.md, the
    sealed windows): no position shows it."""
    state = elementa.load_game(NAME).new_position(_example())
    state.apply_action(state.legal_actions(0)[0], 0)
    with pytest.raises(PositionError) as e:
        state.position()
    assert e.value.field == "flow" and "sealed window" in e.value.reason
    state.apply_action(state.legal_actions(1)[0], 1)
    assert state.position()["window"] is None  # the window has closed: a position again


def test_a_save_of_a_position_starts_from_it() -> None:
    def misspell(position: dict[str, Any]) -> None:
        position["players"][0]["hand"][0] = "6♢"

    assert_position_save(elementa.load_game(NAME), _example(), 30, misspell, "position.players[0].hand[0]")


def _changed(path: str, value: Any) -> dict[str, Any]:
    """The example with the value at ``path`` (``"players.0.pool"``) replaced."""
    data = _example()
    keys = [int(k) if k.lstrip("-").isdigit() else k for k in path.split(".")]
    here: Any = data
    for k in keys[:-1]:
        here = here[k]
    here[keys[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "field", "reason"),
    [
        ("players.0.hand.0", "6x", "players[0].hand[0]", "no card is called '6x'"),
        ("decks", [["A♣"]], "decks", "2♣ is nowhere"),
        ("players.0.hand.0", "9♣", "players[1].hand[0]", "somewhere else already"),
        ("players.0.sheet", {"Wind 3": [1, 0, 0]}, "players[0].sheet.Wind 3", "no square is called"),
        ("players.0.sheet", {"Water 3": [1, -1, 0]}, "players[0].sheet.Water 3", "none below 0"),
        ("players.0.sheet", {}, "players[0].sheet", "without change is out"),
        ("players.0.tokens", {"Fire": -1}, "players[0].tokens.Fire", "should be at least 0"),
        ("players.0.tokens", {"Smoke": 1}, "players[0].tokens.Smoke", "should be"),
        ("players.0.column", 10, "players[0].column", "should be at most 9"),
        ("players.0.target", 2, "players[0].target", "should be a seat from 0 to 1"),
        ("players.0.played", "2♣", "players[0].mode", "how this turn's card was played"),
        ("players.1.seen_by", [["K♠"], []], "players[1].seen_by[0]", "not in the hand"),
        ("players.1.seen_by", [[], ["9♣"]], "players[1].seen_by[1]", "sees its own hand"),
        ("players.1.pending", [{"step": "play", "seat": 2}], "players[1].pending[0].seat", "from 0 to 1"),
        ("players", [], "players", "should list the 2 players"),
        ("decks", [], "decks", "should list the 1 deck"),
        ("window", "recovery", "flow[0]", "the open window is on top"),
        ("window", None, "players[0].pending", "only in an open window"),
        ("flow", [{"step": "pick_blind_plays"}], "flow[0]", "the open window is on top"),
        ("flow", [{"step": "window", "name": "activate", "seat": 0}], "flow[0].seat", "not part of a window"),
        ("flow", [{"step": "fly"}], "flow[0].step", "should be one of"),
        ("over", True, "flow", "the game is over"),
        ("phase", "lunch", "phase", "should be"),
    ],
)
def test_a_broken_invariant_is_refused_naming_the_field(
    path: str, value: Any, field: str, reason: str
) -> None:
    assert_refused(elementa.load_game(NAME), _example(), _changed(path, value), field, reason)


def test_an_open_window_needs_a_seat_with_steps() -> None:
    data = _example()
    for p in data["players"]:
        p["pending"] = []
    assert_refused(elementa.load_game(NAME), _example(), data, "players", "has steps for some seat")
