"""``-o card_file=FILE`` means the same in both games with card files: the file's cards are added."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

import elementa
from elementa import ConfigError
from tests.cli.helpers import assert_one_line_error, run
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


def card_dice_with(name: str, **fields: object) -> str:
    card = copy.deepcopy(next(c for c in PACKAGED if c["name"] == "Fire"))
    card.update(name=name, **fields)
    return to_toml([card])


@pytest.mark.parametrize(
    ("game", "option", "text", "fragments"),
    [
        (
            "warriors",
            "card_file",
            WARRIORS_CARD + 'legendary = "yes"\n',
            ("'legendary'", "true or false"),
        ),
        (
            "warriors",
            "deck_files",
            '[[deck]]\nname = "huge"\ncards = { "Draconian Soldier" = 100000000 }\n',
            ("Draconian Soldier", "60"),
        ),
        ("elemental-card-dice", "card_file", card_dice_with("Dud", dice=[]), ("'dice'", "needs")),
        ("elemental-card-dice", "card_file", card_dice_with("Gem", cost=10**18), ("'cost'", "10000")),
        ("elemental-card-dice", "card_file", card_dice_with("Ore", cost="7"), ("'cost'", "whole number")),
        (
            "elemental-card-dice",
            "card_file",
            card_dice_with("Hoard", start_copies=100_000_000),
            ("'start_copies'", "100"),
        ),
    ],
)
def test_card_and_deck_files_with_impossible_values_are_refused(
    game: str, option: str, text: str, fragments: tuple[str, ...], tmp_path: Path
) -> None:
    # each was accepted: a string as a bool, a damage card without dice, a cost of 10^18, a deck
    # of a hundred million copies
    path = tmp_path / f"{game}-{fragments[0].strip(chr(39))}.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        elementa.load_game(game, **{option: str(path)})
    for fragment in fragments:
        assert fragment in str(err.value)
    result = run("play", game, "-o", f"{option}={path}", "--watch")
    assert_one_line_error(result, *fragments)


@pytest.mark.parametrize("game", ["warriors", "elemental-card-dice"])
def test_a_card_file_written_with_a_byte_order_mark_is_read(game: str, tmp_path: Path) -> None:
    text = WARRIORS_CARD if game == "warriors" else card_dice_with("Sky Pirate")
    path = tmp_path / "notepad.toml"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert "Sky Pirate" in names(elementa.load_game(game, card_file=str(path)))
