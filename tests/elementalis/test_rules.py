"""The turn, the rolls, the draft and the end of the game, through the public API."""

from __future__ import annotations

import random

import pytest

import elementa
from tests.elementalis.helpers import (
    act,
    choose_mana,
    mana,
    new_game,
    offered_scores,
    pass_declarations,
    play_quietly_until,
    pool,
    roll,
    skip_tap,
)

FIRE_PURIST, WATER_PURIST, EARTH_PURIST, AIR_PURIST = (
    ("Fire", "Fire"), ("Water", "Water"), ("Earth", "Earth"), ("Air", "Air"),
)  # fmt: skip
FIRE3 = ["Earth", "Fire", "Fire", "Fire", "Air", "Air"]  # a Fire Purist scores 3 Fire


def obs(s):
    return s.observation(None)


def test_draft_majors_then_minors_in_seat_order_with_the_table_pairs() -> None:
    s = elementa.load_game("elementalis", players=3).new_initial_state(seed=0)
    assert s.current_player() == 0
    assert {a.args[0] for a in s.legal_actions()} == set(range(7))  # 4 elements, Ether, Sun, Moon
    act(s, "major", 4)  # Ether
    assert s.current_player() == 1 and 4 not in {a.args[0] for a in s.legal_actions()}
    act(s, "major", 0)
    act(s, "major", 6)  # Moon
    # Minors: an Ether Major takes an element Minor only (Ether/Sun/Moon pairs are not mage types).
    assert s.current_player() == 0
    assert {a.args[0] for a in s.legal_actions()} == {0, 1, 2, 3}
    act(s, "minor", 1)
    act(s, "minor", 1)  # the second Water Minor
    assert 1 not in {a.args[0] for a in s.legal_actions()}  # two Minors of each kind
    act(s, "minor", 2)
    assert obs(s)["players"][1]["type"] == "Harmonist"
    assert [p["type"] for p in obs(s)["players"]] == ["Creationist", "Harmonist", "Guardian"]


def test_everyone_but_the_starting_player_takes_two_mana() -> None:
    s = new_game([FIRE_PURIST, WATER_PURIST, EARTH_PURIST], setup=["Water", "Air"])
    assert sum(pool(s, 0).values()) == 0
    assert pool(s, 1) == {"Fire": 0, "Water": 2, "Earth": 0, "Air": 0}
    assert pool(s, 2) == {"Fire": 0, "Water": 0, "Earth": 0, "Air": 2}


def test_flux_tap_only_with_an_empty_pool_and_in_the_major_colour() -> None:
    s = new_game([FIRE_PURIST, WATER_PURIST])
    assert offered_scores(s) == {mana(fire=1)}
    # the only colour to take is asked even so (take it or pass); the other colours are forced
    assert [(a.kind, a.parts) for a in s.legal_actions()] == [
        ("mana", {"element": 0, "amount": 1}),
        ("pass", {}),
    ]
    act(s, "mana", 0, 1)
    assert pool(s, 0)["Fire"] == 1 and s.current_player() == elementa.CHANCE
    # A Guardian has no element Major: any colour.
    g = new_game([("Moon", "Fire"), WATER_PURIST])
    assert len(offered_scores(g)) == 4


def test_stop_after_the_power_roll_banks_the_channel() -> None:
    s = new_game([FIRE_PURIST, WATER_PURIST])
    skip_tap(s)
    roll(s, FIRE3)
    pass_declarations(s)
    act(s, "bank")
    assert pool(s, 0)["Fire"] == 3
    assert obs(s)["active"] == 1


def test_chance_roll_sun_returns_the_channel_to_the_flux() -> None:
    s = new_game([FIRE_PURIST, WATER_PURIST])
    skip_tap(s)
    roll(s, FIRE3)
    pass_declarations(s)
    flux_fire = obs(s)["flux"]["Fire"]
    act(s, "roll")
    roll(s, ["Sun", "Fire", "Fire", "Fire", "Fire", "Fire"])
    pass_declarations(s)
    assert pool(s, 0)["Fire"] == 0
    assert obs(s)["flux"]["Fire"] == flux_fire + 3
    assert obs(s)["active"] == 1


@pytest.mark.parametrize("any_sun", [False, True])
def test_chance_bust_any_sun_option(any_sun: bool) -> None:
    s = new_game([FIRE_PURIST, WATER_PURIST], chance_bust_any_sun=any_sun)
    skip_tap(s)
    roll(s, FIRE3)
    pass_declarations(s)
    act(s, "roll")
    roll(s, ["Earth", "Sun", "Fire", "Fire", "Air", "Air"])  # a Sun on a plain die
    pass_declarations(s)
    assert (obs(s)["active"] == 1) == any_sun  # busted (turn over) only under the option


def cosmic(faces_power: list[str], sun_face: str, mages=None, setup=None):
    s = new_game(mages or [FIRE_PURIST, WATER_PURIST, EARTH_PURIST], setup=setup)
    skip_tap(s)
    roll(s, faces_power)
    pass_declarations(s)
    act(s, "roll")
    roll(s, ["Earth", "Air", "Air", "Air", "Air", "Air"])  # Chance Roll: no Sun, no score
    pass_declarations(s)
    act(s, "roll")  # the Cosmic Roll: only the Sun die
    roll(s, [sun_face])
    pass_declarations(s)
    return s


def test_cosmic_roll_own_major_adds_three() -> None:
    s = cosmic(FIRE3, "Fire")
    assert pool(s, 0)["Fire"] == 6 and obs(s)["active"] == 1


def test_cosmic_roll_another_major_gives_them_one_from_the_channel() -> None:
    s = cosmic(FIRE3, "Water")
    assert pool(s, 0)["Fire"] == 2
    assert pool(s, 1)["Fire"] == 2 + 1  # setup gave seat 1 two Fire by default


def test_cosmic_roll_nobodys_major_banks() -> None:
    s = cosmic(FIRE3, "Air")
    assert pool(s, 0)["Fire"] == 3


def test_cosmic_roll_sun_loses_the_channel() -> None:
    s = cosmic(FIRE3, "Sun")
    assert sum(pool(s, 0).values()) == 0


def test_cosmic_roll_ether_adds_one_of_any_type() -> None:
    s = cosmic(FIRE3, "Ether")
    assert offered_scores(s) == {mana(fire=1), mana(water=1), mana(earth=1), mana(air=1)}
    choose_mana(s, mana(air=1))
    assert pool(s, 0) == {"Fire": 3, "Water": 0, "Earth": 0, "Air": 1}


def test_cultist_may_reroll_the_sun_die_once_per_roll() -> None:
    s = new_game([("Fire", "Sun"), WATER_PURIST])
    skip_tap(s)
    roll(s, FIRE3)
    assert obs(s)["phase"] == "cultist"
    act(s, "reroll_sun")
    roll(s, ["Sun"])  # the Sun now negates the opposing elements
    assert obs(s)["phase"] != "cultist"
    pass_declarations(s)
    assert offered_scores(s) == {mana(fire=3)}


def test_chaotica_chooses_a_major_every_round() -> None:
    s = new_game([("Sun", "Air"), WATER_PURIST], rounds=2)
    assert obs(s)["phase"] == "chaos"
    act(s, "chaos", 0)
    assert obs(s)["players"][0]["chosen_major"] == "Fire"
    assert [x for x in obs(s)["players"][0]["spells"] if x["name"] == "Incinerate"]
    skip_tap(s)
    roll(s, FIRE3)
    pass_declarations(s)
    act(s, "bank")
    # seat 1's turn, then round 2: the Chaotica chooses again.
    play_quietly_until(s, lambda st: st.observation(None)["round"] == 2)
    assert obs(s)["phase"] == "chaos" and obs(s)["active"] == 0


def test_game_ends_after_the_last_round_and_the_most_mana_wins() -> None:
    s = new_game([FIRE_PURIST, WATER_PURIST], rounds=2, setup=["Water"])
    skip_tap(s)
    roll(s, FIRE3)
    pass_declarations(s)
    act(s, "bank")  # seat 0 has 3 Fire; nobody scores again (every die shows Earth from now on)
    play_quietly_until(s, lambda st: False)
    assert s.is_terminal() and obs(s)["round"] == 2
    assert [p["total"] for p in obs(s)["players"]] == [3, 2]
    assert s.returns() == [1.0, 0.0]
    assert obs(s)["winners"] == [0]


def test_tie_goes_to_the_larger_single_colour_holding() -> None:
    # Seat 1 keeps its 2 Water (setup); seat 0 scores 1 Fire + 1 Air as an Elementalist: 2 each.
    s = new_game([("Fire", "Air"), WATER_PURIST], rounds=1, setup=["Water"])
    skip_tap(s)
    roll(s, ["Earth", "Fire", "Fire", "Air", "Air", "Water"])
    pass_declarations(s)
    act(s, "bank")
    play_quietly_until(s, lambda st: False)
    assert [p["total"] for p in obs(s)["players"]] == [2, 2]
    assert s.returns() == [0.0, 1.0]


def test_declarations_are_sealed_until_everyone_has_chosen() -> None:
    s = new_game([FIRE_PURIST, WATER_PURIST, EARTH_PURIST], setup=["Water", "Earth"])
    skip_tap(s)
    roll(s, FIRE3)
    assert s.current_player() == elementa.SIMULTANEOUS
    act(s, "declare", player=1)
    assert s.observation(1)["declarations"]["1"] == "declared"
    assert s.observation(2)["declarations"]["1"] == "chosen"
    assert s.observation(None)["declarations"]["1"] == "chosen"
    assert "declare" not in s.describe_action(s.legal_actions(2)[0], 2, 1)
    # Two states that differ only in seat 1's sealed choice look the same to seat 2.
    other = elementa.load_game("elementalis", players=3).new_initial_state(seed=1)
    for player, action in s.history()[:-1]:
        other.apply_action(action, None if player < 0 else player)
    act(other, "pass", player=1)
    assert other.observation(2) == s.observation(2)
    assert other.observation(1) != s.observation(1)
    resampled = s.resample_from_infostate(2, random.Random(3))
    assert resampled.observation(2) == s.observation(2)


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    s = new_game([FIRE_PURIST, WATER_PURIST])
    before = (str(s), s.history(), s.observation(None))
    bank = s.game.action_space.encode("bank")
    with pytest.raises(elementa.IllegalActionError) as err:
        s.apply_action(bank)
    assert "bank" in str(err.value) and "player 1" in str(err.value)
    assert (str(s), s.history(), s.observation(None)) == before


def test_mana_supply_limit_caps_gains() -> None:
    s = new_game([FIRE_PURIST, WATER_PURIST], mana_supply=5, setup=["Fire"])
    skip_tap(s)
    roll(s, ["Sun", "Fire", "Fire", "Fire", "Fire", "Fire"])
    pass_declarations(s)
    act(s, "bank")
    assert pool(s, 0)["Fire"] == 3  # 5 in the Flux, 2 already taken by seat 1 at setup
    assert obs(s)["flux"]["Fire"] == 0


def test_options_are_validated() -> None:
    with pytest.raises(elementa.ConfigError, match="players"):
        elementa.load_game("elementalis", players=8)
    with pytest.raises(elementa.ConfigError, match="mutual_pairs, beater"):
        elementa.load_game("elementalis", creationist_opposition="sideways")
