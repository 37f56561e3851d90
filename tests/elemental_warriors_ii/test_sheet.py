"""The square arithmetic the rules and the rule-based player lean on: a square's top power level.

source: elemental-warriors-ii.txt, Activate (power levels); ruling R4 (pennies only make (p)).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from elementa.games.elemental_warriors_ii.sheet import (
    DD,
    LEVEL_COINS,
    ND,
    NN,
    D,
    N,
    P,
    cumulative_levels,
    max_level,
)

coins = st.tuples(st.integers(0, 40), st.integers(0, 25), st.integers(0, 12))


@given(coins)
def test_the_top_level_is_the_highest_level_whose_coins_the_square_holds(
    square: tuple[int, int, int],
) -> None:
    held = [
        level
        for level in range(P, DD + 1)
        if all(have >= need for have, need in zip(square, LEVEL_COINS[level], strict=True))
    ]
    assert max_level(square) == (max(held) if held else None)
    assert cumulative_levels(square) == held


def test_each_mix_of_coins_reaches_its_level() -> None:
    assert max_level((0, 0, 0)) is None
    assert max_level((3, 0, 0)) == P  # pennies only ever make (p)
    assert max_level((4, 1, 0)) == N
    assert max_level((0, 3, 0)) == NN
    assert max_level((9, 0, 1)) == D
    assert max_level((0, 1, 1)) == ND
    assert max_level((0, 0, 2)) == DD
