"""The rulebook's worked examples, played through the public API (source: warriors.txt, 7.2, 7.5)."""

from __future__ import annotations

from pathlib import Path

from tests.warriors.support import (
    FILLER,
    act,
    assemble,
    deal,
    die_size,
    fighter,
    gear,
    has,
    make_game,
    percentile,
    player,
    roll,
)

JORGE, SVEN = 0, 1


def test_sven_and_jorge_breakage_example(tmp_path: Path) -> None:
    """5 damage gives two breakage rolls; Jorge puts both on the Sonic Pistol: 29% holds, 14% breaks."""
    jorge = ["Street Urchin", "Battle Axe", *FILLER]
    sven = ["Human Mercenary", "Sonic Pistol", "Selium Sword", *FILLER[:5]]
    game = make_game(tmp_path, [jorge + ["Frozen Pass"] * 4, sven + ["Frozen Pass"] * 4])
    s = game.new_initial_state(1)
    deal(s, [jorge, sven])
    assemble(
        s,
        {
            JORGE: ("Street Urchin", ["Battle Axe"]),
            SVEN: ("Human Mercenary", ["Sonic Pistol", "Selium Sword"]),
        },
    )
    assert s.current_player() == JORGE  # durability 3 goes before 7
    act(s, JORGE, "attack", 0, SVEN)
    assert die_size(s) == 6  # max damage 6: a d6
    roll(s, 5)
    assert fighter(s, SVEN)["durability"] == 2
    assert s.current_player() == JORGE  # the attacker picks the card for each breakage roll
    assert [a.args for a in s.legal_actions(JORGE)] == [(0,), (1,)]
    act(s, JORGE, "break", 0)  # the Sonic Pistol (20%)
    percentile(s, 2, 9)  # 29%: not enough to destroy it
    assert gear(s, SVEN) == ["Sonic Pistol", "Selium Sword"]
    act(s, JORGE, "break", 0)
    percentile(s, 1, 4)  # 14% <= 20%: destroyed
    assert gear(s, SVEN) == ["Selium Sword"]
    assert player(s, SVEN)["discard"][-1] == "Sonic Pistol"  # on top of the discard pile
    assert s.current_player() == SVEN  # two rolls for 5 damage, no third one: Sven's turn
    assert has(s, SVEN, "attack")


def test_draconian_soldier_proficiency_example(tmp_path: Path) -> None:
    """+1 to field rifles: one attack with max 5, or attacks on two fighters with max 4 each."""
    soldier = ["Draconian Soldier", "Military Field Rifle", *FILLER]
    a = ["Human Mercenary", "Battle Axe", *FILLER]
    b = ["Knight Errant", "Battle Axe", *FILLER]
    game = make_game(
        tmp_path, [soldier + ["Frozen Pass"] * 3, a + ["Frozen Pass"] * 3, b + ["Frozen Pass"] * 3]
    )
    s = game.new_initial_state(2)
    deal(s, [soldier, a, b])
    assemble(
        s,
        {
            0: ("Draconian Soldier", ["Military Field Rifle"]),
            1: ("Human Mercenary", ["Battle Axe"]),
            2: ("Knight Errant", ["Battle Axe"]),
        },
    )
    assert s.current_player() == 0
    labels = {x.label for x in s.legal_actions(0) if x.kind == "attack"}
    assert "attack player 2's Human Mercenary with Military Field Rifle (damage 1-5)" in labels
    assert has(s, 0, "volley", 0, 1) and has(s, 0, "volley", 0, 2)

    big = s.clone()
    act(big, 0, "attack", 0, 1)
    assert die_size(big) == 10  # max damage 5: the d10 table
    roll(big, 9)  # 9 or 0 on the d10 reads 5
    assert fighter(big, 1)["durability"] == 2

    act(s, 0, "volley", 0, 1)
    assert die_size(s) == 8  # max damage 4 without the bonus: the d8 table
    roll(s, 8)
    assert fighter(s, 1)["durability"] == 3
    act(s, 0, "break", 0)  # 4 damage: two breakage rolls on the Battle Axe
    percentile(s, 9, 9)
    act(s, 0, "break", 0)
    percentile(s, 9, 9)
    targets = [x.args for x in s.legal_actions(0) if x.kind == "next_target"]
    assert targets == [(2,)]  # each attack at a different fighter
    act(s, 0, "next_target", 2)
    assert die_size(s) == 8
    roll(s, 7)
    assert fighter(s, 2)["durability"] == 4
    act(s, 0, "break", 0)
    percentile(s, 9, 9)
    act(s, 0, "break", 0)
    percentile(s, 9, 9)
    assert s.current_player() == 1  # the Action is spent: the next fighter's turn
