"""Mana is chosen colour by colour: the same vectors are reachable as when a vector was one action,
forced colours take no decision, the partial choice is public state, and the action space is small."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import elementa
from elementa.core import Moved, Place
from elementa.games.elementalis.agent import GreedyAgent
from elementa.games.elementalis.elements import mana_text
from elementa.games.elementalis.game import make_action_space
from elementa.games.elementalis.state import ElementalisState
from tests.elementalis.helpers import ELEMENTS, act, choose_mana, mana, new_game, pool
from tests.support.walk import decision_nodes

LOGGED = {"score": "scores", "tap": "declares a Flux Tap:", "give": "gives", "cosmic_give": "gives"}


def vector(option: dict[str, int]) -> tuple[int, ...]:
    return tuple(option[e] for e in ELEMENTS)


def reached(state: ElementalisState) -> dict[tuple[int, ...], list[str] | None]:
    """Every vector the chooser reaches by stepping through the colours from ``state`` (a choice),
    with the log lines written on the way; every path must end in one option, at its last step."""
    choice = state.observation(None)["mana_choice"]
    seat, log = choice["seat"], state.observation(None)["log"]
    out: dict[tuple[int, ...], list[str] | None] = {}
    for a in state.legal_actions(seat):
        if a.kind != "mana":
            continue
        assert a.parts["element"] == len(choice["chosen"])  # colours in order, Fire first
        after = state.clone()
        after.apply_action(a, seat)
        going = after.observation(None)["mana_choice"]
        same = going is not None and all(going[k] == choice[k] for k in ("seat", "purpose", "to"))
        if same and len(going["chosen"]) > len(choice["chosen"]):
            assert after.observation(None)["log"] == log  # nothing is said until the vector is whole
            out.update(reached(after))
            continue
        ends = [vector(o) for o in choice["options"] if o[ELEMENTS[a.args[0]]] == a.args[1]]
        assert len(set(ends)) == 1, ends  # the step left one vector: the rest was forced
        new_log = after.observation(None)["log"]
        # the lines said (None where a new turn cleared the log: a Channel left empty ends the turn)
        out[ends[0]] = new_log[len(log) :] if new_log[: len(log)] == log else None
    return out


@pytest.mark.parametrize("players", [2, 3, 7])
def test_every_option_and_only_options_are_reached_and_logged_once_whole(players: int) -> None:
    game = elementa.load_game("elementalis", players=players)
    purposes = set()
    for seed in range(3):
        for state, seat in decision_nodes(game.new_initial_state(seed), random.Random(seed)):
            choice = state.observation(None)["mana_choice"]
            if choice is None or choice["chosen"] or state.current_player() != seat:
                continue
            assert isinstance(state, ElementalisState)
            purposes.add(choice["purpose"])
            paths = reached(state)
            assert set(paths) == {vector(o) for o in choice["options"]}
            if choice["purpose"] in LOGGED:
                for vec, lines in paths.items():
                    if lines is None:
                        continue
                    words = f"player {seat + 1} {LOGGED[choice['purpose']]} {mana_text(vec)}"
                    assert len([line for line in lines if line.startswith(words)]) == 1, (words, lines)
    assert {"setup", "score", "tap"} <= purposes


def test_a_forced_colour_takes_no_decision_and_a_single_option_none_at_all() -> None:
    s = new_game([("Fire", "Fire"), ("Water", "Water")], setup=["Water"])
    # seat 2's set-up Mana was a real choice: Fire first (0, 1 or 2), ...
    assert pool(s, 1) == {"Fire": 0, "Water": 2, "Earth": 0, "Air": 0}
    # a Fire Purist's Flux Tap: Fire is asked (take it or pass), Water, Earth, Air are forced to 0
    assert sorted((a.kind, a.args) for a in s.legal_actions()) == [("mana", (0, 1)), ("pass", ())]
    act(s, "mana", 0, 1)
    assert pool(s, 0)["Fire"] == 1 and s.observation(None)["mana_choice"] is None
    # a Guardian taps any colour: after "no Fire", Water is asked, and so on; Air alone is forced
    g = new_game([("Moon", "Fire"), ("Water", "Water")])
    for colour in range(3):
        assert {a.args for a in g.legal_actions() if a.kind == "mana"} == {(colour, 1), (colour, 0)}
        assert any(a.kind == "pass" for a in g.legal_actions()) == (colour == 0)  # pass only at first
        act(g, "mana", colour, 0)
    assert pool(g, 0)["Air"] == 1 and g.observation(None)["log"][-1] == "player 1 declares a Flux Tap: 1 Air"


def drafted() -> ElementalisState:
    s = elementa.load_game("elementalis", players=2).new_initial_state(seed=3)
    act(s, "major", 0)
    act(s, "major", 1)
    act(s, "minor", 0)
    act(s, "minor", 1)
    assert isinstance(s, ElementalisState)
    return s


def test_the_partial_choice_is_public_state_kept_by_clones() -> None:
    s = drafted()
    other = s.clone()
    act(s, "mana", 0, 1)  # seat 2's set-up Mana: 1 Fire, then a second colour
    act(other, "mana", 0, 0)  # no Fire
    view = s.observation(0)
    assert view["mana_choice"]["seat"] == 1 and view["mana_choice"]["chosen"] == {"Fire": 1}
    assert {vector(o) for o in view["mana_choice"]["options"]} == {
        mana(1, 1),
        mana(1, 0, 1),
        mana(1, 0, 0, 1),
    }
    copy = s.clone()
    assert copy.observation(0) == view and copy.information_state_key(0) == s.information_state_key(0)
    choose_mana(copy, mana(1, 0, 1))
    assert pool(copy, 1) == mana_dict(1, 0, 1) and pool(s, 1) == mana_dict()  # the original waits
    assert s.observation(1)["mana_choice"]["chosen"] == {"Fire": 1}
    for seat in (0, 1):  # the same position but for the colour chosen: every seat sees it
        assert other.observation(seat)["mana_choice"]["chosen"] == {"Fire": 0}
        assert other.information_state_key(seat) != s.information_state_key(seat)


def mana_dict(fire: int = 0, water: int = 0, earth: int = 0, air: int = 0) -> dict[str, int]:
    return dict(zip(ELEMENTS, (fire, water, earth, air), strict=True))


@pytest.mark.parametrize("players", range(2, 8))
def test_the_action_space_stays_under_50000_ids(players: int) -> None:
    space = elementa.load_game("elementalis", players=players).action_space
    assert space.size <= 50_000
    assert [p.name for p in space.parts("mana")] == ["element", "amount"]
    assert space.parse("mana element=Water amount=2") == ("mana", (1, 2))
    old = make_action_space(1)  # the declaration saves of action format 1 are read with
    assert old.size == 6_292_216 and [p.name for p in old.parts("mana")] == ["fire", "water", "earth", "air"]
    assert old.kinds == space.kinds and all(
        old.parts(k) == space.parts(k) for k in space.kinds if k != "mana"
    )


def test_the_greedy_agent_steps_to_the_most_mana() -> None:
    game = elementa.load_game("elementalis", players=3)
    seen = 0
    for state, seat in decision_nodes(game.new_initial_state(4), random.Random(4)):
        choice = state.observation(None)["mana_choice"]
        if choice is None or choice["chosen"] or choice["purpose"] != "score" or len(choice["options"]) < 2:
            continue
        best = max(sum(o.values()) for o in choice["options"])
        s = state.clone()
        agent = GreedyAgent(seat)
        before = sum(s.observation(None)["channel"].values())
        while (
            (c := s.observation(None)["mana_choice"]) is not None
            and c["seat"] == seat
            and c["purpose"] == "score"
        ):
            s.apply_action(agent.step(s), seat)
        assert sum(s.observation(None)["channel"].values()) - before == best
        seen += 1
    assert seen


def test_the_whole_vector_moves_as_events_when_it_is_complete() -> None:
    s = drafted()
    act(s, "mana", 0, 1)
    assert s.events_for(None) == []  # nothing moves until the vector is whole
    act(s, "mana", 1, 0)
    act(s, "mana", 2, 1)  # 1 Fire, 1 Earth: Air is forced to 0
    flux, pool_2 = Place("Flux"), Place("Pool", 1)
    assert s.events_for(0) == [Moved("Fire", 1, flux, pool_2), Moved("Earth", 1, flux, pool_2)]
    quiet = drafted()
    quiet.record_events(False)
    for colour, amount in ((0, 1), (1, 0), (2, 1)):
        act(quiet, "mana", colour, amount)
    assert quiet.events_for(0) == [] and quiet.observation(0) == s.observation(0)


def test_greedy_games_end_as_they_did_when_a_vector_was_one_decision() -> None:
    """``elementalis_greedy_ends_format1.json``: the end of greedy-agent games played by the code of
    action format 1 (chance drawn from one generator seeded with the game's seed). Stepping colour by
    colour, the agents reach the same vectors, so the games end the same."""
    path = Path(__file__).parent.parent / "fixtures" / "elementalis_greedy_ends_format1.json"
    for game_end in json.loads(path.read_text(encoding="utf-8")):
        players, seed = game_end["players"], game_end["seed"]
        rng = random.Random(seed)
        s = elementa.load_game("elementalis", players=players).new_initial_state(seed)
        assert isinstance(s, ElementalisState)
        agents = [GreedyAgent(p, seed) for p in range(players)]
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
                continue
            p = s.players_to_move()[0]
            s.apply_action(agents[p].step(s), p)
        assert (s.pool, s.colourless, s.returns()) == (
            game_end["pool"],
            game_end["colourless"],
            game_end["returns"],
        ), (players, seed)
