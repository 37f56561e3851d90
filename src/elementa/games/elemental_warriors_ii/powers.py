"""The powers of the Elemental Effects sheet carried out, and the steps that choose them.

:func:`apply_power` carries out one entry for a player: at once (a token, a flag or counter of this
turn in :mod:`.effects`) or by queueing the steps it needs (where to put a cent, which free action to
take, cards to draw). The steps of the flow that use powers: :class:`Power` (the power of one
element square of the active column, or the suit bonus), :class:`Emulate` (any one (n) power: Fire
(d), the Fire token) and :class:`Adjacent` (a power that works from a column next to the active one,
taken without a choice). :func:`power_steps` in :mod:`.flow` queues them when the columns are known.

source: elemental-warriors-ii.txt, Elemental Effects and 1) Activate ("If you have change on an
elemental square, that elemental power activates ..."); rulings R8-R20 and R29-R34 in
docs/rulings/elemental-warriors-ii.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from elementa.core import Action
from elementa.games.elemental_warriors_ii.actions import act, decline, fixed
from elementa.games.elemental_warriors_ii.effects import (
    AIR,
    EARTH,
    EARTH_P,
    FIRE,
    FIRE_BONUS,
    FIRE_NN,
    FIRE_P,
    FLOOD_ON_DAMAGE,
    HEALING,
    INFERNO_ON_HIT,
    LANDSLIDE_ON_NOHARM,
    PREVENT,
    TOKEN_NAMES,
    WATER,
    WATER_P,
    WHIRLWIND_ON_NOHARM,
    has_every_element,
    poorer,
    power_name,
)
from elementa.games.elemental_warriors_ii.names import PLAYER_NAMES
from elementa.games.elemental_warriors_ii.sheet import DD, ENTRY_LEVEL, LEVEL_NAMES, P
from elementa.games.elemental_warriors_ii.steps import (
    AIR_ND,
    AIR_P,
    DRAW,
    MAX_SEATS,
    Add,
    Automatic,
    Decision,
    EW2Step,
    Free,
    made,
)

if TYPE_CHECKING:
    from elementa.games.elemental_warriors_ii.state import EW2State


def apply_power(s: EW2State, p: int, element: int, entry: int, how: str = "") -> None:
    """Carry out one power of the Elemental Effects sheet for player ``p``.

    Args:
        s: the state, changed in place (choices the power needs are queued as steps).
        p: the player using the power.
        element: 0 Earth, 1 Fire, 2 Air, 3 Water.
        entry: 0 (p), 1 (n), 2 (nn), 3 (d), 4 (nd), 5 (dd), 6 the second (dd).
        how: ``""``, ``"adjacent"`` (from a column next to the active one: Earth halves its
            prevention), ``"suit"`` (the suit bonus) or ``"emulated"`` (Fire (d), Fire token); only
            words for the log, except ``"adjacent"``.
    """
    name = power_name(element, entry)
    s.used[p].append(name + (f" [{how}]" if how else ""))
    s.log(f"{PLAYER_NAMES[p]} uses {name}{f' ({how})' if how else ''}")
    _HANDLERS[element][entry](s, p, how == "adjacent")


@dataclass(frozen=True, slots=True)
class Power(Decision):
    """Choose the power of an element square: any entry from level ``lo`` up to its level ``hi``
    ("You can always choose to take the effect of a lesser power"; one of the two (dd) entries), one
    level alone with Cumulative Effects, or the suit bonus's (n) (``how`` ``"suit"``); a single
    choice is made at once. The choices are locked when the columns are known (ruling R9).

    source: elemental-warriors-ii.txt, 1) Activate; Cumulative Effects; rulings R4, R9, R29, R31, R34.
    """

    element: int
    lo: int
    hi: int
    how: str

    def legal(self, s: EW2State, player: int) -> list[Action]:
        e, lo, hi = self.element, self.lo, self.hi
        return fixed(
            s,
            ("power", e, lo, hi),
            lambda: [act(s, "power", e, i) for i in range(7) if lo <= ENTRY_LEVEL[i] <= hi],
        )

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        apply_power(s, self.seat, action.args[0], action.args[1], self.how)

    def asked(self, s: EW2State) -> tuple[Any, ...]:
        return (self.kind, self.element, self.hi)

    def prompt(self, s: EW2State) -> str:
        element = power_name(self.element, 0).split()[0]
        return f"choose the power of your {element} square (up to ({LEVEL_NAMES[self.hi]}))"


Power.kind = "power"
Power.obvious = True


@dataclass(frozen=True, slots=True)
class Emulate(Decision):
    """Use any one (n) power this turn, or none (Fire (d); a Fire token held at the start of the
    turn). source: Elemental Effects, Fire (d); the Fire token; ruling R33."""

    def legal(self, s: EW2State, player: int) -> list[Action]:
        return fixed(
            s,
            ("emulate",),
            lambda: [*(act(s, "emulate", e) for e in range(4)), decline(s, "use no (n) power")],
        )

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        if action.kind == "emulate":
            apply_power(s, self.seat, action.args[0], 1, "emulated")


Emulate.kind = "emulate"
Emulate.prompt_text = "use any one (n) power"


@dataclass(frozen=True, slots=True)
class Adjacent(Automatic):
    """A power that also works from a column next to the active one (Earth (n), (nd) at half
    strength, Water (d)), taken without a choice. source: Elemental Effects, Earth (n), (nd),
    Water (d); ruling R8."""

    seat: int
    element: int
    entry: int

    def run(self, s: EW2State) -> None:
        apply_power(s, self.seat, self.element, self.entry, "adjacent")


EMULATE = tuple(Emulate(p) for p in range(MAX_SEATS))

UP_TO: Final = tuple(
    tuple(tuple(Power(p, e, P, top, "") for top in range(DD + 1)) for e in range(4)) for p in range(MAX_SEATS)
)
"""By seat, element and the square's top level: the power step of an element square without
Cumulative Effects (any entry up to its level), made once (``made`` hashes its fields at each call,
and every turn asks for them)."""

Handler = Callable[["EW2State", int, bool], None]
"""Carries out one entry for a seat: ``handler(state, seat, adjacent)``."""


def _count(index: int, amount: int = 1) -> Handler:
    def handler(s: EW2State, p: int, adjacent: bool) -> None:
        s.effects[p][index] += amount

    return handler


def _flag(index: int) -> Handler:
    def handler(s: EW2State, p: int, adjacent: bool) -> None:
        s.effects[p][index] = 1

    return handler


def _token(token: int, condition: Callable[[EW2State, int], bool] | None = None) -> Handler:
    def handler(s: EW2State, p: int, adjacent: bool) -> None:
        if condition is None or condition(s, p):
            s.tokens[p][token] += 1
            s.log(
                f"{PLAYER_NAMES[p]} gains a{'n' if token in (EARTH, AIR) else ''} {TOKEN_NAMES[token]} token"
            )

    return handler


def _queue(*make: Callable[[int], EW2Step]) -> Handler:
    """A power that queues steps for the seat, each made from the seat by one of ``make``."""

    def handler(s: EW2State, p: int, adjacent: bool) -> None:
        s.queue(p, *(m(p) for m in make))

    return handler


def _prevent(full: int, adjacent_amount: int) -> Handler:
    def handler(s: EW2State, p: int, adjacent: bool) -> None:
        s.effects[p][PREVENT] += adjacent_amount if adjacent else full

    return handler


def _earth_nn(s: EW2State, p: int, adjacent: bool) -> None:
    t = s.target[p]
    if t is not None:
        s.random_next[t] = True


def _earth_d(s: EW2State, p: int, adjacent: bool) -> None:
    s.double_until[p] = s.turn + 1


def _water_nn(s: EW2State, p: int, adjacent: bool) -> None:
    s.adjust_next[p] = True


_HANDLERS: tuple[tuple[Handler, ...], ...] = (
    (
        _count(EARTH_P),
        _prevent(2, 1),
        _earth_nn,
        _earth_d,
        _prevent(6, 3),
        _token(EARTH),
        _flag(LANDSLIDE_ON_NOHARM),
    ),
    (
        _count(FIRE_P),
        _count(FIRE_BONUS),
        _flag(FIRE_NN),
        _queue(EMULATE.__getitem__),
        _count(FIRE_BONUS, 3),
        _flag(INFERNO_ON_HIT),
        _token(FIRE, has_every_element),
    ),
    (
        _queue(AIR_P.__getitem__),
        _queue(lambda p: made(Free, p, 1)),
        _queue(DRAW.__getitem__, DRAW.__getitem__),
        _queue(lambda p: made(Free, p, 3)),
        _queue(AIR_ND.__getitem__),
        _flag(WHIRLWIND_ON_NOHARM),
        _token(AIR),
    ),
    (
        _count(WATER_P),
        _queue(lambda p: made(Add, p, 1, False, False)),
        _water_nn,
        _flag(HEALING),
        _queue(lambda p: made(Add, p, 3, False, True)),
        _token(WATER, poorer),
        _flag(FLOOD_ON_DAMAGE),
    ),
)
"""Each entry's handler, by element and entry (see :func:`apply_power`)."""
