"""Typed observations: a view's JSON form (views, tuples and dicts converted, field order kept)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass

import pytest

import elementa
from elementa.core import View
from elementa.core.views import to_json


@dataclass(frozen=True, slots=True)
class Card(View):
    name: str
    cost: int | None


@dataclass(frozen=True, slots=True)
class Table(View):
    seat: int | None
    hand: tuple[Card, ...]
    scores: dict[str, int]
    grid: tuple[tuple[int, ...], ...]


def test_the_json_form_converts_views_tuples_and_dicts_in_field_order() -> None:
    table = Table(0, (Card("Ace", 3), Card("Two", None)), {"fire": 2}, ((1, 2), (3,)))
    assert table.to_json() == {
        "seat": 0,
        "hand": [{"name": "Ace", "cost": 3}, {"name": "Two", "cost": None}],
        "scores": {"fire": 2},
        "grid": [[1, 2], [3]],
    }
    assert list(table.to_json()) == ["seat", "hand", "scores", "grid"]
    assert to_json([Card("Ace", 1)]) == [{"name": "Ace", "cost": 1}]
    with pytest.raises(FrozenInstanceError):
        table.seat = 1  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class Seat(View):
    table: Table | None
    cards: dict[str, Card]
    pairs: tuple[tuple[int, ...], ...]
    who: int | str


def test_a_view_reads_back_from_its_json_form_by_its_annotations() -> None:
    table = Table(0, (Card("Ace", 3), Card("Two", None)), {"fire": 2}, ((1, 2), (3,)))
    seat = Seat(table, {"Ace": Card("Ace", 3)}, ((1,), ()), "over")
    assert Seat.from_json(seat.to_json()) == seat
    assert Seat.from_json(Seat(None, {}, (), 1).to_json()) == Seat(None, {}, (), 1)
    assert type(Seat.from_json(seat.to_json()).table.hand) is tuple  # type: ignore[union-attr]
    with pytest.raises(KeyError):
        Card.from_json({"cost": 3})


@dataclass(frozen=True, slots=True)
class Bid(View):
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Pass(View):
    seat: int


@dataclass(frozen=True, slots=True)
class Round(View):
    table: Table
    last: Bid | Pass | None
    hand: tuple[str, ...] | None


def test_from_json_reads_the_json_form_back() -> None:
    table = Table(0, (Card("Ace", 3), Card("Two", None)), {"fire": 2}, ((1, 2), (3,)))
    assert Table.from_json(table.to_json()) == table
    for last in (Bid(1, 4), Pass(0), None):
        r = Round(table, last, ("Ace",))
        assert Round.from_json(r.to_json()) == r
    data = Round(table, None, None).to_json()
    del data["hand"]  # a key left out reads None where the field may be None
    assert Round.from_json(data) == Round(table, None, None)
    del data["table"]
    with pytest.raises(KeyError, match="table"):
        Round.from_json(data)
    with pytest.raises(ValueError, match="keys"):
        Round.from_json({**Round(table, None, None).to_json(), "last": {"who": 1}})


TYPED = ("elemenders", "warriors", "elemental-warriors-ii", "elemental-card-dice", "elementalis")
"""The games that give typed views (docs/architecture.md lists them)."""


@pytest.mark.parametrize("name", TYPED)
def test_a_game_with_views_derives_its_observation_from_them(name: str) -> None:
    state = elementa.load_game(name).new_initial_state(seed=2)
    for seat in (0, 1, None):
        view = state.view(seat)
        assert isinstance(view, View)
        assert view.to_json() == state.observation(seat)
    assert elementa.load_game("toy-dice").new_initial_state(seed=1).view(0) is None
