"""Equipping and removing, the limits and the cards that override them, items, abilities, counters.

source: warriors.txt, 4.2-4.5 (spells, items, abilities, equipping), 7.0 (card text beats rules).
"""

from __future__ import annotations

from pathlib import Path

from elementa import SIMULTANEOUS, State
from tests.warriors.support import (
    act,
    cid,
    deal,
    die_size,
    fighter,
    gear,
    has,
    make_game,
    percentile,
    player,
    roll,
    start_battle,
)

USE_NONE = 5  # the "no target" argument of use in a 2-player game (players + 3 Beast places)
FIGHTER, LOCATION = 16, 17  # use sources: the fighter's own ability, the location's


def assembling(tmp_path: Path, fighter_name: str, hand: list[str]) -> State:
    """Player 1 has fielded ``fighter_name`` in a secret assembly and holds ``hand`` (up to 7 cards)."""
    mine = [fighter_name, *hand, *["Frozen Pass"] * (7 - len(hand))]
    other = ["Knight Errant", *["Frozen Pass"] * 7]
    s = make_game(tmp_path, [mine, other], mulligan_requires_weapon=False).new_initial_state(0)
    deal(s, [mine, other])
    act(s, 0, "field", cid(s, fighter_name))
    act(s, 1, "field", cid(s, "Knight Errant"))
    act(s, 1, "ready")  # from now on player 1 assembles alone
    return s


def can(s: State, name: str) -> bool:
    return has(s, 0, "equip", cid(s, name))


def test_two_hands_one_armor_two_items(tmp_path: Path) -> None:
    hand = [
        "Sonic Pistol",
        "Selium Sword",
        "Riot Shield",
        "Battle Axe",
        "Leather Vest",
        "Chain Mail",
        "Stimpack",
    ]
    s = assembling(tmp_path, "Human Mercenary", hand)
    assert can(s, "Battle Axe") and can(s, "Riot Shield")
    act(s, 0, "equip", cid(s, "Sonic Pistol"))
    act(s, 0, "equip", cid(s, "Selium Sword"))
    assert not can(s, "Battle Axe") and not can(s, "Riot Shield")  # hands full
    assert can(s, "Leather Vest")
    act(s, 0, "equip", cid(s, "Leather Vest"))
    assert not can(s, "Chain Mail")  # one Armor
    act(s, 0, "equip", cid(s, "Stimpack"))
    assert s.current_player() == SIMULTANEOUS


def test_fighters_that_override_the_limits(tmp_path: Path) -> None:
    """Card text beats rules (7.0): two Armor, three Items, four hands, no Armor."""
    paladin = assembling(tmp_path, "Twin-Shield Paladin", ["Leather Vest", "Chain Mail"])
    act(paladin, 0, "equip", cid(paladin, "Leather Vest"))
    assert can(paladin, "Chain Mail")
    scout = assembling(tmp_path, "Goblin Scout", ["Stimpack", "Lucky Charm", "Phoenix Feather"])
    for name in ("Stimpack", "Lucky Charm"):
        act(scout, 0, "equip", cid(scout, name))
    assert can(scout, "Phoenix Feather")
    zarg = assembling(tmp_path, "Four-Armed Zarg", ["Battle Axe", "Greatsword"])
    act(zarg, 0, "equip", cid(zarg, "Battle Axe"))
    assert can(zarg, "Greatsword")
    golem = assembling(tmp_path, "Iron Golem", ["Leather Vest", "Stimpack"])
    assert not can(golem, "Leather Vest") and can(golem, "Stimpack")


def test_spell_points_within_magic_containment(tmp_path: Path) -> None:
    s = assembling(tmp_path, "Battle Mage", ["Fire Bolt", "Shadow Bolt", "Ice Shard"])
    act(s, 0, "equip", cid(s, "Fire Bolt"))
    act(s, 0, "equip", cid(s, "Shadow Bolt"))  # 2 + 2 = containment 4
    assert not can(s, "Ice Shard")
    mercenary = assembling(tmp_path, "Human Mercenary", ["Ice Shard"])
    assert not can(mercenary, "Ice Shard")  # no containment listed: zero


def test_cards_only_some_fighters_can_use(tmp_path: Path) -> None:
    assert not can(assembling(tmp_path, "Human Mercenary", ["Draconian Glaive"]), "Draconian Glaive")
    assert can(assembling(tmp_path, "Draconian Soldier", ["Draconian Glaive"]), "Draconian Glaive")


def test_equipping_and_removing_share_one_action(tmp_path: Path) -> None:
    s = start_battle(
        tmp_path, [("Street Urchin", ["Selium Sword"], ["Battle Axe"]), ("Human Mercenary", [], [])]
    )
    act(s, 0, "remove", 0)
    kinds = {a.kind for a in s.legal_actions(0)}
    assert kinds == {"equip", "done"}
    assert not has(s, 0, "equip", cid(s, "Selium Sword"))  # removed in this sitting
    act(s, 0, "equip", cid(s, "Battle Axe"))
    assert s.current_player() == 0 and has(s, 0, "remove", 0)
    act(s, 0, "done")
    assert s.current_player() == 1
    assert gear(s, 0) == ["Battle Axe"]
    assert player(s, 0, viewer=1)["known_hand"] == ["Selium Sword"]


def test_a_charge_action_item_is_destroyed_with_its_last_charge(tmp_path: Path) -> None:
    s = start_battle(
        tmp_path, [("Street Urchin", ["Battle Axe"], []), ("Human Mercenary", ["Field Medkit"], [])]
    )
    act(s, 0, "attack", 0, 1)
    roll(s, 4)
    for _ in range(2):
        act(s, 0, "break", 0)
        percentile(s, 9, 9)
    assert fighter(s, 1)["durability"] == 3
    act(s, 1, "use", 0, USE_NONE)
    assert fighter(s, 1)["durability"] == 6 and fighter(s, 1)["equipment"][0]["charges"] == 1
    act(s, 0, "pass")
    act(s, 1, "use", 0, USE_NONE)
    assert fighter(s, 1)["durability"] == 7  # not above the printed durability
    assert gear(s, 1) == [] and player(s, 1)["discard"] == ["Field Medkit"]


def test_fighter_abilities_action_and_charge_action(tmp_path: Path) -> None:
    s = start_battle(tmp_path, [("Pyromancer", [], []), ("Draconian Medic", [], [])])
    s.apply_action(s.chance_outcomes()[0][0])  # both durability 5: the Pyromancer goes first
    act(s, 0, "use", FIGHTER, 1)  # Charge Action 2: attack with max damage 4
    assert die_size(s) == 8
    roll(s, 8)
    assert fighter(s, 1)["durability"] == 1 and fighter(s, 0)["charges"] == 1
    act(s, 1, "use", FIGHTER, USE_NONE)  # ACTION: heal 2, as often as you like
    assert fighter(s, 1)["durability"] == 3
    act(s, 0, "use", FIGHTER, 1)
    roll(s, 1)
    assert fighter(s, 0)["charges"] == 0
    act(s, 1, "use", FIGHTER, USE_NONE)
    assert not has(s, 0, "use")  # no charges left


def test_a_grenade_attacks_every_fighter_it_may(tmp_path: Path) -> None:
    s = start_battle(
        tmp_path,
        [("Street Urchin", ["Frag Grenade"], []), ("Human Mercenary", [], []), ("Knight Errant", [], [])],
    )
    act(s, 0, "use", 0, 6)
    assert gear(s, 0) == []  # Charge Action 1: used up
    roll(s, 6)
    roll(s, 5)
    assert (fighter(s, 1)["durability"], fighter(s, 2)["durability"]) == (4, 5)


def test_a_ward_saves_a_fighter_once_and_a_charm_saves_cards(tmp_path: Path) -> None:
    """Items with charges but no Action (4.3; WAR-A23)."""
    s = start_battle(
        tmp_path, [("Street Urchin", ["Greatsword"], []), ("Human Mercenary", ["Phoenix Feather"], [])]
    )
    act(s, 0, "attack", 0, 1)
    roll(s, 7)
    assert fighter(s, 1)["durability"] == 1 and gear(s, 1) == []
    assert player(s, 1)["discard"] == ["Phoenix Feather"]
    charm = start_battle(
        tmp_path,
        [("Street Urchin", ["Battle Axe"], []), ("Human Mercenary", ["Sonic Pistol", "Lucky Charm"], [])],
    )
    act(charm, 0, "attack", 0, 1)
    roll(charm, 4)
    act(charm, 0, "break", 0)
    percentile(charm, 1, 0)  # 10% would break the Pistol: the Charm spends a charge
    act(charm, 0, "break", 0)
    percentile(charm, 0, 5)
    assert gear(charm, 1) == ["Sonic Pistol"]
    assert player(charm, 1)["discard"] == ["Lucky Charm"]


def test_static_abilities_change_max_damage(tmp_path: Path) -> None:
    s = start_battle(
        tmp_path, [("Street Urchin", ["Sonic Pistol", "Targeting Scope"], []), ("Human Mercenary", [], [])]
    )
    label = next(a.label for a in s.legal_actions(0) if a.kind == "attack")
    assert label.endswith("with Sonic Pistol (damage 1-5)")


def test_an_attack_spell_spends_a_charge_per_cast(tmp_path: Path) -> None:
    s = start_battle(
        tmp_path, [("Archmage Solvei", ["Chain Lightning", "Ice Shard"], []), ("Iron Golem", [], [])]
    )
    act(s, 0, "attack", 0, 1)
    assert die_size(s) == 12  # max damage 11: a d12, 12 rolled again
    assert gear(s, 0) == ["Ice Shard"]  # Chain Lightning had one charge
    roll(s, 11)
    assert fighter(s, 1)["durability"] == 2  # 11 - protection 1


def test_utility_spells_work_while_they_last(tmp_path: Path) -> None:
    s = start_battle(
        tmp_path, [("Apprentice Mage", ["Battle Fury", "Ice Shard"], []), ("Iron Golem", [], [])]
    )
    act(s, 0, "use", 0, USE_NONE)  # Battle Fury: +1 max damage for its duration of 1
    act(s, 1, "pass")
    label = next(a.label for a in s.legal_actions(0) if a.kind == "attack")
    assert label.endswith("with Ice Shard (damage 1-4)")
    act(s, 0, "pass")
    act(s, 1, "pass")
    label = next(a.label for a in s.legal_actions(0) if a.kind == "attack")
    assert label.endswith("with Ice Shard (damage 1-3)")


def test_draining_and_recharging(tmp_path: Path) -> None:
    s = start_battle(
        tmp_path,
        [("Vampire Count", ["Battery Pack", "Throwing Knives"], []), ("Knight Errant", [], [])],
    )
    act(s, 0, "use", FIGHTER, 1)  # ACTION: the Knight loses 1, the Count regains 1 (already full)
    assert fighter(s, 1)["durability"] == 7 and fighter(s, 0)["durability"] == 7
    act(s, 1, "pass")
    act(s, 0, "use", 1, 1)  # Throwing Knives: max damage 2
    roll(s, 1)
    assert fighter(s, 0)["equipment"][1]["charges"] == 2
    act(s, 1, "pass")
    act(s, 0, "use", 0, USE_NONE)  # Battery Pack: every other card's charges back; its own is spent
    assert gear(s, 0) == ["Throwing Knives"] and fighter(s, 0)["equipment"][0]["charges"] == 3
