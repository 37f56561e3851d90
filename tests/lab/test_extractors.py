"""Per-game metrics extractors: what each reads from one rule-based game, through the public API only."""

from __future__ import annotations

import pytest

import elementa
from elementa.lab import LabGame, play_lab_game
from elementa.lab.extractors import Extractor, extractor_class, make_extractor, registered_extractors
from elementa.lab.report import build_report
from elementa.sim import Matchup


def one_game(name: str, players: int) -> tuple[elementa.Game, LabGame]:
    game = elementa.load_game(name, players=players)
    matchup = Matchup(name, game.options_dict(), ("greedy",) * players, seed=5)
    return game, play_lab_game(matchup, 0)


def test_every_game_has_its_own_extractor() -> None:
    assert registered_extractors() == sorted(
        g.info.name for g in elementa.list_games() if g.info.name != "toy-dice"
    )


def test_unregistered_game_gets_the_generic_extractor() -> None:
    assert type(make_extractor("toy-dice", 2, {})) is Extractor


def test_elementalis_mage_types_and_spells_are_real() -> None:
    _, g = one_game("elementalis", 4)
    assert g.attributes["mage type"] == list(g.record.roles)
    spells = {s for seat in g.uses.get("spells cast", []) for s in seat}
    assert spells, "rule-based mages cast spells in a six-round game"
    assert all(" on " not in name and "(" not in name for name in spells)


def test_warriors_decks_and_cards() -> None:
    _, g = one_game("warriors", 2)
    assert g.attributes["deck"] == list(g.record.roles)
    played = g.uses["cards played"]
    assert len(played) == 2 and all(played)
    assert all("(" not in card for seat in played for card in seat)


def test_card_dice_bought_and_played() -> None:
    _, g = one_game("elemental-card-dice", 2)
    assert sorted(g.attributes["turn order"]) == ["moves first", "moves second"]
    assert sum(sum(seat.values()) for seat in g.uses["cards bought"]) > 0
    assert sum(sum(seat.values()) for seat in g.uses["cards played"]) > 0


def test_warriors_ii_layouts() -> None:
    _, g = one_game("elemental-warriors-ii", 2)
    assert len(g.attributes["layout"]) == 2
    assert all(layout and "layout" not in layout for layout in g.attributes["layout"])


def test_elemenders_elements() -> None:
    _, g = one_game("elemenders", 2)
    placed = g.uses["elements: place"]
    assert {e for seat in placed for e in seat} <= {"fire", "water", "plant"}
    assert sum(sum(seat.values()) for seat in placed) > 0


@pytest.mark.parametrize("name", ["elementalis", "elemenders"])
def test_a_lab_game_is_the_sim_game(name: str) -> None:
    """The lab watches the same game the sim plays: same seed, returns and lengths."""
    from elementa.sim import play_one

    players = elementa.load_game(name).num_players
    matchup = Matchup(name, {}, ("greedy",) * players, seed=3)
    assert play_lab_game(matchup, 2).record == play_one(matchup, 2)


def test_items_are_read_from_action_parts_not_labels() -> None:
    game = elementa.load_game("warriors", players=2)
    state = game.new_initial_state(1)
    extractor = make_extractor("warriors", 2, game.options_dict())
    card = game.catalog.cards[7]
    action = game.action_space.make("equip", 7, label="a label that names nothing")
    extractor.on_action(state, 1, action)
    assert extractor.uses["cards played"] == [{}, {card.name: 1}]


@pytest.mark.parametrize(
    ("name", "category"),
    [
        ("warriors", "cards played"),
        ("elemental-card-dice", "cards played"),
        ("elementalis", "spells cast"),
        ("elemental-warriors-ii", "powers used"),
        ("elemenders", "terrain made"),
    ],
)
def test_the_catalog_names_every_item_used_or_not(name: str, category: str) -> None:
    game, g = one_game(name, 2)
    catalog = extractor_class(name).catalog(game.action_space)
    used = {item for seat in g.uses.get(category, []) for item, n in seat.items() if n}
    assert used <= set(catalog[category])
    assert len(catalog[category]) == len(set(catalog[category]))
    if category == "cards played" and name == "warriors":
        assert len(catalog[category]) == len(game.catalog.cards)  # every card, played or not


def test_the_report_lists_items_nobody_used_with_no_win_rate() -> None:
    game, g = one_game("elemental-card-dice", 2)
    settings = {"game": "elemental-card-dice", "options": game.options_dict()}
    uses = build_report([g], ["greedy", "greedy"], settings)["uses"]["cards played"]
    names = [i["item"] for i in uses["items"]]
    assert sorted(names) == sorted(dict.fromkeys(c.name for c in game.cards))
    never = [i for i in uses["items"] if i["uses"] == 0]
    assert never and all(i["used"] is None and i["association"] is None for i in never)
    assert uses["distinct"] == len(names) - len(never)
    assert [i["uses"] for i in uses["items"]] == sorted((i["uses"] for i in uses["items"]), reverse=True)
