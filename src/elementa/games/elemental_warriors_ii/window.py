"""Sealed windows: the choices every player makes at once, each seeing the others as the window
found them until every player is done.

A window is a :class:`Window` step on top of the state's flow (its actor ``SIMULTANEOUS``); each
seat in it works through the steps queued on its own stack, ``state.pending[seat]`` (the next
step last; all empty outside windows), in any order against the others. What a seat does stays
sealed: observations show the others from the state as the window opened
(:meth:`~.state.EW2State.opened_window`), which is rebuilt from what the window keeps of it at
its first action (:func:`window_start`) and of each seat at that seat's first action
(:func:`seat_start`, or only what a seat's last action can change: :data:`CLOSING`). When no seat
has a step left the window closes and its events are told to everyone.

Windows: the setup, the Activate window (start-of-turn cents, token forfeits, the card played face
down), identical wild cards declaring, the Recovery window, the End-of-Turn window (Inferno
payments, Water (p) forfeits).

source: elemental-warriors-ii.txt, "Turns are simultaneous"; 1) Activate; 4) Recovery; rulings R3,
R7, R17, R18, R19 in docs/rulings/elemental-warriors-ii.md; the sealed windows of rules.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal

from elementa.core import SIMULTANEOUS, Action
from elementa.core.flow import AUTOMATIC
from elementa.games.elemental_warriors_ii.steps import Declare, EW2Step, Play, Recovery

if TYPE_CHECKING:
    from elementa.games.elemental_warriors_ii.state import EW2State

WindowName = Literal["setup", "activate", "declare", "recovery", "end"]
"""Which window: the setup, the Activate window, identical wild cards declaring, the Recovery
window, the End-of-Turn window."""


@dataclass(frozen=True, slots=True)
class Window(EW2Step):
    """A sealed window, open while a seat has a step left on its own stack (``state.pending``).

    Its legal actions for a seat are those of the step on top of that seat's stack; an action is
    applied to that step, after the window has kept what it needs of the seat (see
    :func:`seat_start`), and the seat's next steps with nothing to decide are dropped. With no
    step left on any seat's stack, the window closes (:meth:`~.state.EW2State.close_window`).
    """

    name: WindowName

    def actor(self, s: EW2State) -> int:
        return SIMULTANEOUS if any(s.pending) else AUTOMATIC

    def settle(self, s: EW2State) -> int | None:
        if any(s.pending):
            return SIMULTANEOUS
        s.steps.pop()
        s.close_window()
        return None

    def run(self, s: EW2State) -> None:
        s.close_window()

    def legal(self, s: EW2State, player: int) -> list[Action]:
        mine = s.pending[player]
        return mine[-1].legal(s, player) if mine else []

    def apply(self, s: EW2State, action: Action, player: int) -> None:
        """Hand ``player``'s action to the state, which applies a window action in place (its
        :meth:`~.state.EW2State._apply`), the window back on top of the flow
        until no seat has a step left."""
        s.steps.append(self)
        s._apply(action, player)


WINDOWS: Final[dict[WindowName, Window]] = {
    name: Window(name) for name in ("setup", "activate", "declare", "recovery", "end")
}
"""Each window's step, made once."""


def window_start(s: EW2State) -> dict[str, Any]:
    """Return what a window keeps at its first action: the length of the history and of each
    discard pile (a window action only ever adds to a pile: a discarded card), the live seats and
    the last exit (an elimination), and an empty table of the seats that acted (see
    :func:`seat_start`)."""
    sizes = []  # a plain loop: map costs more for a pile or a few
    for pile in s.discards:
        sizes.append(len(pile))
    return {
        "history_length": len(s._history),
        "discard_sizes": sizes,
        "live_seats": s.live_seats,
        "last_exit": s.last_exit,
        "seats": {},
    }


def _known_of(s: EW2State, p: int) -> list[frozenset[int]]:
    """Return what each viewer knows of seat ``p``'s hand."""
    known = []
    for row in s.known:
        known.append(row[p])
    return known


def seat_start(s: EW2State, p: int) -> dict[str, Any]:
    """Return copies of everything of seat ``p`` its window actions can change (its sheet, hand,
    tokens, floods, pool, choices and steps, and what the others know of its hand), kept at its
    first action in the window by the state's attribute names (``known`` stands for what every
    viewer knows of the seat's hand): the only seats a window changes are those that act in it,
    and each changes only its own entries (a discard or an elimination aside: see
    :func:`window_start`)."""
    return {
        "sheets": list.copy(s.sheets[p]),  # the squares only (a Sheet is made of them if ever
        # needed), copied without the slice object a [:] builds
        "hands": s.hands[p].copy(),
        "tokens": s.tokens[p].copy(),
        "floods": s.floods[p].copy(),
        "pending": s.pending[p].copy(),
        "pool": s.pool[p],
        "played": s.played[p],
        "mode": s.mode[p],
        "column": s.column[p],
        "draw_req": s.draw_req[p],
        "surrender_req": s.surrender_req[p],
        "out": s.out[p],
        "known": _known_of(s, p),
    }


def _play_start(s: EW2State, p: int) -> dict[str, Any]:
    """Return what of seat ``p`` :func:`seat_start` keeps that its last play can change: the card
    taken from its hand (which the others forget), the card and mode played, its step."""
    return {
        "pending": s.pending[p].copy(),
        "hands": s.hands[p].copy(),
        "known": _known_of(s, p),
        "played": s.played[p],
        "mode": s.mode[p],
    }


def _recovery_start(s: EW2State, p: int) -> dict[str, Any]:
    """Return what of seat ``p`` :func:`seat_start` keeps that its last Recovery action can
    change: its sheet (a rearrangement), the draws or surrender asked for, its step."""
    return {
        "pending": s.pending[p].copy(),
        "sheets": list.copy(s.sheets[p]),
        "draw_req": s.draw_req[p],
        "surrender_req": s.surrender_req[p],
    }


def _declare_start(s: EW2State, p: int) -> dict[str, Any]:
    """Return what of seat ``p`` :func:`seat_start` keeps that its last declaration can change:
    the column declared, its step."""
    return {"pending": s.pending[p].copy(), "column": s.column[p]}


CLOSING: Final[dict[type[EW2Step], Callable[[EW2State, int], dict[str, Any]]]] = {
    Play: _play_start,
    Recovery: _recovery_start,
    Declare: _declare_start,
}
"""The window steps that every action but a forfeit finishes without queuing another step, each
with how to keep what of the seat such an action can change. When such a step is the last one
left in its window, the action closes the window before anyone can look at it, so what the window
found of the seat (and of the table) is not kept for it (the Activate and Recovery windows close so
at nearly every turn's last choice); when it is the seat's last step but others still act, it is
the seat's last action in the window, so only what it can change is kept."""
