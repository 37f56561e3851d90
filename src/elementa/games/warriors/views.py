"""Warriors' typed observation: :class:`WarriorsView` and its parts (see :mod:`elementa.core.views`).

``WarriorsState.view(player)`` builds it (:func:`.view.observation_view`); ``observation(player)`` is
its JSON form. Seats count from 0. A *combatant id* names a fighter in play: its owner's seat for a
player's fighter, ``players + k`` for the ``k``-th Beast. Cards are named by their printed names
(unique in a game); words follow the rulebook (durability, protection, Magic Containment, charge and
duration counters, breakage).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from elementa.core import View


@dataclass(slots=True)
class EquipmentView(View):
    """A card equipped on a fighter, with its printed numbers and its counters."""

    name: str
    type: str
    """The card type: ``"weapon"``, ``"armor"``, ``"attack_spell"``, ``"defense_spell"``, ..."""
    max_damage: int
    protection: int
    breakage: int | None
    """Breakage % (a breakage roll of two d10 at or under it destroys the card), ``None`` for a card
    that cannot break."""
    charges: int | None
    """Charge counters left; ``None`` for a card without charges."""
    duration: int | None
    """Duration counters of a cast Defense or Utility spell whose effect is on, else ``None``."""
    active: bool
    """Whether its effect is on (a spell is active while it has duration counters)."""
    text: str


@dataclass(slots=True)
class FighterView(View):
    """A fighter in play: a player's fighter or a Beast, with its durability, protection and equipment."""

    id: int
    """Its combatant id."""
    seat: int
    """The seat that fields it (for a Beast, the seat that drew it)."""
    beast: bool
    name: str
    text: str
    durability: int
    """Durability left."""
    printed: int
    """The printed durability."""
    protection: int
    """Its protection now (armor and spells, changed by the location)."""
    hands: int
    containment: int
    """Magic Containment."""
    charges: int | None
    """The fighter card's own charge counters, ``None`` if it has none."""
    equipment: tuple[EquipmentView, ...]


@dataclass(frozen=True, slots=True)
class SeatView(View):
    """One seat's side: its deck, piles, locations, tokens and status, as the viewer sees them."""

    seat: int
    deck: str
    """The title of the seat's deck."""
    team: int | None
    """Its team (0-based) with the Teams variant, else ``None``."""
    in_game: bool
    status: str
    """``"assembling"`` or ``"ready"`` while assembling in secret, else the fighter's state in battle.
    Another seat reads ``"assembling"`` until the reveal, ready or not: the assembly is sealed."""
    hand_size: int
    """Cards in its hand (with, for another seat assembling in secret, the cards of its fighter)."""
    known_hand: tuple[str, ...]
    """Cards of another seat's hand that everyone saw go into it (sorted); empty for the viewer's own."""
    deck_size: int
    discard: tuple[str, ...]
    locations: tuple[str, ...]
    """The locations it controls."""
    tokens: int
    """Victory tokens."""
    mulligans: int
    removed: tuple[str, ...]
    """Cards taken off its fighter in this assembly or combat step, which it may not equip again in
    that step (ruling WAR-E2); another seat's only while its fighter is in view."""


@dataclass(frozen=True, slots=True)
class WaitingBeast(View):
    """A Beast drawn and waiting to enter the next battle."""

    name: str
    seat: int
    """The seat that drew it."""


@dataclass(frozen=True, slots=True)
class BreakagePick(View):
    """A breakage pick in progress: the attacker picks cards of the target to roll breakage for."""

    kind: str
    """``"breakage"``."""
    attacker: int
    """Combatant id."""
    target: int
    """Combatant id."""
    rolls: int
    """Breakage rolls left."""


@dataclass(frozen=True, slots=True)
class SplitAttack(View):
    """A split attack in progress: the attacker chooses its next target."""

    kind: str
    """``"split attack"``."""
    attacker: int
    """Combatant id."""
    hit: tuple[int, ...]
    """Combatant ids already hit."""
    attacks_left: int


@dataclass(slots=True)
class DecisionView(View):
    """The part of a seat's view that its decisions in a battle read (what the rule-based agent reads).

    The same values as the :class:`WarriorsView` fields of the same names (``fighters`` may hold only
    the seat's own fighter; see :func:`.view.decision_view`).
    """

    hand: tuple[str, ...]
    location: str | None
    fighters: tuple[FighterView, ...]
    pending: BreakagePick | SplitAttack | None


@dataclass(frozen=True, slots=True)
class WarriorsView(View):
    """What one seat (or a spectator) sees of a Warriors position.

    Hidden: the cards in other seats' hands (only their number, and the cards everyone saw go into
    them), every deck's contents and order, and fighters being assembled until all are revealed
    (WAR-A15). ``hand`` is the viewer's own hand (sorted names), ``None`` for a spectator, whose JSON
    form has no ``hand`` key.
    """

    players_count: int
    battle: int
    """The battle's number, 0 during setup."""
    phase: str
    """``"setup"``, ``"location"``, ``"assembly"``, ``"revolving door"``, ``"battle"`` or ``"over"``."""
    location: str | None
    """The current location card."""
    chooser: int | None
    """The seat that chooses the location."""
    current: int | None
    """The combatant id whose turn it is in battle."""
    to_move: int | None
    """The seat deciding; ``None`` at chance or simultaneous nodes."""
    decision: str
    """What is being decided, in words (seats counted from 1 in text)."""
    pending: BreakagePick | SplitAttack | None
    order: tuple[int, ...]
    """Turn order, combatant ids."""
    players: tuple[SeatView, ...]
    fighters: tuple[FighterView, ...]
    """Every fighter in play the viewer sees, by combatant id (others' hidden while assembling)."""
    waiting_beasts: tuple[WaitingBeast, ...]
    equipping: bool
    """Whether the fighter to act is equipping (the Equip step of its Action)."""
    turns: int
    max_turns: int
    events: tuple[str, ...]
    """The latest public events in words, oldest first."""
    result: tuple[float, ...] | None
    """The returns, once the game is over."""
    hand: tuple[str, ...] | None

    def to_json(self) -> dict[str, Any]:
        """Return the JSON form (:meth:`View.to_json`), without ``hand`` for a spectator."""
        data = View.to_json(self)
        if self.hand is None:
            del data["hand"]
        return data
