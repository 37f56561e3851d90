"""Attacks, hit rolls, breakage rolls and weapon proficiency: the rules the combat steps apply.

The steps themselves (an attack's hit roll, a breakage pick and its two dice, a split attack's next
target) are in :mod:`.steps` (:class:`~.steps.Attack`, :class:`~.steps.Breakage`,
:class:`~.steps.BreakRoll`, :class:`~.steps.Volley`); they call these functions, which change the
state and say what follows (a hit's breakage rolls, whether a picked card is rolled for), never push.
A hit roll is one chance node per die (faces above the die's usable range are rolled again, as the
table does for max damage 7); a breakage roll is two d10 chance nodes, tens then units ("a 2 and a
9, or 29%"; 0 and 0 is 100).
source: warriors.txt, 4.1 (attacking), 7.2 (breakage), 7.5 (weapon proficiency), 9.0 (hit rolls).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from elementa.core import Action, die_outcomes
from elementa.games.warriors.rules import (
    MAX_EQUIP,
    UNARMED,
    Equip,
    Fighter,
    damage_range,
    die_value,
    hit_die,
    proficiency,
    protection,
    roll_span,
)

if TYPE_CHECKING:
    from elementa.games.warriors.cards import Card
    from elementa.games.warriors.state import WarriorsState

Table = tuple[tuple[Action, float], ...]
"""A chance node's outcomes, all equally likely, as the game's shared table (only read)."""


def source_card(st: WarriorsState, source_id: int) -> Card:
    """Return the card an attack is made with (bare hands for id -1)."""
    return UNARMED if source_id < 0 else st.card(source_id)


# ------------------------------------------------------------------------------ declaring
def declare_attack(st: WarriorsState, seat: int, slot: int, split: bool) -> tuple[int, int, int, int] | None:
    """Attack with the weapon or attack spell in ``slot`` (``MAX_EQUIP``: bare hands).

    Weapon proficiency "+X": one attack with max damage +X, or (``split``) up to X more attacks with
    the same Action on other fighters, none with the bonus (7.5; WAR-A9). An attack spell spends a
    charge when cast and is destroyed once its last charge is gone (4.2).

    Returns:
        ``(min, max, source card id, X)`` of the attack for the caller to make (the first of a split
        attack's), or ``None`` when the seat has no fighter.
    """
    f = st.fighters[seat]
    if f is None:
        return None
    src = UNARMED if slot == MAX_EQUIP else f.equipment[slot].card
    extra = proficiency(f, src)
    lo, hi = damage_range(
        f, src, st.location_card(), src.max_damage + (0 if split else extra), src.min_damage
    )
    if slot < MAX_EQUIP and src.type == "attack_spell":
        spend_charge(st, f, f.equipment[slot])
    return lo, hi, src.id, extra


def volley_targets(st: WarriorsState, seat: int, hit: tuple[int, ...]) -> list[int]:
    """Return the fighters a split attack by ``seat`` may still hit (each fighter once; ``hit``:
    those it has hit)."""
    return [t for t in st.attackable(seat) if t not in hit]


def spend_charge(st: WarriorsState, f: Fighter, e: Equip) -> None:
    """Remove one charge counter; a card whose last charge is gone is destroyed (4.2, 4.3)."""
    if e.charges is None:
        return
    e.charges -= 1
    if e.charges <= 0 and e in f.equipment:
        f.unequip(e)
        st.discard(e.card.id, f.seat, st.at_fighter(f.cid))
        st.log(f"{e.card.name} of {st.who(f.cid)} is used up")


def beast_attack(st: WarriorsState, cid: int, target: int) -> None:
    """A Beast attacks with its own weapon: the max damage on its card, non-tech melee unless stated."""
    f = st.fighters[cid]
    if f is not None:
        st.queue_attack(cid, target, f.card.max_damage, f.card.min_damage, f.card)


# ----------------------------------------------------------------------------- resolving
def hit(st: WarriorsState, atk: int, tgt: int, sid: int, raw: int) -> int:
    """Deal a rolled hit ``raw`` by ``atk`` on ``tgt`` with the card ``sid``: subtract protection,
    lose durability, die or make breakage rolls (4.1, 7.2).

    A lethal hit causes no breakage rolls (WAR-A5); otherwise one roll per 2 damage dealt.

    Returns:
        The breakage rolls the attacker picks cards for next (0: none).
    """
    f = st.fighters[tgt]
    if f is None:
        return 0
    prot = protection(f, st.location_card())
    dealt = max(0, raw - prot)
    f.durability -= dealt
    st.events.append(  # see state.Event: written out only if an observation shows it
        (
            "{} attacks {} with {}: {} - protection {} = {} damage ({} durability left)",
            st.who(atk),
            st.who(tgt),
            source_card(st, sid).name,
            raw,
            prot,
            dealt,
            max(0, f.durability),
        )
    )
    if st.recording:
        st.emit_damage(tgt, dealt)
    if f.durability < 1 and st.dies(tgt, atk):
        return 0
    if dealt >= 2 and f.equipment and st.fighters[tgt] is f:
        return dealt // 2
    return 0


def choose_break(st: WarriorsState, tgt: int, slot: int) -> bool:
    """The attacker picks the card in ``slot`` of ``tgt`` for a breakage roll; return whether it is
    rolled for (an unbreakable card wastes the roll; a fighter gone is not rolled for)."""
    f = st.fighters[tgt]
    if f is None:
        return False
    card = f.equipment[slot].card
    if not card.breakage:
        st.log(f"a breakage roll on {card.name}, which cannot break")
        return False
    return True


def beast_break_pick(f: Fighter) -> int:
    """Return the slot a Beast picks for a breakage roll on ``f``: the most breakable card, the
    first of equals (a ruling)."""
    eq = f.equipment
    return max(range(len(eq)), key=lambda i: (eq[i].card.breakage or 0, -i))


def resolve_break(st: WarriorsState, tgt: int, slot: int, roll: int) -> None:
    """A percentile roll at or under the card's breakage destroys it (to the discard pile's top)."""
    f = st.fighters[tgt]
    if f is None:
        return
    e = f.equipment[slot]
    b = e.card.breakage or 0
    if roll > b:
        st.log(f"breakage roll {roll}% on {e.card.name} ({b}%): it holds")
        return
    for charm in f.equipment:
        ab = charm.card.ability
        if charm is not e and ab is not None and ab.effect == "preserve" and charm.charges:
            st.log(f"breakage roll {roll}% on {e.card.name} ({b}%): {charm.card.name} saves it")
            spend_charge(st, f, charm)
            return
    f.unequip(e)
    st.discard(e.card.id, f.seat, st.at_fighter(tgt))
    st.log(f"breakage roll {roll}% on {e.card.name} ({b}%): it breaks and is destroyed")


# --------------------------------------------------------------------------------- chance
def needs_roll(st: WarriorsState, lo: int, hi: int) -> bool:
    """Whether an attack of damage ``lo``-``hi`` needs a hit roll (max damage 1 needs none: 9.0)."""
    span, _ = roll_span(lo, hi, st.game.options.min_damage_mode)
    return span > 1


def hit_rolls(st: WarriorsState, lo: int, hi: int) -> Table:
    """Return the outcomes of the die rolled for a hit of damage ``lo``-``hi``, one per face, as
    the game's shared table (only read)."""
    cache = st.game.roll_cache
    rolls = cache.get((lo, hi))
    if rolls is None:
        sp = st.game.action_space
        mode = st.game.options.min_damage_mode
        span, off = roll_span(lo, hi, mode)
        sides, usable = hit_die(span)
        out = []
        for face in range(1, sides + 1):
            v = die_value(face, span, sides, usable)
            what = "roll again" if v is None else f"hit roll {_raw(v, off, lo, mode)}"
            out.append((sp.make("roll", face - 1, label=f"d{sides} shows {face}: {what}"), 1 / sides))
        rolls = cache[lo, hi] = tuple(out)
    return rolls


def breakage_dice(st: WarriorsState, tens: bool) -> Table:
    """Return the outcomes of a breakage d10 (the tens die, or the units die), as the game's
    shared table (only read)."""
    digit = "tens" if tens else "units"
    dice = st.game.breakage_dice.get(digit)
    if dice is None:
        sp = st.game.action_space
        dice = st.game.breakage_dice[digit] = tuple(
            (sp.make("roll", i, label=f"breakage {digit} d10 shows {(i + 1) % 10}"), p)
            for i, p in die_outcomes(10)
        )
    return dice


def _raw(v: int, off: int, lo: int, mode: str) -> int:
    return v + off if mode == "uniform_range" else max(lo, v)


def hit_values(st: WarriorsState, lo: int, hi: int) -> tuple[int | None, ...]:
    """Return the hit roll each face of the die rolled for damage ``lo``-``hi`` stands for (``None``:
    rolled again), by face (0 = the face showing 1).

    Memoised per game by ``(lo, hi)`` (:attr:`.game.WarriorsGame.hit_values`): the values are a
    function of those and the game's ``min_damage_mode`` alone.
    """
    values = st.game.hit_values.get((lo, hi))
    if values is None:
        mode = st.game.options.min_damage_mode
        span, off = roll_span(lo, hi, mode)
        sides, usable = hit_die(span)
        faces = [die_value(face, span, sides, usable) for face in range(1, sides + 1)]
        values = st.game.hit_values[lo, hi] = tuple(
            None if v is None else _raw(v, off, lo, mode) for v in faces
        )
    return values
