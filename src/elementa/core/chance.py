"""Probabilities of the chance nodes the games share: a fair die, and one card drawn from a pile.

Games keep an unshuffled pile as an unordered multiset and draw one card per chance node, so a
shuffle is never a hidden order that a player's observation could depend on.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

T = TypeVar("T", bound=Hashable)


def sample_outcome(outcomes: Sequence[tuple[T, float]], rng: random.Random) -> T:
    """Draw one outcome of a chance node: the first whose running total of probabilities passes one
    ``rng.random()`` draw.

    Args:
        outcomes: ``(outcome, probability)`` pairs summing to 1, in the order the node gives them.
        rng: the generator to draw with (one ``random()`` call).

    Returns:
        The outcome drawn. A game's own faster sampler (``State._sample_chance_outcome``) must draw
        the same outcome from the same ``random()`` value.
    """
    r = rng.random()
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if r < acc:
            return outcome
    return outcomes[-1][0]


def pick_uniform(outcomes: Sequence[T], rng: random.Random) -> T:
    """Draw one of equally likely outcomes by index: the ``k``-th of ``n`` is the one whose share
    ``[k/n, (k+1)/n)`` holds one ``rng.random()`` draw, the pick :func:`sample_outcome` makes over
    them with probabilities ``1/n`` (a die of :func:`die_outcomes`, a card from a pile of distinct
    cards), without listing the pairs or walking their running total.

    Args:
        outcomes: the outcomes (or ``(outcome, 1/n)`` pairs), in the order the node gives them.
        rng: the generator to draw with (one ``random()`` call).
    """
    return outcomes[int(rng.random() * len(outcomes))]


def pick_from_counts(counts: Mapping[T, int], rng: random.Random) -> T:
    """Draw one item of a pile kept as counts: the item whose run of copies, in the mapping's order,
    holds one ``rng.random()`` draw times the pile's size; the pick :func:`sample_outcome` makes over
    :func:`draw_outcomes` of the same pile when the mapping is in that sorted order.

    Args:
        counts: item -> copies, every count positive, the pile not empty.
        rng: the generator to draw with (one ``random()`` call).
    """
    x = rng.random() * sum(counts.values())
    acc = 0
    for item, k in counts.items():
        acc += k
        if x < acc:
            return item
    return item  # x rounded up to the pile's size: the last item


def die_outcomes(sides: int) -> list[tuple[int, float]]:
    """Return ``(face index, probability)`` for a fair die: faces ``0..sides-1``, each ``1/sides``.

    Raises:
        ValueError: ``sides`` is below 1.
    """
    if sides < 1:
        raise ValueError(f"a die needs at least one side, not {sides}")
    return [(f, 1.0 / sides) for f in range(sides)]


def draw_outcomes(pile: Mapping[T, int] | Iterable[T]) -> list[tuple[T, float]]:
    """Return ``(item, probability)`` of drawing one item from an unordered pile, items in sorted order.

    Args:
        pile: the items (duplicates allowed), or a mapping from item to how many copies it holds.

    Returns:
        One pair per distinct item with a positive count; probabilities sum to 1. Empty for an
        empty pile.
    """
    if isinstance(pile, Mapping):
        counts: dict[T, int] = {item: k for item, k in pile.items() if k > 0}
    else:
        counts = Counter(pile)  # every count positive
    total = sum(counts.values())
    return [(item, k / total) for item, k in sorted(counts.items())]
