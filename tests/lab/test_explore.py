"""Sweeps and tuning: draw and limit rates as rows and targets; tuning tries distinct settings and
re-checks its recommendation on fresh games."""

from __future__ import annotations

from typing import Any

import pytest

from elementa.core import ConfigError
from elementa.lab.explore import Target, compare, tune
from elementa.lab.report import rate


def report(draws: int, limits: int, games: int = 10) -> dict[str, Any]:
    """A minimal report: no attributes, seat 1 always first, ``draws`` and ``limits`` of ``games``."""
    seat = {"label": "1", **rate(5, games)}
    return {
        "seats": [seat],
        "first_player": {**rate(5, games), "always_seat_1": True},
        "attributes": {},
        "endings": {"draw": rate(draws, games), "limit": rate(limits, games)},
        "lengths": {"decisions": {"n": 0}},
        "metrics": {},
    }


def test_a_sweep_compares_draw_and_limit_rates() -> None:
    rows = {r["name"]: r for r in compare(report(1, 0), report(4, 6))["rates"]}
    assert rows["draw rate"]["diff"] == pytest.approx(0.3)
    assert rows["limit rate"]["diff"] == pytest.approx(0.6)
    assert rows["limit rate"]["low"] < 0.6 < rows["limit rate"]["high"]


@pytest.mark.parametrize(
    ("text", "draws", "limits", "miss"),
    [
        ("draw<=0.1", 3, 0, 0.2),
        ("draw>=0.5", 3, 0, 0.2),
        ("limit=0.2+-0.05", 0, 6, 0.35),
        ("limit<=0.7", 0, 6, 0.0),
    ],
)
def test_draw_and_limit_targets(text: str, draws: int, limits: int, miss: float) -> None:
    assert Target.parse(text).miss(report(draws, limits)) == pytest.approx(miss)


@pytest.mark.parametrize("text", ["role=0.5+-0.1", "first<=0.5", "draw<=0.1+-0.2", "ties<=0.1"])
def test_malformed_targets_are_refused(text: str) -> None:
    with pytest.raises(ConfigError, match="limit<=X"):
        Target.parse(text)


def test_tuning_plays_each_setting_once_and_stops_when_the_space_is_spent() -> None:
    played: list[tuple[int, int]] = []

    def evaluate(params: dict[str, Any], round_: int) -> dict[str, Any]:
        played.append((params["x"], round_))
        return report(params["x"], 0)

    result = tune({"x": ("int", (0, 4))}, [Target.parse("draw<=0")], evaluate, trials=8, recheck=0)
    searched = [x for x, r in played if r == 0]
    assert sorted(searched) == [0, 1, 2, 3, 4]  # five settings, each once, though 8 trials were asked
    assert len(result["trials"]) == 5 and result["best"]["params"] == {"x": 0}


def test_the_recommendation_is_rechecked_on_fresh_games() -> None:
    """On the search's games x=1 and x=2 both meet the target (x=1 tried first); on fresh games only
    x=2 does, so x=2 is recommended, with its fresh result."""

    def evaluate(params: dict[str, Any], round_: int) -> dict[str, Any]:
        x = params["x"]
        draws = {0: 5, 1: 0, 2: 0, 3: 9}[x] if round_ == 0 else {0: 5, 1: 3, 2: 0, 3: 9}[x]
        return report(draws, 0)

    result = tune({"x": ("int", (0, 3))}, [Target.parse("draw<=0")], evaluate, trials=4, recheck=3)
    assert len(result["rechecked"]) == 3
    assert result["best"]["params"] == {"x": 2}
    assert result["best"]["miss"] == 0.0 and result["best"]["search_miss"] == 0.0
    assert {tuple(r["params"].values()) for r in result["rechecked"]} == {(1,), (2,), (0,)}
