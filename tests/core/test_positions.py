"""The core of positions: field paths of pydantic errors, and the examples of docs/positions.md."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict, StrictInt

import elementa
from elementa.core.positions import field_path, validate

DOC = Path(__file__).resolve().parents[2] / "docs" / "positions.md"


class _Toy(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    units: list[dict[str, StrictInt]]


def test_field_paths() -> None:
    assert field_path(("units", 3, "square")) == "units[3].square"
    assert field_path(()) == ""
    with pytest.raises(elementa.PositionError) as e:
        validate(_Toy, {"units": [{"a": 1}, {"a": "x"}]})
    assert (e.value.field, e.value.reason) == ("units[1].a", "should be a whole number")
    assert isinstance(e.value, elementa.ElementaError) and e.value.code == "position/invalid"
    with pytest.raises(elementa.PositionError) as e:
        validate(_Toy, [])
    assert e.value.field == ""


@pytest.mark.parametrize(("section", "game"), [("Elemenders", "elemenders"), ("ElementaliS", "elementalis")])
def test_the_documented_examples_set_up(section: str, game: str) -> None:
    """Each game's JSON example in docs/positions.md is a position that game reads back."""
    text = DOC.read_text(encoding="utf-8").split(f"## {section}\n", 1)[1]
    block = re.search(r"```json\n(.*?)```", text, re.S)
    assert block is not None
    data = json.loads(block.group(1))
    state = elementa.load_game(game).new_position(data)
    back = state.position()
    assert {k: back[k] for k in data if not isinstance(data[k], list | dict)} == {
        k: v for k, v in data.items() if not isinstance(v, list | dict)
    }
