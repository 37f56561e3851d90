"""Elemental Warriors II's decisions, chance events and hit stages as steps of the core flow stack
(:class:`~elementa.core.flow.Flow`): each pending step a frozen dataclass that says who acts, what
is legal and what comes next.

A step is a decision (:class:`Decision`: its ``seat`` chooses among :meth:`~Decision.legal`), a
chance event (:class:`Chance`: one card drawn, played or taken, or one d10 roll) or an automatic
stage of a hit (:class:`Automatic`). Outside a sealed window steps wait on the state's flow (the top
last); inside one each seat works through its own stack (``state.pending[seat]``, see
:mod:`.window`), and a step queues what comes next with ``state.queue(seat, ...)``, which picks the
stack. A decision with nothing to decide is dropped (:meth:`Decision.skip` says what follows it);
the Target and Power choices with one legal action are applied at once, as nothing is chosen. A
chance step with nothing to draw from is dropped.

Decisions: :class:`Setup`, :class:`Play`, :class:`Add`, :class:`Adjust`, :class:`Declare`,
:class:`Target`, :class:`Free`, :class:`FreeRecovery`, :class:`Recovery`, :class:`AirP`,
:class:`AirND`, :class:`FireP`, :class:`EarthP`, :class:`WaterP`, :class:`Pay`, :class:`Flood`
(the power choices are in :mod:`.powers`). Chance: :class:`Roll`, :class:`Draw`, :class:`Top`,
:class:`PlayRandom`, :class:`RandomDiscard`, :class:`Steal`. Automatic: :class:`Attack`,
:class:`Damage`, :class:`Harm`, :class:`AfterHit`. The course of a turn is in :mod:`.flow`.

source: elemental-warriors-ii.txt (every phase); rulings in docs/rulings/elemental-warriors-ii.md.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal, TypeVar

from elementa.core import CHANCE, Action, Changed, Damaged, Moved, Place, die_outcomes, pick_uniform
from elementa.core.flow import AUTOMATIC, Step
from elementa.games.elemental_warriors_ii import cards
from elementa.games.elemental_warriors_ii.actions import (
    act,
    apply_forfeit,
    apply_rearrangement,
    decline,
    discards,
    draw_actions,
    fixed,
    forfeits,
    rearrangements,
    surrender_actions,
)
from elementa.games.elemental_warriors_ii.effects import (
    AIR,
    EARTH,
    EARTH_P,
    FIRE_BONUS,
    FIRE_NN,
    FIRE_P,
    FLOOD_ON_DAMAGE,
    HEALING,
    INFERNO,
    INFERNO_ON_HIT,
    LANDSLIDE,
    LANDSLIDE_ON_NOHARM,
    PREVENT,
    WHIRLWIND,
    WHIRLWIND_ON_NOHARM,
)
from elementa.games.elemental_warriors_ii.names import PLAYER_NAMES
from elementa.games.elemental_warriors_ii.sheet import (
    COIN_NAMES,
    COIN_VALUES,
    COLUMNS,
    DIME,
    NICKEL,
    PENNY,
    PRESET_NAMES,
    pennies,
    preset_sheet,
    sheet_value,
    with_coin,
)

if TYPE_CHECKING:
    from elementa.games.elemental_warriors_ii.state import EW2State

STARTING_CHANGE: Final = 25
"""The cents each player places in the setup (source: the setup, "Take a character sheet and 25 cents")."""
MAX_SEATS: Final = 6
"""The most players a game seats (the per-seat steps below are made once for each seat)."""
SUPPLY: Final = Place("supply")
"""Where coins come from and go to off the sheets, in events."""

Cause = Literal["damage", "inferno"]
"""Why a player removes cents: damage taken (Allocate Damage) or the Inferno token (End of Turn)."""

S = TypeVar("S", bound="EW2Step")
_MADE: dict[tuple[type, tuple[Any, ...]], Any] = {}


def made(cls: type[S], *args: Any) -> S:
    """Return the step ``cls(*args)``, made once and then shared (steps are immutable values of
    their fields, and making a frozen dataclass costs a microsecond: these are made every turn)."""
    key = (cls, args)  # not (cls, *args): unpacking into a new tuple costs more than nesting
    found = _MADE.get(key)
    if found is None:
        found = _MADE[key] = cls(*args)
    return found


class EW2Step(Step):
    """A step of Elemental Warriors II's flow (subclassed as frozen, slotted dataclasses).
    ``automatic`` says whether it always runs at once (the state's loop reads it without a call)."""

    __slots__ = ()
    automatic: ClassVar[bool] = False

    def settle(self, s: EW2State) -> int | None:
        """Take this step, the top of the state's flow, at once if nobody needs to act on it (pop
        it and run it, drop it, or apply its only choice) and return ``None``; else return who it
        waits for (a seat, ``CHANCE`` or ``SIMULTANEOUS``), having kept a seat's legal actions in
        the state's table. :meth:`~.state.EW2State._advance` calls it until someone must act:
        :meth:`actor` and :meth:`run` do the same through the core flow's API."""
        raise NotImplementedError(f"{type(self).__name__} cannot settle")

    def asked(self, s: EW2State) -> tuple[Any, ...]:
        """Return what the seat deciding is asked (a decision: see :meth:`Decision.asked`).

        Raises:
            TypeError: the step is not a decision (no seat is asked anything at it).
        """
        raise TypeError(f"{type(self).__name__} is not a decision")

    def prompt(self, s: EW2State) -> str:
        """Return, in words, what the seat deciding is asked (a decision: see :meth:`Decision.prompt`).

        Raises:
            TypeError: the step is not a decision.
        """
        raise TypeError(f"{type(self).__name__} is not a decision")

    def told(self, s: EW2State, action: Action, viewer: int | None) -> str:
        """Return how ``viewer`` reads a chance outcome (a chance step: see :meth:`Chance.told`).

        Raises:
            TypeError: the step is not a chance step.
        """
        raise TypeError(f"{type(self).__name__} is not a chance step")

    def skip(self, s: EW2State) -> None:
        """The step was dropped with nothing to decide: queue what follows it (by default nothing;
        see :meth:`Decision.skip`)."""


# ------------------------------------------------------------------------------------- decisions
class Asking(EW2Step):
    """What a decision step asks: ``kind`` names it in the facts the information-state key and the
    prompt are made from (:meth:`Decision.asked`); ``prompt_text`` is the prompt, where its words
    name nothing more (else :meth:`Decision.prompt` builds it); ``obvious`` says whether a single
    legal action is applied at once.

    These live here, not on :class:`Decision`, and a dataclass subclass sets them after its body
    (``Play.kind = "play"``): compiled with mypyc, a ``ClassVar`` in a dataclass's body becomes a
    field (mypyc/mypyc#1122).
    """

    __slots__ = ()
    kind: ClassVar[str] = ""
    prompt_text: ClassVar[str] = ""
    obvious: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class Decision(Asking):
    """A step that waits for one seat (its ``seat`` field, every subclass's first) to choose among
    :meth:`legal` (see :class:`Asking` for what it asks)."""

    seat: int

    def actor(self, s: EW2State) -> int:
        found = self.legal(s, self.seat)
        return AUTOMATIC if not found or (self.obvious and len(found) == 1) else self.seat

    def run(self, s: EW2State) -> None:
        """Nothing to decide: the only legal action is applied, or the step is dropped."""
        found = self.legal(s, self.seat)
        if found:
            self.apply(s, found[0], self.seat)
        else:
            self.skip(s)

    def settle(self, s: EW2State) -> int | None:
        seat = self.seat
        found = self.legal(s, seat)
        if not found:
            s.steps.pop()
            self.skip(s)
            return None
        if self.obvious and len(found) == 1:
            s.steps.pop()
            self.apply(s, found[0], seat)
            return None
        s._cache[seat] = found  # the table is empty: new, or emptied by _apply
        return seat

    def skip(self, s: EW2State) -> None:
        """The step had no legal action and was dropped: queue what follows it (nothing, unless a
        subclass says otherwise)."""

    def asked(self, s: EW2State) -> tuple[Any, ...]:
        """Return what the seat is asked, as the facts the information-state key hashes and
        :meth:`prompt` puts in words: ``(kind, ...)``."""
        return (self.kind,)

    def prompt(self, s: EW2State) -> str:
        """Return, in words, what the seat is asked to do."""
        return self.prompt_text


@dataclass(frozen=True, slots=True)
class Setup(Decision):
    """Place the 25 starting cents one coin at a time, or pick a preset layout, in the sealed setup
    window; pennies only in the combat rows. The step comes back until the sheet holds 25 cents.
    The options ``layouts`` (the layouts offered) and ``setup`` (``layouts``: no coin by coin)
    make the miniatures of ruling R38.

    source: elemental-warriors-ii.txt, the setup ("Take a character sheet and 25 cents ... You may
    only put pennies in the Combat row"); rulings R3, R38.
    """

    def left(self, s: EW2State) -> int:
        """Return the cents still to place."""
        return STARTING_CHANGE - sheet_value(s.sheets[self.seat])

    def legal(self, s: EW2State, player: int) -> list[Action]:
        left = self.left(s)
        return fixed(s, ("setup", left), lambda: _setup_actions(s, left))

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        p = self.seat
        if action.kind == "preset":
            s.sheets[p] = preset_sheet(s.layout, PRESET_NAMES[action.args[0]])
            if s.recording:
                s.tell(p, Changed("layout", s.layout.place(p), PRESET_NAMES[action.args[0]]))
        elif action.kind == "clear":
            s.sheets[p] = s.layout.new_sheet()
            if s.recording:
                s.tell(p, Changed("layout", s.layout.place(p), "empty"))
        else:
            coin, row, col = action.args
            i = row * COLUMNS + col
            s.sheets[p][i] = with_coin(s.sheets[p][i], coin)
            if s.recording:
                s.tell(p, Moved(COIN_NAMES[coin], 1, SUPPLY, s.layout.place(p, i)))
        if sheet_value(s.sheets[p]) != STARTING_CHANGE:
            s.queue(p, self)

    def asked(self, s: EW2State) -> tuple[Any, ...]:
        return (self.kind, self.left(s))

    def prompt(self, s: EW2State) -> str:
        return f"Setup: place your coins ({self.left(s)} cents left) or pick a preset layout"


Setup.kind = "setup"


def _setup_actions(s: EW2State, left: int) -> list[Action]:
    """Return the setup choices with ``left`` cents still to place: the layouts the game offers
    (``EW2Game.layout_ids``), then, unless the option ``setup`` is ``layouts``, each coin's squares
    and, once a coin is down, ``clear``."""
    lay = s.layout
    acts = [act(s, "preset", k) for k in s.game.layout_ids]
    if s.game.options.setup == "layouts":
        return acts
    for coin in range(3):
        if COIN_VALUES[coin] > left:
            continue
        for row in range(len(lay.rows)):
            if coin != PENNY and lay.is_combat(row):
                continue
            acts += [act(s, "place", coin, row, col) for col in range(COLUMNS)]
    if left < STARTING_CHANGE:
        acts.append(act(s, "clear"))
    return acts


PLAY_MODES: Final = {"play": "hand", "play_top": "top", "play_random": "random"}
"""The mode of play (``EW2State.mode``) each way of playing sets, where it is not the action's kind
(``roll``, ``no_card``)."""


@dataclass(frozen=True, slots=True)
class Play(Decision):
    """Play a card face down in the sealed Activate window (or the top card of the deck, a random
    card from hand, a d10 roll, or no card, as the variants and the hand allow); token forfeits may
    come first, and the step comes back after each.

    source: elemental-warriors-ii.txt, 1) Activate; Randomizer; Blind Man's Bluff; Independent
    Panic; rulings R6, R19, R20, R35, R37.
    """

    def legal(self, s: EW2State, player: int) -> list[Action]:
        p, o, hand = self.seat, s.game.options, s.hands[self.seat]
        if o.randomizer:
            acts = [act(s, "roll")]
        elif hand and s.random_next[p]:
            acts = [act(s, "play_random")]
        elif hand:
            acts = list(map(s.game.play_actions.__getitem__, hand))
            if o.blind_mans_bluff and s.can_draw(p):
                acts.append(act(s, "play_top"))
        elif o.independent_panic:
            acts = [act(s, "roll")]
        elif o.empty_hand_policy == "top_of_deck" and s.can_draw(p):
            acts = [act(s, "play_top")]
        else:
            acts = [act(s, "no_card")]
        return acts + forfeits(s, p)

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        p = self.seat
        if action.kind == "forfeit":
            apply_forfeit(s, p, action)
            s.queue(p, self)
            return
        if action.kind == "play":
            s.take_from_hand(p, action.args[0])
            s.played[p] = action.args[0]
        s.mode[p] = PLAY_MODES.get(action.kind, action.kind)


Play.kind = "play"
Play.prompt_text = "Activate: play a card face down (token forfeits allowed first)"


@dataclass(frozen=True, slots=True)
class Add(Decision):
    """Put ``count`` cents on the sheet one at a time: from the healing pool (``from_pool``: onto
    an element square), or from the supply onto any square (Water (n), (nd), the Water token);
    ``optional`` cents may be declined.

    source: elemental-warriors-ii.txt, Elemental Effects (Water (n), (nd), (d)); the Water token
    and the healing pool in rules.md; rulings R14, R17.
    """

    count: int
    from_pool: bool
    optional: bool

    def legal(self, s: EW2State, player: int) -> list[Action]:
        key = ("add", self.from_pool, self.optional, self.count < 3)
        return fixed(s, key, lambda: _add_actions(s, self.from_pool, self.optional, self.count < 3))

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        if action.kind == "decline":
            return
        p = self.seat
        i = action.args[0] * COLUMNS + action.args[1]
        s.sheets[p].add_coin(i, PENNY)
        if self.from_pool:
            s.pool[p] -= 1
        if s.recording:
            source = Place("healing pool", p) if self.from_pool else SUPPLY
            s.tell(p, Moved("penny", 1, source, s.layout.place(p, i)))
        s.log(f"{PLAYER_NAMES[p]} puts a cent on {s.layout.square_name(i)}")
        if self.count > 1:
            s.queue(p, made(Add, p, self.count - 1, self.from_pool, self.optional))

    def asked(self, s: EW2State) -> tuple[Any, ...]:
        return (self.kind, self.count, self.from_pool)

    def prompt(self, s: EW2State) -> str:
        what = "from your healing pool on an element square" if self.from_pool else "on any square"
        return f"put a cent {what} ({self.count} to place)"


Add.kind = "add"


def _add_actions(s: EW2State, from_pool: bool, optional: bool, more: bool) -> list[Action]:
    """Return the squares a cent may go on (element squares only from the healing pool), and
    declining when the cents are optional (``more``: some of them were placed already)."""
    lay = s.layout
    rows = range(lay.combat_rows, len(lay.rows)) if from_pool else range(len(lay.rows))
    acts = [act(s, "add", r, c) for r in rows for c in range(COLUMNS)]
    if optional:
        acts.append(decline(s, "add no more cents" if more else "add no cent"))
    return acts


@dataclass(frozen=True, slots=True)
class Adjust(Decision):
    """Water (nn) last turn: subtract one from the rank of the card played, keep it, or add one
    (the active column moves with it, cyclically). source: Elemental Effects, Water (nn); rulings R7, R32."""

    def legal(self, s: EW2State, player: int) -> list[Action]:
        return fixed(s, ("adjust",), lambda: [act(s, "adjust", k) for k in range(3)])

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        p = self.seat
        col = ((s.column[p] or 0) + action.args[0] - 1) % COLUMNS  # adjusted cards always have a column
        s.column[p] = col
        s.log(f"{PLAYER_NAMES[p]} activates column {col + 1}")


Adjust.kind = "adjust"
Adjust.prompt_text = "Water (nn): add or subtract one from your card's rank"


@dataclass(frozen=True, slots=True)
class Declare(Decision):
    """A wild card (J, Q, K) declares the column it activates, the lower rank first (identical
    cards declare together in a sealed window). source: elemental-warriors-ii.txt, 1) Activate;
    ruling R7."""

    def legal(self, s: EW2State, player: int) -> list[Action]:
        return fixed(s, ("declare",), lambda: [act(s, "declare", c) for c in range(COLUMNS)])

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        s.column[self.seat] = action.args[0]
        s.log(f"{PLAYER_NAMES[self.seat]} declares column {action.args[0] + 1}")


Declare.kind = "declare"
Declare.prompt_text = "your wild card: declare the column it activates"


@dataclass(frozen=True, slots=True)
class Target(Decision):
    """Assault, free-for-all: choose whom to attack, the lowest Defense first (a single choice is
    made at once). source: elemental-warriors-ii.txt, Assault; ruling R24."""

    def legal(self, s: EW2State, player: int) -> list[Action]:
        return [act(s, "target", q) for q in s.live_seats if q != self.seat]

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        s.target[self.seat] = action.args[0]
        s.log(f"{PLAYER_NAMES[self.seat]} attacks {PLAYER_NAMES[action.args[0]]}")


Target.kind = "target"
Target.prompt_text = "Assault: choose whom to attack"
Target.obvious = True


@dataclass(frozen=True, slots=True)
class Free(Decision):
    """Free Recompile or Rebalance actions now, ``left`` of them (Air (p), (n), (d)), or none.
    source: Elemental Effects, Air (p), (n), (d); 4) Recovery (the actions)."""

    left: int

    def legal(self, s: EW2State, player: int) -> list[Action]:
        return [decline(s, "take no free action"), *rearrangements(s, self.seat)]

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        p = self.seat
        if action.kind == "decline":
            return
        if self.left > 1:
            s.queue(p, made(Free, p, self.left - 1))
        apply_rearrangement(s, p, action)

    def asked(self, s: EW2State) -> tuple[Any, ...]:
        return (self.kind, self.left)

    def prompt(self, s: EW2State) -> str:
        return f"free Recompile or Rebalance ({self.left} left)"


Free.kind = "free"


class _RecoveryAction(Decision):
    """A Recovery action: Recompile, Rebalance, Draw, Surrender or nothing (``buffered``: in the
    sealed Recovery window, where a Draw or a Surrender is carried out when every player has chosen,
    else at once).

    source: elemental-warriors-ii.txt, 4) Recovery; rulings R12, R15.
    """

    __slots__ = ()
    buffered: ClassVar[bool] = False

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        p, kind = self.seat, action.kind
        if kind == "forfeit":
            apply_forfeit(s, p, action)
            s.queue(p, self)
        elif kind in ("recompile", "rebalance"):
            apply_rearrangement(s, p, action)
        elif kind == "draw" and self.buffered:
            s.draw_req[p] = s.recovery_draws(p)
        elif kind == "draw":
            s.queue(p, *[DRAW[p]] * s.recovery_draws(p))
        elif kind == "surrender" and self.buffered:
            s.surrender_req[p] = True
        elif kind == "surrender":
            s.surrender(p)


@dataclass(frozen=True, slots=True)
class Recovery(_RecoveryAction):
    """The Recovery action of a seat in the sealed Recovery window (token forfeits allowed first).
    source: elemental-warriors-ii.txt, 4) Recovery; ruling R19."""

    def legal(self, s: EW2State, player: int) -> list[Action]:
        p = self.seat
        acts = draw_actions(s, p)  # a new list: the others are added to it
        acts.append(decline(s, "take no Recovery action"))
        acts += forfeits(s, p)
        acts += rearrangements(s, p)
        acts += surrender_actions(s, p)
        return acts


Recovery.kind = "recovery"
Recovery.prompt_text = "Recovery: Recompile, Rebalance, Draw, Surrender or nothing (forfeits allowed)"
Recovery.buffered = True


@dataclass(frozen=True, slots=True)
class FreeRecovery(_RecoveryAction):
    """The Air token's free Recovery action, taken at once after the powers (dropped without an
    Air token). source: Elemental Effects, Air (dd#2); ruling R15."""

    def legal(self, s: EW2State, player: int) -> list[Action]:
        p = self.seat
        if s.tokens[p][AIR] == 0:
            return []
        rest = rearrangements(s, p) + surrender_actions(s, p)
        return [*draw_actions(s, p), decline(s, "take no free Recovery action"), *rest]


FreeRecovery.kind = "free_recovery"
FreeRecovery.prompt_text = "Air token: take a free Recovery action"


@dataclass(frozen=True, slots=True)
class AirP(Decision):
    """Air (p): discard a Spade for a free Recompile or Rebalance now. source: Elemental Effects,
    Air (p); rulings R22 (asked even without a Spade), R30."""

    def legal(self, s: EW2State, player: int) -> list[Action]:
        return discards(s, self.seat, AIR)

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        if action.kind == "discard":
            s.discard_from_hand(self.seat, action.args[0])
            s.queue(self.seat, made(Free, self.seat, 1))


AirP.kind = "air_p"
AirP.prompt_text = "Air (p): discard a Spade for a free action?"


@dataclass(frozen=True, slots=True)
class AirND(Decision):
    """Air (nd): draw five cards, or take two random cards from the opponent (when they hold any).
    source: Elemental Effects, Air (nd)."""

    def legal(self, s: EW2State, player: int) -> list[Action]:
        p = self.seat
        if s.game.options.randomizer:
            return []
        acts = [act(s, "air_nd", 0)]
        victim = s.target[p]
        if victim is not None and s.hands[victim]:
            acts.append(act(s, "air_nd", 1))
        return acts

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        p = self.seat
        if action.args[0] == 0:
            s.queue(p, *[DRAW[p]] * 5)
        else:
            victim = s.target[p]
            if victim is not None:  # never None: taking cards is offered only with a target
                steal = made(Steal, p, victim)
                s.queue(p, steal, steal)


AirND.kind = "air_nd"
AirND.prompt_text = "Air (nd): draw five cards or take two from your opponent"


@dataclass(frozen=True, slots=True)
class FireP(Decision):
    """Fire (p): on a hit, the attacker may discard Hearts, up to ``uses`` of them, each for one
    extra damage (``extra``: those discarded so far); the damage follows.

    source: Elemental Effects, Fire (p); rulings R22 (asked even without a Heart), R30.
    """

    victim: int
    uses: int
    extra: int

    def legal(self, s: EW2State, player: int) -> list[Action]:
        return discards(s, self.seat, 1)

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        a, v = self.seat, self.victim
        if action.kind == "decline":
            self.skip(s)
            return
        s.discard_from_hand(a, action.args[0])
        if self.uses > 1:
            s.steps.append(made(FireP, a, v, self.uses - 1, self.extra + 1))
        else:
            s.steps.append(made(Damage, a, v, self.extra + 1))

    def skip(self, s: EW2State) -> None:
        s.steps.append(made(Damage, self.seat, self.victim, self.extra))


FireP.kind = "fire_p"
FireP.prompt_text = "Fire (p): discard a Heart for 1 extra damage?"


@dataclass(frozen=True, slots=True)
class EarthP(Decision):
    """Earth (p): about to take ``damage``, the victim may discard Clubs, up to ``uses`` of them,
    each preventing 2; the harm follows.

    source: Elemental Effects, Earth (p); rulings R22 (asked even without a Club), R30.
    """

    attacker: int
    uses: int
    damage: int

    def legal(self, s: EW2State, player: int) -> list[Action]:
        return discards(s, self.seat, 0)

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        v, a = self.seat, self.attacker
        if action.kind == "decline":
            self.skip(s)
            return
        s.discard_from_hand(v, action.args[0])
        damage = max(0, self.damage - 2)
        if self.uses > 1 and damage > 0:
            s.steps.append(made(EarthP, v, a, self.uses - 1, damage))
        else:
            s.steps.append(made(Harm, a, v, damage))

    def skip(self, s: EW2State) -> None:
        s.steps.append(made(Harm, self.attacker, self.seat, self.damage))


EarthP.kind = "earth_p"
EarthP.prompt_text = "Earth (p): discard a Club to prevent 2 damage?"


@dataclass(frozen=True, slots=True)
class WaterP(Decision):
    """Water (p): at the end of the turn (in the sealed End window) forfeit Diamonds, up to
    ``uses`` of them, each for a penny on any square. source: Elemental Effects, Water (p); ruling R30."""

    uses: int

    def legal(self, s: EW2State, player: int) -> list[Action]:
        return discards(s, self.seat, 3)

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        if action.kind == "decline":
            return
        p = self.seat
        s.discard_from_hand(p, action.args[0])
        add = made(Add, p, 1, False, False)
        if self.uses > 1:
            s.queue(p, add, made(WaterP, p, self.uses - 1))
        else:
            s.queue(p, add)


WaterP.kind = "water_p"
WaterP.prompt_text = "Water (p): forfeit a Diamond to add a penny?"


@dataclass(frozen=True, slots=True)
class Pay(Decision):
    """Remove ``count`` cents from the sheet one at a time, making change from a nickel or a dime
    (``cause``: damage taken, which a Water (d) healing pool catches, or the Inferno token); the
    player is out on the last penny under the strict reading, and stops paying when out or broke.

    source: elemental-warriors-ii.txt, 3) Allocate Damage; Elemental Effects, Water (d), Fire (dd);
    rulings R5, R17, R18.
    """

    count: int
    cause: Cause

    def legal(self, s: EW2State, player: int) -> list[Action]:
        p = self.seat
        if s.out[p] or sheet_value(s.sheets[p]) == 0:
            return []
        acts = []
        sheet, pays = s.sheets[p], s.game.pay_actions
        for i in sheet.filled:  # each coin the square holds, penny, nickel, dime (written out: hot)
            held_p, held_n, held_d = sheet[i]
            pay = pays[i]
            if held_p:
                acts.append(pay[PENNY])
            if held_n:
                acts.append(pay[NICKEL])
            if held_d:
                acts.append(pay[DIME])
        return acts

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        p, cause = self.seat, self.cause
        coin, row, col = action.args
        i = row * COLUMNS + col
        s.sheets[p].pay(i, coin)
        healing = cause == "damage" and s.effects[p][HEALING]
        if healing:
            s.pool[p] += 1
        if s.recording:  # a cent paid with a nickel or a dime comes back as change (pay_cent)
            s.tell(p, Moved("cent", 1, s.layout.place(p, i), Place("healing pool", p) if healing else SUPPLY))
        s.log(f"{PLAYER_NAMES[p]} {action_verb(cause)} a cent from {s.layout.square_names[i]}")
        if coin == PENNY and s.game.options.elim_on_last_penny and pennies(s.sheets[p]) == 0:
            s.eliminate(p)
        if self.count > 1 and not s.out[p] and sheet_value(s.sheets[p]) > 0:
            s.queue(p, made(Pay, p, self.count - 1, cause))

    def asked(self, s: EW2State) -> tuple[Any, ...]:
        return (self.kind, self.count, self.cause)

    def prompt(self, s: EW2State) -> str:
        n = self.count
        return f"remove {n} cent{'s' if n > 1 else ''} from your sheet ({self.cause})"


Pay.kind = "pay"


def action_verb(cause: Cause) -> str:
    """Return how a lost cent is told: "loses" for damage, "spends" for the Inferno token."""
    return "loses" if cause == "damage" else "spends"


@dataclass(frozen=True, slots=True)
class Flood(Decision):
    """Water (dd): damaging a player puts a Flood token on one of their columns, the attacker's
    choice. source: Elemental Effects, Water (dd); ruling R26."""

    victim: int

    def legal(self, s: EW2State, player: int) -> list[Action]:
        return fixed(s, ("flood",), lambda: [act(s, "flood", c) for c in range(COLUMNS)])

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        s.floods[self.victim][action.args[0]] += 1
        s.log(f"{PLAYER_NAMES[self.seat]} floods column {action.args[0] + 1} of {PLAYER_NAMES[self.victim]}")

    def asked(self, s: EW2State) -> tuple[Any, ...]:
        return (self.kind, self.victim)

    def prompt(self, s: EW2State) -> str:
        return f"Water (dd): place a Flood token on a column of {PLAYER_NAMES[self.victim]}"


Flood.kind = "flood"


# ---------------------------------------------------------------------------------------- chance
@dataclass(frozen=True, slots=True)
class Chance(EW2Step):
    """A step that waits for one card or one d10 roll, drawn uniformly from :meth:`pool`; dropped
    when the pool is empty. Its ``seat`` (every subclass's first field) is the player it draws for."""

    seat: int

    def pool(self, s: EW2State) -> list[int]:
        """Return what is drawn from, in increasing order: card ids, or the ten d10 faces. Asking
        never changes the state (decks and hands are kept sorted)."""
        raise NotImplementedError(f"{type(self).__name__} names no pool")

    def actor(self, s: EW2State) -> int:
        return CHANCE if self.pool(s) else AUTOMATIC

    def run(self, s: EW2State) -> None:
        """Nothing to draw from: the step is dropped."""

    def settle(self, s: EW2State) -> int | None:
        if self.pool(s):
            return CHANCE
        s.steps.pop()
        return None

    def outcomes(self, s: EW2State) -> list[tuple[Action, float]]:
        """Return the cards of the pool, each drawn with equal chances."""
        pool = self.pool(s)  # card ids, each card once
        table = s.game.card_outcomes(len(pool))
        if len(pool) < 2:  # itemgetter of one key returns the item itself, not a tuple
            return [table[c] for c in pool]
        return list(itemgetter(*pool)(table))  # picked in C: cheaper than a comprehension over a deck

    def sample(self, s: EW2State, rng: random.Random) -> Action:
        """Draw a card without listing the outcomes, which are equally likely
        (:func:`elementa.core.pick_uniform` over :meth:`pool`)."""
        return s.game.card_actions[pick_uniform(self.pool(s), rng)]

    def audience(self, s: EW2State) -> set[int] | None:
        """Return the seats that see the outcome, or ``None`` when everyone does."""
        return None


def _seen_by_owner(s: EW2State, p: int) -> set[int] | None:
    """A card that goes to (or leaves) seat ``p``'s hand is seen by ``p`` alone, by everyone while
    a Whirlwind token shows that hand."""
    return None if s.tokens[p][WHIRLWIND] else {p}


@dataclass(frozen=True, slots=True)
class Roll(Chance):
    """Roll the d10 for the active column (Randomizer; Independent Panic without a card).
    source: elemental-warriors-ii.txt, Randomizer; Independent Panic."""

    def pool(self, s: EW2State) -> list[int]:
        return list(range(10))

    def outcomes(self, s: EW2State) -> list[tuple[Action, float]]:
        faces = s.game.die_actions
        return [(faces[x], p) for x, p in die_outcomes(10)]

    def sample(self, s: EW2State, rng: random.Random) -> Action:
        return pick_uniform(s.game.die_actions, rng)

    def settle(self, s: EW2State) -> int | None:
        return CHANCE

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        x = action.args[0]
        s.column[self.seat] = x
        s.log(f"{PLAYER_NAMES[self.seat]} rolls {x + 1}")

    def told(self, s: EW2State, action: Action, viewer: int | None) -> str:
        return f"{PLAYER_NAMES[self.seat]} {action.label}s"


class _FromDeck(Chance):
    """A card off the seat's deck: a draw from an empty deck draws from the discards, which become
    the new deck when the card is drawn, unless the variant forbids it (Independent Panic, Endgame).
    The deck is an unordered set (every draw is a chance event), so only the discards need sorting.
    source: elemental-warriors-ii.txt, 4) Recovery (Draw); Independent Panic; Endgame; rulings R23,
    R35, R36."""

    __slots__ = ()

    def pool(self, s: EW2State) -> list[int]:
        k = s.game.seat_decks[self.seat]
        if not s.decks[k] and s.reshuffles() and s.discards[k]:
            return sorted(s.discards[k])  # the new deck when the card is drawn (take)
        return s.decks[k]

    def take(self, s: EW2State, card: int) -> None:
        """Take ``card`` off the seat's deck (shuffling the discards into a new one first if it is empty)."""
        k = s.game.seat_decks[self.seat]
        if not s.decks[k] and s.reshuffles() and s.discards[k]:
            s.decks[k], s.discards[k] = sorted(s.discards[k]), []
            s.log("the discards are shuffled into a new deck")
        deck = s.decks[k]
        deck.remove(card)
        if not deck:
            s.deck_ran_out = True


@dataclass(frozen=True, slots=True)
class Draw(_FromDeck):
    """Draw a card into the seat's hand (the deal, a Recovery draw, Air (nn), (nd)).
    source: elemental-warriors-ii.txt, the deal; 4) Recovery; Elemental Effects, Air (nn), (nd)."""

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        p, x = self.seat, action.args[0]
        self.take(s, x)
        s.give_to_hand(p, x)
        s.log(f"{PLAYER_NAMES[p]} draws a card")

    def audience(self, s: EW2State) -> set[int] | None:
        return _seen_by_owner(s, self.seat)

    def told(self, s: EW2State, action: Action, viewer: int | None) -> str:
        seen = self.audience(s)
        if seen is not None and viewer not in seen:
            return f"{PLAYER_NAMES[self.seat]} draws a card"
        return f"{PLAYER_NAMES[self.seat]} draws {action.label}"


@dataclass(frozen=True, slots=True)
class Top(_FromDeck):
    """Play the deck's top card face down, seen by nobody until the reveal (Blind Man's Bluff; an
    empty hand under ruling R6). source: elemental-warriors-ii.txt, Blind Man's Bluff; rulings R6, R37."""

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        self.take(s, action.args[0])
        s.played[self.seat] = action.args[0]

    def audience(self, s: EW2State) -> set[int] | None:
        return set()

    def told(self, s: EW2State, action: Action, viewer: int | None) -> str:
        return f"{PLAYER_NAMES[self.seat]} plays the top card of the deck, face down"


@dataclass(frozen=True, slots=True)
class PlayRandom(Chance):
    """Play a card picked at random from the seat's hand (Earth (nn) of the opponent last turn).
    source: Elemental Effects, Earth (nn)."""

    def pool(self, s: EW2State) -> list[int]:
        return s.hands[self.seat]

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        s.take_from_hand(self.seat, action.args[0])
        s.played[self.seat] = action.args[0]

    def audience(self, s: EW2State) -> set[int] | None:
        return _seen_by_owner(s, self.seat)

    def told(self, s: EW2State, action: Action, viewer: int | None) -> str:
        seen = self.audience(s)
        if seen is not None and viewer not in seen:
            return f"{PLAYER_NAMES[self.seat]} plays a card chosen at random, face down"
        return f"{PLAYER_NAMES[self.seat]} plays {action.label}, chosen at random"


@dataclass(frozen=True, slots=True)
class RandomDiscard(Chance):
    """Discard a random card from the seat's hand, face up (the victim of Fire (nn)).
    source: Elemental Effects, Fire (nn); rulings R20, R21."""

    def pool(self, s: EW2State) -> list[int]:
        return s.hands[self.seat]

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        x = action.args[0]
        s.discard_from_hand(self.seat, x)
        s.log(f"{PLAYER_NAMES[self.seat]} discards {cards.name(x, s.ndecks)} at random")

    def told(self, s: EW2State, action: Action, viewer: int | None) -> str:
        return f"{PLAYER_NAMES[self.seat]} discards {action.label}, chosen at random"


@dataclass(frozen=True, slots=True)
class Steal(Chance):
    """Take a random card from the victim's hand into the seat's (Air (nd)); both see it, and the
    victim remembers it (ruling R22). source: Elemental Effects, Air (nd)."""

    victim: int

    def pool(self, s: EW2State) -> list[int]:
        return s.hands[self.victim]

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        p, victim, x = self.seat, self.victim, action.args[0]
        s.take_from_hand(victim, x)
        s.give_to_hand(p, x)
        s.known[victim][p] |= {x}  # a new frozen set
        s.log(f"{PLAYER_NAMES[p]} takes a card from {PLAYER_NAMES[victim]}")

    def audience(self, s: EW2State) -> set[int] | None:
        p, v = self.seat, self.victim
        return None if s.tokens[p][WHIRLWIND] or s.tokens[v][WHIRLWIND] else {p, v}

    def told(self, s: EW2State, action: Action, viewer: int | None) -> str:
        seen = self.audience(s)
        who, victim = PLAYER_NAMES[self.seat], PLAYER_NAMES[self.victim]
        if seen is not None and viewer not in seen:
            return f"{who} takes a card from {victim}"
        return f"{who} takes {action.label} from {victim}"


# ------------------------------------------------------------------------------ the stages of a hit
class Automatic(EW2Step):
    """A step that needs nobody: run as soon as it is on top."""

    __slots__ = ()
    automatic: ClassVar[bool] = True

    def actor(self, s: EW2State) -> int:
        return AUTOMATIC

    def settle(self, s: EW2State) -> int | None:
        s.steps.pop()
        self.run(s)
        return None


@dataclass(frozen=True, slots=True)
class Attack(Automatic):
    """An attack of the Skirmish resolved in Allocate Damage: a hit deals damage (Fire (p) discards
    may add to it first), a miss may trigger the victim's Earth/Air (dd) (any attack dealing no
    damage, unless the strict reading counts only hits).

    source: elemental-warriors-ii.txt, 2) Skirmish; 3) Allocate Damage; rulings R2, R10, R25.
    """

    attacker: int
    victim: int
    hit: bool

    def run(self, s: EW2State) -> None:
        a, v = self.attacker, self.victim
        if not self.hit:
            if s.game.options.noharm_trigger == "any":
                no_harm(s, a, v)
            return
        uses = s.effects[a][FIRE_P]
        if uses:
            s.steps.append(made(FireP, a, v, uses, 0))
        else:  # nothing comes between: the damage is dealt at once (as the flow would run it next)
            deal_damage(s, a, v, 0)


@dataclass(frozen=True, slots=True)
class Damage(Automatic):
    """A hit's damage, ``extra`` from Fire (p) discards: see :func:`deal_damage`."""

    attacker: int
    victim: int
    extra: int

    def run(self, s: EW2State) -> None:
        deal_damage(s, self.attacker, self.victim, self.extra)


def deal_damage(s: EW2State, a: int, v: int, extra: int) -> None:
    """One point of damage, plus Fire bonuses and ``extra``, less Landslide, the Earth token and
    prevention; Earth (p) discards may take from it before the harm.

    source: elemental-warriors-ii.txt, 3) Allocate Damage; Elemental Effects (Earth (n), (nd), (p),
    Fire (n), (nd)); the Landslide and Earth tokens in rules.md; rulings R25, R30.
    """
    dmg = 1 + s.effects[a][FIRE_BONUS] + extra
    dmg -= (1 if s.tokens[a][LANDSLIDE] else 0) + (2 if s.tokens[v][EARTH] else 0)
    dmg = max(0, dmg)
    prevented = min(s.effects[v][PREVENT], dmg)
    s.effects[v][PREVENT] -= prevented
    dmg -= prevented
    uses = s.effects[v][EARTH_P]
    if dmg and uses:  # Earth (p) discards may take from it first
        s.steps.append(made(EarthP, v, a, uses, dmg))
    else:
        harm(s, a, v, dmg)


@dataclass(frozen=True, slots=True)
class Harm(Automatic):
    """The damage a hit deals after Earth (p) discards: see :func:`harm`."""

    attacker: int
    victim: int
    damage: int

    def run(self, s: EW2State) -> None:
        harm(s, self.attacker, self.victim, self.damage)


def harm(s: EW2State, a: int, v: int, dmg: int) -> None:
    """The victim takes ``dmg``: it pays that many cents first, then what the hit triggers
    (:class:`AfterHit`). source: elemental-warriors-ii.txt, 3) Allocate Damage."""
    s.log(f"{PLAYER_NAMES[a]} hits {PLAYER_NAMES[v]} for {dmg} damage")
    if s.recording:  # the cents it costs follow, one Moved event each (Pay)
        s.tell(v, Damaged(s.layout.place(v), dmg))
    if dmg:
        s.flow.push(made(Pay, v, dmg, "damage"), made(AfterHit, a, v, dmg))
    else:
        after_hit(s, a, v, 0)


@dataclass(frozen=True, slots=True)
class AfterHit(Automatic):
    """What a hit triggers once its damage is paid: see :func:`after_hit`."""

    attacker: int
    victim: int
    damage: int

    def run(self, s: EW2State) -> None:
        after_hit(s, self.attacker, self.victim, self.damage)


def after_hit(s: EW2State, a: int, v: int, dmg: int) -> None:
    """A hit dealing ``dmg``: Fire (nn) makes the victim discard at random, Fire (dd) gives it an
    Inferno token, Water (dd) floods a column of a damaged victim; a hit dealing none triggers the
    victim's Earth/Air (dd). source: Elemental Effects, Fire (nn), (dd), Water (dd), Earth/Air (dd);
    rulings R10, R26."""
    steps: list[EW2Step] = []
    if s.effects[a][FIRE_NN]:
        steps.append(RANDOM_DISCARD[v])
    if s.effects[a][INFERNO_ON_HIT]:
        s.tokens[v][INFERNO] += 1
        s.log(f"{PLAYER_NAMES[v]} gets an Inferno token")
    if dmg and s.effects[a][FLOOD_ON_DAMAGE]:
        steps.append(made(Flood, a, v))
    if not dmg:
        no_harm(s, a, v)
    if steps:
        s.flow.push(*steps)


def no_harm(s: EW2State, a: int, v: int) -> None:
    """An attack by ``a`` on ``v`` dealt no damage: v's Earth/Air (dd) put tokens on a's mat.
    source: Elemental Effects, Earth (dd), Air (dd); ruling R10."""
    for flag, token, name in (
        (LANDSLIDE_ON_NOHARM, LANDSLIDE, "Landslide"),
        (WHIRLWIND_ON_NOHARM, WHIRLWIND, "Whirlwind"),
    ):
        if s.effects[v][flag]:
            s.tokens[a][token] += 1
            s.log(f"{PLAYER_NAMES[a]} gets a {name} token")


# Steps made once per seat (frozen and stateless but for the seat, so one value serves every state).
SETUP: Final = tuple(Setup(p) for p in range(MAX_SEATS))
PLAY: Final = tuple(Play(p) for p in range(MAX_SEATS))
ADJUST: Final = tuple(Adjust(p) for p in range(MAX_SEATS))
DECLARE: Final = tuple(Declare(p) for p in range(MAX_SEATS))
TARGET: Final = tuple(Target(p) for p in range(MAX_SEATS))
RECOVERY: Final = tuple(Recovery(p) for p in range(MAX_SEATS))
FREE_RECOVERY: Final = tuple(FreeRecovery(p) for p in range(MAX_SEATS))
AIR_P: Final = tuple(AirP(p) for p in range(MAX_SEATS))
AIR_ND: Final = tuple(AirND(p) for p in range(MAX_SEATS))
DRAW: Final = tuple(Draw(p) for p in range(MAX_SEATS))
TOP: Final = tuple(Top(p) for p in range(MAX_SEATS))
PLAY_RANDOM: Final = tuple(PlayRandom(p) for p in range(MAX_SEATS))
ROLL: Final = tuple(Roll(p) for p in range(MAX_SEATS))
RANDOM_DISCARD: Final = tuple(RandomDiscard(p) for p in range(MAX_SEATS))
ADD_WATER_TOKEN: Final = tuple(Add(p, 1, False, True) for p in range(MAX_SEATS))
"""The Water token's optional cent at the start of a turn (rules.md, tokens)."""
ADD_FROM_POOL: Final = tuple(Add(p, 1, True, False) for p in range(MAX_SEATS))
"""A cent from the healing pool at the start of a turn (Water (d); ruling R15)."""
ATTACKS: Final = tuple(
    tuple((Attack(a, v, False), Attack(a, v, True)) for v in range(MAX_SEATS)) for a in range(MAX_SEATS)
)
"""``ATTACKS[attacker][victim][hit]``."""
