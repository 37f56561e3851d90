"""ELS-B1, the mage-type balance proposal: Guardians and Luminaries score only their largest set of a
kind (``guardian_sets="best"``) and a Luminary's Ether gives one wild symbol (``luminary_wild=1``).

The rulebook's reading stays the default; these tests drive the options through the public API with
the Appendix B rolls (see test_appendix_b.py).
"""

from __future__ import annotations

import pytest

import elementa
from tests.elementalis.helpers import mana
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
