"""The terminal view of a battle: fighters with durability, equipment and counters; hidden hands."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

from elementa.cli.render.warriors import render
from tests.warriors.support import act, start_battle


def text_of(observation: dict[str, Any], player: int | None) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(render(observation, player))
    return console.export_text()


def test_the_battle_shows_fighters_gear_counters_and_only_your_hand(tmp_path: Path) -> None:
    s = start_battle(
        tmp_path,
        [
            ("Battle Mage", ["Stone Skin", "Leather Vest"], ["Sonic Pistol"]),
            ("Knight Errant", ["Greatsword"], []),
        ],
    )
    act(s, 0, "use", 0, 5)  # cast Stone Skin: 1 charge and 2 duration counters left
    mine = text_of(s.observation(0), 0)
    assert "Battle Mage · you" in mine and "Knight Errant · player 2" in mine
    assert "durability 5 [5]  protection 3" in mine
    assert "Stone Skin (prot 2, unbreakable) 1c 2d" in mine
    assert "Greatsword (max 7, 15%)" in mine
    assert "Your hand:" in mine and "Sonic Pistol" in mine
    theirs = text_of(s.observation(1), 1)
    assert "Sonic Pistol" not in theirs  # player 1's hand: its size only
    assert "Your hand:" in theirs and "Battle Mage · player 1" in theirs
    assert "Your hand" not in text_of(s.observation(None), None)
