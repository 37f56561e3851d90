"""Elemenders positions: round trips along random play, every refused invariant, and rulebook
examples set up by position (elemenders.txt)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import elementa
from elementa.core import CHANCE, PositionError, State
from elementa.core.options import parse_options
from tests.support.positions import (
    assert_refused,
    assert_round_trip,
    assert_same,
    assert_save_replays,
    play_on,
)
from tests.support.toy import ToyGame, ToyOptions


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("options", [{}, {"board_rows": 12, "adjacency": 8, "max_turns": 30}])
def test_round_trip_along_random_play(seed: int, options: dict[str, Any]) -> None:
    """At every 7th node of random games, the position read back is the same state and plays on alike."""
    game = elementa.load_game("elemenders", **options)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    checked = 0
    while not state.is_terminal() and checked < 60:
        if len(state.history()) % 7 == 0:
            assert_round_trip(game, state, checked, 60)
            checked += 1
        play_on(state, rng, 1)
    assert_same(state, game.new_position(state.position()))  # the end too


def test_a_save_of_a_position_starts_from_it() -> None:
    game = elementa.load_game("elemenders")
    state = game.new_initial_state(4)
    play_on(state, random.Random(4), 80)
    start = game.new_position(state.position(), seed=9)
    play_on(start, random.Random(5), 25)
    record = assert_save_replays(start)
    assert record["position"] == state.position()
    assert len(record["history"]) == 25


def test_a_resampled_position_keeps_its_origin_consistent() -> None:
    """A redraw of the opponent's true monolith in a game set up from a position moves it in the
    origin too, so the origin and the history still lead to the resampled state."""
    game = elementa.load_game("elemenders")
    state = game.new_position(_battle())
    for i in range(20):
        r = state.resample_from_infostate(0, random.Random(i))
        replay = game.new_position(r.origin() or {})
        assert_same(r, replay)


def _battle(**changes: Any) -> dict[str, Any]:
    """A small battle: player 1 to move, a fire unit next to player 2's plant unit."""
    base: dict[str, Any] = {
        "phase": "turn",
        "to_move": 0,
        "turn": 4,
        "first_placer": 0,
        "first_mover": 0,
        "true_monoliths": ["F1", "D10"],
        "monoliths": [
            {"square": s, "health": 2 if s in ("F1", "D10") else 1}
            for s in ("B1", "D1", "F1", "H1", "J1", "B10", "D10", "F10", "H10", "J10")
        ],
        "units": [
            {"square": "E5", "owner": 0, "element": "fire", "health": 2},
            {"square": "E6", "owner": 1, "element": "plant", "health": 2},
            {"square": "C3", "owner": 0, "element": "water", "health": 1},
        ],
        "terrain": {"E4": "lava"},
        "to_place": [{"fire": 0, "water": 0, "plant": 0}, {"fire": 0, "water": 0, "plant": 0}],
        "spawning": [],
        "last_flip": "tails",
        "active": None,
        "moved": False,
        "acted": [],
        "winner": None,
    }
    base.update(changes)
    return base


def _units(*extra: dict[str, Any]) -> list[dict[str, Any]]:
    return [*copy.deepcopy(_battle()["units"]), *extra]


REFUSED = [
    ({"units": _units({"square": "E5", "owner": 1, "element": "water"})}, "units[3].square",
     "occupied by another unit"),
    ({"units": _units({"square": "D1", "owner": 1, "element": "water"})}, "units[3].square",
     "occupied by a monolith"),
    ({"units": _units({"square": "Z99", "owner": 1, "element": "water"})}, "units[3].square", "no square"),
    ({"units": _units({"square": "A5", "owner": 2, "element": "water"})}, "units[3].owner", "should be"),
    ({"units": _units({"square": "A5", "owner": 1, "element": "water", "health": 3})}, "units[3].health",
     "at most 2"),
    ({"units": _units({"square": "A5", "owner": 1, "element": "ice"})}, "units[3].element", "should be"),
    ({"true_monoliths": ["D10", "D10"]}, "true_monoliths[0]", "not a monolith of player 1"),
    ({"true_monoliths": ["F1"]}, "true_monoliths", "too few"),
    ({"monoliths": [{"square": "C1", "health": 1}]}, "monoliths[0].square", "no monolith stands"),
    ({"monoliths": [{"square": "B1", "health": 2}]}, "monoliths[0].health", "decoy"),
    ({"monoliths": [{"square": "B1", "health": 1}, {"square": "B1", "health": 1}]}, "monoliths[1].square",
     "twice"),
    ({"monoliths": [{"square": "B10", "health": 1}]}, "true_monoliths", "has fallen"),
    ({"terrain": {"E4": "snow"}}, "terrain.E4", "should be"),
    ({"terrain": {"Q4": "lava"}}, "terrain.Q4", "no square"),
    ({"to_move": 1}, "to_move", "turn 4 is player 1's"),
    ({"to_move": None}, "to_move", "null exactly"),
    ({"active": "E6"}, "active", "no unit of player 1"),
    ({"active": "E5", "acted": ["E5"]}, "active", "acts once a turn"),
    ({"acted": ["E5", "C3"]}, "acted", "turn is over"),
    ({"acted": ["C3", "C3"]}, "acted", "twice"),
    ({"active": "C3", "moved": True}, "moved", "no enemy in reach"),
    ({"phase": "spawn_flip", "to_move": None, "acted": ["C3"]}, "acted", "only during a turn"),
    ({"winner": 1}, "winner", "not over"),
    ({"phase": "over", "to_move": None, "winner": 1}, "winner", "standing"),
    ({"phase": "over", "to_move": None}, "winner", "turn limit"),
    ({"turn": 200}, "turn", "max_turns"),
    ({"to_place": [{"fire": 1}, {}]}, "to_place", "every starting unit"),
    ({"to_place": [{"fire": 3}, {}]}, "to_place[0].fire", "at most 2"),
    ({"first_mover": None}, "first_mover", "before the first turn"),
    ({"spawning": [0]}, "spawning", "only in the spawn phase"),
    ({"phase": "spawn", "spawning": [0, 1]}, "spawning", "follows heads"),
    ({"phase": "spawn", "spawning": [1, 0], "last_flip": "heads"}, "spawning", "first mover first"),
    ({"phase": "spawn", "spawning": [0, 1], "to_move": 1, "last_flip": "heads"}, "to_move",
     "player 1 places"),
    ({"phase": "place", "to_move": 0, "first_mover": None, "turn": 0, "last_flip": None}, "to_place[0]",
     "make six"),
    ({"phase": "mark", "to_move": 0, "first_placer": None, "first_mover": None}, "true_monoliths",
     "marks first"),
    (
        {"phase": "mark", "to_move": 1, "first_placer": None, "first_mover": None, "turn": 0,
         "last_flip": None, "true_monoliths": ["F1", None], "units": [],
         "to_place": [{"fire": 2, "water": 2, "plant": 2}] * 2,
         "monoliths": [{"square": s, "health": 1} for s in ("B1", "D1", "F1", "H1", "J1", "B10", "D10", "F10",
                                                             "H10", "J10")]},
        "monoliths", "no monolith is hit before play starts",
    ),
    ({"extra": 1}, "extra", "not part of a position"),
    ({"moved": 0}, "moved", "true or false"),
]  # fmt: skip


@pytest.mark.parametrize(("changes", "field", "reason"), REFUSED)
def test_a_position_that_breaks_a_rule_is_refused_with_its_field(
    changes: dict[str, Any], field: str, reason: str
) -> None:
    assert_refused(elementa.load_game("elemenders"), _battle(), _battle(**changes), field, reason)


def test_missing_fields_and_games_without_positions() -> None:
    data = _battle()
    del data["units"]
    with pytest.raises(PositionError) as e:
        elementa.load_game("elemenders").new_position(data)
    assert (e.value.field, e.value.reason) == ("units", "is missing")
    toy = ToyGame(parse_options(ToyOptions, {}, game="toy-dice"))  # every game has positions now
    with pytest.raises(PositionError) as e:
        toy.new_position({})
    assert e.value.code == "position/unsupported"
    with pytest.raises(PositionError) as e:
        toy.new_initial_state(1).position()
    assert e.value.code == "position/unsupported"


def _act(state: State, kind: str, *args: int) -> None:
    for a in state.legal_actions():
        if a.kind == kind and a.args == args:
            state.apply_action(a)
            return
    raise AssertionError(f"{kind}{args} is not legal: {[str(a) for a in state.legal_actions()]}")


def test_rulebook_terraforming_lava_cannot_expand_through_a_river() -> None:
    """elemenders.txt, Lava: "Lava tiles overwrite forest tiles, but cannot expand through river
    tiles." A fire unit on F5 makes lava in a cross: the forest on F6 becomes lava, the river on E5
    stays, and so does the forest behind it on D5."""
    game = elementa.load_game("elemenders")
    state = game.new_position(
        _battle(
            units=[
                {"square": "F5", "owner": 0, "element": "fire"},
                {"square": "A9", "owner": 1, "element": "plant"},
            ],
            terrain={"F6": "forest", "E5": "river", "D5": "forest"},
        )
    )
    sq = state.game.actions.board.parse  # type: ignore[attr-defined]
    _act(state, "select", sq("F5"))
    _act(state, "terraform", 0)
    terrain = state.position()["terrain"]
    assert terrain == {"F5": "lava", "F4": "lava", "G5": "lava", "F6": "lava", "E5": "river", "D5": "forest"}


def test_rulebook_combat_two_hits_destroy_a_true_monolith() -> None:
    """elemenders.txt, Attacking and Monoliths and Winning: a true monolith has two health, each
    attack takes one, and the game ends when it is destroyed. Player 1's fire unit beside player 2's
    true monolith D10 hits it (revealing it), the turn passes, and the second hit wins."""
    game = elementa.load_game("elemenders")
    state = game.new_position(
        _battle(
            units=[
                {"square": "D9", "owner": 0, "element": "fire"},
                {"square": "K5", "owner": 1, "element": "plant"},
            ]
        )
    )
    sq = state.game.actions.board.parse  # type: ignore[attr-defined]
    _act(state, "select", sq("D9"))
    _act(state, "attack", sq("D10"))
    seen = {m["square"]: m for m in state.observation(0)["monoliths"]}
    assert seen["D10"]["true"] is True and seen["D10"]["health"] == 1
    assert state.current_player() == 1  # its one unit has acted: the turn ended
    _act(state, "end_turn")  # player 2 does nothing
    assert state.current_player() == CHANCE  # the spawn coin after a round
    _act(state, "coin", 0)  # tails
    _act(state, "select", sq("D9"))
    _act(state, "attack", sq("D10"))
    assert state.is_terminal() and state.returns() == [1.0, 0.0]


def test_rulebook_forest_heals_a_plant_and_lava_burns_it() -> None:
    """elemenders.txt, Forests: a plant unit that ends its turn on forest is healed to full health;
    Lava: it damages units other than fire units that end their turn on it."""
    game = elementa.load_game("elemenders")
    state = game.new_position(
        _battle(
            units=[
                {"square": "C4", "owner": 0, "element": "plant", "health": 1},
                {"square": "G4", "owner": 0, "element": "water", "health": 2},
                {"square": "K8", "owner": 1, "element": "fire"},
            ],
            terrain={"C4": "forest", "G4": "lava"},
        )
    )
    _act(state, "end_turn")
    health = {u["square"]: u["health"] for u in state.position()["units"]}
    assert health == {"C4": 2, "G4": 1, "K8": 2}
