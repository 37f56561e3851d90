"""ELS-B1, the mage-type balance proposal: Guardians and Luminaries score only their largest set of a
kind (``guardian_sets="best"``) and a Luminary's Ether gives one wild symbol (``luminary_wild=1``).

The rulebook's reading stays the default; these tests drive the options through the public API with
the Appendix B rolls (see test_appendix_b.py).
"""

from __future__ import annotations

import pytest

import elementa
from tests.elementalis.helpers import act, choose_mana, mana
from tests.elementalis.test_appendix_b import ROLL_1, ROLL_2, ROLL_3, scores


def test_defaults_are_the_rulebook_reading() -> None:
    options = elementa.load_game("elementalis").options_dict()
    assert options["guardian_sets"] == "every"
    assert options["luminary_wild"] == 2


def test_best_set_keeps_one_of_two_pairs() -> None:
    """Two pairs: the Guardian scores either pair, not both (4 Mana becomes 2)."""
    assert scores("Moon", "Fire", ROLL_1, guardian_sets="best") == {mana(fire=2), mana(air=2)}


def test_best_set_with_ether_as_wild() -> None:
    """Example 2 roll: the Ether joins a pair (3 Air) or makes a second pair, of which one scores."""
    got = scores("Moon", "Earth", ROLL_2, guardian_sets="best")
    assert got == {mana(air=3), mana(air=2), mana(fire=2), mana(water=2), mana(earth=2)}


def test_best_set_changes_nothing_with_one_set() -> None:
    assert scores("Moon", "Earth", ROLL_3, guardian_sets="best") == {mana(water=4)}


def test_luminary_with_one_wild_symbol_scores_as_a_guardian() -> None:
    luminary = scores("Earth", "Moon", ROLL_2, luminary_wild=1)
    assert luminary == scores("Moon", "Earth", ROLL_2)
    assert luminary != scores("Earth", "Moon", ROLL_2)


def test_both_options_together() -> None:
    got = scores("Earth", "Moon", ROLL_2, guardian_sets="best", luminary_wild=1)
    assert got == {mana(air=3), mana(air=2), mana(fire=2), mana(water=2), mana(earth=2)}


def test_other_mages_do_not_change() -> None:
    for major, minor in [("Fire", "Air"), ("Earth", "Earth"), ("Ether", "Water"), ("Air", "Ether")]:
        assert scores(major, minor, ROLL_2, guardian_sets="best", luminary_wild=1) == scores(
            major, minor, ROLL_2
        )


@pytest.mark.parametrize(("name", "value"), [("guardian_sets", "all"), ("luminary_wild", 3)])
def test_bad_values_name_the_option(name: str, value: object) -> None:
    with pytest.raises(elementa.ConfigError, match=name):
        elementa.load_game("elementalis", **{name: value})


@pytest.mark.parametrize("first_too", [False, True])
def test_the_youngest_mage_takes_set_up_mana_only_with_els_b2(first_too: bool) -> None:
    """ELS-B2: the rulebook gives two set-up Mana to every mage but the youngest (seat 1, who starts
    each round); ``first_seat_setup_mana`` gives them to seat 1 as well, in seat order."""
    game = elementa.load_game("elementalis", players=3, first_seat_setup_mana=first_too)
    s = game.new_initial_state(seed=0)
    for major in (0, 1, 2):
        act(s, "major", major)
    for _ in range(3):
        act(s, "minor", s.legal_actions()[0].args[0])
    asked = []
    while (choice := s.observation(None)["mana_choice"]) is not None and choice["purpose"] == "setup":
        asked.append(choice["seat"])
        choose_mana(s)
    assert asked == ([0, 1, 2] if first_too else [1, 2])
    totals = [mage["total"] for mage in s.observation(None)["players"]]
    assert totals == ([2, 2, 2] if first_too else [0, 2, 2])
