"""Warriors positions: round trips along random play (variants too), every refused invariant, saves
of a game set up from a position, hidden cards, and the documented example (warriors.txt)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import elementa
from elementa.core import CHANCE, SIMULTANEOUS
from tests.support.positions import (
    assert_position_save,
    assert_refused,
    assert_round_trip,
    documented_example,
    step,
)

NAME = "warriors"


def _example() -> dict[str, Any]:
    """docs/positions.md's Warriors position: player 1's Draconian Soldier takes its Action."""
    return documented_example("Warriors")


OPTIONS = [
    ({}, {"act", "assemble", "draw", "attack"}),
    ({"players": 3, "revolving_door": True}, {"act", "assemble", "draw", "doors"}),
    ({"players": 4, "deathmatch": True, "teams": 2, "monodeck": True}, {"act", "draw", "enter"}),
]


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize(("options", "reached"), OPTIONS)
def test_round_trip_along_random_play(seed: int, options: dict[str, Any], reached: set[str]) -> None:
    """At every 7th node of random games (and at each rarer step), the position read back is the
    same state to every viewer, with the same legal actions, chance outcomes and keys, and plays on
    alike; the game's end too."""
    game = elementa.load_game(NAME, **options)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    kinds: set[str] = set()
    nodes = 0
    while not state.is_terminal():
        flow = state.position()["flow"]
        kind = flow[0]["step"]
        if nodes % 7 == 0 or kind not in kinds:
            kinds.add(assert_round_trip(game, state, nodes, 12)["flow"][0]["step"])
        nodes += 1
        step(state, rng)
    end = assert_round_trip(game, state, 0, 1)
    assert end["flow"] == [] and end["result"] == state.returns()
    assert reached <= kinds


def test_the_documented_example_sets_up_and_plays() -> None:
    """The example waits for player 1's Action (warriors.txt, 4.0): an attack with its rifle is
    legal, and the Troll Brute's attack comes after it; the deck piles hold the rest of each deck."""
    game = elementa.load_game(NAME)
    state = game.new_position(_example(), seed=5)
    assert state.current_player() == 0
    attack = next(a for a in state.legal_actions() if a.label.startswith("attack player 2's Troll Brute"))
    assert "Military Field Rifle" in attack.label
    seen = state.observation(1)
    deck = sum(game.start_decks[0].values())
    mine = seen["players"][0]
    # 4 in hand, a fighter with 2 cards, 1 discarded, 1 location in play: the rest in the deck
    assert mine["deck_size"] == deck - 4 - 3 - 1 - 1
    assert mine["locations"] == ["Toxic Swamp"]
    assert_round_trip(game, state, 5, 30)
    state.apply_action(attack)
    assert state.current_player() == CHANCE  # the hit roll


def test_hidden_cards_stay_hidden_from_the_other_seats() -> None:
    """A position holds every hand, but a seat sees of another's hand only its size and the cards
    everyone saw go into it (warriors.txt, 3.2: hands are secret)."""
    state = elementa.load_game(NAME).new_position(_example())
    theirs = state.observation(0)["players"][1]
    assert theirs["hand_size"] == 5 and theirs["known_hand"] == ["Hand Axe"]
    assert "Stimpack" not in json.dumps(state.observation(0))
    assert "Stimpack" in json.dumps(state.observation(1))


def test_the_secret_assembly_is_a_position() -> None:
    """In the secret assembly (warriors.txt, 3.3; WAR-A15) each seat chooses at once, and a fighter
    being assembled shows only to its owner."""
    data = _example()
    data["flow"] = [{"step": "assemble"}, {"step": "reveal"}, {"step": "battle_end"}]
    data["order"], data["turn_pos"] = [], 0
    for p in data["players"]:
        p["status"] = "assembling"
    state = elementa.load_game(NAME).new_position(data)
    assert state.current_player() == SIMULTANEOUS and state.players_to_move() == [0, 1]
    assert "Troll Brute" not in json.dumps(state.observation(0))
    assert_round_trip(elementa.load_game(NAME), state, 2, 20)


def test_a_save_of_a_position_starts_from_it() -> None:
    def misspell(position: dict[str, Any]) -> None:
        position["players"][0]["hand"][0] = "Draconian Medik"

    assert_position_save(elementa.load_game(NAME), _example(), 40, misspell, "position.players[0].hand[0]")


def _changed(path: str, value: Any) -> dict[str, Any]:
    """The example with the value at ``path`` (``"players.0.fighter.durability"``) replaced."""
    data = _example()
    keys = [int(k) if k.isdigit() else k for k in path.split(".")]
    here: Any = data
    for k in keys[:-1]:
        here = here[k]
    here[keys[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "field", "reason"),
    [
        ("players.0.hand.0", "Draconian Medik", "players[0].hand[0]", "did you mean 'Draconian Medic'?"),
        ("players.0.hand.0", "Dire Wolf", "players[0].hand[0]", "Dire Wolf is a beast"),
        ("players.0.hand.0", "Troll Brute", "players[0].hand[0]", "one Troll Brute too many"),
        ("players.1.hand.0", "Draconian Soldier", "players[1].hand[0]", "player 2's deck has 0"),
        ("players.0.fighter", None, "players[0].fighter", "a seat fighting has its fighter"),
        ("players.0.status", "dead", "players[0].fighter", "a seat dead has no fighter"),
        ("players.0.fighter.durability", 7, "players[0].fighter.durability", "above top (6)"),
        ("players.0.fighter.durability", 0, "players[0].fighter.durability", "should be at least 1"),
        ("players.0.fighter.card", "Sonic Pistol", "players[0].fighter.card", "fighter only"),
        ("players.0.fighter.equipment.0.card", "Supply Depot", "players[0].fighter.equipment[0].card",
         "Supply Depot is a location"),
        ("players.0.removed", ["Rail Gum"], "players[0].removed[0]", "did you mean 'Rail Gun'?"),
        ("players.0.controlled.0.owner", 0, "players[0].controlled[0].card", "player 1's deck has 0"),
        ("players.0.controlled.0.owner", 2, "players[0].controlled[0].owner", "should be a seat from 0 to 1"),
        ("players.1.tokens", -1, "players[1].tokens", "should be at least 0"),
        ("players", [], "players", "should list the 2 players"),
        ("decks.0.deck", ["Plasma Cannon"], "decks[0].deck", "is nowhere"),
        ("location.owner", 1, "location.owner", "a location played from a hand is its holder's card"),
        ("order", [0, 0], "order", "each combatant once"),
        ("turn_pos", 2, "turn_pos", "should be below 2"),
        ("flow", [{"step": "act", "seat": 0}], "flow", "battle's end"),
        ("flow", [{"step": "act", "seat": 5}, {"step": "battle_end"}], "flow[0].seat", "from 0 to 1"),
        ("flow", [{"step": "fight", "seat": 0}, {"step": "battle_end"}], "flow[0].step", "should be one of"),
        ("flow", [{"step": "act"}, {"step": "battle_end"}], "flow[0].seat", "is missing"),
        ("flow", [{"step": "act", "seat": 0, "count": 1}, {"step": "battle_end"}], "flow[0].count",
         "is not part of a act step"),
        ("flow", [{"step": "offer", "seat": 1, "why": "boredom"}, {"step": "battle_end"}], "flow[0].why",
         "should be one of 'mulligan', 'reshuffle'"),
        ("flow", [{"step": "volley", "seat": 1, "lo": 1, "hi": 2, "source": "Nothing", "hit": [], "left": 1},
                  {"step": "battle_end"}], "flow[0].source", "should be the name of a card"),
        ("result", [1.0, 0.0], "flow", "the game is over: nothing is pending"),
        ("log", ["a line"] * 17, "log", "has too many entries"),
    ],
)  # fmt: skip
def test_a_broken_invariant_is_refused_naming_the_field(
    path: str, value: Any, field: str, reason: str
) -> None:
    assert_refused(elementa.load_game(NAME), _example(), _changed(path, value), field, reason)


def test_a_won_race_must_be_over() -> None:
    """Three controlled locations win the game (warriors.txt, 3.1): a position with them is over."""
    data = _example()
    data["players"][0]["controlled"] += [
        {"card": "Volcano Rim", "owner": 1},
        {"card": "Ruined Keep", "owner": 1},
    ]
    data["players"][1]["hand"].remove("Ruined Keep")
    assert_refused(elementa.load_game(NAME), _example(), data, "players[0].controlled", "3 locations win")


def test_deathmatch_has_no_locations() -> None:
    """Deathmatch is fought without locations (warriors.txt, 8.1): they are no cards of its decks."""
    base = _example()
    base["location"], base["chooser"] = None, None
    base["players"][0]["controlled"] = []
    base["players"][0]["hand"].remove("Supply Depot")
    base["players"][1]["hand"].remove("Ruined Keep")
    game = elementa.load_game(NAME, deathmatch=True)
    changed = copy.deepcopy(base)
    changed["players"][0]["hand"].append("Supply Depot")
    assert_refused(game, base, changed, "players[0].hand[3]", "player 1's deck has 0")


@pytest.mark.parametrize(
    ("flow", "field", "reason"),
    [
        ([{"step": "first", "seats": []}], "flow[0]", "nothing to pick from"),
        ([{"step": "beast_pick", "cid": 2, "targets": [0]}], "flow[0]", "combatant 2 is not in the battle"),
        ([{"step": "attack", "attacker": 2, "target": 1, "lo": 1, "hi": 4, "source": "Battle Axe"}],
         "flow[0]", "combatant 2 is not in the battle"),
        ([{"step": "break_roll", "target": 1, "slot": 5, "tens": -1}], "flow[0].slot", "no card equipped"),
    ],
)  # fmt: skip
def test_a_step_waiting_for_what_is_not_there_is_refused(flow: list[Any], field: str, reason: str) -> None:
    """The step the game waits at must be playable: a hit roll between fighters in the battle
    (warriors.txt, 4.1), a breakage roll for an equipped card (7.2), a pick among candidates."""
    data = _example()
    data["flow"] = [*flow, {"step": "battle_end"}]
    assert_refused(elementa.load_game(NAME), _example(), data, field, reason)
