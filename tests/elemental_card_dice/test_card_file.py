"""The card list as data: the packaged file's contents and the errors a bad card file gets."""

from __future__ import annotations

import copy
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from elementa import ConfigError, load_game
from tests.elemental_card_dice.table import NAME, PACKAGED, to_toml


def test_packaged_list_has_every_card_of_the_rulebook() -> None:
    cards = load_game(NAME).cards
    assert len(cards) == 69
    shop_cards = [c for c in cards if c.shop >= 0]
    assert len(shop_cards) == 68
    assert Counter(c.cost for c in shop_cards) == {3: 11, 7: 19, 12: 25, 18: 13}
    assert sum(1 for c in shop_cards if c.shop == 0) == 30
    assert sum(1 for c in shop_cards if c.shop == 1) == 38
    income = next(c for c in cards if c.name == "Basic Income")
    assert (income.start_copies, income.shop, income.kind) == (5, -1, "blessing")
    assert len({c.name for c in cards}) == 69


def test_option_card_file_plays_with_a_users_list(tmp_path: Path) -> None:
    cards = copy.deepcopy(PACKAGED)
    fire = next(c for c in cards if c["name"] == "Fire")
    fire["dice"] = ["earth"]
    path = tmp_path / "mine.toml"
    path.write_text(to_toml(cards))
    game = load_game(NAME, card_file=str(path), replace_cards=True)
    assert next(c for c in game.cards if c.name == "Fire").dice == (1,)


def test_option_sneak_peek_die_changes_the_cards_that_name_it() -> None:
    magic = load_game(NAME).cards
    utility = load_game(NAME, sneak_peek_die="utility").cards
    for name in ("Sneak Peek", "Reconnaissance"):
        assert next(c for c in magic if c.name == name).dice == (4,)
        assert next(c for c in utility if c.name == name).dice == (6,)


def _broken(tmp_path: Path, which: str, change: dict[str, Any]) -> str:
    cards = copy.deepcopy(PACKAGED)
    card = next(c for c in cards if c["name"] == which)
    for k, v in change.items():
        if v is None:
            card.pop(k, None)
        else:
            card[k] = v
    path = tmp_path / "broken.toml"
    path.write_text(to_toml(cards))
    return str(path)


@pytest.mark.parametrize(
    ("card", "change", "expected"),
    [
        ("Fire", {"dice": ["fyre"]}, ["'Fire'", "'dice'", "fix: list die names"]),
        ("Fire", {"kind": "spell"}, ["'Fire'", "'kind'", "fix: use one of action, blessing, passive"]),
        ("Fire", {"cost": -3}, ["'Fire'", "'cost'", "fix:"]),
        (
            "Fire",
            {"colour": "red"},
            ["'Fire'", "'colour'", "unknown field; fix: remove it or correct its spelling"],
        ),
        ("Fire", {"effect": "burn"}, ["'Fire'", "'effect'", "unknown effect 'burn'", "fix:"]),
        ("Fire", {"times": 2}, ["'Fire'", "'times'", "does not use this field; fix: remove it"]),
        ("Fire", {"scale": "1/0"}, ["'Fire'", "'scale'", "fix:"]),
        ("Water Reservoirs", {"against": None}, ["'Water Reservoirs'", "'against'", "needs this field"]),
        ("Purism", {"amplifies": "wind"}, ["'Purism'", "'amplifies'", "fix:"]),
        ("Fire", {"kind": "passive"}, ["'Fire'", "'kind'", "belongs on a card of kind action"]),
        ("Paid Militia", {"start_copies": 2}, ["'Paid Militia'", "'start_copies'", "fix: use 0"]),
        ("Tremor", {"name": "Fire"}, ["'Fire'", "'name'", "second card"]),
    ],
)
def test_a_bad_card_is_named_with_its_field_and_the_fix(
    tmp_path: Path, card: str, change: dict[str, Any], expected: list[str]
) -> None:
    with pytest.raises(ConfigError) as err:
        load_game(NAME, card_file=_broken(tmp_path, card, change), replace_cards=True)
    for text in expected:
        assert text in str(err.value)
    assert err.value.option == "card_file"


def test_a_shop_with_too_few_cards_is_refused(tmp_path: Path) -> None:
    cards = [c for c in PACKAGED if c["cost"] not in (12, 18) or c["name"] in ("Veto", "Earthquake")]
    path = tmp_path / "small.toml"
    path.write_text(to_toml(cards))
    with pytest.raises(ConfigError, match="expensive shop has 2 cards but deals 4; fix"):
        load_game(NAME, card_file=str(path), replace_cards=True)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[[card]\nname = 1", "not valid TOML"),
        ("title = 'x'\n", "unknown top-level key 'title'"),
        ("", "no cards; fix: add [[card]] tables"),
    ],
)
def test_a_malformed_file_is_refused(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=expected.replace("[", r"\[")):
        load_game(NAME, card_file=str(path), replace_cards=True)


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        load_game(NAME, card_file=str(tmp_path / "nowhere.toml"), replace_cards=True)
