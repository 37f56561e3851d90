"""``-o card_file=FILE`` means the same in both games with card files: the file's cards are added."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

import elementa
from elementa import ConfigError
from tests.elemental_card_dice.table import PACKAGED, to_toml

WARRIORS_CARD = '[[fighter]]\nname = "Sky Pirate"\ndurability = 6\n'


def card_dice_card(name: str) -> str:
    card = copy.deepcopy(next(c for c in PACKAGED if c["name"] == "Fire"))
    card["name"] = name
    return to_toml([card])


def names(game: elementa.Game) -> list[str]:
    cards = game.cards if game.name == "elemental-card-dice" else game.catalog.cards  # type: ignore[attr-defined]
    return [c.name for c in cards]


@pytest.mark.parametrize(
    ("game", "text"),
    [("warriors", WARRIORS_CARD), ("elemental-card-dice", card_dice_card("Sky Pirate"))],
)
def test_a_card_file_adds_its_cards_to_the_packaged_ones(game: str, text: str, tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    packaged = names(elementa.load_game(game))
    mine = names(elementa.load_game(game, card_file=str(path)))
    assert mine == [*packaged, "Sky Pirate"]  # every packaged card keeps its place
    for listing in elementa.list_games():
        if listing.info.name == game:
            help_text = next(o.help for o in listing.options if o.name == "card_file")
            assert "added to the" in help_text


def test_card_dice_can_still_play_with_a_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(to_toml(PACKAGED), encoding="utf-8")
    alone = elementa.load_game("elemental-card-dice", card_file=str(path), replace_cards=True)
    assert names(alone) == [c["name"] for c in PACKAGED]
    with pytest.raises(ConfigError, match=r"already has a card named 'Fire'.*replace_cards=true") as err:
        elementa.load_game("elemental-card-dice", card_file=str(path))
    assert err.value.option == "card_file"
    with pytest.raises(ConfigError, match="needs a card_file") as err:
        elementa.load_game("elemental-card-dice", replace_cards=True)
    assert err.value.option == "replace_cards"
