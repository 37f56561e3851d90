"""The terminal view: it shows the dice, the shops, your hand and the chain, and hides the opponent's hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

from elementa.cli.render.elemental_card_dice import render
from tests.elemental_card_dice.table import Table


def _text(observation: dict[str, Any], player: int | None) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(render(observation, player))
    return console.export_text()


def test_the_view_shows_the_table_and_hides_the_opponents_cards(tmp_path: Path) -> None:
    t = Table(
        tmp_path, start={"Fire": 1, "Tremor": 1, "Gambling": 1}, dice=(5, 4, 3, 2, 6, 2, 4), start_gold=30
    )
    t.turn("Tremor")
    t.draw("Gambling")
    t.do("place", "Gambling")  # player 2 keeps Gambling face down
    t.end_turn()
    t.draw("Fire")
    t.do("play", "Fire")
    mine = _text(t.obs(0), 0)
    for shown in (
        "fire 5",
        "magic 6",
        "cheap",
        "expensive",
        "Tremor",
        "Fire",
        "Response chain",
        "health 100",
    ):
        assert shown in mine
    assert "Gambling" not in mine
    assert "face-down action" in mine
    theirs = _text(t.obs(1), 1)
    assert "Gambling" in theirs and "Tremor" not in theirs  # player 1 holds Tremor
