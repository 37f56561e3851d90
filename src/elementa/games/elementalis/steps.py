"""ElementaliS's pending decisions as small typed values (the start of its rebuild on the core flow
stack, issue 37): each says who acts and what the decision is for, with no string continuations.

source: elementalis.txt, Scoring; Flux Tapping; The Cosmic Roll; Elemental Opposition; Setup.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from elementa.games.elementalis.scoring import Mana

Purpose = Literal["setup", "tap", "score", "cosmic_ether", "give", "cosmic_give"]
"""What a chosen Mana vector is for: the set-up's two Mana, a Flux Tap, the roll's score, the
Cosmic Roll's Ether, a gift in Elemental Opposition (from the payer's Pool), a gift on a Cosmic Roll
(from the Channel)."""


@dataclass(frozen=True, slots=True)
class ManaChoice:
    """A seat chooses one Mana vector among ``options``, one colour at a time (Fire, Water, Earth, Air).

    The rulebook names a whole vector ("two Mana of their choice", "score ...", "give up ... Mana");
    the colour steps are how the game asks for it (the amounts chosen so far are ``state.picked``).

    source: elementalis.txt, Setup; Scoring; Flux Tapping; The Cosmic Roll; Elemental Opposition.

    Attributes:
        seat: the chooser (0-based).
        options: the Mana vectors still open, consistent with the amounts picked; never changed
            (a pick makes a new choice with the vectors that agree).
        purpose: what the Mana is for (:data:`Purpose`).
        to: the seat a gift goes to (``give``, ``cosmic_give``); -1 otherwise.
        may_pass: whether the seat may choose nothing (a Flux Tap, before its first colour).
    """

    seat: int
    options: list[Mana]
    purpose: Purpose
    to: int = -1
    may_pass: bool = False

    def key(self) -> tuple[int, list[Mana], str]:
        """The chooser, options and purpose as the information-state key has always hashed them
        (a gift's purpose with its seat, ``give:2``), so keys are unchanged."""
        purpose = self.purpose if self.to < 0 else f"{self.purpose}:{self.to}"
        return self.seat, self.options, purpose


@dataclass(frozen=True, slots=True)
class PendingSpell:
    """A spell being cast: paid for, picking its Mana targets, open to answers, then resolved.

    Immutable: adding a target or an answer makes a new value (``dataclasses.replace``), so a clone
    shares it.

    source: elementalis.txt, Spell Casting; Appendix A: The Spells; rulings ELS-A14, A21.

    Attributes:
        caster: the seat casting it (0-based).
        spell: the spell whose effect resolves (for Insight, the spell it copies).
        paid: the spell paid for (Insight when cast through Insight; Burn or Fortitude on a link).
        die: the die it targets, or ``casting.NO_DIE``.
        face: the face Tremor turns the die to, or ``casting.NO_FACE``.
        player: the seat an Earth Link targets, or ``casting.NO_PLAYER``.
        link: the Earth Link ``(owner, linked)`` that Burn or Fortitude breaks, or ``None``.
        cost: the Mana paid (Counter Spell's X when answered).
        targets: the Mana counters Incinerate or Tornado takes, ``(seat, colour)``, in the order picked.
        negated: the seats on whom an answer voided it, in the order they answered.
    """

    caster: int
    spell: int
    paid: int
    die: int
    face: int
    player: int
    link: tuple[int, int] | None
    cost: int
    targets: tuple[tuple[int, int], ...] = ()
    negated: tuple[int, ...] = ()
