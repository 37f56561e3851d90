"""The fifteen spells, who knows which, and what they cost.

source: elementalis.txt, Spell Casting; Appendix A: The Spells. Which spells each Arcana carries is
ruling ELS-A8 (a Minor carries its element's level-1 spell; Creationists know the four level-1
element spells; Chaotica use their chosen element's Major spells).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from elementa.games.elementalis.elements import AIR, EARTH, ELEMENTS, ETHER, FIRE, MOON, SUN, WATER, MageType


@dataclass(frozen=True, slots=True)
class Spell:
    """One spell of Appendix A.

    Attributes:
        index: 0-14, the spell's number in the action space.
        name: the rulebook's name.
        arcana: the element (0-3) or ``MOON`` (6); the Mana it is paid with (Moon: any colour).
        level: 1-3, its base cost.
        target: what it is aimed at: ``"die"``, ``"die_face"`` (a die and a symbol), ``"none"``,
            ``"player"``, ``"mana"`` (chosen one counter at a time), ``"insight"`` or ``"reactive"``
            (cast only in answer to a spell cast on you).
        help: our one-line summary of its effect.
    """

    index: int
    name: str
    arcana: int
    level: int
    target: str
    help: str


SPELLS: Final = (
    Spell(0, "Mirror Pool", WATER, 1, "die", "duplicate a die; the copy is a new die for this turn"),
    Spell(1, "Ether Leak", WATER, 2, "none", "every spell costs 1 more Mana for the rest of this turn"),
    Spell(2, "Counter Spell", WATER, 3, "reactive", "costs X, the cost of a spell cast on you; voids it"),
    Spell(3, "Char", FIRE, 1, "die", "a die's result is ignored for this roll"),
    Spell(4, "Burn", FIRE, 2, "die", "destroy a die for the rest of the turn, or destroy an Earth Link"),
    Spell(5, "Incinerate", FIRE, 3, "mana", "up to 3 Mana from any players' Pools return to the Flux"),
    Spell(6, "Petrify", EARTH, 1, "die", "a die keeps its face for the rest of the turn"),
    Spell(7, "Tremor", EARTH, 2, "die_face", "turn a die to a symbol of your choice; it keeps it this turn"),
    Spell(8, "Earth Link", EARTH, 3, "player", "score from another player's rolls until the round ends"),
    Spell(9, "Breeze", AIR, 1, "die", "a die must be rerolled"),
    Spell(10, "Gust", AIR, 2, "none", "reroll every die but the Sun die"),
    Spell(11, "Tornado", AIR, 3, "mana", "up to 5 Mana become colourless: they count, but cast nothing"),
    Spell(12, "Insight", MOON, 1, "insight", "cast one of the active player's level-1 spells"),
    Spell(13, "Strength", MOON, 2, "none", "reroll the Sun die (the only spell that may touch it)"),
    Spell(14, "Fortitude", MOON, 3, "reactive", "negate a spell cast on you, or destroy an Earth Link"),
)
NUM_SPELLS: Final = len(SPELLS)
MIRROR_POOL, ETHER_LEAK, COUNTER_SPELL, CHAR, BURN, INCINERATE = range(6)
PETRIFY, TREMOR, EARTH_LINK, BREEZE, GUST, TORNADO, INSIGHT, STRENGTH, FORTITUDE = range(6, 15)
MANA_TARGETS: Final = {INCINERATE: 3, TORNADO: 5}
"""How many Mana counters each Mana-targeting spell may take."""

_FIRST: Final = {WATER: 0, FIRE: 3, EARTH: 6, AIR: 9, MOON: 12}


def spells_of(arcana: int, levels: tuple[int, ...] = (1, 2, 3)) -> list[int]:
    """Return the spell indices of an element or Moon at the given levels (Ether and Sun have none)."""
    if arcana not in _FIRST:
        return []
    return [_FIRST[arcana] + lv - 1 for lv in levels]


def spellbook(major: int, minor: int, chosen: int | None) -> list[int]:
    """Return the spells a mage knows, in spell order.

    Args:
        major: the Major Arcana.
        minor: the Minor Arcana.
        chosen: a Chaotica's element chosen this round (``None`` before the first choice).

    source: elementalis.txt, Spell Casting ("Major Arcana have 3 spells listed while Minor Arcana only
    have 1"); Luminaries "can only use level 1 Moon spells"; ruling ELS-A8.
    """
    known: set[int] = set()
    if major in ELEMENTS or major == MOON:
        known.update(spells_of(major))
    elif major == ETHER:
        for e in ELEMENTS:
            known.update(spells_of(e, (1,)))
    elif major == SUN and chosen is not None:
        known.update(spells_of(chosen))
    if minor in ELEMENTS or minor == MOON:
        known.update(spells_of(minor, (1,)))
    return sorted(known)


def spell_cost(spell: int, mage: MageType, ether_leak: bool, x: int = 0) -> int:
    """Return what a spell costs a mage now, in Mana.

    The base is the spell's level (Counter Spell: ``x``, the cost paid for the spell it answers);
    Harmonists pay 1 more, Purists 1 less for level 2 and 3 spells, and everybody 1 more while Ether
    Leak is in force. A spell always costs at least 1 (ruling ELS-A27).

    source: elementalis.txt, Starting the Game (Harmonists, Purists); Spell Casting; Appendix A.
    """
    s = SPELLS[spell]
    cost = x if spell == COUNTER_SPELL else s.level
    if mage is MageType.HARMONIST:
        cost += 1
    if mage is MageType.PURIST and s.level >= 2:
        cost -= 1
    if ether_leak:
        cost += 1
    return max(1, cost)
