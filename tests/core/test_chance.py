"""The shared chance helpers: a fair die, one draw from an unordered pile, and the shuffle of a redeal."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elementa.core import (
    die_outcomes,
    draw_outcomes,
    pick_from_counts,
    pick_uniform,
    sample_outcome,
    shuffle,
    shuffle_draws,
)
from tests.support.fixed import Fixed


def test_die_outcomes_are_uniform_faces() -> None:
    assert die_outcomes(4) == [(0, 0.25), (1, 0.25), (2, 0.25), (3, 0.25)]
    with pytest.raises(ValueError, match="at least one side"):
        die_outcomes(0)


def test_draw_outcomes_weigh_duplicates_and_accept_counts() -> None:
    assert draw_outcomes([3, 1, 3, 3]) == [(1, 0.25), (3, 0.75)]
    assert draw_outcomes({"b": 2, "a": 1, "z": 0}) == [("a", 1 / 3), ("b", 2 / 3)]
    assert draw_outcomes([]) == []


@given(st.lists(st.integers(0, 9), min_size=1, max_size=40))
def test_draw_probabilities_sum_to_one_and_match_counts(pile: list[int]) -> None:
    outcomes = draw_outcomes(pile)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    counts = Counter(pile)
    assert {c: round(p * len(pile)) for c, p in outcomes} == dict(counts)
    assert [c for c, _ in outcomes] == sorted(counts)


def inside_each_share(outcomes: list[tuple[object, float]]) -> list[float]:
    """random() values 1%, 50% and 99% into each outcome's share of [0, 1)."""
    values, acc = [], 0.0
    for _, p in outcomes:
        values += [acc + p * 0.01, acc + p * 0.5, acc + p * 0.99]
        acc += p
    return values


@pytest.mark.parametrize("sides", [1, 2, 6, 10, 52])
def test_pick_uniform_picks_what_sample_outcome_picks(sides: int) -> None:
    outcomes = die_outcomes(sides)
    for r in inside_each_share(outcomes):
        assert pick_uniform(range(sides), Fixed(r)) == sample_outcome(outcomes, Fixed(r))


@pytest.mark.parametrize("pile", [{7: 1}, {1: 2, 3: 1}, {0: 3, 2: 1, 5: 4, 9: 2}])
def test_pick_from_counts_picks_what_sample_outcome_picks_over_draw_outcomes(pile: dict[int, int]) -> None:
    outcomes = draw_outcomes(pile)
    picked = [pick_from_counts(pile, Fixed(r)) for r in inside_each_share(outcomes)]
    assert picked == [sample_outcome(outcomes, Fixed(r)) for r in inside_each_share(outcomes)]
    assert set(picked) == set(pile)  # every item is reachable


class _OwnShuffle(random.Random):
    """A generator with a shuffle of its own (a subclass: ``shuffle`` leaves the work to it)."""

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        x.reverse()


def test_shuffle_and_shuffle_draws_stand_for_the_random_modules_shuffle() -> None:
    """``shuffle`` gives the order ``random.Random.shuffle`` gives, from the same draws, and
    ``shuffle_draws`` makes those draws without the cards; a subclass shuffles its own way."""
    for seed in range(40):
        for size in (0, 1, 2, 3, 7, 8, 9, 13, 31, 32, 33, 52, 70, 104, 260):
            mine, theirs = random.Random(seed), random.Random(seed)
            mine.random(), theirs.random()  # a generator that has drawn before
            cards, expected = list(range(size)), list(range(size))
            shuffle(cards, mine)
            theirs.shuffle(expected)
            assert cards == expected
            assert mine.getstate() == theirs.getstate()
            skipped = random.Random(seed)
            skipped.random()
            shuffle_draws(size, skipped)
            assert skipped.getstate() == theirs.getstate()
    cards = [1, 2, 3]
    shuffle(cards, _OwnShuffle(0))
    assert cards == [3, 2, 1]
