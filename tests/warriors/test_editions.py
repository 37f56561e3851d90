"""Deck editions: a new game gets the newest decks, an older save the decks it was played with.

The ready-made decks are part of every Warriors game (``decks=""`` deals them in turn), so each
rebalance is a new edition (the ``edition`` option), and a save or server table made before editions
existed loads with edition 1, the first lists (docs/rulings/warriors.md, WAR-A1). A save records
every option (``Game.options_dict``), so one made with edition 2 or 3 keeps it after the default moved on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import elementa
from elementa import ConfigError, SaveFileError, State
from elementa.core import load_recorded_game, persistence, resolve_chance
from elementa.games.warriors.cards import LATEST_EDITION

FIXTURE = Path(__file__).parent.parent / "fixtures" / "v1_warriors.json"
EDITION_FIXTURES = {e: FIXTURE.parent / f"warriors_edition{e}.json" for e in (2, 3)}
"""Five-player saves (Wild Hunt in seat 5) of seeded random play, each made while its edition was the
default, with what each seat and a spectator saw at its end."""
DECKS = ("draconian-rifles", "corrupted-gang", "arcane-circle", "iron-vanguard", "wild-hunt")


def old_save() -> dict[str, Any]:
    """The version-1 Warriors save of the fixtures: made before deck editions, so without ``edition``."""
    save: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))["save"]
    assert "edition" not in save["options"]
    return save


def deck(edition: int, name: str) -> dict[str, int]:
    """The cards of one edition's ready-made deck, by card name."""
    game = elementa.load_game("warriors", edition=edition)
    catalog = game.catalog  # type: ignore[attr-defined]
    return {catalog.cards[cid].name: n for cid, n in catalog.decks[name].cards}


def dealt(edition: int, seed: int) -> State:
    """A game of the default decks of one edition, dealt (every chance node before the first move)."""
    state = elementa.load_game("warriors", edition=edition).new_initial_state(seed)
    while state.is_chance_node():
        resolve_chance(state)
    return state


def test_a_new_game_gets_the_newest_edition_and_its_save_records_it(tmp_path: Path) -> None:
    game = elementa.load_game("warriors")
    assert game.options.edition == LATEST_EDITION == 4
    assert game.catalog.decks["wild-hunt"].cards == (  # type: ignore[attr-defined]
        elementa.load_game("warriors", edition=4).catalog.decks["wild-hunt"].cards  # type: ignore[attr-defined]
    )
    for edition in (1, 2, 3, 4):
        state = dealt(edition, 5)
        path = elementa.save(state, tmp_path / f"e{edition}.json")
        assert json.loads(path.read_text(encoding="utf-8"))["options"]["edition"] == edition
        again = elementa.load(path)
        assert again.game.options.edition == edition and again.history() == state.history()


def test_edition_1_has_the_first_deck_lists_and_2_issue_40_s() -> None:
    first, second = deck(1, "iron-vanguard"), deck(2, "iron-vanguard")
    assert first["Excalibur"] == 1 and first["Plate Armor"] == 2  # the deck that won 0.96 of its games
    assert "Excalibur" not in second and second["Plate Armor"] == 1
    assert "Plasma Cannon" not in deck(1, "draconian-rifles")
    assert deck(2, "draconian-rifles")["Plasma Cannon"] == 1
    # the same seed deals Draconian Rifles another hand from the other list
    assert dealt(1, 5).observation(0)["hand"] != dealt(2, 5).observation(0)["hand"]


@pytest.mark.parametrize("edition", [3, 4])
def test_editions_3_and_4_change_only_wild_hunt_s_list(edition: int) -> None:
    for name in DECKS[:-1]:
        assert deck(edition, name) == deck(edition - 1, name), name
    assert deck(edition, "wild-hunt") != deck(edition - 1, "wild-hunt")


@pytest.mark.parametrize("edition", sorted(EDITION_FIXTURES))
def test_a_save_made_with_an_older_edition_replays_as_it_did_after_the_default_moved_on(edition: int) -> None:
    fixture = json.loads(EDITION_FIXTURES[edition].read_text(encoding="utf-8"))
    save = fixture["save"]
    assert save["options"]["edition"] == edition < LATEST_EDITION and save["options"]["players"] == 5
    state = persistence.from_dict(save)
    assert state.game.options.edition == edition and state.roles()[4] == "Wild Hunt"
    assert state.current_player() == fixture["current_player"] and state.returns() == fixture["returns"]
    for viewer in [*range(5), None]:
        assert json.loads(json.dumps(state.observation(viewer))) == fixture["observations"][str(viewer)]
    assert persistence.to_dict(state)["options"]["edition"] == edition  # saved again, it stays so
    # the edition is what makes it replay: with the next edition's Wild Hunt the same history goes astray
    with pytest.raises(SaveFileError) as caught:
        persistence.from_dict({**save, "options": {**save["options"], "edition": edition + 1}})
    assert caught.value.field is not None and caught.value.field.startswith("history[")


def test_an_old_save_loads_with_edition_1_and_replays_as_it_did() -> None:
    save = old_save()
    state = persistence.from_dict(save)
    assert state.game.options.edition == 1
    fixture = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert state.observation(0) == fixture["observations"]["0"]
    # the edition is what makes it replay: with today's decks the same history goes astray
    with pytest.raises(SaveFileError) as caught:
        persistence.from_dict({**save, "options": {**save["options"], "edition": 2}})
    assert caught.value.field is not None and caught.value.field.startswith("history[")
    # a version-2 save from before editions is read the same way
    v2 = {**save, "version": 2, "action_format": 1}
    assert persistence.from_dict(v2).game.options.edition == 1
    # saved again, it says so, and a newer Elementa's default does not change it
    assert persistence.to_dict(state)["options"]["edition"] == 1


def test_only_a_record_without_the_option_gets_the_legacy_edition() -> None:
    assert load_recorded_game("warriors", {}).options.edition == 1
    assert load_recorded_game("warriors", {"edition": 2}).options.edition == 2
    assert elementa.load_game("warriors").options.edition == 4  # a new game is not a record


@pytest.mark.parametrize("bad", [0, 5, "first"])
def test_a_bad_edition_is_refused_naming_the_option_and_the_fix(bad: Any) -> None:
    with pytest.raises(ConfigError) as caught:
        elementa.load_game("warriors", edition=bad)
    error = caught.value
    assert error.option == "edition"
    assert "allowed: 1, 2, 3, 4" in str(error)
    assert "fix: use 1 for the first deck lists or 4 for the newest" in str(error)


def test_a_save_from_a_newer_edition_is_refused_with_the_upgrade() -> None:
    save = old_save()
    with pytest.raises(SaveFileError) as caught:
        persistence.from_dict({**save, "options": {**save["options"], "edition": LATEST_EDITION + 1}})
    assert caught.value.field == "options.edition"
    assert "needs a newer Elementa (pip install -U elementa)" in str(caught.value)
