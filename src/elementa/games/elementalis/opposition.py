"""Elemental Opposition: the other mages pick up dice showing their Major and roll them.

On the flow: each seat that can claim dice is asked in turn, clockwise from the active player's left
(:class:`AskClaim`, :class:`Claim`); then each claim is rolled and netted in the order made
(:class:`SettleClaims`: the claimant's dice, then :class:`Net`), a payment being a Mana choice.

source: elementalis.txt, Elemental Opposition; Appendix C; ruling ELS-A12.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from elementa.core import Action
from elementa.games.elementalis.elements import FACE_NAMES
from elementa.games.elementalis.phases import CLAIM, OPPOSITION_DIE
from elementa.games.elementalis.scoring import all_vectors
from elementa.games.elementalis.steps import MAX_SEATS, Automatic, Decision

if TYPE_CHECKING:
    from elementa.games.elementalis.state import ElementalisState


def claimable(s: ElementalisState, player: int) -> int:
    """How many dice showing the seat's Major it may still pick up (0 if its Major is no element)."""
    face = s.major_element(player)
    if face is None:
        return 0
    showing = len([d for d in s.dice if d.face == face and not d.destroyed])
    taken = sum([k for q, k in s.claims if s.major_element(q) == face]) if s.claims else 0
    return max(0, showing - taken)


def start(s: ElementalisState) -> None:
    """Begin Opposition after a roll that left the Channel empty: the seats that can claim dice are
    asked in turn, then the claims settled."""
    s.stage = "opposition"
    s.log.append(f"Elemental Opposition against player {s.active + 1}")
    s.claims = []
    asked = [_ASK_CLAIM[q] for q in s.seats_from(s.active)[1:] if claimable(s, q) > 0]
    s.steps += [_SETTLE_CLAIMS, *reversed(asked)]  # the first asked on top


def settle_next(s: ElementalisState) -> None:
    """Roll the next claimant's dice (``s.claims[0]``), or end the turn when every claim is settled."""
    if not s.claims:
        s._end_turn()
        return
    k = s.claims[0][1]
    s.opp_faces = []
    s._roll([OPPOSITION_DIE] * k, _NET)


def net(s: ElementalisState) -> None:
    """Net one claimant's rolled dice: the active mage gives the difference, or the claimant pays it;
    then the next claim."""
    q, _ = s.claims[0]
    s.claims = s.claims[1:]  # the claims still to settle, as the views show them
    own = s.opp_faces.count(s.major_element(q) or 0)  # claimants always have an element Major
    active_major = s.major_element(s.active)
    theirs = s.opp_faces.count(active_major) if active_major is not None else 0
    diff = own - theirs
    s.log.append(
        f"player {q + 1} rolls {', '.join(FACE_NAMES[f] for f in s.opp_faces)}"
        + ("" if diff else ": no Mana changes hands")
    )
    payer, payee = (s.active, q) if diff > 0 else (q, s.active)
    amount = min(abs(diff), s.coloured(payer))
    if amount == 0:
        settle_next(s)
        return
    s.steps.append(_SETTLE_NEXT)
    s._ask(payer, all_vectors(amount, s.pool[payer]), "give", to=payee)


@dataclass(frozen=True, slots=True)
class AskClaim(Automatic):
    """Ask a seat to claim dice (:class:`Claim`) if it still may (earlier claims take dice)."""

    seat: int

    def run(self, state: ElementalisState) -> None:
        if claimable(state, self.seat) > 0:
            state.steps.append(_CLAIM[self.seat])


@dataclass(frozen=True, slots=True)
class Claim(Decision):
    """A seat picks up some of the dice showing its Major (none: it rolls nothing)."""

    def legal(self, state: ElementalisState, player: int) -> list[Action]:
        face = state.major_element(self.seat)
        return list(state.game.claim_actions[face or 0][: claimable(state, self.seat) + 1])

    def apply(self, state: ElementalisState, action: Action, player: int) -> None:
        state.claims.append((self.seat, action.args[0]))


Claim.phase = CLAIM


@dataclass(frozen=True, slots=True)
class SettleClaims(Automatic):
    """Every seat has answered: the claims of no dice are dropped, the others settled in order."""

    def run(self, state: ElementalisState) -> None:
        state.claims = [(q, k) for q, k in state.claims if k > 0]
        settle_next(state)


@dataclass(frozen=True, slots=True)
class Net(Automatic):
    """A claimant's dice have rolled: net them (:func:`net`)."""

    def run(self, state: ElementalisState) -> None:
        net(state)


@dataclass(frozen=True, slots=True)
class SettleNext(Automatic):
    """A payment is made: the next claim (:func:`settle_next`)."""

    def run(self, state: ElementalisState) -> None:
        settle_next(state)


_SETTLE_CLAIMS: Final = SettleClaims()
_NET: Final = Net()
_SETTLE_NEXT: Final = SettleNext()
_ASK_CLAIM: Final = tuple(AskClaim(p) for p in range(MAX_SEATS))
_CLAIM: Final = tuple(Claim(p) for p in range(MAX_SEATS))
