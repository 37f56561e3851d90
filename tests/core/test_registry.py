"""The game registry: listing, loading, and the errors for unknown or clashing names."""

from __future__ import annotations

import pytest

import elementa
from elementa import ConfigError, GameInfo
from elementa.core import register_game
from tests.support.toy import ToyGame


def test_unknown_game_lists_the_games() -> None:
    names = [entry.info.name for entry in elementa.list_games()]
    with pytest.raises(ConfigError) as caught:
        elementa.load_game("chess")
    error = caught.value
    assert str(error) == f"unknown game 'chess'; available games: {', '.join(names)}"
    assert (error.option, error.code, error.choices) == ("game", "config/unknown-game", names)


def test_list_games_is_sorted_and_includes_the_toy_game_with_its_options() -> None:
    listing = elementa.list_games()
    names = [entry.info.name for entry in listing]
    assert names == sorted(names)
    toy = listing[names.index("toy-dice")]
    assert toy.info is ToyGame.info
    assert [(o.name, o.default, o.allowed()) for o in toy.options] == [
        ("players", 2, "2..4"),
        ("sides", 6, "4, 6"),
    ]


def test_registering_the_same_class_again_is_harmless() -> None:
    assert register_game(ToyGame) is ToyGame
    assert isinstance(elementa.load_game("toy-dice"), ToyGame)


def test_another_class_under_a_taken_name_is_refused() -> None:
    class Impostor(ToyGame):
        info = GameInfo("toy-dice", "Impostor", 2, 4, "not the toy game")

    with pytest.raises(ValueError, match="two games are registered as 'toy-dice'"):
        register_game(Impostor)
    assert type(elementa.load_game("toy-dice")) is ToyGame


def test_register_games_from_names_the_bad_target() -> None:
    import pytest

    from elementa.core import ConfigError, register_games_from

    cases = [("no_colon", "MODULE:CLASS"), ("nope.nowhere:X", "nope"), ("random:NoSuchGame", "NoSuchGame")]
    for target, message in cases:
        with pytest.raises(ConfigError, match=message):
            register_games_from([target])
