"""Option parsing: coercion of command-line strings, choices, ranges, unknown names, messages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import elementa
from elementa import ConfigError
from elementa.core import option
from elementa.core.options import describe_options, options_dict, parse_options


@dataclass(frozen=True)
class Opts:
    players: int = option(2, "number of players", minimum=2, maximum=5)
    sides: int = option(6, "sides of the die", choices=(4, 6, 8))
    fast: bool = option(False, "skip animations")
    mode: str = option("classic", "rules to use", choices=("classic", "wild"))
    max_rounds: int = option(10, "round limit", minimum=1)
    weight: float = option(0.5, "a weight", minimum=0.0, maximum=1.0)
    note: str = option("", "free text")


def parse(**raw: Any) -> Opts:
    return parse_options(Opts, raw, game="test-game")


def refused(**raw: Any) -> ConfigError:
    with pytest.raises(ConfigError) as caught:
        parse(**raw)
    return caught.value


def test_defaults() -> None:
    assert parse() == Opts()


def test_strings_are_coerced_as_on_a_command_line() -> None:
    got = parse(players="3", sides="8", fast="yes", weight="0.25", mode="wild", note="hi")
    assert got == Opts(players=3, sides=8, fast=True, weight=0.25, mode="wild", note="hi")


TRUE_WORDS = ["true", "yes", "on", "1", "TRUE", "Yes"]
FALSE_WORDS = ["false", "no", "off", "0", "False"]


@pytest.mark.parametrize(
    ("text", "value"), [(w, True) for w in TRUE_WORDS] + [(w, False) for w in FALSE_WORDS]
)
def test_boolean_words(text: str, value: bool) -> None:
    assert parse(fast=text).fast is value
    assert parse(fast=value).fast is value


def test_a_float_option_takes_an_int() -> None:
    assert parse(weight=1).weight == 1.0
    assert isinstance(parse(weight=1).weight, float)


def test_dash_names_are_accepted() -> None:
    assert parse(**{"max-rounds": "4"}).max_rounds == 4


@pytest.mark.parametrize(
    ("name", "value", "why"),
    [
        ("fast", "maybe", "is not a boolean"),
        ("fast", 1, "is not a boolean"),
        ("players", True, "is not an integer"),
        ("players", 3.0, "is not an integer"),
        ("players", "3.5", "is not an integer"),
        ("players", "three", "is not an integer"),
        ("weight", "heavy", "is not a number"),
        ("weight", False, "is not a number"),
        ("note", 5, "is not a string"),
    ],
)
def test_wrong_types_are_refused_naming_the_option_and_allowed_values(
    name: str, value: Any, why: str
) -> None:
    error = refused(**{name: value})
    allowed = {i.name: i.allowed() for i in describe_options(Opts)}[name]
    assert error.option == name
    assert str(error) == f"test-game: option {name}={value!r} {why}; allowed: {allowed}"


@pytest.mark.parametrize(
    ("raw", "name", "message"),
    [
        ({"sides": 5}, "sides", "option sides=5 is not allowed; allowed: 4, 6, 8"),
        ({"sides": "5"}, "sides", "option sides=5 is not allowed; allowed: 4, 6, 8"),
        ({"mode": "Wild"}, "mode", "option mode='Wild' is not allowed; allowed: classic, wild"),
    ],
)
def test_values_outside_the_choices_are_refused(raw: dict[str, Any], name: str, message: str) -> None:
    error = refused(**raw)
    assert error.option == name
    assert message in str(error)
    assert error.choices == list({i.name: i for i in describe_options(Opts)}[name].choices or ())


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"players": 1}, "option players=1 is out of range; allowed: 2..5"),
        ({"players": "6"}, "option players=6 is out of range; allowed: 2..5"),
        ({"max-rounds": 0}, "option max_rounds=0 is out of range; allowed: 1.."),
        ({"weight": 1.5}, "option weight=1.5 is out of range; allowed: 0..1"),
    ],
)
def test_values_outside_the_range_are_refused(raw: dict[str, Any], message: str) -> None:
    error = refused(**raw)
    assert message in str(error)
    assert str(error).startswith("test-game: ")


@given(st.integers(-50, 50))
def test_players_accepted_exactly_within_the_range(players: int) -> None:
    if 2 <= players <= 5:
        assert parse(players=players).players == players
        assert parse(players=str(players)).players == players
    else:
        assert refused(players=players).option == "players"


@pytest.mark.parametrize("name", ["playerz", "max-roundz"])
def test_unknown_options_are_named_and_the_valid_ones_listed(name: str) -> None:
    error = refused(**{name: 2})
    assert error.option == name
    assert error.code == "config/unknown-option"
    assert error.choices == ["players", "sides", "fast", "mode", "max_rounds", "weight", "note"]
    valid = "players, sides, fast, mode, max_rounds, weight, note"
    assert str(error) == f"test-game: unknown option {name!r}; valid options: {valid}"


def test_describe_options_lists_every_option_in_order() -> None:
    infos = describe_options(Opts)
    assert [(i.name, i.type, i.default) for i in infos] == [
        ("players", "int", 2),
        ("sides", "int", 6),
        ("fast", "bool", False),
        ("mode", "str", "classic"),
        ("max_rounds", "int", 10),
        ("weight", "float", 0.5),
        ("note", "str", ""),
    ]
    assert [i.allowed() for i in infos] == [
        "2..5",
        "4, 6, 8",
        "false, true",
        "classic, wild",
        "1..",
        "0..1",
        "any str",
    ]
    assert infos[0].help == "number of players"
    assert infos[2].choices == (False, True)


def test_options_dict_is_plain_data() -> None:
    assert options_dict(parse(players=4)) == {
        "players": 4,
        "sides": 6,
        "fast": False,
        "mode": "classic",
        "max_rounds": 10,
        "weight": 0.5,
        "note": "",
    }


def test_load_game_validates_options_with_the_game_name_in_messages() -> None:
    game = elementa.load_game("toy-dice", players="3", sides="4")
    assert (game.options.players, game.options.sides) == (3, 4)
    assert game.num_players == 3
    with pytest.raises(ConfigError, match="toy-dice: option sides=5 is not allowed; allowed: 4, 6"):
        elementa.load_game("toy-dice", sides=5)


@dataclass(frozen=True)
class WithFix:
    edition: int = option(2, "edition", choices=(1, 2), fix="use 1 or 2; a later one: upgrade")
    level: int = option(1, "level", minimum=1, maximum=3, fix="pick 1 to 3")


@pytest.mark.parametrize(
    ("raw", "end"),
    [
        (
            {"edition": 3},
            "edition=3 is not allowed; allowed: 1, 2; fix: use 1 or 2; a later one: upgrade",
        ),
        (
            {"edition": "x"},
            "edition='x' is not an integer; allowed: 1, 2; fix: use 1 or 2; a later one: upgrade",
        ),
        ({"level": 0}, "level=0 is out of range; allowed: 1..3; fix: pick 1 to 3"),
    ],
)
def test_an_option_s_fix_follows_the_allowed_values(raw: dict[str, Any], end: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_options(WithFix, raw, game="test-game")
    assert str(caught.value) == f"test-game: option {end}"
    assert caught.value.option == next(iter(raw))
    assert describe_options(WithFix)[1].fix == "pick 1 to 3"
