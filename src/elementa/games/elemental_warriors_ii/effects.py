"""The Elemental Effects sheet: the 28 powers, what each does, and the tokens.

Each element has seven entries: (p), (n), (nn), (d), (nd) and two at (dd).
:func:`.powers.apply_power` carries out one entry for a player, either at once (a token, a flag for
this turn) or by queueing the choices it needs (where to put a cent, which free action to take).
Powers that act later in the turn (damage bonuses, prevention, hit triggers) set counters in the
player's per-turn effects list, indexed by the constants below.

source: elemental-warriors-ii.txt, Elemental Effects; rulings R8-R20 and R29-R34 in
docs/rulings/elemental-warriors-ii.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from elementa.games.elemental_warriors_ii.cards import ELEMENTS
from elementa.games.elemental_warriors_ii.sheet import COLUMNS, ENTRY_NAMES, sheet_value

if TYPE_CHECKING:
    from elementa.games.elemental_warriors_ii.state import EW2State

EARTH, FIRE, AIR, WATER = range(4)

# Tokens: the four element tokens (kept on your own mat) and the harmful ones placed on a player's
# mat. Flood tokens lie on columns and are counted separately, per column.
TOKEN_NAMES = ("Earth", "Fire", "Air", "Water", "Landslide", "Whirlwind", "Inferno")
LANDSLIDE, WHIRLWIND, INFERNO = 4, 5, 6
HARMS = ("Landslide", "Whirlwind", "Inferno", "Flood")
"""The harmful tokens a forfeit removes, by the ``harm`` argument of the forfeit action."""
FORFEIT_WITH = ((EARTH, AIR), (AIR, EARTH), (FIRE, WATER), (WATER, FIRE))
"""For each harmful token (by HARMS index), the element tokens that can be forfeited to remove it."""

# The per-turn effects of a player: indices into its list of counters.
(
    PREVENT,  # points of damage still prevented this turn (Earth (n), (nd))
    EARTH_P,  # Clubs that may be discarded to prevent 2 (Earth (p))
    FIRE_BONUS,  # extra damage of every successful hit (Fire (n), (nd))
    FIRE_P,  # Hearts that may be discarded for +1 damage on a hit (Fire (p))
    FIRE_NN,  # a hit makes the victim discard a random card (Fire (nn))
    INFERNO_ON_HIT,  # a hit gives the victim an Inferno token (Fire (dd))
    LANDSLIDE_ON_NOHARM,  # an attack dealing no damage gives the attacker a Landslide (Earth (dd))
    WHIRLWIND_ON_NOHARM,  # ... a Whirlwind token (Air (dd))
    FLOOD_ON_DAMAGE,  # damaging a player floods one of their columns (Water (dd))
    HEALING,  # damage taken goes to the healing pool (Water (d))
    WATER_P,  # Diamonds that may be forfeited at the end of the turn for a penny (Water (p))
) = range(11)
NUM_EFFECTS = 11
NO_EFFECTS = (0,) * NUM_EFFECTS
"""A player's effects at the start of a turn: every counter at 0."""

POWER_TEXT: dict[tuple[int, int], str] = {
    (EARTH, 0): "when about to take damage, discard a Club to prevent 2",
    (EARTH, 1): "prevent 2 damage (1 from an adjacent column)",
    (EARTH, 2): "your opponent plays a random card next turn",
    (EARTH, 3): "double your defense this turn and next turn",
    (EARTH, 4): "prevent 6 damage (3 from an adjacent column)",
    (EARTH, 5): "gain an Earth token",
    (EARTH, 6): "an attack on you dealing no damage gives the attacker a Landslide token",
    (FIRE, 0): "on a hit, discard a Heart for 1 extra damage",
    (FIRE, 1): "your hits deal 1 extra damage",
    (FIRE, 2): "a hit makes your opponent discard a random card",
    (FIRE, 3): "use any one (n) power this turn",
    (FIRE, 4): "your hits deal 3 extra damage",
    (FIRE, 5): "a hit gives your opponent an Inferno token",
    (FIRE, 6): "gain a Fire token if you have a coin in every element",
    (AIR, 0): "discard a Spade for a free Recompile or Rebalance now",
    (AIR, 1): "a free Recompile or Rebalance now",
    (AIR, 2): "draw two cards",
    (AIR, 3): "three free Recompile or Rebalance actions now",
    (AIR, 4): "draw five cards, or take two random cards from your opponent",
    (AIR, 5): "an attack on you dealing no damage gives the attacker a Whirlwind token",
    (AIR, 6): "gain an Air token",
    (WATER, 0): "at the end of the turn, forfeit a Diamond for a penny",
    (WATER, 1): "put one cent in any square",
    (WATER, 2): "add or subtract one from the rank of your next card",
    (WATER, 3): "damage you take this turn goes to your healing pool",
    (WATER, 4): "put up to three cents in any squares",
    (WATER, 5): "gain a Water token if you have less change than your opponent",
    (WATER, 6): "damaging your opponent floods one of their columns",
}


def power_name(element: int, entry: int) -> str:
    """Return a power's name, for example ``"Water (d)"`` or ``"Earth (dd#2)"``."""
    return f"{ELEMENTS[element]} ({ENTRY_NAMES[entry]})"


def has_every_element(s: EW2State, p: int) -> bool:
    """Return whether a player has a coin somewhere in each of the four element rows (Fire (dd))."""
    sheet = s.sheets[p]
    for e in range(4):
        row = s.layout.element_row(e) * COLUMNS
        if not any(sheet[row + c] != (0, 0, 0) for c in range(COLUMNS)):
            return False
    return True


def richest_other(s: EW2State, p: int) -> int:
    """Return the change of the richest other player still in the game ("your opponent")."""
    richest = 0  # change is never negative
    for q in s.live_seats:
        if q != p and s.sheets[q].cents > richest:
            richest = s.sheets[q].cents
    return richest


def poorer(s: EW2State, p: int) -> bool:
    """Return whether a player has less change than their opponent (Water (dd))."""
    return sheet_value(s.sheets[p]) < richest_other(s, p)
