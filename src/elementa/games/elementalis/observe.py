"""What each seat sees of an ElementaliS state, and the plain-text board.

Everything on an ElementaliS table is public except the spell declarations while they are being made:
each seat sees its own choice, and of the others only whether they have chosen yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from elementa.games.elementalis.casting import cost_of, known_spells
from elementa.games.elementalis.elements import ARCANA_NAMES, ELEMENT_NAMES, FACE_NAMES
from elementa.games.elementalis.phases import OVER
from elementa.games.elementalis.spells import COUNTER_SPELL, SPELLS

if TYPE_CHECKING:
    from elementa.games.elementalis.state import ElementalisState


def _mana(vec: list[int]) -> dict[str, int]:
    return {ELEMENT_NAMES[c]: k for c, k in enumerate(vec)}


def _name(arcana: int | None) -> str | None:
    return None if arcana is None else ARCANA_NAMES[arcana]


def observe(s: ElementalisState, viewer: int | None) -> dict[str, Any]:
    """Return the JSON view of a state for a seat (``None``: a spectator).

    Keys: ``viewer``, ``round``, ``rounds``, ``active``, ``phase``, ``stage``, ``to_move``, ``players``
    (per seat: arcana, type, chosen Major, Pool, colourless, total, spells with current costs;
    Counter Spell's cost is ``None``: it is X, the cost of the spell it answers),
    ``channel``, ``flux``, ``dice`` (face, sun, held, destroyed, charred), ``ether_leak``, ``links``,
    ``declarations`` (per seat: ``"declared"``/``"passed"`` when visible, ``"chosen"`` when sealed,
    ``"waiting"``), ``casting_order``, ``pending_spell``, ``opposition``, ``log`` (this turn's public
    events), ``winners`` (at the end).
    """
    n = s.game.num_players
    players = []
    for p in range(n):
        mage = s.mage(p)
        spells = []
        if mage is not None:
            for spell in known_spells(s, p):
                sp = SPELLS[spell]
                spells.append(
                    {
                        "name": sp.name,
                        "level": sp.level,
                        "arcana": ARCANA_NAMES[sp.arcana],
                        "cost": None if spell == COUNTER_SPELL else cost_of(s, p, spell),
                        "cast_this_turn": (p, spell) in s.cast_this_turn,
                    }
                )
        players.append(
            {
                "seat": p,
                "major": _name(s.major[p]),
                "minor": _name(s.minor[p]),
                "type": None if mage is None else mage.value,
                "chosen_major": _name(s.chosen[p]),
                "pool": _mana(s.pool[p]),
                "colourless": s.colourless[p],
                "total": s.total(p),
                "spells": spells,
            }
        )
    declarations = {}
    for p, d in s.declared.items():
        if d is None:
            declarations[str(p)] = "waiting"
        elif p == viewer:
            declarations[str(p)] = "declared" if d else "passed"
        else:
            declarations[str(p)] = "chosen"
    pend = s.pending
    pending = None
    if pend is not None:
        pending = {
            "caster": pend["caster"],
            "spell": SPELLS[pend["spell"]].name,
            "paid_as": SPELLS[pend["paid"]].name,
            "cost": pend["cost"],
            "targets": [[q, ELEMENT_NAMES[c]] for q, c in pend["targets"]],
            "negated_for": list(pend["negated"]),
        }
    cur = s.current_player()
    return {
        "game": "elementalis",
        "viewer": viewer,
        "round": min(s.round, s.game.options.rounds),
        "rounds": s.game.options.rounds,
        "active": s.active,
        "phase": s.phase,
        "stage": s.stage,
        "to_move": s.players_to_move() if cur >= -2 else [],
        "players": players,
        "channel": _mana(s.channel),
        "flux": _mana(s.flux) if s.game.options.mana_supply_limit else None,
        "dice": [
            {"face": None if d.face is None else FACE_NAMES[d.face], "sun": d.sun, "held": d.held,
             "destroyed": d.destroyed, "charred": d.charred}
            for d in s.dice
        ],
        "ether_leak": s.ether_leak,
        "links": [list(x) for x in s.links],
        "declarations": declarations,
        "casting_order": list(s.cast_queue) if s.phase in ("cast", "target_mana", "react") else [],
        "pending_spell": pending,
        "opposition": {"claims": [list(c) for c in s.claims], "rolled": [FACE_NAMES[f] for f in s.opp_faces]}
        if s.stage == "opposition" else None,
        "log": list(s.log),
        "winners": s.winners() if s.phase == OVER else None,
    }  # fmt: skip


def board_text(s: ElementalisState) -> str:
    """Return a plain-text board (what ``str(state)`` shows): round, dice, Channel and every Pool."""
    lines = [f"ElementaliS - round {min(s.round, s.game.options.rounds)}/{s.game.options.rounds}, "
             f"Player {s.active + 1} to roll ({s.phase}{'/' + s.stage if s.stage else ''})"]  # fmt: skip
    if s.dice:
        faces = []
        for i, d in enumerate(s.dice):
            f = "?" if d.face is None else FACE_NAMES[d.face]
            marks = ("*" if d.held else "") + ("x" if d.destroyed else "") + ("~" if d.charred else "")
            faces.append(f"{s.die_name(i)}={f}{marks}")
        lines.append("dice: " + ", ".join(faces))
    lines.append("Channel: " + ", ".join(f"{ELEMENT_NAMES[c]} {k}" for c, k in enumerate(s.channel)))
    for p in range(s.game.num_players):
        mage = s.mage(p)
        who = f"{_name(s.major[p])}/{_name(s.minor[p])} {mage.value if mage else ''}".strip()
        pool = ", ".join(f"{ELEMENT_NAMES[c]} {k}" for c, k in enumerate(s.pool[p]))
        extra = f", colourless {s.colourless[p]}" if s.colourless[p] else ""
        lines.append(f"Player {p + 1} ({who}): {pool}{extra} = {s.total(p)}")
    if s.links:
        lines.append("Earth Links: " + ", ".join(f"{o + 1}->{t + 1}" for o, t in s.links))
    return "\n".join(lines)
