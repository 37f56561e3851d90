"""The hit-roll tables of section 9.0 and the dice for the max damages they leave out (WAR-A13)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from elementa.games.warriors.rules import die_value, hit_die


def values(span: int) -> list[int | None]:
    sides, usable = hit_die(span)
    return [die_value(face, span, sides, usable) for face in range(1, sides + 1)]


def test_the_rulebook_tables() -> None:
    assert values(3) == [1, 1, 2, 2, 3, 3]  # d6
    assert values(4) == [1, 1, 2, 2, 3, 3, 4, 4]  # d8
    assert values(5) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]  # d10, 9 and 0 read 5
    assert values(7) == [1, 2, 3, 4, 5, 6, 7, None]  # d8, reroll 8


def test_the_dice_for_other_max_damages() -> None:
    assert hit_die(1) == (1, 1)  # no roll
    assert values(2) == [1, 1, 1, 2, 2, 2]
    assert values(6) == [1, 2, 3, 4, 5, 6]
    assert values(8) == list(range(1, 9))
    assert values(9) == [*range(1, 10), None]
    assert values(10) == list(range(1, 11))
    assert values(11) == [*range(1, 12), None]
    assert values(12) == list(range(1, 13))
    assert hit_die(14) == (100, 98)  # percentile dice, 99 and 00 rolled again


@given(st.integers(2, 100))
def test_every_value_is_equally_likely(span: int) -> None:
    counts = Counter(v for v in values(span) if v is not None)
    assert sorted(counts) == list(range(1, span + 1))
    assert len(set(counts.values())) == 1
