"""The shared chance helpers: a fair die and one draw from an unordered pile."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elementa.core import die_outcomes, draw_outcomes


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
