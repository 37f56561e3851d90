"""ElementaliS positions: round trips along random play, every refused invariant, and rulebook
examples set up by position (elementalis.txt)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import elementa
from elementa.core import PositionError
from tests.elementalis.helpers import act, cast, declare, pass_declarations, pool, roll
from tests.support.positions import (
    assert_position_save,
    assert_refused,
    assert_round_trip,
    assert_same,
    step,
)


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("options", [{}, {"rounds": 2, "players": 7, "mana_supply_limit": False}])
def test_round_trip_along_random_play(seed: int, options: dict[str, Any]) -> None:
    """At every decision a position describes (one in five, of random games), the position read back
    is the same state and plays on alike; the other nodes are refused naming ``decision``."""
    game = elementa.load_game("elementalis", **options)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    kinds: set[str] = set()
    nodes = 0
    while True:
        try:
            data = state.position()
        except PositionError as e:
            assert e.field == "decision"
            data = None
        if data is not None and (nodes % 5 == 0 or state.is_terminal()):
            kinds.add(assert_round_trip(game, state, nodes, 50)["decision"])
        nodes += data is not None
        if state.is_terminal():
            break
        step(state, rng)
    assert {"roll", "declare", "continue", "over"} <= kinds


def test_the_draft_and_a_spell_under_way_are_refused() -> None:
    state = elementa.load_game("elementalis").new_initial_state(1)
    with pytest.raises(PositionError) as e:
        state.position()
    assert e.value.field == "decision" and "DraftMajor" in e.value.reason


def test_a_save_of_a_position_starts_from_it() -> None:
    def same_element_twice(position: dict[str, Any]) -> None:
        position["mages"][0]["minor"] = "Sun"
        position["mages"][0]["major"] = "Moon"

    game = elementa.load_game("elementalis")
    assert_position_save(game, _table(), 30, same_element_twice, "position.mages[0].minor")


def _table(**changes: Any) -> dict[str, Any]:
    """Four mages before the Power Roll of player 1 (a Fire/Air Elementalist), round 2."""
    no = {"fire": 0, "water": 0, "earth": 0, "air": 0}
    base: dict[str, Any] = {
        "decision": "roll",
        "round": 2,
        "active": 0,
        "mages": [
            {"major": "Fire", "minor": "Air", "chosen": None, "pool": dict(no, fire=2), "colourless": 0},
            {"major": "Water", "minor": "Water", "chosen": None, "pool": dict(no), "colourless": 0},
            {"major": "Earth", "minor": "Sun", "chosen": None, "pool": dict(no), "colourless": 0},
            {"major": "Air", "minor": "Earth", "chosen": None, "pool": dict(no), "colourless": 0},
        ],
        "channel": dict(no),
        "flux": {"fire": 18, "water": 20, "earth": 20, "air": 20},
        "stage": "power",
        "dice": [{"face": None, "held": False, "destroyed": False, "charred": False}] * 4,
        "rolling": [0, 1, 2, 3],
        "cultist_used": False,
        "ether_leak": False,
        "cast_this_turn": [],
        "links": [],
        "declarations": {},
        "log": [],
    }
    base.update(changes)
    return base


def _mage(seat: int, **changes: Any) -> list[dict[str, Any]]:
    mages: list[dict[str, Any]] = copy.deepcopy(_table()["mages"])
    mages[seat].update(changes)
    return mages


DIE = {"face": "Fire", "held": False, "destroyed": False, "charred": False}
REFUSED = [
    ({"mages": _table()["mages"][:3]}, "mages", "3 mages for a game of 4"),
    ({"mages": _mage(1, major="Ether", minor="Sun")}, "mages[1].minor", "make no mage type"),
    ({"mages": _mage(1, major="Fire")}, "mages[1].major", "another mage's Major"),
    ({"mages": _mage(1, minor="Air") and [*_mage(1, minor="Air")[:3], {"major": "Moon", "minor": "Air"}]},
     "mages[3].minor", "both Air Minors"),
    ({"mages": _mage(1, chosen="Fire")}, "mages[1].chosen", "chooses no Major"),
    ({"mages": _mage(1, major="Wood")}, "mages[1].major", "should be"),
    ({"mages": _mage(1, pool={"fire": -1})}, "mages[1].pool.fire", "at least 0"),
    ({"mages": _mage(1, pool={"fire": 1})}, "flux.fire", "21 Fire Mana in play, 20 in the supply"),
    ({"mages": _mage(1, colourless=1)}, "flux", "0 counters are missing"),
    ({"flux": None}, "flux", "is needed"),
    ({"active": 4}, "active", "no seat 4"),
    ({"round": 7}, "round", "6 rounds"),
    ({"decision": "over", "round": 6}, "round", "6 rounds"),
    ({"decision": "mulligan"}, "decision", "should be"),
    ({"rolling": []}, "rolling", "at least one die"),
    ({"rolling": [1, 0, 2, 3]}, "rolling", "table order"),
    ({"rolling": [0, 1, 2, 3, 4]}, "rolling[4]", "no die 4"),
    ({"rolling": [0, 1, 2]}, "dice[3].face", "shows a face"),
    ({"dice": [DIE] * 25}, "dice", "too many"),
    ({"dice": []}, "dice", "Sun die first"),
    ({"stage": ""}, "stage", "power, chance or cosmic"),
    ({"stage": "cosmic"}, "rolling", "Sun die alone"),
    ({"dice": [DIE, {**DIE, "held": True}], "rolling": [0, 1]}, "rolling[1]", "held"),
    ({"decision": "continue", "rolling": []}, "dice[0].face", "shows a face"),
    ({"decision": "continue", "rolling": [], "dice": [DIE] * 4, "stage": "cosmic"}, "stage",
     "follows a Power or a Chance Roll"),
    ({"decision": "cultist", "rolling": [], "dice": [DIE] * 4}, "decision", "only a Cultist"),
    ({"decision": "chaos", "rolling": [], "dice": [], "stage": ""}, "decision", "not a Chaotica"),
    ({"decision": "tap", "rolling": [], "dice": [], "stage": ""}, "decision", "may not Flux Tap"),
    ({"decision": "tap", "rolling": [], "stage": ""}, "dice", "no roll is under way"),
    ({"decision": "declare", "rolling": [], "dice": [DIE] * 4, "declarations": {"0": None, "2": None}},
     "declarations", "could cast are [0]"),
    ({"decision": "declare", "rolling": [], "dice": [DIE] * 4, "declarations": {"0": True}},
     "declarations", "still to declare"),
    ({"declarations": {"0": None}}, "declarations", "only at decision 'declare'"),
    ({"cast_this_turn": [{"seat": 0, "spell": "Fireball"}]}, "cast_this_turn[0].spell", "no spell"),
    ({"cast_this_turn": [{"seat": 9, "spell": "Char"}]}, "cast_this_turn[0].seat", "no seat 9"),
    ({"links": [[1, 1]]}, "links[0]", "two seats"),
    ({"links": [[1]]}, "links[0]", "too few"),
    ({"log": "x"}, "log", "list"),
    ({"dice": [{"face": "Moon"}]}, "dice[0].face", "should be"),
]  # fmt: skip


@pytest.mark.parametrize(("changes", "field", "reason"), REFUSED)
def test_a_position_that_breaks_a_rule_is_refused_with_its_field(
    changes: dict[str, Any], field: str, reason: str
) -> None:
    assert_refused(elementa.load_game("elementalis"), _table(), _table(**changes), field, reason)


def test_rulebook_a_second_level_fire_spell_costs_two_fire_mana() -> None:
    """elementalis.txt, Spell Casting: "a second level Fire spell costs 2 Fire Mana to cast, which he
    must give up from his own Mana pool" (returned to the Flux); Appendix A, Burn: the die is
    destroyed for the rest of the turn. Player 1, a Fire/Air Elementalist (no extra cost, no
    discount) with 2 Fire, burns die 2 of its own Power Roll."""
    state = elementa.load_game("elementalis").new_position(_table(), seed=1)
    roll(state, ["Air", "Fire", "Water", "Earth"])
    declare(state, [0])
    cast(state, "Burn", die=2)
    assert pool(state, 0)["Fire"] == 0
    view = state.observation(None)
    assert "cast Burn on die 2 (Water) (2 Mana)" in view["log"][1]
    assert view["dice"][2]["destroyed"]
    # the 2 Fire went back to the Flux, from which the roll then scored 1 Fire into the Channel
    assert (view["flux"]["Fire"], view["channel"]["Fire"]) == (19, 1)


def test_rulebook_a_cosmic_roll_of_the_active_major_adds_three_mana() -> None:
    """elementalis.txt, The Cosmic Roll: "If the roll comes up as the active player's Major element
    then 3 Mana of this type are added to the Channel. The player's turn ends and all Mana from the
    Channel is added to the player's Mana Pool. The Round Marker passes to the player on the left.\""""
    table = _table(
        stage="cosmic",
        rolling=[0],
        dice=[{**DIE, "face": None}, DIE, {**DIE, "face": "Water"}, {**DIE, "face": "Air"}],
        channel={"fire": 1, "water": 0, "earth": 0, "air": 1},
        flux={"fire": 17, "water": 20, "earth": 20, "air": 19},
    )
    state = elementa.load_game("elementalis").new_position(table, seed=1)
    roll(state, ["Fire"])
    assert pool(state, 0) == {"Fire": 2 + 1 + 3, "Water": 0, "Earth": 0, "Air": 1}
    view = state.observation(None)
    assert view["active"] == 1 and view["channel"] == {"Fire": 0, "Water": 0, "Earth": 0, "Air": 0}


def test_rulebook_the_chance_roll_sun_returns_the_channel_to_the_flux() -> None:
    """elementalis.txt, The Chance Roll: "if the Sun is rolled then all the Mana from the Channel is
    returned to the Flux and the player's turn ends." Set up at the choice to roll on."""
    table = _table(
        decision="continue",
        rolling=[],
        dice=[{**DIE, "face": "Air"}, DIE, {**DIE, "face": "Earth"}, {**DIE, "face": "Air"}],
        channel={"fire": 1, "water": 0, "earth": 0, "air": 1},
        flux={"fire": 17, "water": 20, "earth": 20, "air": 19},
    )
    state = elementa.load_game("elementalis").new_position(table, seed=1)
    act(state, "roll")
    roll(state, ["Sun", "Earth", "Earth", "Earth"])
    pass_declarations(state)  # player 1 could cast: spells come before the roll's result
    view = state.observation(None)
    assert view["active"] == 1
    assert pool(state, 0) == {"Fire": 2, "Water": 0, "Earth": 0, "Air": 0}
    assert view["flux"] == {"Fire": 18, "Water": 20, "Earth": 20, "Air": 20}


TAPPERS = [("Earth", "Fire", None), ("Moon", "Fire", None), ("Sun", "Fire", "Air"), ("Ether", "Water", None)]


@pytest.mark.parametrize(("major", "minor", "chosen"), TAPPERS)
def test_the_flux_tap_is_a_position_until_the_mage_picks_a_colour(
    major: str, minor: str, chosen: str | None
) -> None:
    """elementalis.txt, Flux Tapping: a mage with an empty Pool may take one Mana of its Major (any
    colour without an element Major). The offer round-trips, the colours it forces applied; once
    the mage has declined a colour, the choice is under way and no position."""
    no = {"fire": 0, "water": 0, "earth": 0, "air": 0}
    table = _table(decision="tap", rolling=[], dice=[], stage="", flux=dict.fromkeys(no, 20))
    other = "Water" if major != "Water" else "Fire"
    table["mages"] = [{"major": major, "minor": minor, "chosen": chosen}, {"major": other, "minor": other}]
    game = elementa.load_game("elementalis", players=2)
    state = game.new_position(table)
    assert state.position()["decision"] == "tap"
    assert_same(state, game.new_position(state.position()))
    declines = [a for a in state.legal_actions() if a.kind == "mana" and a.args[1] == 0]
    assert bool(declines) == (major in ("Moon", "Ether"))  # no element Major: any colour
    if declines:  # the mage declines Fire and is asked for Water
        state.apply_action(declines[0])
        with pytest.raises(PositionError) as e:
            state.position()
        assert e.value.field == "decision"
