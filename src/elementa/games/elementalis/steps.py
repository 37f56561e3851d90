"""ElementaliS's flow on the core flow stack (:class:`~elementa.core.flow.Flow`): every pending step
a small frozen dataclass that says who acts, what is legal and what comes next.

The state keeps a :class:`~elementa.core.flow.Flow`; the step on top is what the game waits for
(its ``phase`` is what the views show), and a step that must come back to something pushes that
below the steps it starts: rolling dice pushes what follows the roll, then one :class:`Roll` per
die; a Mana choice pushes what follows it, then the choice. Steps that need a decision: the draft
(:class:`DraftMajor`, :class:`DraftMinor`), :class:`Chaos`, :class:`ManaChoice`, :class:`Cultist`,
:class:`Declare` (simultaneous), :class:`Continue`; casting's and Elemental Opposition's are in
:mod:`.casting` and :mod:`.opposition`. Chance: :class:`Roll`. Automatic (run at once by
``Flow.settle``): :class:`AskSetup`, :class:`StartTurn`, :class:`StartRoll`, :class:`PowerRolled`,
:class:`OpenSpells`, :class:`AfterScore`, :class:`CosmicGift`, :class:`EndTurn`.

source: elementalis.txt, Setup; Structure of a Turn; Rolls; Scoring; Flux Tapping; The Cosmic Roll;
Elemental Opposition; End of Turn / Round; Ending the Game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final, Literal

from elementa.core import CHANCE, SIMULTANEOUS, Action
from elementa.core.flow import AUTOMATIC, Step
from elementa.games.elementalis.phases import (
    CHAOS,
    CHOICE,
    CONTINUE,
    CULTIST,
    DECLARE,
    DRAFT_MAJOR,
    DRAFT_MINOR,
    OPPOSITION_DIE,
    ROLL,
)
from elementa.games.elementalis.scoring import Mana, all_vectors

if TYPE_CHECKING:
    from elementa.games.elementalis.state import ElementalisState

MAX_SEATS: Final = 7
"""The most mages a game seats (the per-seat steps below are made once for each seat)."""

Stage = Literal["power", "chance", "cosmic"]
"""A roll of the turn: the Power, Chance or Cosmic Roll."""

Purpose = Literal["setup", "tap", "score", "cosmic_ether", "give", "cosmic_give"]
"""What a chosen Mana vector is for: the set-up's two Mana, a Flux Tap, the roll's score, the
Cosmic Roll's Ether, a gift in Elemental Opposition (from the payer's Pool), a gift on a Cosmic Roll
(from the Channel)."""


class ElementalisStep(Step):
    """A step of ElementaliS's flow. ``phase`` names it in the views (``""``: an automatic step,
    never on top when a view is taken); ``fixed`` names its choices in ``game.fixed_actions`` when
    they never vary (``""``: :meth:`legal` lists them).

    A dataclass subclass sets these after its body (``Roll.phase = ROLL``), not in it: compiled
    with mypyc, a ``ClassVar`` in a dataclass's body becomes a field (mypyc/mypyc#1122)."""

    __slots__ = ()
    phase: ClassVar[str] = ""
    fixed: ClassVar[str] = ""
    automatic: ClassVar[bool] = False
    """Whether its actor is always ``AUTOMATIC`` (the state's settling reads it without a call)."""


@dataclass(frozen=True, slots=True)
class Decision(ElementalisStep):
    """A step that waits for one seat (its ``seat`` field, every subclass's first)."""

    seat: int

    def actor(self, state: ElementalisState) -> int:
        return self.seat


class Automatic(ElementalisStep):
    """A step that needs nobody: the state runs it at once after an action (as ``Flow.settle`` does)."""

    __slots__ = ()
    automatic: ClassVar[bool] = True

    def actor(self, state: ElementalisState) -> int:
        return AUTOMATIC


# ------------------------------------------------------------------------------------- the draft
@dataclass(frozen=True, slots=True)
class DraftMajor(Decision):
    """A seat takes a Major Arcana; then the next seat, and after the last the Minors.

    source: elementalis.txt, Setup (the draft).
    """

    def legal(self, state: ElementalisState, player: int) -> list[Action]:
        majors = state.game.draft_actions[0]
        return [majors[a] for a in state._free_majors(set(state.major))]

    def apply(self, state: ElementalisState, action: Action, player: int) -> None:
        state.major[self.seat] = action.args[0]
        nxt = self.seat + 1
        state.steps.append(DraftMajor(nxt) if nxt < state.game.num_players else DraftMinor(0))


DraftMajor.phase = DRAFT_MAJOR


@dataclass(frozen=True, slots=True)
class DraftMinor(Decision):
    """A seat takes a Minor that pairs with its Major; after the last, the others' set-up Mana.

    source: elementalis.txt, Setup ("All other players choose two Mana of their choice"); the
    option ``first_seat_setup_mana`` (ruling ELS-B2) gives them to the youngest mage too.
    """

    def legal(self, state: ElementalisState, player: int) -> list[Action]:
        major = state.major[self.seat]
        if major is None:
            return []
        minors = state.game.draft_actions[1][major]
        return [minors[b] for b, _ in state._free_minors(self.seat)]

    def apply(self, state: ElementalisState, action: Action, player: int) -> None:
        p = self.seat
        state._take_minor(p, action.args[0])
        n = state.game.num_players
        if p + 1 < n:
            state.steps.append(DraftMinor(p + 1))
        else:
            first = 0 if state.game.options.first_seat_setup_mana else 1  # ELS-B2; lowest seat asked first
            state.steps += [StartTurn(), *[AskSetup(q) for q in range(n - 1, first - 1, -1)]]


DraftMinor.phase = DRAFT_MINOR


@dataclass(frozen=True, slots=True)
class AskSetup(Automatic):
    """Ask a seat for its two set-up Mana of its choice. source: elementalis.txt, Setup."""

    seat: int

    def run(self, state: ElementalisState) -> None:
        state._ask(self.seat, all_vectors(2, [2, 2, 2, 2]), "setup")


# ------------------------------------------------------------------------------------- Mana choices
@dataclass(frozen=True, slots=True)
class ManaChoice(Decision):
    """A seat chooses one Mana vector among ``options``, one colour at a time (Fire, Water, Earth, Air).

    The rulebook names a whole vector ("two Mana of their choice", "score ...", "give up ... Mana");
    the colour steps are how the game asks for it. What follows the choice lies below it on the flow.

    source: elementalis.txt, Setup; Scoring; Flux Tapping; The Cosmic Roll; Elemental Opposition.

    Attributes:
        seat: the chooser (0-based).
        options: the Mana vectors still open, consistent with the amounts picked; never changed
            (a pick makes a new choice with the vectors that agree).
        purpose: what the Mana is for (:data:`Purpose`).
        to: the seat a gift goes to (``give``, ``cosmic_give``); -1 otherwise.
        may_pass: whether the seat may choose nothing (a Flux Tap, before its first colour).
        picked: the amounts of the colours chosen so far, Fire first.
    """

    options: list[Mana]
    purpose: Purpose
    to: int = -1
    may_pass: bool = False
    picked: tuple[int, ...] = ()

    def key(self) -> tuple[int, list[Mana], str]:
        """The chooser, options and purpose as the information-state key has always hashed them
        (a gift's purpose with its seat, ``give:2``), so keys are unchanged."""
        purpose = self.purpose if self.to < 0 else f"{self.purpose}:{self.to}"
        return self.seat, self.options, purpose

    def legal(self, state: ElementalisState, player: int) -> list[Action]:
        purpose, c = self.purpose, len(self.picked)
        memo = state.game.choice_memo
        acts = []
        for k in dict.fromkeys([v[c] for v in self.options]):  # in the options' order (best first)
            action = memo.get((purpose, c, k))
            if action is None:
                label = state._choice_label(purpose, c, k)
                action = memo[purpose, c, k] = state.game.action_space.make("mana", c, k, label=label)
            acts.append(action)
        if self.may_pass:
            acts.extend(state.game.fixed_actions["tap"])
        return acts

    def apply(self, state: ElementalisState, action: Action, player: int) -> None:
        if action.kind == "pass":
            state._resolve_choice(self, None)
            return
        c, amount = len(self.picked), action.args[1]
        options = [v for v in self.options if v[c] == amount]
        state._settle_choice(
            ManaChoice(self.seat, options, self.purpose, self.to, False, (*self.picked, amount))
        )


ManaChoice.phase = CHOICE


# ------------------------------------------------------------------------------------- the turn
@dataclass(frozen=True, slots=True)
class StartTurn(Automatic):
    """Begin the active player's turn. source: elementalis.txt, Structure of a Turn."""

    def run(self, state: ElementalisState) -> None:
        state._start_turn()


@dataclass(frozen=True, slots=True)
class Chaos(Decision):
    """A Chaotica chooses its Major element for the round. source: elementalis.txt, Chaotica."""

    def apply(self, state: ElementalisState, action: Action, player: int) -> None:
        state._choose_major(self.seat, action.args[0])


Chaos.phase = CHAOS
Chaos.fixed = CHAOS


@dataclass(frozen=True, slots=True)
class StartRoll(Automatic):
    """Begin the Power, Chance or Cosmic Roll (after a Flux Tap's choice). source: Rolls 1-3."""

    stage: Stage

    def run(self, state: ElementalisState) -> None:
        state._start_roll(self.stage)


@dataclass(frozen=True, slots=True)
class Roll(ElementalisStep):
    """Roll one die: a table die (its index) or a die picked up in Elemental Opposition
    (:data:`~.phases.OPPOSITION_DIE`). What follows the roll lies below its dice on the flow.

    source: elementalis.txt, Rolls; Elemental Opposition.
    """

    which: int

    def actor(self, state: ElementalisState) -> int:
        return CHANCE

    def outcomes(self, state: ElementalisState) -> list[tuple[Action, float]]:
        return state._die_outcomes(self.which)

    def apply(self, state: ElementalisState, action: Action, player: int) -> None:
        which, face = self.which, action.args[0]
        if which == OPPOSITION_DIE:
            state.opp_faces.append(face)
        else:
            state.dice[which].face = face


Roll.phase = ROLL


@dataclass(frozen=True, slots=True)
class PowerRolled(Automatic):
    """After a Power, Chance or Cosmic Roll: a Cultist may reroll the Sun die, else spells open."""

    def run(self, state: ElementalisState) -> None:
        state._rolled_all()


@dataclass(frozen=True, slots=True)
class Cultist(Decision):
    """A Cultist may reroll the Sun die once per roll. source: elementalis.txt, Cultist."""

    def apply(self, state: ElementalisState, action: Action, player: int) -> None:
        state.cultist_used = True
        if action.kind == "reroll_sun":
            state._roll([0], OPEN_SPELLS)
        else:
            state._open_spells()


Cultist.phase = CULTIST
Cultist.fixed = CULTIST


@dataclass(frozen=True, slots=True)
class OpenSpells(Automatic):
    """Open the spell phase (after a Cultist's reroll). source: elementalis.txt, Spell Casting."""

    def run(self, state: ElementalisState) -> None:
        state._open_spells()


@dataclass(frozen=True, slots=True)
class Declare(ElementalisStep):
    """Who could cast declares (or not) at once, in secret: the seats still to declare are the
    state's ``undeclared``. source: elementalis.txt, Spell Casting (declarations before casting)."""

    def actor(self, state: ElementalisState) -> int:
        return SIMULTANEOUS

    def apply(self, state: ElementalisState, action: Action, player: int) -> None:
        state.declared[player] = action.kind == "declare"
        state.undeclared.remove(player)  # the only change to it but _open_spells setting it
        if state.undeclared:
            state.steps.append(self)
        else:
            state._start_casting()


Declare.phase = DECLARE
Declare.fixed = DECLARE


@dataclass(frozen=True, slots=True)
class AfterScore(Automatic):
    """After the roll's score: Elemental Opposition when the Channel is empty, else roll on or stop."""

    def run(self, state: ElementalisState) -> None:
        state._after_score()


@dataclass(frozen=True, slots=True)
class Continue(Decision):
    """The active player takes the next roll or stops and banks the Channel.

    source: elementalis.txt, The Chance Roll; The Cosmic Roll.
    """

    def legal(self, state: ElementalisState, player: int) -> list[Action]:
        return list(state.game.fixed_actions[CONTINUE if state.stage == "power" else "continue_cosmic"])

    def apply(self, state: ElementalisState, action: Action, player: int) -> None:
        if action.kind == "bank":
            state._end_turn()
        else:
            state._start_roll("chance" if state.stage == "power" else "cosmic")


Continue.phase = CONTINUE


@dataclass(frozen=True, slots=True)
class CosmicGift(Automatic):
    """A Cosmic Roll showing a seat's Major: the active player gives it 1 Mana from the Channel
    (nothing once the Channel is empty). source: elementalis.txt, The Cosmic Roll; ruling ELS-A13."""

    to: int

    def run(self, state: ElementalisState) -> None:
        if sum(state.channel):
            state._ask(state.active, all_vectors(1, state.channel), "cosmic_give", to=self.to)


@dataclass(frozen=True, slots=True)
class EndTurn(Automatic):
    """Bank the Channel and pass the Round Marker. source: elementalis.txt, End of Turn / Round."""

    def run(self, state: ElementalisState) -> None:
        state._end_turn()


@dataclass(frozen=True, slots=True)
class PendingSpell:
    """A spell being cast: paid for, picking its Mana targets, open to answers, then resolved.

    Immutable: adding a target or an answer makes a new value (:meth:`with_target`,
    :meth:`with_answer`), so a clone shares it.

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

    def with_target(self, target: tuple[int, int]) -> PendingSpell:
        """Return the spell with one more Mana target ``(seat, colour)``."""
        return PendingSpell(*self._fixed(), (*self.targets, target), self.negated)

    def with_answer(self, seat: int) -> PendingSpell:
        """Return the spell voided on one more seat (an answer)."""
        return PendingSpell(*self._fixed(), self.targets, (*self.negated, seat))

    def _fixed(self) -> tuple[int, int, int, int, int, int, tuple[int, int] | None, int]:
        return self.caster, self.spell, self.paid, self.die, self.face, self.player, self.link, self.cost


# Steps made once (frozen and stateless, so one value serves every state): a frozen dataclass costs
# a microsecond to make, and these are pushed at every roll, cast and turn.
POWER_ROLLED: Final = PowerRolled()
OPEN_SPELLS: Final = OpenSpells()
AFTER_SCORE: Final = AfterScore()
START_POWER_ROLL: Final = StartRoll("power")
CHAOS_OF: Final = tuple(Chaos(p) for p in range(MAX_SEATS))
CULTIST_OF: Final = tuple(Cultist(p) for p in range(MAX_SEATS))
CONTINUE_OF: Final = tuple(Continue(p) for p in range(MAX_SEATS))
