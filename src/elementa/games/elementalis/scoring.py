"""Scoring a roll: the Mana each mage type may add to the Channel.

Every function returns the *distinct* Mana vectors ``(fire, water, earth, air)`` the mage may choose
between (the choices come from Ether: which element an Ether boosts, which colour Ether Mana takes).
Scores never go below zero and never take Mana out of the Channel (ruling ELS-A5).

source: elementalis.txt, Earning Mana; Negative Scoring Rolls; Appendix B.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations_with_replacement, product

from elementa.games.elementalis.elements import (
    CONFLICT,
    ELEMENTS,
    ETHER,
    OPPOSING_PAIR,
    SUN,
    MageType,
    element_type,
)

Mana = tuple[int, int, int, int]
NO_MANA: Mana = (0, 0, 0, 0)


def _vec(amounts: dict[int, int]) -> Mana:
    return (amounts.get(0, 0), amounts.get(1, 0), amounts.get(2, 0), amounts.get(3, 0))


def _distinct(vectors: Iterable[Mana]) -> list[Mana]:
    """Sorted best first: most Mana, then by colour order."""
    return sorted(set(vectors), key=_best_first)


def _best_first(v: Mana) -> tuple[int, int, int, int, int]:
    return -(v[0] + v[1] + v[2] + v[3]), -v[0], -v[1], -v[2], -v[3]


def face_counts(faces: Iterable[int]) -> tuple[int, int, int, int, int, int]:
    """Return how many of ``faces`` show each face (Fire, Water, Earth, Air, Ether, Sun)."""
    count = [0] * 6
    for f in faces:
        count[f] += 1
    return count[0], count[1], count[2], count[3], count[4], count[5]


def score_elements(count: Sequence[int], scored: Sequence[int], sun_negates: bool) -> list[Mana]:
    """Score as an Elementalist (two elements) or Purist (one element).

    Count each scored element, let each Ether add 1 to one of them, then take away one for each die
    showing the element that beats it, unless the Sun die shows the Sun.

    Args:
        count: how many counting dice show each face (:func:`face_counts`).
        scored: the element(s) scored: ``(major,)`` or ``(major, minor)``.
        sun_negates: whether the Sun die shows the Sun (opposing elements are then ignored).

    source: elementalis.txt, Earning Mana (Elementalist, Purist, Elitist/Cultist).
    """
    # each scored element's count less the dice of the element that beats it
    nets = tuple([count[x] - (0 if sun_negates else count[CONFLICT[x]]) for x in scored])
    return list(_element_scores(tuple(scored), nets, count[ETHER]))


@functools.lru_cache(maxsize=1 << 12)
def _element_scores(scored: tuple[int, ...], nets: tuple[int, ...], ethers: int) -> tuple[Mana, ...]:
    """:func:`score_elements` from each scored element's net count and the Ether rolled (memoized:
    the arguments are small numbers, so a few hundred entries cover every roll)."""
    results = [
        _vec({x: max(0, net + boost.count(x)) for x, net in zip(scored, nets, strict=True)})
        for boost in combinations_with_replacement(scored, ethers)
    ]
    return tuple(_distinct(results))


def score_harmonist(count: Sequence[int], major: int, minor: int) -> list[Mana]:
    """Score as a Harmonist: one Mana per die showing the Major or the Minor; nothing else counts.

    source: elementalis.txt, Earning Mana (Harmonist).
    """
    return [_vec({major: count[major], minor: count[minor]})]


def score_creationist(count: Sequence[int], minor: int, *, opposition: str, ether_double: bool) -> list[Mana]:
    """Score as a Creationist (Major Ether).

    Each Ether gives one Mana of the player's choice, less one for each Sun rolled (on any die). The
    Minor scores one per die showing it, plus one per Ether, less one per die showing its opposing
    element (no Sun negation).

    Args:
        count: how many counting dice show each face (:func:`face_counts`).
        minor: the Minor element.
        opposition: ``"mutual_pairs"`` (Fire/Water, Earth/Air oppose each other, as the Creationist
            examples read) or ``"beater"`` (the element that beats the Minor, as for other mages).
        ether_double: whether one Ether both gives Mana of choice and boosts the Minor (True), or
            does one of the two, as the player chooses (False).

    source: elementalis.txt, Earning Mana (Creationist); rulings ELS-A4, ELS-A26.
    """
    opposed = OPPOSING_PAIR[minor] if opposition == "mutual_pairs" else CONFLICT[minor]
    net = count[minor] - count[opposed]
    return list(_creationist_scores(minor, net, count[ETHER], count[SUN], ether_double))


@functools.lru_cache(maxsize=1 << 12)
def _creationist_scores(minor: int, net: int, ethers: int, suns: int, ether_double: bool) -> tuple[Mana, ...]:
    """:func:`score_creationist` from the Minor's count less its opposing element's, the Ether and the
    Suns (memoized on those small numbers)."""
    splits = [ethers] if ether_double else list(range(ethers + 1))
    results = []
    for as_mana in splits:
        boost = ethers if ether_double else ethers - as_mana
        minor_mana = max(0, net + boost)
        free = max(0, as_mana - suns)
        for colours in combinations_with_replacement(ELEMENTS, free):
            amounts = Counter(colours)
            amounts[minor] += minor_mana
            results.append(_vec(amounts))
    return tuple(_distinct(results))


def score_guardian(count: Sequence[int], wild_per_ether: int, sets: str = "every") -> list[Mana]:
    """Score as a Guardian (1 wild symbol per Ether) or Luminary (2): 2 or more of a kind score.

    Each Ether adds its symbols to one element of the player's choice; then each element showing on
    two or more dice scores that many Mana (``sets="every"``, ruling ELS-A9), or only the largest
    such set does (``sets="best"``, the balance option of ruling ELS-B1; a tie keeps either set).
    Suns never count.

    Args:
        count: how many counting dice show each face (:func:`face_counts`).
        wild_per_ether: the wild symbols each Ether gives (Guardian 1, Luminary 2 or ELS-B1's 1).
        sets: ``"every"`` or ``"best"``, as above.

    source: elementalis.txt, Earning Mana (Guardians, Luminaries); rulings ELS-A9, ELS-B1.
    """
    shown = (count[0], count[1], count[2], count[3])  # Fire, Water, Earth, Air
    return list(_guardian_scores(shown, count[ETHER], wild_per_ether, sets))


@functools.lru_cache(maxsize=1 << 14)
def _guardian_scores(shown: tuple[int, ...], ethers: int, wild_per_ether: int, sets: str) -> tuple[Mana, ...]:
    """:func:`score_guardian` from the element counts and the Ether (memoized: Suns play no part)."""
    results: list[Mana] = []
    for wilds in combinations_with_replacement(ELEMENTS, ethers):
        with_wilds = {e: shown[e] + wild_per_ether * wilds.count(e) for e in ELEMENTS}
        kept = {e: n for e, n in with_wilds.items() if n >= 2}
        if sets == "best" and kept:
            top = max(kept.values())
            results.extend(_vec({e: top}) for e in ELEMENTS if kept.get(e) == top)
            continue
        results.append(_vec(kept))
    return tuple(_distinct(results))


def score_roll(
    mage: MageType,
    major: int,
    minor: int,
    faces: Iterable[int],
    sun_die_face: int | None,
    *,
    creationist_opposition: str = "mutual_pairs",
    creationist_ether_double: bool = True,
    guardian_sets: str = "every",
    luminary_wild: int = 2,
) -> list[Mana]:
    """Return the distinct Mana vectors a mage may add to the Channel from a roll, best first.

    Args:
        mage: the mage type.
        major: the Major Arcana (for Chaotica: the element chosen this round).
        minor: the Minor Arcana.
        faces: the faces of the dice that count (destroyed and charred dice left out; the Sun die in).
        sun_die_face: the Sun die's face (``None`` if it did not roll).
        creationist_opposition: see :func:`score_creationist`.
        creationist_ether_double: see :func:`score_creationist`.
        guardian_sets: which sets of a kind a Guardian or Luminary scores (see :func:`score_guardian`).
        luminary_wild: the wild symbols each Ether gives a Luminary (2 in the rulebook).

    Returns:
        A non-empty list of ``(fire, water, earth, air)`` tuples.

    source: elementalis.txt, Earning Mana.
    """
    return score_counts(
        mage,
        major,
        minor,
        face_counts(faces),
        sun_die_face == SUN,
        creationist_opposition=creationist_opposition,
        creationist_ether_double=creationist_ether_double,
        guardian_sets=guardian_sets,
        luminary_wild=luminary_wild,
    )


def score_counts(
    mage: MageType,
    major: int,
    minor: int,
    count: Sequence[int],
    sun_negates: bool,
    *,
    creationist_opposition: str = "mutual_pairs",
    creationist_ether_double: bool = True,
    guardian_sets: str = "every",
    luminary_wild: int = 2,
) -> list[Mana]:
    """:func:`score_roll` from how many counting dice show each face (every scorer only counts them)
    and whether the Sun die shows the Sun (``sun_negates``); the other arguments are the same."""
    if mage is MageType.CHAOTICA:
        mage = element_type(major, minor)
    if mage is MageType.ELEMENTALIST:
        return score_elements(count, (major, minor), sun_negates)
    if mage in (MageType.PURIST, MageType.ELITIST, MageType.CULTIST):
        return score_elements(count, (major,), sun_negates)
    if mage is MageType.HARMONIST:
        return score_harmonist(count, major, minor)
    if mage is MageType.CREATIONIST:
        return score_creationist(
            count, minor, opposition=creationist_opposition, ether_double=creationist_ether_double
        )
    return score_guardian(count, luminary_wild if mage is MageType.LUMINARY else 1, guardian_sets)


def all_vectors(total: int, limits: Sequence[int]) -> list[Mana]:
    """Return every Mana vector with ``total`` counters, each colour at most ``limits[colour]``, best
    first (see :func:`_distinct`)."""
    return list(_vectors(total, tuple([min(total, lim) for lim in limits])))


@functools.lru_cache(maxsize=1 << 12)
def _vectors(total: int, caps: tuple[int, ...]) -> tuple[Mana, ...]:
    """:func:`all_vectors` with each limit capped at ``total`` (memoized: a few hundred entries
    cover every choice of a game)."""
    out = [v for v in product(*(range(cap + 1) for cap in caps)) if sum(v) == total]
    return tuple(_distinct(tuple(v) for v in out))  # type: ignore[misc]
