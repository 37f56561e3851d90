"""Statistics of simulated games: Wilson intervals, means, win shares and summaries."""

from __future__ import annotations

import math

import pytest

from elementa.sim import GameRecord, mean_sd, summarize, wilson_interval, win_shares


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        (8, 10, 0.4902, 0.9433),  # textbook values (Wilson 1927; Newcombe 1998, 95%)
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_interval_known_values(successes: float, trials: int, low: float, high: float) -> None:
    lo, hi = wilson_interval(successes, trials)
    assert lo == pytest.approx(low, abs=5e-5)
    assert hi == pytest.approx(high, abs=5e-5)


def test_wilson_interval_with_fractional_successes_lies_between_neighbours() -> None:
    lo, hi = wilson_interval(5.5, 10)
    assert wilson_interval(5, 10)[0] < lo < wilson_interval(6, 10)[0]
    assert wilson_interval(5, 10)[1] < hi < wilson_interval(6, 10)[1]


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)
    with pytest.raises(ValueError):
        wilson_interval(-1, 10)


def test_mean_and_sample_sd() -> None:
    mean, sd = mean_sd([2, 4, 4, 4, 5, 5, 7, 9])
    assert mean == 5
    assert sd == pytest.approx(math.sqrt(32 / 7))
    assert mean_sd([]) == (0.0, 0.0)
    assert mean_sd([3.0]) == (3.0, 0.0)


def test_win_shares_rescale_returns() -> None:
    assert win_shares([0.5, 0.5, 0.0], (0.0, 1.0)) == [0.5, 0.5, 0.0]
    assert win_shares([1.0, -1.0], (-1.0, 1.0)) == [1.0, 0.0]
    assert win_shares([0.0, 0.0], (-1.0, 1.0)) == [0.5, 0.5]
    with pytest.raises(ValueError):
        win_shares([1.0], (1.0, 1.0))


def record(i: int, shares: tuple[float, ...], roles: tuple[str, ...] | None, decisions: int) -> GameRecord:
    return GameRecord(i, i, shares, shares, roles, decisions, decisions + 3)


def test_summarize_counts_seats_roles_shared_wins_and_lengths() -> None:
    records = [
        record(0, (1.0, 0.0), ("fire", "water"), 10),
        record(1, (0.5, 0.5), ("water", "fire"), 20),
        record(2, (0.0, 1.0), ("fire", "fire"), 30),
    ]
    s = summarize(records, ["greedy", "random"])
    assert s.games == 3
    assert [(r.label, r.agent, r.games, r.wins) for r in s.seats] == [
        ("1", "greedy", 3, 1.5),
        ("2", "random", 3, 1.5),
    ]
    assert s.seats[0].rate == 0.5
    assert (s.seats[0].low, s.seats[0].high) == wilson_interval(1.5, 3)
    assert [(r.label, r.games, r.wins) for r in s.roles] == [("fire", 4, 2.5), ("water", 2, 0.5)]
    assert s.shared == 1
    assert s.decisions == (20.0, 10.0)
    assert s.steps == (23.0, 10.0)


def test_summarize_without_roles() -> None:
    s = summarize([record(0, (1.0, 0.0), None, 5)], ["random", "random"])
    assert s.roles == []
    assert [r.wins for r in s.seats] == [1.0, 0.0]
