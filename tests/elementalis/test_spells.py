"""Appendix A: each spell's effect, cost and restriction, through the public API.

Seat 1 (index 0) rolls; the casters are the other seats, who start with two Mana of one colour.
There is one Major Arcana of each element, so every seat here has a different Major.
"""

from __future__ import annotations

import pytest

import elementa
from tests.elementalis.helpers import (
    act,
    cast,
    castable,
    choose_mana,
    declare,
    mana,
    new_game,
    offered_scores,
    pass_declarations,
    pool,
    roll,
    skip_tap,
)

FIRE_PURIST, WATER_PURIST = ("Fire", "Fire"), ("Water", "Water")
EARTH_PURIST, AIR_PURIST = ("Earth", "Earth"), ("Air", "Air")
GUARDIAN = ("Moon", "Water")
SIX_FIRE = ["Fire"] * 6
# Sun die Earth; three Water and two Fire: a Water Purist scores 3 Water.
W3 = ["Earth", "Water", "Water", "Water", "Fire", "Fire"]


def power_roll(mages, setup, faces, **options):
    """Seat 0 declines the Flux Tap and makes its Power Roll; the declaration node follows."""
    s = new_game(mages, setup=setup, **options)
    skip_tap(s)
    roll(s, faces)
    return s


def obs(s):
    return s.observation(None)


def test_char_ignores_a_die_for_this_roll() -> None:
    s = power_roll([WATER_PURIST, FIRE_PURIST], ["Fire"], W3)
    declare(s, [1])
    cast(s, "Char", die=1)
    assert obs(s)["dice"][1]["charred"]
    assert pool(s, 1)["Fire"] == 1  # Char costs 1 Fire
    assert offered_scores(s) == {mana(water=2)}


def test_the_sun_die_can_never_be_targeted() -> None:
    s = power_roll([WATER_PURIST, FIRE_PURIST], ["Fire"], W3)
    declare(s, [1])
    labels = castable(s, 1)
    assert labels and not any("Sun die" in x for x in labels)
    with pytest.raises(elementa.IllegalActionError):
        s.apply_action(s.game.action_space.encode("cast", 3, 0, 6, 7))  # Char on the Sun die


def test_burn_destroys_a_die_for_the_rest_of_the_turn() -> None:
    s = power_roll([WATER_PURIST, FIRE_PURIST], ["Fire"], W3)
    declare(s, [1])
    cast(s, "Burn", die=2)
    assert pool(s, 1)["Fire"] == 1  # Purist: level 2 costs 1
    assert obs(s)["dice"][2]["destroyed"]
    assert offered_scores(s) == {mana(water=2)}
    act(s, "roll")  # the Chance Roll: the burnt die is not rolled again (5 dice, not 6)
    roll(s, ["Earth"] * 5)
    assert s.current_player() != elementa.CHANCE


def test_petrify_holds_a_face_through_the_next_roll() -> None:
    s = power_roll([WATER_PURIST, EARTH_PURIST], ["Earth"], W3)
    declare(s, [1])
    cast(s, "Petrify", die=1)
    act(s, "roll")
    roll(s, ["Earth"] * 5)  # every die but the petrified one
    pass_declarations(s)
    assert obs(s)["dice"][1]["face"] == "Water" and obs(s)["dice"][1]["held"]


def test_tremor_sets_a_face_and_holds_it() -> None:
    s = power_roll([WATER_PURIST, EARTH_PURIST], ["Earth"], W3)
    declare(s, [1])
    cast(s, "Tremor", die=4, face=3)  # Fire -> Air
    d = obs(s)["dice"][4]
    assert d["face"] == "Air" and d["held"]
    assert offered_scores(s) == {mana(water=2)}  # Air beats Water


def test_breeze_rerolls_one_die_as_a_chance_node() -> None:
    s = power_roll([WATER_PURIST, AIR_PURIST], ["Air"], W3)
    declare(s, [1])
    cast(s, "Breeze", die=1)
    assert s.current_player() == elementa.CHANCE
    roll(s, ["Fire"])
    assert obs(s)["dice"][1]["face"] == "Fire"
    assert offered_scores(s) == {mana(water=2)}


def test_gust_rerolls_every_die_but_the_sun_die() -> None:
    s = power_roll([WATER_PURIST, AIR_PURIST], ["Air"], W3)
    declare(s, [1])
    cast(s, "Gust")
    roll(s, ["Water"] * 5)
    faces = [d["face"] for d in obs(s)["dice"]]
    assert faces == ["Earth"] + ["Water"] * 5


def test_mirror_pool_adds_a_die_that_scores_and_rolls_later() -> None:
    s = power_roll([FIRE_PURIST, WATER_PURIST], ["Water"], ["Earth", "Fire", "Fire", "Air", "Air", "Air"])
    declare(s, [1])
    cast(s, "Mirror Pool", die=1)
    assert len(obs(s)["dice"]) == 7
    assert offered_scores(s) == {mana(fire=3)}
    act(s, "roll")
    roll(s, ["Earth"] * 7)  # the copy rolls with the others in the Chance Roll
    assert s.current_player() != elementa.CHANCE


def test_ether_leak_raises_every_cost_this_turn() -> None:
    s = power_roll([FIRE_PURIST, WATER_PURIST, EARTH_PURIST], ["Water", "Earth"], SIX_FIRE)
    before = {sp["name"]: sp["cost"] for sp in obs(s)["players"][2]["spells"]}
    declare(s, [1])
    cast(s, "Ether Leak")
    after = {sp["name"]: sp["cost"] for sp in obs(s)["players"][2]["spells"]}
    assert all(after[n] == before[n] + 1 for n in before)
    assert pool(s, 1)["Water"] == 1


def test_costs_harmonist_plus_one_purist_minus_one_on_levels_two_and_three() -> None:
    s = new_game([("Fire", "Water"), EARTH_PURIST])  # Harmonist, Purist
    costs = {p: {sp["name"]: sp["cost"] for sp in obs(s)["players"][p]["spells"]} for p in (0, 1)}
    assert costs[0] == {"Char": 2, "Burn": 3, "Incinerate": 4, "Mirror Pool": 2}
    assert costs[1] == {"Petrify": 1, "Tremor": 1, "Earth Link": 2}


def test_counter_spell_voids_a_spell_cast_on_you_for_its_cost() -> None:
    # Seat 0, a Water Purist, taps one Water; seat 1 Chars one of its dice; seat 0 counters for X=1.
    s = new_game([WATER_PURIST, FIRE_PURIST], setup=["Fire"])
    choose_mana(s, (0, 1, 0, 0))  # Flux Tap: 1 Water
    roll(s, W3)
    declare(s, [0, 1])
    assert s.current_player() == 0
    act(s, "pass")  # keeps the declaration to answer a spell
    cast(s, "Char", die=1)
    assert s.current_player() == 0 and obs(s)["phase"] == "react"
    act(s, "react", 0)  # Counter Spell
    assert not obs(s)["dice"][1]["charred"]
    assert pool(s, 0)["Water"] == 0 and pool(s, 1)["Fire"] == 1
    assert offered_scores(s) == {mana(water=3)}


def test_elitist_cannot_be_harmed_by_its_element() -> None:
    # Seat 0 is a Fire Elitist: the Harmonist's Char (its Fire Minor) cannot touch its roll.
    s = power_roll([("Fire", "Ether"), ("Water", "Fire"), AIR_PURIST], ["Fire", "Air"], SIX_FIRE)
    assert s.players_to_move() == [2]  # seat 1 may cast nothing; Air spells still may
    declare(s, [2])
    assert castable(s, 2)


def test_elitist_cannot_cast_against_its_own_major() -> None:
    # A Fire Elitist may not cast against another Fire Major (a Chaotica who chose Fire).
    s = new_game([("Sun", "Water"), ("Fire", "Ether")], setup=["Fire"])
    act(s, "chaos", 0)
    skip_tap(s)
    roll(s, SIX_FIRE)
    assert s.current_player() != elementa.SIMULTANEOUS


def test_incinerate_returns_chosen_mana_to_the_flux() -> None:
    s = power_roll([WATER_PURIST, FIRE_PURIST, AIR_PURIST], ["Fire", "Air"], SIX_FIRE)
    flux_air = obs(s)["flux"]["Air"]
    declare(s, [1])
    cast(s, "Incinerate")
    act(s, "target_mana", 2, 3)
    act(s, "target_mana", 2, 3)
    assert pool(s, 2)["Air"] == 0
    assert obs(s)["flux"]["Air"] == flux_air + 2
    assert pool(s, 1)["Fire"] == 0  # Purist: level 3 costs 2


def test_tornado_makes_mana_colourless_that_still_scores() -> None:
    s = power_roll([WATER_PURIST, AIR_PURIST, FIRE_PURIST], ["Air", "Fire"], SIX_FIRE)
    declare(s, [1])
    cast(s, "Tornado")
    act(s, "target_mana", 2, 0)
    act(s, "pass")  # one target is enough
    p2 = obs(s)["players"][2]
    assert p2["pool"]["Fire"] == 1 and p2["colourless"] == 1 and p2["total"] == 2


def test_earth_link_scores_the_linked_roll_and_burn_destroys_it() -> None:
    faces = ["Earth", "Earth", "Earth", "Water", "Water", "Water"]
    s = power_roll([WATER_PURIST, EARTH_PURIST, FIRE_PURIST], ["Earth", "Fire"], faces)
    declare(s, [1])
    cast(s, "Earth Link", player=0)
    assert obs(s)["links"] == [[1, 0]]
    # Seat 1 scores seat 0's roll its own way (3 Earth) straight into its Pool.
    assert pool(s, 1)["Earth"] == 2 - 2 + 3
    act(s, "bank")  # seat 0 banks; seat 1's turn
    roll(s, SIX_FIRE)
    declare(s, [2])
    assert any("Earth Link" in x for x in castable(s, 2))
    act(s, "break_link", 0, 1, 0)  # Burn on seat 1's link to seat 0
    assert obs(s)["links"] == []
    assert pool(s, 2)["Fire"] == 1


def test_strength_rerolls_the_sun_die_and_saves_a_chance_roll() -> None:
    s = new_game([FIRE_PURIST, GUARDIAN], setup=["Fire"])
    skip_tap(s)
    roll(s, ["Earth", "Fire", "Fire", "Fire", "Air", "Air"])
    pass_declarations(s)
    act(s, "roll")  # the Chance Roll: the Sun shows on the Sun die
    roll(s, ["Sun", "Fire", "Air", "Air", "Air", "Air"])
    declare(s, [1])
    cast(s, "Strength")
    roll(s, ["Earth"])  # the Sun die rerolled
    assert obs(s)["dice"][0]["face"] == "Earth"
    assert obs(s)["channel"]["Fire"] == 3 + 1  # not lost to the Flux


def test_insight_casts_a_level_one_spell_of_the_active_player() -> None:
    s = power_roll([FIRE_PURIST, GUARDIAN], ["Fire"], ["Earth", "Fire", "Fire", "Air", "Air", "Air"])
    declare(s, [1])
    cast(s, "Insight", die=2)  # the active Fire Purist's level-1 spell is Char
    assert obs(s)["dice"][2]["charred"]
    assert sum(pool(s, 1).values()) == 1


def test_each_spell_once_per_turn() -> None:
    s = power_roll([WATER_PURIST, FIRE_PURIST], ["Fire"], W3)
    declare(s, [1])
    cast(s, "Char", die=1)
    act(s, "roll")
    roll(s, W3)
    assert s.current_player() == elementa.SIMULTANEOUS
    declare(s, [1])
    assert castable(s, 1) and not any(x.startswith("cast Char") for x in castable(s, 1))
