"""Probabilities of the chance nodes the games share: a fair die, and one card drawn from a pile.

Games keep an unshuffled pile as an unordered multiset and draw one card per chance node, so a
shuffle is never a hidden order that a player's observation could depend on. A determinization
(``resample_from_infostate``) redeals hidden cards with :func:`shuffle`.
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


def shuffle(cards: list[T], rng: random.Random) -> None:
    """Shuffle ``cards`` in place as ``rng.shuffle(cards)`` does for a :class:`random.Random`: the same
    order, from the same draws of ``rng`` (CPython's Fisher-Yates from the end, each index drawn by
    ``getrandbits`` with rejection), without its two calls per card. A search redeals hidden cards at
    every iteration. Another generator (a subclass) shuffles with its own ``shuffle``.

    Args:
        cards: the list to shuffle, in place.
        rng: the generator to draw with.
    """
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        k = (i + 1).bit_length()
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def shuffle_draws(count: int, rng: random.Random) -> None:
    """Make the draws of ``rng`` that :func:`shuffle` makes for ``count`` cards, without the cards:
    for a pile of which nothing is dealt, so that the random stream goes on as if it were shuffled.

    Args:
        count: the pile's size.
        rng: the generator to draw with.
    """
    if type(rng) is not random.Random:
        rng.shuffle([None] * count)
        return
    getrandbits = rng.getrandbits
    for i in range(count - 1, 0, -1):
        k = (i + 1).bit_length()
        while getrandbits(k) > i:
            pass
