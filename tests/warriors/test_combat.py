"""Attacks, protection, breakage, death, ganging and proficiency (warriors.txt, 4.1, 5.0, 7.2, 7.3, 7.5)."""

from __future__ import annotations

from pathlib import Path

from elementa import CHANCE
from tests.warriors.support import (
    act,
    draw_any,
    fighter,
    gear,
    has,
    percentile,
    player,
    roll,
    start_battle,
)


def test_a_fighter_without_weapons_attacks_with_max_damage_one(tmp_path: Path) -> None:
    s = start_battle(tmp_path, [("Street Urchin", [], []), ("Human Mercenary", ["Leather Vest"], [])])
    labels = [a.label for a in s.legal_actions(0) if a.kind == "attack"]
    assert labels == ["attack player 2's Human Mercenary with bare hands (damage 1-1)"]
    act(s, 0, "attack", 16, 1)  # no die to roll for max damage 1
    assert fighter(s, 1)["durability"] == 7  # 1 - protection 1 = 0
    assert s.current_player() == 1


def test_an_armed_fighter_attacks_with_its_weapons_only(tmp_path: Path) -> None:
    s = start_battle(tmp_path, [("Street Urchin", ["Selium Sword"], []), ("Human Mercenary", [], [])])
    assert [a.args for a in s.legal_actions(0) if a.kind == "attack"] == [(0, 1)]


def test_protection_of_armor_and_defense_spell_add_up_for_their_duration(tmp_path: Path) -> None:
    """WAR-A4 (sum) and WAR-A22 (cast on turn t with 2 counters: active until your turn t+3)."""
    s = start_battle(
        tmp_path, [("Battle Mage", ["Chain Mail", "Stone Skin"], []), ("Knight Errant", ["Battle Axe"], [])]
    )
    assert fighter(s, 0)["protection"] == 2
    act(s, 0, "use", 1, 5)  # cast Stone Skin
    stone = fighter(s, 0)["equipment"][1]
    assert (stone["duration"], stone["charges"], fighter(s, 0)["protection"]) == (2, 1, 4)
    act(s, 1, "attack", 0, 0)
    roll(s, 6)
    assert fighter(s, 0)["durability"] == 3  # 6 - 4 = 2 damage: one breakage roll
    act(s, 1, "break", 0)
    percentile(s, 5, 0)
    for protection in (4, 4, 2):  # own turns t+1, t+2 (counters 1, 0), t+3 (cannot remove: ends)
        assert s.current_player() == 0
        assert fighter(s, 0)["protection"] == protection
        act(s, 0, "pass")
        act(s, 1, "pass")
    act(s, 0, "use", 1, 5)  # the last charge: destroyed once this cast wears off
    for _ in range(2):
        act(s, 1, "pass")
        assert gear(s, 0) == ["Chain Mail", "Stone Skin"]
        act(s, 0, "pass")
    act(s, 1, "pass")
    assert gear(s, 0) == ["Chain Mail"]
    assert player(s, 0)["discard"] == ["Stone Skin"]


def test_a_lethal_hit_makes_no_breakage_rolls_and_the_dead_fighters_cards_part_ways(tmp_path: Path) -> None:
    """5.0 with WAR-A5 (no breakage), WAR-A6 (items without breakage destroyed), WAR-A12 (draw 3 + 1)."""
    mage = ["Leather Vest", "Fire Bolt", "Amulet of Warding", "Field Medkit"]
    s = start_battle(tmp_path, [("Street Urchin", ["Greatsword"], []), ("Battle Mage", mage, [])])
    assert fighter(s, 1)["protection"] == 2
    act(s, 0, "attack", 0, 1)
    assert s.chance_outcomes()[7][0].label == "d8 shows 8: roll again"  # max damage 7 (9.0 table)
    roll(s, 8)
    roll(s, 7)  # 7 - 2 = 5 damage: the mage (durability 5) dies
    obs = s.observation(0)
    assert [f["id"] for f in obs["fighters"]] == [0]
    assert sorted(obs["players"][1]["discard"]) == ["Amulet of Warding", "Battle Mage", "Fire Bolt"]
    assert obs["players"][1]["known_hand"] == ["Leather Vest", "Field Medkit"]
    assert s.current_player() == CHANCE  # the dead fighter's player draws 3 + 1 (the Urchin is still in)
    hand = player(s, 1)["hand_size"]
    for _ in range(4):
        assert s.chance_outcomes()[0][0].label.startswith("player 2 draws")
        s.apply_action(s.chance_outcomes()[0][0])
    assert player(s, 1)["hand_size"] == hand + 4
    assert s.chance_outcomes()[0][0].label.startswith("player 1 draws")  # the winner's 3


def test_min_damage_raises_low_rolls_or_sets_the_range(tmp_path: Path) -> None:
    """WAR-A3: clamp (default) or uniform from min to max."""
    seats = [("Street Urchin", ["War Hammer"], []), ("Human Mercenary", [], [])]
    clamp = start_battle(tmp_path, seats)
    act(clamp, 0, "attack", 0, 1)
    labels = [a.label for a, _ in clamp.chance_outcomes()]
    assert labels[:2] == ["d6 shows 1: hit roll 2", "d6 shows 2: hit roll 2"]
    uniform = start_battle(tmp_path, seats, min_damage_mode="uniform_range")
    act(uniform, 0, "attack", 0, 1)
    labels = [a.label for a, _ in uniform.chance_outcomes()]
    assert len(labels) == 10  # 2..6 is five values: the d10 table
    assert labels[0] == "d10 shows 1: hit roll 2" and labels[-1] == "d10 shows 10: hit roll 6"


def test_breakage_rolls_on_unbreakable_cards_are_wasted_and_00_reads_100(tmp_path: Path) -> None:
    s = start_battle(
        tmp_path,
        [("Street Urchin", ["Battle Axe"], []), ("Human Mercenary", ["Mithril Coat", "Sonic Pistol"], [])],
    )
    act(s, 0, "attack", 0, 1)
    roll(s, 6)  # 6 - 1 = 5: two rolls
    labels = [a.label for a in s.legal_actions(0)]
    assert labels == [
        "breakage roll on player 2's Human Mercenary's Mithril Coat (cannot break)",
        "breakage roll on player 2's Human Mercenary's Sonic Pistol (20%)",
    ]
    act(s, 0, "break", 0)
    assert s.current_player() == 0  # no dice: straight to the second pick
    act(s, 0, "break", 1)
    percentile(s, 0, 0)  # 100%
    assert gear(s, 1) == ["Mithril Coat", "Sonic Pistol"]
    assert s.current_player() == 1


def test_one_breakage_roll_per_two_damage(tmp_path: Path) -> None:
    s = start_battle(
        tmp_path, [("Street Urchin", ["Battle Axe"], []), ("Human Mercenary", ["Sonic Pistol"], [])]
    )
    act(s, 0, "attack", 0, 1)
    roll(s, 3)  # 3 damage: one roll
    act(s, 0, "break", 0)
    percentile(s, 9, 9)
    assert s.current_player() == 1
    act(s, 1, "pass")
    act(s, 0, "attack", 0, 1)
    roll(s, 1)  # 1 damage: none
    assert s.current_player() == 1


def test_proficiency_adds_to_weapons_whose_name_has_the_keyword(tmp_path: Path) -> None:
    s = start_battle(tmp_path, [("Knight Errant", ["Greatsword"], []), ("Iron Golem", ["Selium Sword"], [])])
    label = next(a.label for a in s.legal_actions(0) if a.kind == "attack")
    assert label.endswith("with Greatsword (damage 1-8)")  # "sword" keyword, +1
    assert not has(s, 0, "volley")  # one other fighter: no split attack
    act(s, 0, "attack", 0, 1)
    assert len(s.chance_outcomes()) == 8


def test_ganging_fighters_spare_each_other_while_an_outsider_fights(tmp_path: Path) -> None:
    s = start_battle(
        tmp_path,
        [
            ("Corrupted Thug", ["Hand Axe"], []),
            ("Corrupted Knight", ["Battle Axe"], []),
            ("Human Mercenary", ["Battle Axe"], []),
        ],
    )
    assert [a.args[1] for a in s.legal_actions(0) if a.kind == "attack"] == [2]
    act(s, 0, "pass")
    assert [a.args[1] for a in s.legal_actions(1) if a.kind == "attack"] == [2]
    act(s, 1, "pass")
    assert [a.args[1] for a in s.legal_actions(2) if a.kind == "attack"] == [0, 1]
    act(s, 2, "retreat")
    draw_any(s)
    assert [a.args[1] for a in s.legal_actions(0) if a.kind == "attack"] == [1]  # all Corrupted: no effect


def test_weapons_and_armor_go_home_when_a_fighter_retreats(tmp_path: Path) -> None:
    s = start_battle(
        tmp_path, [("Street Urchin", ["Battle Axe", "Leather Vest"], []), ("Knight Errant", [], [])]
    )
    act(s, 0, "retreat")
    seen = player(s, 0, viewer=1)
    assert seen["hand_size"] == 8 and seen["known_hand"] == ["Street Urchin", "Battle Axe", "Leather Vest"]
    assert s.chance_outcomes()[0][0].label.startswith("player 1 draws")  # draw 2
