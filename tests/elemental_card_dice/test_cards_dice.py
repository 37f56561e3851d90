"""Card effects, part 2: die manipulation (each reroll is a chance node of one die)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.elemental_card_dice.table import Table

DICE = (5, 4, 3, 2, 6, 2, 4)


def _played(tmp_path: Path, card: str) -> Table:
    t = Table(tmp_path, start={card: 1}, dice=DICE)
    t.draw(card)
    t.play(card)
    return t


@pytest.mark.parametrize(("card", "rolls"), [("Gambling", 1), ("Second Chance", 2), ("Calculated Risk", 4)])
def test_rerolls_roll_one_die_up_to_their_count(tmp_path: Path, card: str, rolls: int) -> None:
    t = _played(tmp_path, card)
    assert [a.kind for a in t.legal()] == ["die"] * 7
    t.do("die", 0)
    for i in range(rolls):
        outcomes = t.state.chance_outcomes()
        assert [p for _, p in outcomes] == pytest.approx([1 / 6] * 6)
        t.chance("face", i % 6)
        assert t.dice()["fire"] == i % 6 + 1
        if i < rolls - 1:
            assert {a.kind for a in t.legal()} == {"again", "stop"}
            t.do("again")
    assert t.can("end_turn")  # no further reroll is offered
    assert t.obs()["players"][0]["discard"] == [card]


def test_a_reroll_can_stop_early(tmp_path: Path) -> None:
    t = _played(tmp_path, "Calculated Risk")
    t.do("die", 4)
    t.chance("face", 5)
    t.do("stop")
    assert t.dice()["magic"] == 6
    assert t.can("end_turn")


@pytest.mark.parametrize(
    ("card", "reach", "fire_to"),
    [("Cheap Trick", 1, 4), ("Sleight of Hand", 2, 3), ("Smoke and Mirrors", 3, 2)],
)
def test_changes_move_a_die_by_up_to_their_reach_within_its_faces(
    tmp_path: Path, card: str, reach: int, fire_to: int
) -> None:
    t = _played(tmp_path, card)
    labels = {a.label for a in t.legal()}
    fire = {int(label.rsplit(" ", 1)[1]) for label in labels if label.startswith("change the fire die")}
    assert fire == {v for v in range(5 - reach, 5 + reach + 1) if v != 5 and 1 <= v <= 6}
    magic = {int(label.rsplit(" ", 1)[1]) for label in labels if label.startswith("change the magic die")}
    assert max(magic) == 5  # a 6 cannot go up
    t.choose(f"change the fire die from 5 to {fire_to}")
    assert t.dice()["fire"] == fire_to


def test_perspective_shift_turns_a_die_over(tmp_path: Path) -> None:
    t = _played(tmp_path, "Perspective Shift")
    t.do("die", 0)
    assert t.dice()["fire"] == 2  # opposite faces of a d6 add up to 7


def test_perspective_shift_on_other_dice_sizes(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Perspective Shift": 1}, dice=(5, 4, 3, 2, 6, 2, 4), die_sides=10)
    t.draw("Perspective Shift")
    t.play("Perspective Shift")
    t.do("die", 0)
    assert t.dice()["fire"] == 6


def test_trickster_god_swaps_two_dice(tmp_path: Path) -> None:
    t = _played(tmp_path, "Trickster God")
    assert len(t.legal()) == 21
    t.do("swap", 0, 4)
    assert (t.dice()["fire"], t.dice()["magic"]) == (6, 5)
