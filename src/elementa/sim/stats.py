"""Statistics of simulated games: win shares, Wilson intervals, means, and per-seat/per-role summaries.

Plain functions over plain records, so that they are easy to test and to reuse from notebooks.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score confidence interval of a success rate.

    Args:
        successes: the number of successes; fractional values (shared wins) are allowed.
        trials: the number of trials.
        z: the normal quantile of the confidence level (default: 95%).

    Returns:
        ``(low, high)``, both within [0, 1]; ``(0.0, 1.0)`` when there are no trials.

    Raises:
        ValueError: ``successes`` is negative or larger than ``trials``.

    Example:
        >>> [round(x, 4) for x in wilson_interval(8, 10)]
        [0.4902, 0.9433]
    """
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes={successes} must lie between 0 and trials={trials}")
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_sd(values: Sequence[float]) -> tuple[float, float]:
    """Return the mean and the sample standard deviation (n - 1 in the denominator).

    Returns:
        ``(mean, sd)``; ``(0.0, 0.0)`` for no values and ``(x, 0.0)`` for one value.
    """
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, 0.0)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, math.sqrt(var))


def win_shares(returns: Sequence[float], utility_range: tuple[float, float]) -> list[float]:
    """Return each seat's share of a win in one finished game.

    A seat's share is its return rescaled from the game's utility range to [0, 1]. With the usual
    convention (returns in [0, 1], winners share 1.0) a sole winner scores 1, each of two tied winners
    0.5, and a loser 0.

    Args:
        returns: one return per seat, from ``state.returns()`` at the end.
        utility_range: ``(lowest, highest)`` possible return, from ``game.utility_range()``.
    """
    lo, hi = utility_range
    if hi <= lo:
        raise ValueError(f"utility range {utility_range} is empty")
    return [min(1.0, max(0.0, (r - lo) / (hi - lo))) for r in returns]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """The outcome of one simulated game.

    Attributes:
        index: the game's number in its run (0-based).
        seed: the seed of its chance nodes.
        returns: one return per seat.
        shares: one win share per seat (see :func:`win_shares`).
        roles: each seat's public role, or ``None`` for games without roles.
        decisions: the number of actions taken by players (chance outcomes not counted).
        steps: the number of all actions, chance outcomes included.
    """

    index: int
    seed: int
    returns: tuple[float, ...]
    shares: tuple[float, ...]
    roles: tuple[str, ...] | None
    decisions: int
    steps: int


@dataclass(frozen=True, slots=True)
class RateRow:
    """A win rate with its 95% Wilson interval.

    Attributes:
        label: what the row counts: a seat number (``"1"``) or a role name.
        agent: the agent spec of a seat row, ``None`` for a role row.
        games: the number of seat-games counted.
        wins: the sum of win shares.
        rate: ``wins / games``.
        low: the interval's lower end.
        high: the interval's upper end.
    """

    label: str
    agent: str | None
    games: int
    wins: float
    rate: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Summary:
    """The statistics of a run of games.

    Attributes:
        games: the number of games.
        seats: one :class:`RateRow` per seat, in seat order.
        roles: one :class:`RateRow` per role (sorted by name); empty for games without roles.
        shared: the number of games in which more than one seat had a positive win share.
        decisions: the mean and sd of the number of decisions per game.
        steps: the mean and sd of the number of steps (decisions and chance outcomes) per game.
    """

    games: int
    seats: list[RateRow]
    roles: list[RateRow]
    shared: int
    decisions: tuple[float, float]
    steps: tuple[float, float]


def rate_row(label: str, agent: str | None, wins: float, games: int) -> RateRow:
    """Return a :class:`RateRow` for ``wins`` (a sum of win shares) out of ``games``."""
    low, high = wilson_interval(min(wins, games), games)
    return RateRow(label, agent, games, wins, wins / games if games else 0.0, low, high)


def summarize(records: Iterable[GameRecord], agents: Sequence[str]) -> Summary:
    """Aggregate game records into win rates by seat and by role, and game lengths.

    Args:
        records: the finished games.
        agents: the agent spec of each seat, in seat order.

    Returns:
        The :class:`Summary`.
    """
    records = list(records)
    n = len(records)
    seat_wins = [0.0] * len(agents)
    role_wins: dict[str, float] = {}
    role_games: dict[str, int] = {}
    shared = 0
    for r in records:
        for p, share in enumerate(r.shares):
            seat_wins[p] += share
        if sum(1 for s in r.shares if s > 0) > 1:
            shared += 1
        for role, share in zip(r.roles or (), r.shares, strict=False):
            role_wins[role] = role_wins.get(role, 0.0) + share
            role_games[role] = role_games.get(role, 0) + 1
    return Summary(
        games=n,
        seats=[rate_row(str(p + 1), spec, seat_wins[p], n) for p, spec in enumerate(agents)],
        roles=[rate_row(role, None, role_wins[role], role_games[role]) for role in sorted(role_games)],
        shared=shared,
        decisions=mean_sd([r.decisions for r in records]),
        steps=mean_sd([r.steps for r in records]),
    )
