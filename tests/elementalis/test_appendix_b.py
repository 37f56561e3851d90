"""Appendix B: every mage's scoring of the three example rolls, through the public API.

The roll pictures were lost; each roll is the one six-die multiset that fits all six statements of its
example (docs/rulings/elementalis.md, ELS-A1/A2). The active seat is seat 1, the mage under test; seat
2 is a bystander. Dice are supplied as chance outcomes, Sun die first.
"""

from __future__ import annotations

import pytest

from tests.elementalis.helpers import mana, new_game, offered_scores, pass_declarations, roll, skip_tap

BYSTANDER = ("Water", "Water")
# Roll 1: {Fire, Fire, Air, Air, Water, Earth}; the Sun die shows Earth.
ROLL_1 = ["Earth", "Fire", "Fire", "Air", "Air", "Water"]
# Roll 2: {Air, Air, Earth, Water, Fire, Ether}; the Sun die shows Earth.
ROLL_2 = ["Earth", "Air", "Air", "Water", "Fire", "Ether"]
# Roll 3: {Water x4, Fire} and the Sun on the Sun die.
ROLL_3 = ["Sun", "Water", "Water", "Water", "Water", "Fire"]


def scores(major: str, minor: str, faces: list[str], **options: object) -> set[tuple[int, ...]]:
    s = new_game([(major, minor), BYSTANDER], **options)
    if s.observation(None)["phase"] == "chaos":
        raise AssertionError("use chaotica_scores for Chaotica")
    skip_tap(s)
    roll(s, faces)
    if s.observation(None)["phase"] == "cultist":
        from tests.elementalis.helpers import act

        act(s, "pass")
    pass_declarations(s)
    return offered_scores(s)


EXAMPLES = [
    # Example 1
    ("Elementalist 2F-1 and 2A-1", "Fire", "Air", ROLL_1, {mana(fire=1, air=1)}),
    ("Purist Earth: 1-2 floors at 0", "Earth", "Earth", ROLL_1, {mana()}),
    ("Harmonist 2 Fire 1 Water", "Fire", "Water", ROLL_1, {mana(fire=2, water=1)}),
    ("Creationist 2 Fire less 1 Water", "Ether", "Fire", ROLL_1, {mana(fire=1)}),
    ("Elitist 2 Air less 1 Earth", "Air", "Ether", ROLL_1, {mana(air=1)}),
    ("Cultist scores as Elitist", "Air", "Sun", ROLL_1, {mana(air=1)}),
    ("Guardian two pairs", "Moon", "Fire", ROLL_1, {mana(fire=2, air=2)}),
    ("Luminary two pairs", "Earth", "Moon", ROLL_1, {mana(fire=2, air=2)}),
    # Example 2: the Ether is the player's choice
    ("Elementalist Ether to either element", "Fire", "Air", ROLL_2, {mana(fire=1, air=1), mana(air=2)}),
    ("Purist Earth 1+Ether-1 Fire", "Earth", "Earth", ROLL_2, {mana(earth=1)}),
    ("Harmonist ignores Ether (ELS-A6: 1 Fire, not 2)", "Fire", "Water", ROLL_2, {mana(fire=1, water=1)}),
    (
        "Creationist 1 of choice and 1 Water",
        "Ether",
        "Water",
        ROLL_2,
        {mana(fire=1, water=1), mana(water=2), mana(water=1, earth=1), mana(water=1, air=1)},
    ),
    ("Elitist 2 Air -1 Earth +1 Ether", "Air", "Ether", ROLL_2, {mana(air=2)}),
    (
        "Guardian Ether as Air (3) or another element (2 of it)",
        "Moon",
        "Earth",
        ROLL_2,
        {mana(air=3), mana(fire=2, air=2), mana(water=2, air=2), mana(earth=2, air=2)},
    ),
    (
        "Luminary Ether counts twice",
        "Earth",
        "Moon",
        ROLL_2,
        {mana(air=4), mana(fire=3, air=2), mana(water=3, air=2), mana(earth=3, air=2)},
    ),
    # Example 3: the Sun on the Sun die negates opposing elements
    ("Elementalist saved by the Sun", "Fire", "Air", ROLL_3, {mana(fire=1)}),
    ("Purist saved by the Sun", "Fire", "Fire", ROLL_3, {mana(fire=1)}),
    ("Harmonist 4 Water 1 Fire", "Fire", "Water", ROLL_3, {mana(fire=1, water=4)}),
    ("Creationist: 4 Water cancel the Fire", "Ether", "Fire", ROLL_3, {mana()}),
    ("Elitist: the Sun cancels the Water", "Fire", "Ether", ROLL_3, {mana(fire=1)}),
    ("Guardian 4 Water", "Moon", "Earth", ROLL_3, {mana(water=4)}),
]


@pytest.mark.parametrize(
    ("title", "major", "minor", "faces", "expected"), EXAMPLES, ids=[e[0] for e in EXAMPLES]
)
def test_appendix_b(
    title: str, major: str, minor: str, faces: list[str], expected: set[tuple[int, ...]]
) -> None:
    assert scores(major, minor, faces) == expected


def test_creationist_beater_reading_reduces_water_by_air() -> None:
    """ELS-A4 as an option: with the cycle's relation, the two Air cancel the boosted Water."""
    got = scores("Ether", "Water", ROLL_2, creationist_opposition="beater")
    assert got == {mana(fire=1), mana(water=1), mana(earth=1), mana(air=1)}


def test_creationist_single_use_ether_option() -> None:
    """ELS-A26 as an option: one Ether either gives Mana of choice or boosts the Minor."""
    got = scores("Ether", "Water", ROLL_2, creationist_ether_double=False)
    # boost the Water (1+1-1 Fire = 1 Water) or take 1 of choice (Water 1-1 = 0)
    assert got == {mana(water=1), mana(fire=1), mana(earth=1), mana(air=1)}


def test_negative_roll_never_drains_the_channel() -> None:
    """Negative Scoring Rolls: a Purist's bad Chance Roll leaves the Power Roll's Mana in the Channel."""
    from tests.elementalis.helpers import act

    s = new_game([("Earth", "Earth"), BYSTANDER])
    skip_tap(s)
    roll(s, ["Earth", "Earth", "Earth", "Air", "Air", "Air"])
    pass_declarations(s)
    assert offered_scores(s) == {mana(earth=3)}
    act(s, "roll")  # take the Chance Roll
    roll(s, ["Water", "Fire", "Fire", "Fire", "Air", "Air"])
    pass_declarations(s)
    obs = s.observation(None)
    assert obs["channel"]["Earth"] == 3
    assert obs["phase"] == "continue"


def test_chaotica_scores_as_the_type_of_its_chosen_major() -> None:
    from tests.elementalis.helpers import act

    s = new_game([("Sun", "Air"), BYSTANDER])
    act(s, "chaos", 0)  # Fire this round: Fire/Air makes an Elementalist
    skip_tap(s)
    roll(s, ROLL_1)
    pass_declarations(s)
    assert offered_scores(s) == {mana(fire=1, air=1)}
