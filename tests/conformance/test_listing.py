"""What every game declares: its listing, its options and their validation."""

from __future__ import annotations

from typing import Any

import pytest

import elementa
from elementa import ConfigError, GameInfo
from elementa.core import OptionInfo
from elementa.core.registry import game_class
from tests.conformance.configs import Config, players_range

OPTION_TYPES = {"int": int, "bool": bool, "str": str, "float": float}


def listing(name: str) -> elementa.core.GameListing:
    return next(entry for entry in elementa.list_games() if entry.info.name == name)


def test_listing_describes_the_game(game_name: str) -> None:
    """Info fields are filled in and consistent; every option has a type, a valid default and help."""
    entry = listing(game_name)
    info = entry.info
    assert isinstance(info, GameInfo)
    assert info is game_class(game_name).info
    assert info.title.strip() and info.summary.strip()
    assert 1 <= info.min_players <= info.max_players
    assert all(isinstance(x, bool) for x in (info.chance, info.simultaneous, info.perfect_information))

    names = [o.name for o in entry.options]
    assert len(set(names)) == len(names), f"repeated option names {names}"
    assert "players" in names, "every game has a players option"
    for opt in entry.options:
        assert isinstance(opt, OptionInfo)
        assert opt.help.strip(), f"option {opt.name} has no help text"
        assert opt.type in OPTION_TYPES, f"option {opt.name} has type {opt.type}"
        assert type(opt.default) is OPTION_TYPES[opt.type], f"option {opt.name}: default {opt.default!r}"
        assert opt.choices is None or opt.default in opt.choices, f"option {opt.name}: default not a choice"
        assert opt.minimum is None or opt.default >= opt.minimum, f"option {opt.name}: default below minimum"
        assert opt.maximum is None or opt.default <= opt.maximum, f"option {opt.name}: default above maximum"
        assert opt.allowed().strip()
    lo, hi, _ = players_range(game_name)
    assert (lo, hi) == (info.min_players, info.max_players), "players option range differs from GameInfo"


def test_game_class_declares_rules_summary_and_utility_range(game_name: str) -> None:
    """The defaults load; the rules summary is text; the utility range is a proper interval."""
    game = elementa.load_game(game_name)
    assert game.name == game_name
    assert game.options == game_class(game_name).options_class()
    summary = game.rules_summary()
    assert isinstance(summary, str) and summary.strip()
    lo, hi = game.utility_range()
    assert lo < hi
    assert game.num_distinct_actions > 0


def test_presets_name_known_options(game_name: str) -> None:
    """Every preset loads (with only known option names, checked by load_game)."""
    for name, options in game_class(game_name).presets.items():
        assert name.strip() and options, f"preset {name!r} is empty"
        elementa.load_game(game_name, **options)


def test_unknown_option_is_refused_by_name(game_name: str) -> None:
    with pytest.raises(ConfigError, match="no_such_option") as caught:
        elementa.load_game(game_name, no_such_option=1)
    assert caught.value.option == "no_such_option"


def bad_values(opt: OptionInfo) -> list[Any]:
    """Return values the option must refuse: outside its choices or range, or of the wrong type."""
    bad: list[Any] = []
    if opt.type == "bool":
        return ["maybe", 2]
    if opt.choices is not None:
        if opt.type == "str":
            bad.append("no-such-choice")
        else:
            bad.append(max(opt.choices) + 1)
            bad.append(min(opt.choices) - 1)
    if opt.minimum is not None:
        bad.append(opt.minimum - 1)
    if opt.maximum is not None:
        bad.append(opt.maximum + 1)
    bad.append(12 if opt.type == "str" else "not-a-number")
    return [v for v in bad if opt.choices is None or v not in opt.choices]


def test_invalid_option_values_are_refused_by_name(game_name: str) -> None:
    """Each option refuses a value outside its choices or range, naming the option and what is allowed."""
    for opt in listing(game_name).options:
        for value in bad_values(opt):
            with pytest.raises(ConfigError) as caught:
                elementa.load_game(game_name, **{opt.name: value})
            message = str(caught.value)
            assert caught.value.option == opt.name, f"{opt.name}={value!r}: option is {caught.value.option}"
            assert opt.name in message and opt.allowed() in message, f"{opt.name}={value!r}: {message}"


def cli_text(value: Any) -> str:
    """Return an option value as a command line would give it."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def test_options_load_from_strings_and_from_their_dict(config: Config) -> None:
    """Options given as command-line strings, or as the dict a save file records, load the same game."""
    game = config.load()
    as_dict = game.options_dict()
    assert elementa.load_game(config.game, **as_dict).options == game.options
    as_text = {name.replace("_", "-"): cli_text(v) for name, v in as_dict.items()}
    assert elementa.load_game(config.game, **as_text).options == game.options
