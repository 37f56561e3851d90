"""The core of positions: field paths of pydantic errors, and the examples of docs/positions.md."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict, StrictInt

import elementa
from elementa.core.positions import field_path, validate
from tests.support.positions import documented_example


class _Toy(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    units: list[dict[str, StrictInt]]


def test_field_paths() -> None:
    assert field_path(("units", 3, "square")) == "units[3].square"
    assert field_path(()) == ""
    assert field_path(("players", 0, "amplifiers", "wind", "[key]")) == "players[0].amplifiers.wind"
    with pytest.raises(elementa.PositionError) as e:
        validate(_Toy, {"units": [{"a": 1}, {"a": "x"}]})
    assert (e.value.field, e.value.reason) == ("units[1].a", "should be a whole number")
    assert isinstance(e.value, elementa.ElementaError) and e.value.code == "position/invalid"
    with pytest.raises(elementa.PositionError) as e:
        validate(_Toy, [])
    assert e.value.field == ""


@pytest.mark.parametrize(
    ("section", "game"),
    [
        ("Elemenders", "elemenders"),
        ("ElementaliS", "elementalis"),
        ("Elemental Card-Dice Game", "elemental-card-dice"),
        ("Warriors", "warriors"),
        ("Elemental Warriors II", "elemental-warriors-ii"),
    ],
)
def test_the_documented_examples_set_up(section: str, game: str) -> None:
    """Each game's JSON example in docs/positions.md is a position that game reads back."""
    data = documented_example(section)
    state = elementa.load_game(game).new_position(data)
    back = state.position()
    assert {k: back[k] for k in data if not isinstance(data[k], list | dict)} == {
        k: v for k, v in data.items() if not isinstance(v, list | dict)
    }
