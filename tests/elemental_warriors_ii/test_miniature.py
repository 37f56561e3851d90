"""The miniatures small enough for CFR (ruling R38): a setup of named layouts only, the layouts
offered, and a last round that ends after Allocate Damage; the presets ``tiny`` and ``small``.

source: elemental-warriors-ii.txt, the setup, 4) Recovery, winning; rulings R3, R28, R38.
"""

from __future__ import annotations

import random

import pytest

from elementa import SIMULTANEOUS, ConfigError, load_game
from elementa.core import CHANCE, State
from elementa.games.elemental_warriors_ii.sheet import PRESET_NAMES


def _setup_menu(**options: object) -> list[str]:
    s = load_game("elemental-warriors-ii", **options).new_initial_state(0)
    assert s.current_player() == SIMULTANEOUS
    return [a.kind if a.kind != "preset" else PRESET_NAMES[a.args[0]] for a in s.legal_actions(0)]


def test_the_default_setup_offers_every_layout_and_every_coin() -> None:
    menu = _setup_menu()
    assert menu[:5] == list(PRESET_NAMES)
    assert "place" in menu


def test_setup_layouts_offers_only_the_layouts_named_in_their_order() -> None:
    assert _setup_menu(setup="layouts", layouts="onslaught, bulwark") == ["bulwark", "onslaught"]
    assert _setup_menu(setup="layouts") == list(PRESET_NAMES)
    menu = _setup_menu(layouts="duelist")  # coin by coin as well
    assert menu[0] == "duelist" and "place" in menu and "balanced" not in menu


@pytest.mark.parametrize("layouts", ["castle", "bulwark,castle", "bulwark,bulwark"])
def test_an_unknown_or_repeated_layout_is_refused_naming_the_option(layouts: str) -> None:
    with pytest.raises(ConfigError) as e:
        load_game("elemental-warriors-ii", setup="layouts", layouts=layouts)
    assert e.value.option == "layouts"
    assert "balanced" in str(e.value)  # lists the allowed names


def _play(s: State, seed: int) -> list[str]:
    """Play at random to the end; return the kinds of the decisions taken."""
    rng = random.Random(seed)
    kinds = []
    while not s.is_terminal():
        p = s.current_player()
        if p == CHANCE:
            s.apply_action(s.sample_chance_outcome(rng).id)
            continue
        seat = s.players_to_move()[0] if p == SIMULTANEOUS else p
        a = rng.choice(s.legal_actions(seat))
        kinds.append(a.kind)
        s.apply_action(a.id, player=seat)
    return kinds


@pytest.mark.parametrize("seed", range(6))
def test_the_tiny_game_ends_after_allocate_damage_the_most_change_winning(seed: int) -> None:
    game = load_game("elemental-warriors-ii", **load_game("elemental-warriors-ii").presets["tiny"])
    s = game.new_initial_state(seed)
    kinds = _play(s, seed)
    assert kinds[:2] == ["preset", "preset"]
    assert not {"decline", "rebalance", "recompile", "draw"} & set(kinds)  # no Recovery
    change = [s.observation(0)["players"][p]["change"] for p in (0, 1)]
    expected = [25.0 if change[p] > change[1 - p] else 0.0 for p in (0, 1)]
    assert s.returns() == expected


def test_with_the_last_recovery_the_one_round_has_its_recovery() -> None:
    options = dict(load_game("elemental-warriors-ii").presets["tiny"], last_recovery=True)
    kinds = _play(load_game("elemental-warriors-ii", **options).new_initial_state(3), 3)
    assert {"decline", "rebalance", "recompile"} & set(kinds)
