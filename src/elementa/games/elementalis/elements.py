"""The Elemental Cycle, the dice faces, the Arcana and the mage types of ElementaliS.

Indices used throughout the package:

* elements and Mana colours: ``FIRE=0`` (Red), ``WATER=1`` (Blue), ``EARTH=2`` (Green), ``AIR=3`` (White)
  (the colour mapping is ruling ELS-A7 in ``docs/rulings/elementalis.md``);
* die faces: the four elements, then ``ETHER=4`` and ``SUN=5``;
* Arcana: the four elements, then ``ETHER=4``, ``SUN=5``, ``MOON=6``.

source: elementalis.txt, The Elemental Cycle; Starting the Game (the mage-type table).
"""

from __future__ import annotations

import functools
from enum import Enum
from typing import Final

FIRE: Final = 0
WATER: Final = 1
EARTH: Final = 2
AIR: Final = 3
ELEMENTS: Final = (FIRE, WATER, EARTH, AIR)
ETHER: Final = 4
SUN: Final = 5
MOON: Final = 6
NUM_FACES: Final = 6
NUM_ARCANA: Final = 7

ELEMENT_NAMES: Final = ("Fire", "Water", "Earth", "Air")
FACE_NAMES: Final = (*ELEMENT_NAMES, "Ether", "Sun")
ARCANA_NAMES: Final = (*ELEMENT_NAMES, "Ether", "Sun", "Moon")
MANA_COLOURS: Final = ("Red", "Blue", "Green", "White")

# The Elemental Cycle: Earth blocks Air, Air evaporates Water, Water extinguishes Fire, Fire scorches Earth.
TRUMPS: Final = {EARTH: AIR, AIR: WATER, WATER: FIRE, FIRE: EARTH}
"""``TRUMPS[x]`` is the element that ``x`` beats."""
CONFLICT: Final = {beaten: beater for beater, beaten in TRUMPS.items()}
"""``CONFLICT[x]`` is the element that beats ``x``: each one rolled reduces ``x`` (Elementalist, Purist)."""
SUPPORT: Final = {EARTH: WATER, WATER: EARTH, AIR: FIRE, FIRE: AIR}
"""``SUPPORT[x]`` is the supportive element of ``x``: the Elementalist's Minor."""
OPPOSING_PAIR: Final = {FIRE: WATER, WATER: FIRE, EARTH: AIR, AIR: EARTH}
"""The Creationist's "opposing element" as its worked examples use it (ruling ELS-A4)."""


class MageType(Enum):
    """The nine mage types, each named by the rulebook."""

    ELEMENTALIST = "Elementalist"
    HARMONIST = "Harmonist"
    PURIST = "Purist"
    CREATIONIST = "Creationist"
    ELITIST = "Elitist"
    CHAOTICA = "Chaotica"
    CULTIST = "Cultist"
    GUARDIAN = "Guardian"
    LUMINARY = "Luminary"


_SPECIAL_MAJOR = {ETHER: MageType.CREATIONIST, SUN: MageType.CHAOTICA, MOON: MageType.GUARDIAN}
_SPECIAL_MINOR = {ETHER: MageType.ELITIST, SUN: MageType.CULTIST, MOON: MageType.LUMINARY}


def mage_type(major: int, minor: int) -> MageType | None:
    """Return the mage type of a Major/Minor Arcana pair, or ``None`` for a pair the table does not allow.

    Args:
        major: an Arcana index (0-6).
        minor: an Arcana index (0-6).

    source: elementalis.txt, Starting the Game (table of mage types); ruling ELS-A18 (special Majors
    take an element Minor, special Minors an element Major).
    """
    if major in ELEMENTS:
        if minor in _SPECIAL_MINOR:
            return _SPECIAL_MINOR[minor]
        if minor == major:
            return MageType.PURIST
        if minor == SUPPORT[major]:
            return MageType.ELEMENTALIST
        return MageType.HARMONIST
    if minor in ELEMENTS:
        return _SPECIAL_MAJOR[major]
    return None


MAGE_TYPES: Final = tuple(tuple(mage_type(a, b) for b in range(NUM_ARCANA)) for a in range(NUM_ARCANA))
"""``MAGE_TYPES[major][minor]`` is :func:`mage_type` of the pair, precomputed for the hot paths."""


def element_type(major: int, minor: int) -> MageType:
    """Return the type a pair of elements scores as (Chaotica score as the type of chosen Major + Minor)."""
    t = mage_type(major, minor)
    if t not in (MageType.PURIST, MageType.ELEMENTALIST, MageType.HARMONIST):
        raise ValueError(f"{ARCANA_NAMES[major]}/{ARCANA_NAMES[minor]} is not an element pair")
    return t


def mana_text(vec: tuple[int, ...] | list[int]) -> str:
    """Return a Mana vector ``(fire, water, earth, air)`` in words, for example ``"2 Fire + 1 Air"``."""
    return _mana_text(tuple(vec))


@functools.lru_cache(maxsize=1 << 10)
def _mana_text(vec: tuple[int, ...]) -> str:
    """:func:`mana_text` (memoized: every score and gift of a game is logged in these words)."""
    parts = [f"{n} {ELEMENT_NAMES[e]}" for e, n in enumerate(vec) if n]
    return " + ".join(parts) if parts else "no Mana"
