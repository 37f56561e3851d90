"""The card set, the ready-made decks, keywords, and loading users' card and deck files."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import elementa
from elementa import ConfigError
from elementa.games.warriors.cards import CARD_TYPES, DECK_EDITIONS, words


@pytest.fixture(scope="module")
def game() -> elementa.Game:
    return elementa.load_game("warriors")


def test_the_built_in_set_has_80_cards_of_every_type(game: elementa.Game) -> None:
    cards = game.catalog.cards  # type: ignore[attr-defined]
    assert len(cards) >= 80
    assert set(Counter(c.type for c in cards)) == set(CARD_TYPES)


def test_the_rulebooks_cards_keep_its_numbers(game: elementa.Game) -> None:
    card = game.catalog.card  # type: ignore[attr-defined]
    assert card("Military Field Rifle").max_damage == 4
    assert card("Advanced Field Rifle").max_damage == 4
    assert (card("Sonic Pistol").max_damage, card("Sonic Pistol").breakage) == (4, 20)
    assert card("Selium Sword").breakage == 10 and card("Selium Sword").max_damage < 4
    soldier = card("Draconian Soldier")
    assert soldier.proficiency == ((("field", "rifle"), 1),)


def test_names_are_keywords_and_plurals_match(game: elementa.Game) -> None:
    card = game.catalog.card  # type: ignore[attr-defined]
    field_rifles = words("field rifles")
    assert card("Military Field Rifle").has_keyword(field_rifles)
    assert card("Advanced Field Rifle").has_keyword(field_rifles)
    assert not card("Sonic Pistol").has_keyword(field_rifles)
    assert card("Sonic Pistol").has_keyword(words("Pistols"))
    assert card("Corrupted Knight").has_keyword(words("corrupted"))
    assert card("Sonic Pistol").has_keyword(("tech",)) and card("Selium Sword").has_keyword(("nontech",))
    assert words("Non-Tech") == ("nontech",)


@pytest.mark.parametrize("edition", sorted(DECK_EDITIONS))
def test_ready_made_decks_are_valid_and_distinct(edition: int) -> None:
    """Every edition's decks keep rule 7.4 (a Legendary card once, fighters to play: WAR-A1)."""
    game = elementa.load_game("warriors", edition=edition)
    decks = game.catalog.decks  # type: ignore[attr-defined]
    assert len(decks) >= 4
    assert len({d.style for d in decks.values()}) == len(decks)
    for deck in decks.values():
        cards = [game.catalog.cards[c] for c in deck.card_list()]  # type: ignore[attr-defined]
        assert sum(c.type == "fighter" for c in cards) >= 8, deck.name
        assert sum(c.type == "location" for c in cards) >= 5, deck.name
        legends = Counter(c.name for c in cards if c.legendary)
        assert all(k == 1 for k in legends.values()), deck.name


@pytest.mark.parametrize("edition", [e for e in sorted(DECK_EDITIONS) if e >= 2])
def test_every_built_in_card_is_in_a_ready_made_deck(edition: int) -> None:
    """No card of the set is dead weight: each is played by at least one ready-made deck (issue 40;
    since edition 2, the first lists left two cards out)."""
    catalog = elementa.load_game("warriors", edition=edition).catalog  # type: ignore[attr-defined]
    in_decks = {cid for deck in catalog.decks.values() for cid, _ in deck.cards}
    assert [c.name for c in catalog.cards if c.id not in in_decks] == []


def test_seats_get_the_decks_named(game: elementa.Game) -> None:
    g = elementa.load_game("warriors", players=3, decks="wild-hunt,arcane-circle,wild-hunt")
    assert g.new_initial_state(0).roles() == ["Wild Hunt", "Arcane Circle", "Wild Hunt"]
    one = elementa.load_game("warriors", players=3, decks="iron-vanguard")
    assert one.new_initial_state(0).roles() == ["Iron Vanguard"] * 3


@pytest.mark.parametrize(
    ("decks", "needle"),
    [("nope", "unknown deck 'nope'"), ("wild-hunt,arcane-circle,iron-vanguard", "3 decks for 2 players")],
)
def test_bad_deck_options_are_refused(decks: str, needle: str) -> None:
    with pytest.raises(ConfigError, match=needle) as e:
        elementa.load_game("warriors", decks=decks)
    assert e.value.option == "decks"


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


CARD_ERRORS = [
    (
        '[[weapon]]\nname = "Stick"\nbreakage = 5\nhands = 1\nrange = "melee"\n',
        r"weapon 'Stick' \(entry 1\): field 'max_damage': Field required; fix: add max_damage",
    ),
    (
        '[[weapon]]\nname = "Stick"\nmax_damage = 2\nhands = 1\nrange = "melee"\ncolour = "red"\n',
        r"weapon 'Stick'.*field 'colour'.*fix: remove it or correct its spelling; allowed fields: "
        r".*max_damage",
    ),
    (
        '[[weapon]]\nname = "Stick"\nmax_damage = "two"\nhands = 1\nrange = "melee"\n',
        r"weapon 'Stick'.*field 'max_damage'.*fix: write a whole number",
    ),
    (
        '[[item]]\nname = "Tonic"\nability = { effect = "heel", when = "action" }\n',
        r"item 'Tonic'.*field 'ability'.*unknown effect 'heel'; known effects: .*heal",
    ),
    (
        '[[item]]\nname = "Tonic"\nability = { effect = "heal", when = "charge_action" }\n',
        r"item 'Tonic'.*needs charges",
    ),
    (
        '[[item]]\nname = "Tonic"\nability = { effect = "protect", when = "action" }\n',
        r"effect 'protect' cannot be used with when='action'; use one of: static",
    ),
    ('[[gadget]]\nname = "Tonic"\n', r"unknown card type table \[\[gadget\]\]"),
    (
        '[[item]]\nname = "Sonic Pistol"\n',
        r"card 'Sonic Pistol' is defined twice; fix: give the new card another name",
    ),
    ("[[item]\nname=", r"not valid TOML"),
]


@pytest.mark.parametrize(("text", "pattern"), CARD_ERRORS)
def test_card_file_errors_name_the_card_the_field_and_the_fix(
    tmp_path: Path, text: str, pattern: str
) -> None:
    path = write(tmp_path, "cards.toml", text)
    with pytest.raises(ConfigError, match=pattern):
        elementa.load_game("warriors", card_file=path)


DECK_ERRORS = [
    (
        '[[deck]]\nname = "mine"\n[deck.cards]\n"Sonic Pistl" = 2\n"Human Mercenary" = 1\n',
        r"deck 'mine': card 'Sonic Pistl': no such card; "
        r"fix: check the spelling \(did you mean 'Sonic Pistol'\?\)",
    ),
    (
        '[[deck]]\nname = "mine"\n[deck.cards]\n"Dragon Lance" = 2\n"Human Mercenary" = 1\n',
        r"deck 'mine': card 'Dragon Lance': 2 copies of a Legendary card; fix: include it once",
    ),
    (
        '[[deck]]\nname = "mine"\n[deck.cards]\n"Sonic Pistol" = 2\n',
        r"deck 'mine': no fighter; fix: add at least one",
    ),
    (
        '[[deck]]\nname = "mine"\n[deck.cards]\n"Sonic Pistol" = 0\n"Human Mercenary" = 1\n',
        r"copies 0 is not a whole number >= 1",
    ),
    ('[[deck]]\nname = "Bad Name"\ncards = {}\n', r"deck 'Bad Name' \(entry 1\): field 'name'"),
    (
        '[[deck]]\nname = "wild-hunt"\n[deck.cards]\n"Human Mercenary" = 1\n',
        r"deck 'wild-hunt' is defined twice",
    ),
]


@pytest.mark.parametrize(("text", "pattern"), DECK_ERRORS)
def test_deck_file_errors_name_the_deck_the_card_and_the_fix(tmp_path: Path, text: str, pattern: str) -> None:
    path = write(tmp_path, "decks.toml", text)
    with pytest.raises(ConfigError, match=pattern):
        elementa.load_game("warriors", deck_files=path)


def test_missing_files_are_config_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        elementa.load_game("warriors", card_file=str(tmp_path / "none.toml"))


def test_users_cards_and_decks_play(tmp_path: Path) -> None:
    cards = write(
        tmp_path,
        "cards.toml",
        "[[fighter]]\n"
        'name = "Sky Pirate"\ndurability = 6\nproficiency = [{ keyword = "cutlass", bonus = 1 }]\n'
        "[[weapon]]\n"
        'name = "Boarding Cutlass"\nmax_damage = 4\nbreakage = 10\nhands = 1\nrange = "melee"\n'
        "[[item]]\n"
        'name = "Grog"\nability = { effect = "heal", when = "charge_action", charges = 2, amount = 2 }\n',
    )
    decks = write(
        tmp_path,
        "decks.toml",
        '[[deck]]\nname = "pirates"\ntitle = "Sky Pirates"\nstyle = "boarding actions"\n[deck.cards]\n'
        '"Sky Pirate" = 6\n"Boarding Cutlass" = 6\n"Grog" = 4\n'
        '"Ruined Keep" = 3\n"Frozen Pass" = 3\n"Desert Outpost" = 3\n',
    )
    game = elementa.load_game("warriors", card_file=cards, deck_files=decks, decks="pirates,wild-hunt")
    assert game.catalog.card("Sky Pirate").proficiency == ((("cutlass",), 1),)  # type: ignore[attr-defined]
    agents = [game.rule_based_agent(p, seed=p) for p in range(2)]
    end = elementa.play_game(game, agents, seed=3)  # type: ignore[arg-type]
    assert end.is_terminal()
    assert end.roles() == ["Sky Pirates", "Wild Hunt"]
