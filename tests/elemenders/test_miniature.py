"""The miniature small enough for CFR (ruling ELM-22): a 3x3 board with two monoliths a side, the
starting units an option, spawning an option; the preset ``tiny``.

Source: elemenders.txt, Setup, Spawning, Monoliths and Winning; rulings ELM-2, ELM-15, ELM-22.
"""

from __future__ import annotations

import pytest

from elementa.core import CHANCE, ConfigError, load_game
from tests.elemenders.helpers import act

TINY = load_game("elemenders").presets["tiny"]


def test_the_tiny_board_has_two_monoliths_a_side_around_one_unit_square() -> None:
    s = load_game("elemenders", **TINY).new_initial_state(0)
    obs = s.observation(None)
    assert (obs["cols"], obs["rows"]) == (3, 3)
    by_owner = {p: sorted(m["square"] for m in obs["monoliths"] if m["owner"] == p) for p in (0, 1)}
    assert by_owner == {0: ["A1", "C1"], 1: ["A3", "C3"]}
    assert [a.label for a in s.legal_actions(s.current_player())] == [
        "mark the monolith at A1 as your true monolith",
        "mark the monolith at C1 as your true monolith",
    ]


def test_each_player_places_the_units_the_option_gives_then_play_starts() -> None:
    s = load_game("elemenders", **TINY).new_initial_state(0)
    act(s, "mark", 0)
    act(s, "mark", 1)
    act(s, "first", 1)
    assert [a.label for a in s.legal_actions()] == ["place a fire unit at B3"]
    act(s, "place", 0, 1)
    act(s, "place", 0, 1)
    assert s.observation(None)["phase"] == "turn"
    units = s.observation(None)["units"]
    assert sorted((u["square"], u["element"]) for u in units) == [("B1", "fire"), ("B3", "fire")]


def test_without_spawning_no_coin_is_flipped_and_the_game_ends_at_its_turn_limit() -> None:
    s = load_game("elemenders", **TINY).new_initial_state(0)
    act(s, "mark", 0)
    act(s, "mark", 0)
    act(s, "first", 0)
    act(s, "place", 0, 1)
    act(s, "place", 0, 1)
    for _ in range(4):  # four turns of ending at once: no spawn flip between rounds
        assert s.current_player() != CHANCE
        act(s, "end_turn")
    assert s.is_terminal() and s.returns() == [0.5, 0.5]


def test_the_default_game_keeps_six_units_and_spawning() -> None:
    game = load_game("elemenders")
    assert game.starting_units == (2, 2, 2)
    assert game.board.monolith_cols == (1, 3, 5, 7, 9)
    assert game.options.spawning


@pytest.mark.parametrize(
    "options",
    [{"units": "1,0"}, {"units": "a,b,c"}, {"units": "0,0,0"}, {"units": "1,1,0", "board_cols": 3}],
)
def test_bad_starting_units_are_refused_naming_the_option(options: dict[str, object]) -> None:
    with pytest.raises(ConfigError) as e:
        load_game("elemenders", **options)
    assert e.value.option == "units"


def test_other_widths_are_refused() -> None:
    with pytest.raises(ConfigError) as e:
        load_game("elemenders", board_cols=5)
    assert e.value.option == "board_cols"
