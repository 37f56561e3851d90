"""Elemental Opposition: the other mages pick up dice showing their Major and roll them.

source: elementalis.txt, Elemental Opposition; Appendix C; ruling ELS-A12.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from elementa.games.elementalis.elements import FACE_NAMES
from elementa.games.elementalis.phases import CHOICE, CLAIM, OPPOSITION_DIE
from elementa.games.elementalis.scoring import all_vectors

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
    """Begin Opposition after a roll that left the Channel empty: the seats that can claim dice are queued."""
    s.stage = "opposition"
    s.log.append(f"Elemental Opposition against Player {s.active + 1}")
    s.claims = []
    s.claim_queue = [q for q in reversed(s.seats_from(s.active)[1:]) if claimable(s, q) > 0]  # next last
    next_claim(s)


def next_claim(s: ElementalisState) -> None:
    """Ask the next seat that can claim dice, or roll the claims once everyone has answered."""
    while s.claim_queue:
        q = s.claim_queue.pop()
        if claimable(s, q) > 0:
            s.phase, s.actor = CLAIM, q
            return
    s.claims = [(q, k) for q, k in s.claims if k > 0]
    settle_next(s)


def settle_next(s: ElementalisState) -> None:
    """Roll the next claimant's dice, or end the turn when every claim is settled."""
    if not s.claims:
        s._end_turn()
        return
    k = s.claims[0][1]
    s.opp_faces = []
    s._roll([OPPOSITION_DIE] * k, "opposition")


def settle_claim(s: ElementalisState) -> None:
    """Net one claimant's rolled dice: the active mage gives the difference, or the claimant pays it."""
    q, _ = s.claims.pop(0)
    own = s.opp_faces.count(s.major_element(q) or 0)  # claimants always have an element Major
    active_major = s.major_element(s.active)
    theirs = s.opp_faces.count(active_major) if active_major is not None else 0
    net = own - theirs
    s.log.append(
        f"Player {q + 1} rolls {', '.join(FACE_NAMES[f] for f in s.opp_faces)}"
        + ("" if net else ": no Mana changes hands")
    )
    payer, payee = (s.active, q) if net > 0 else (q, s.active)
    amount = min(abs(net), s.coloured(payer))
    if amount == 0:
        settle_next(s)
        return
    s.phase = CHOICE
    s._ask(payer, all_vectors(amount, s.pool[payer]), "give", to=payee)
