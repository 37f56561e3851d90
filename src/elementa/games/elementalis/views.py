"""ElementaliS's typed observation: :class:`ElementalisView` and its parts (see :mod:`elementa.core.views`).

``ElementalisState.view(player)`` builds it (:func:`~.observe.observe`); ``observation(player)`` is
its JSON form, with the keys and values the JSON observation has always had. Seats count from 0;
Mana is counted per colour (:class:`ManaView`, whose JSON form keys the colours by name:
``{"Fire": 1, "Water": 0, "Earth": 2, "Air": 0}``); faces, Arcana, spells and colours are named as
the rulebook names them.

source: elementalis.txt (everything on the table is public but the spell declarations while they
are being made).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from elementa.core import View


@dataclass(frozen=True, slots=True)
class ManaView(View):
    """Mana per colour: a Pool, the Channel, the Flux, or an option of a Mana choice."""

    fire: int
    water: int
    earth: int
    air: int

    def to_json(self) -> dict[str, Any]:
        """Return ``{"Fire": .., "Water": .., "Earth": .., "Air": ..}`` (the colours' names as keys)."""
        return {"Fire": self.fire, "Water": self.water, "Earth": self.earth, "Air": self.air}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ManaView:
        """Return the Mana whose JSON form (:meth:`to_json`) is ``data``.

        Raises:
            KeyError: a colour is missing.
        """
        return cls(data["Fire"], data["Water"], data["Earth"], data["Air"])

    def colours(self) -> tuple[int, int, int, int]:
        """Return the amounts in colour order: Fire, Water, Earth, Air."""
        return (self.fire, self.water, self.earth, self.air)


@dataclass(frozen=True, slots=True)
class SpellView(View):
    """A spell a seat knows, with what it costs the seat now."""

    name: str
    level: int
    arcana: str
    """The Arcana whose Mana pays for it (``"Moon"``: any colour)."""
    cost: int | None
    """``None`` for Counter Spell: its cost is X, the cost of the spell it answers."""
    help: str
    """A one-line summary of the effect (ours, not the rulebook's text)."""
    cast_this_turn: bool


@dataclass(frozen=True, slots=True)
class SeatView(View):
    """A seat: its Arcana and mage type (``None`` until drafted), its Pool and spells."""

    seat: int
    major: str | None
    minor: str | None
    type: str | None
    chosen_major: str | None
    """A Chaotica's Major element this round, else ``None``."""
    pool: ManaView
    colourless: int
    total: int
    """The seat's score: its Pool and colourless Mana (ruling ELS-A23)."""
    spells: tuple[SpellView, ...]


@dataclass(frozen=True, slots=True)
class DieView(View):
    """A die on the table."""

    face: str | None
    """The face it shows (``None`` before it is rolled)."""
    sun: bool
    held: bool
    destroyed: bool
    charred: bool


@dataclass(frozen=True, slots=True)
class PendingSpellView(View):
    """The spell being cast and answered."""

    caster: int
    spell: str
    paid_as: str
    """The spell paid for (Insight when cast through it; Burn or Fortitude on a link)."""
    cost: int
    targets: tuple[tuple[int, str], ...]
    """The Mana counters it takes: ``(seat, colour name)``."""
    negated_for: tuple[int, ...]
    """The seats on whom an answer voided it."""


@dataclass(frozen=True, slots=True)
class OppositionView(View):
    """Elemental Opposition under way: the claims still to settle and the dice just rolled."""

    claims: tuple[tuple[int, int], ...]
    """``(seat, dice picked up)``, in the order they settle."""
    rolled: tuple[str, ...]
    """The faces the claimant being settled rolled."""


@dataclass(frozen=True, slots=True)
class RollScoresView(View):
    """What the dice as they lie would score the active player, while spells are declared and cast
    after a Power or Chance Roll."""

    seat: int
    options: tuple[ManaView, ...]
    """The Mana it may score, best first (none when the Sun returns the Channel)."""
    sun: bool
    """Whether the Sun returns the Channel to the Flux."""


@dataclass(frozen=True, slots=True)
class ManaChoiceView(View):
    """A Mana choice under way, colour by colour (public: choices are made in the open)."""

    seat: int
    purpose: str
    """``"setup"``, ``"tap"``, ``"score"``, ``"cosmic_ether"``, ``"give"`` or ``"cosmic_give"``."""
    to: int | None
    """The seat given to (gifts), else ``None``."""
    chosen: dict[str, int]
    """The colours chosen so far, in order, by name."""
    options: tuple[ManaView, ...]
    """The vectors still open."""


@dataclass(frozen=True, slots=True)
class ElementalisView(View):
    """What one seat (or a spectator) sees of an ElementaliS position.

    ``phase`` names the decision waited for (``"draft_major"``, ``"draft_minor"``, ``"chaos"``,
    ``"choice"``, ``"cultist"``, ``"roll"``, ``"declare"``, ``"cast"``, ``"target_mana"``,
    ``"react"``, ``"continue"``, ``"claim"``, ``"over"``); ``stage`` the roll being resolved
    (``"power"``, ``"chance"``, ``"cosmic"``, ``"opposition"`` or ``""``). ``declarations`` maps each
    declaring seat (as a string) to ``"declared"``/``"passed"`` (the viewer's own), ``"chosen"``
    (another's, sealed) or ``"waiting"``.
    """

    game: str
    viewer: int | None
    round: int
    rounds: int
    active: int
    phase: str
    stage: str
    to_move: tuple[int, ...]
    players: tuple[SeatView, ...]
    channel: ManaView
    flux: ManaView | None
    """``None`` when the Mana supply is unlimited."""
    dice: tuple[DieView, ...]
    ether_leak: bool
    links: tuple[tuple[int, int], ...]
    """Earth Links: ``(owner, linked seat)``."""
    declarations: dict[str, str]
    casting_order: tuple[int, ...]
    """The declared seats still to cast, the one casting now first (while spells are cast)."""
    pending_spell: PendingSpellView | None
    opposition: OppositionView | None
    log: tuple[str, ...]
    """This turn's public events."""
    winners: tuple[int, ...] | None
    """At the end, the winning seats."""
    roll_scores: RollScoresView | None
    mana_choice: ManaChoiceView | None
