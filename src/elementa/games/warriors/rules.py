"""Fighters in play and the rules that read them: protection, damage, equip limits, ganging, dice.

Everything here is a pure function of the fighters and the current location (no game flow).
source: warriors.txt, 2.0-2.7 (card types), 4.1 (attacking), 4.5 (equipping), 7.3 (ganging),
7.5 (weapon proficiency), 9.0 (hit-roll tables).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from math import ceil
from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from elementa.games.warriors.cards import Card
from elementa.games.warriors.effects import Mod

if TYPE_CHECKING:
    from elementa.games.warriors.actions import Gear

MAX_EQUIP = 16
"""The most cards one fighter can have equipped (a technical limit of the action space)."""
MAX_BEASTS = 3
"""The most Beasts in one battle; further Beasts wait for a later battle (a technical limit)."""
MAX_HELD = 4
"""The most locations one player controls at a time (three already win the game)."""
HAND_SIZE = 8
"""The cards a player draws to start, and when joining the game (warriors.txt, 3.2, 8.3)."""
MAX_MULLIGANS = 5
"""Mulligans a player takes at most when joining; after that the hand is kept (a ruling)."""

UNARMED = Card(
    id=-1,
    type="weapon",
    name="bare hands",
    max_damage=1,
    range="melee",
    name_words=("bare", "hand"),
    extra=frozenset({("melee",), ("nontech",), ("unarmed",)}),
)
"""The attack every fighter has: non-tech melee, max damage 1 (source: warriors.txt, 4.1)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class Equip:
    """An equipped card with its counters.

    Attributes:
        card: the card.
        charges: charge counters left, or ``None`` for a card without charges.
        duration: duration counters of a cast Defense/Utility spell whose effect is on, else ``None``.
        spent: the spell's last charge is gone: it is destroyed when its effect ends.
    """

    __slots__ = ("card", "charges", "duration", "spent")

    def __init__(self, card: Card) -> None:
        self.card = card
        self.charges = card.charges
        self.duration: int | None = None
        self.spent = False

    def copy(self) -> Equip:
        """Return an independent copy."""
        e = Equip(self.card)
        e.charges, e.duration, e.spent = self.charges, self.duration, self.spent
        return e

    @property
    def active(self) -> bool:
        """Whether the card's effect is on: always for non-spells, while its duration runs for spells."""
        return not self.card.is_spell or self.duration is not None


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class Fighter:
    """A fighter (or Beast) in a battle.

    Attributes:
        cid: its combatant id: the owner's seat for a player's fighter, ``players + k`` for Beast ``k``.
        seat: the player who fields it (for a Beast, the player who drew it).
        card: the fighter or beast card (it never changes).
        beast: whether this is a Beast (read from the card once).
        durability: current durability (it dies below 1).
        top: the most that healing restores (printed durability, raised by "gain" effects).
        equipment: the equipped cards, in the order equipped (change it only through :meth:`equip`,
            :meth:`unequip` and :meth:`take_off`, which keep :attr:`equipped_ids` and drop :attr:`kit`).
        equipped_ids: the card ids of :attr:`equipment`, in order (kept with it).
        charges: charge counters of the fighter's own ability, or ``None``.
        kit: what :func:`.actions.gear` worked out from the equipment, kept until the equipment
            changes; ``None`` until it is asked for again.
    """

    __slots__ = (
        "beast",
        "card",
        "charges",
        "cid",
        "durability",
        "equipment",
        "equipped_ids",
        "kit",
        "seat",
        "top",
    )

    def __init__(self, cid: int, seat: int, card: Card) -> None:
        self.cid = cid
        self.seat = seat
        self.card = card
        self.beast = card.type == "beast"
        self.durability = card.durability
        self.top = card.durability
        self.equipment: list[Equip] = []
        self.equipped_ids: tuple[int, ...] = ()
        self.charges = card.charges
        self.kit: Gear | None = None

    def copy(self) -> Fighter:
        """Return an independent copy (equipment copied too)."""
        f = Fighter(self.cid, self.seat, self.card)
        f.durability, f.top, f.charges = self.durability, self.top, self.charges
        f.equipment = [e.copy() for e in self.equipment]
        f.equipped_ids = self.equipped_ids
        f.kit = self.kit  # immutable, and read from the cards alone
        return f

    def equip(self, card: Card) -> Equip:
        """Equip a card (last in the order); return its :class:`Equip`."""
        e = Equip(card)
        self.equipment.append(e)
        self.equipped_ids += (card.id,)
        self.kit = None
        return e

    def unequip(self, e: Equip) -> None:
        """Take an equipped card off (it goes wherever the caller puts it)."""
        self.take_off(self.equipment.index(e))

    def take_off(self, slot: int) -> Equip:
        """Take off the card in ``slot`` (0 = first equipped); return it."""
        ids = self.equipped_ids
        self.equipped_ids = ids[:slot] + ids[slot + 1 :]
        self.kit = None
        return self.equipment.pop(slot)

    def has_keyword(self, phrase: tuple[str, ...]) -> bool:
        """Whether the fighter's card has a keyword (names are keywords: warriors.txt, 2.0)."""
        return phrase in self.card.keywords


# ----------------------------------------------------------------------------------- modifiers
def mods(f: Fighter, location: Card | None) -> list[Mod]:
    """Return the static modifiers acting on a fighter: its own, its active equipment's, the location's."""
    out: list[Mod] = [*f.card.static_mods]
    for e in f.equipment:
        if e.card.static_mods and e.active:
            out += e.card.static_mods
    if location is not None:
        out += location.static_mods
    return out


DamageMods = list[tuple[tuple[str, ...] | None, int]]
"""Max-damage modifiers as ``(keyword or None, amount)`` pairs."""


def damage_mods(f: Fighter, location: Card | None) -> DamageMods:
    """Return the max-damage modifiers of :func:`mods` as ``(keyword or None, amount)`` pairs."""
    out: DamageMods = []  # a loop, not a comprehension: asked at every combat menu
    for stat, kw, a in mods(f, location):
        if stat == "damage":
            out.append((kw, a))
    return out


def protection(f: Fighter, location: Card | None) -> int:
    """Return a fighter's total protection: armor, active Defense spells, Beast protection and bonuses.

    All protection adds up (WAR-A4); never below 0. source: warriors.txt, 2.3, 2.6, 7.1.
    """
    total = f.card.protection if f.beast else 0
    for e in f.equipment:
        if e.card.type == "armor" or (e.card.type == "defense_spell" and e.duration is not None):
            total += e.card.protection
    for stat, _, a in mods(f, location):  # a loop, not a generator: asked at every hit
        if stat == "protection":
            total += a
    return max(0, total)


def proficiency(f: Fighter, source: Card) -> int:
    """Return the fighter's weapon proficiency X for a weapon ("+X to <keyword>"), 0 if none.

    source: warriors.txt, 7.5 (a weapon whose name or keywords contain the keyword).
    """
    if source.type != "weapon" or source is UNARMED or not f.card.proficiency:
        return 0
    return max((x for kw, x in f.card.proficiency if kw in source.keywords), default=0)


def damage_range(f: Fighter, source: Card, location: Card | None, hi: int, lo: int = 1) -> tuple[int, int]:
    """Return ``(min, max)`` damage of an attack by ``f`` with ``source`` (weapon, spell, beast, unarmed).

    Args:
        hi: the printed max damage, plus the proficiency bonus when taken.
        lo: the printed min damage.

    Modifiers whose keyword the source has apply to the max; the max is at least 1 and the min at
    most the max. source: warriors.txt, 2.2 (min damage 1 unless stated), 4.1.
    """
    return modified_range(damage_mods(f, location), source, hi, lo)


def modified_range(dmods: DamageMods, source: Card, hi: int, lo: int = 1) -> tuple[int, int]:
    """Return :func:`damage_range` from the fighter's :func:`damage_mods`, computed once for many sources."""
    for kw, a in dmods:
        if kw is None or kw in source.keywords:  # source.has_keyword(kw)
            hi += a
    hi = max(1, hi)
    return min(lo, hi), hi


@cache
def expected_damage(lo: int, hi: int, prot: int) -> float:
    """Return the mean damage dealt by a hit of ``lo``..``hi`` against ``prot`` protection.

    The mean of ``max(0, max(lo, d) - prot)`` for ``d`` uniform in 1..hi (the clamp reading of a
    minimum damage). Memoised: players and the evaluation ask for the same few ranges over and over.
    source: warriors.txt, 4.1 (roll 1dX, subtract protection), 2.2 (minimum damage).
    """
    return sum(max(0, max(lo, d) - prot) for d in range(1, hi + 1)) / hi


def attack_value(f: Fighter, source: Card, dmods: DamageMods, prot: int) -> float:
    """Return the mean damage one attack by ``f`` with ``source`` deals through ``prot`` protection.

    The proficiency bonus is taken (a single attack, 7.5); ``dmods`` are ``f``'s
    :func:`damage_mods` at the current location. source: warriors.txt, 4.1, 7.5.
    """
    lo, hi = modified_range(dmods, source, source.max_damage + proficiency(f, source), source.min_damage)
    return expected_damage(lo, hi, prot)


# ---------------------------------------------------------------------------------------- dice
PREFERRED_DIE = {3: 6, 4: 8, 5: 10, 7: 8}
"""The dice of the rulebook's hit-roll tables, by max damage (source: warriors.txt, 9.0)."""
DICE = (6, 8, 10, 12, 100)


def hit_die(span: int) -> tuple[int, int]:
    """Return ``(sides, usable)``: the die rolled for a value in 1..span and its highest counted face.

    The tables' dice for 3, 4, 5 and 7; otherwise a die with ``span`` faces; otherwise the smallest
    bigger die (the d100 is two d10 read as one roll). Faces are read in equal groups; faces above
    ``usable`` are rolled again (as the table does for max damage 7). ``span`` 1 needs no roll
    (``(1, 1)``). WAR-A13.
    """
    if span <= 1:
        return 1, 1
    sides = PREFERRED_DIE.get(span) or next((d for d in DICE if d == span), 0)
    if not sides:
        sides = next((d for d in DICE if d > span), DICE[-1])
    return sides, sides - sides % span


def die_value(face: int, span: int, sides: int, usable: int) -> int | None:
    """Return the value 1..span a die face stands for, or ``None`` when the face is rolled again."""
    if face > usable:
        return None
    return ceil(face * span / usable)


def roll_span(lo: int, hi: int, mode: str) -> tuple[int, int]:
    """Return ``(span, offset)``: roll 1..span and add ``offset`` (min damage rule WAR-A3).

    ``"clamp"``: roll 1..max, then raise it to the min; ``"uniform_range"``: roll uniformly in min..max.
    """
    if mode == "uniform_range":
        return hi - lo + 1, lo - 1
    return hi, 0


# ------------------------------------------------------------------------------------ equipping
Load = tuple[int, int, int, int, bool]
"""What a fighter's equipment takes up: ``(hands, armor, items, spell points, full)``, ``full`` when
it holds :data:`MAX_EQUIP` cards (see :func:`load`)."""


NO_LOAD: Load = (0, 0, 0, 0, False)
"""The :data:`Load` of no equipment."""


def load(equipment: Iterable[Card]) -> Load:
    """Return the :data:`Load` of a fighter's equipped cards (source: warriors.txt, 4.5.1-4.5.4)."""
    used = NO_LOAD
    for count, c in enumerate(equipment, 1):
        used = load_plus(used, c, count)
    return used


def load_plus(used: Load, card: Card, count: int) -> Load:
    """Return the :data:`Load` of equipment taking up ``used`` with ``card`` added, its ``count``-th card."""
    hands, armor, items, points, _ = used
    return (
        hands + card.hands,
        armor + (card.type == "armor"),
        items + (card.type == "item"),
        points + card.spell_points,
        count >= MAX_EQUIP,
    )


def fitting(fighter: Card, used: Load, cards: Iterable[Card]) -> list[Card]:
    """Return those of ``cards`` a fighter whose equipment takes up ``used`` may equip, in order.

    Hands (weapons, some armor) within the fighter's hands; at most ``armor_slots`` Armor and
    ``item_slots`` Items; spell points within magic containment; ``usable_by`` keywords; the fighter's
    card overrides each default (7.0). source: warriors.txt, 4.5.1-4.5.4.
    """
    hands, armor, items, points, full = used
    if full:
        return []
    free_hands, free_points = fighter.hands - hands, fighter.magic_containment - points
    armor_free, item_free = armor < fighter.armor_slots, items < fighter.item_slots
    return [
        c
        for c in cards
        if c.is_equipment
        and c.hands <= free_hands
        and (armor_free or c.type != "armor")
        and (item_free or c.type != "item")
        and (not c.is_spell or c.spell_points <= free_points)
        and (c.usable_by is None or fighter.has_keyword(c.usable_by))
    ]


def equippable(f: Fighter, cards: Iterable[Card]) -> list[Card]:
    """Return those of ``cards`` the fighter may equip now, in order (see :func:`fitting`)."""
    return fitting(f.card, load(e.card for e in f.equipment), cards)


def can_equip(f: Fighter, card: Card) -> bool:
    """Return whether the fighter may equip one card now (see :func:`equippable`)."""
    return bool(equippable(f, (card,)))


def attack_sources(f: Fighter) -> list[tuple[int, Card]]:
    """Return ``(slot, card)`` for each equipped weapon and usable attack spell; ``(MAX_EQUIP, bare
    hands)`` when there is none (source: warriors.txt, 4.1)."""
    out = []  # a loop, not a comprehension: asked at every combat menu
    for i, e in enumerate(f.equipment):
        c = e.card
        if c.type == "weapon" or (c.type == "attack_spell" and e.charges != 0):
            out.append((i, c))
    return out or [(MAX_EQUIP, UNARMED)]


# --------------------------------------------------------------------------------------- ganging
def can_attack(a: Fighter, b: Fighter, present: Sequence[Fighter], team_of: list[int] | None) -> bool:
    """Return whether fighter ``a`` may attack ``b`` (source: warriors.txt, 7.3 ganging; 8.2 teams).

    A fighter that gangs with keyword K neither attacks nor is attacked by fighters with K while some
    fighter in the battle lacks K (WAR-A8). Teammates gang with each other.
    """
    if a is b:
        return False
    if team_of is not None and not a.beast and not b.beast and team_of[a.seat] == team_of[b.seat]:
        return False
    if not a.card.gangs_with and not b.card.gangs_with:  # most fighters gang with no one
        return True
    for ganger, other in ((a, b), (b, a)):
        for kw in ganger.card.gangs_with:
            if kw in other.card.keywords and any(kw not in x.card.keywords for x in present):
                return False
    return True
