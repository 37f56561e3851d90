"""Attacks, hit rolls, breakage rolls and weapon proficiency, as tasks and chance nodes.

An attack is the task ``("attack", attacker, target, min, max, source card id)``: one chance node per
die (faces above the die's usable range are rolled again, as the table does for max damage 7). A
breakage roll is two d10 chance nodes, tens then units ("a 2 and a 9, or 29%"; 0 and 0 is 100).
source: warriors.txt, 4.1 (attacking), 7.2 (breakage), 7.5 (weapon proficiency), 9.0 (hit rolls).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

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

Task = tuple[Any, ...]


def source_card(st: WarriorsState, source_id: int) -> Card:
    """Return the card an attack is made with (bare hands for id -1)."""
    return UNARMED if source_id < 0 else st.card(source_id)


# ------------------------------------------------------------------------------ declaring
def declare_attack(st: WarriorsState, seat: int, slot: int, target: int, split: bool) -> None:
    """Attack with the weapon or attack spell in ``slot`` (``MAX_EQUIP``: bare hands).

    Weapon proficiency "+X": one attack with max damage +X, or (``split``) up to X more attacks with
    the same Action on other fighters, none with the bonus (7.5; WAR-A9). An attack spell spends a
    charge when cast and is destroyed once its last charge is gone (4.2).
    """
    f = st.fighters[seat]
    if f is None:
        return
    src = UNARMED if slot == MAX_EQUIP else f.equipment[slot].card
    extra = proficiency(f, src)
    lo, hi = damage_range(
        f, src, st.location_card(), src.max_damage + (0 if split else extra), src.min_damage
    )
    if slot < MAX_EQUIP and src.type == "attack_spell":
        spend_charge(st, f, f.equipment[slot])
    attack = ("attack", seat, target, lo, hi, src.id)
    if split:
        st.push(attack, ("volley", seat, lo, hi, src.id, (target,), extra))
    else:
        st.push(attack)


def volley_targets(st: WarriorsState, task: Task) -> list[int]:
    """Return the fighters a split attack may still hit (each fighter once)."""
    return [t for t in st.attackable(task[1]) if t not in task[5]]


def next_volley(st: WarriorsState, task: Task, target: int) -> None:
    """Make the next attack of a split attack, on a fighter not hit yet."""
    _, seat, lo, hi, sid, hit, left = task
    rest = [("volley", seat, lo, hi, sid, (*hit, target), left - 1)] if left > 1 else []
    st.replace(("attack", seat, target, lo, hi, sid), *rest)


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
def hit(st: WarriorsState, task: Task, raw: int) -> None:
    """Deal a rolled hit: subtract protection, lose durability, die or make breakage rolls (4.1, 7.2).

    A lethal hit causes no breakage rolls (WAR-A5); otherwise one roll per 2 damage dealt.
    """
    _, atk, tgt, _, _, sid = task
    st.tasks.pop()
    f = st.fighters[tgt]
    if f is None:
        return
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
        return
    if dealt >= 2 and f.equipment and st.fighters[tgt] is f:
        st.push(("breakage", atk, tgt, dealt // 2))


def choose_break(st: WarriorsState, task: Task, slot: int) -> None:
    """The attacker picks the card in ``slot`` for the next breakage roll (an unbreakable one wastes it)."""
    _, atk, tgt, k = task
    f = st.fighters[tgt]
    st.replace(*([("breakage", atk, tgt, k - 1)] if k > 1 else []))
    if f is None:
        return
    card = f.equipment[slot].card
    if not card.breakage:
        st.log(f"a breakage roll on {card.name}, which cannot break")
        return
    st.push(("breakroll", tgt, slot, -1))


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


# --------------------------------------------------------------------------- automatic parts
def auto_attack(st: WarriorsState, task: Task) -> bool:
    """Drop an attack on a fighter that is gone; deal one that needs no roll (max damage 1)."""
    _, _, tgt, lo, hi, _ = task
    if st.fighters[tgt] is None:
        st.tasks.pop()
        return True
    span, _ = roll_span(lo, hi, st.game.options.min_damage_mode)
    if span <= 1:
        hit(st, task, hi)
        return True
    return False


def auto_breakage(st: WarriorsState, task: Task) -> bool:
    """Skip breakage with nothing to pick; a Beast picks the most breakable card (a ruling)."""
    _, atk, tgt, k = task
    f = st.fighters[tgt]
    if k <= 0 or f is None or not f.equipment:
        st.tasks.pop()
        return True
    if atk >= st.n:
        eq = f.equipment
        slot = max(range(len(eq)), key=lambda i: (eq[i].card.breakage or 0, -i))
        choose_break(st, task, slot)
        return True
    return False


def auto_volley(st: WarriorsState, task: Task) -> bool:
    """End a split attack with no attacks or fighters left to hit."""
    if task[6] <= 0 or st.fighters[task[1]] is None or not volley_targets(st, task):
        st.tasks.pop()
        return True
    return False


# --------------------------------------------------------------------------------- chance
def outcomes(st: WarriorsState, task: Task) -> list[tuple[Action, float]]:
    """Return the chance outcomes of a hit roll, a breakage die or a random pick."""
    return [*outcome_table(st, task)]


def outcome_table(st: WarriorsState, task: Task) -> Sequence[tuple[Action, float]]:
    """Return the chance outcomes of a hit roll, a breakage die or a random pick, all equally likely
    (one die face or one candidate each), as the game's shared table where there is one: only read."""
    sp = st.game.action_space
    kind = task[0]
    if kind == "attack":
        _, _, _, lo, hi, _ = task
        cache = st.game.roll_cache
        rolls = cache.get((lo, hi))
        if rolls is None:
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
    if kind == "breakroll":
        digit = "tens" if task[3] < 0 else "units"
        dice = st.game.breakage_dice.get(digit)
        if dice is None:
            dice = st.game.breakage_dice[digit] = tuple(
                (sp.make("roll", i, label=f"breakage {digit} d10 shows {(i + 1) % 10}"), p)
                for i, p in die_outcomes(10)
            )
        return dice
    cands = task[1] if kind == "first" else task[2]
    what = "goes first" if kind == "first" else "is the Beast's target"
    return [(sp.make("pick", i, label=f"{st.who(c)} {what}"), 1 / len(cands)) for i, c in enumerate(cands)]


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


def apply_outcome(st: WarriorsState, task: Task, action: Action) -> None:
    """Apply a chance outcome to the task on top."""
    kind = task[0]
    i = action.args[0]
    if kind == "attack":
        _, _, _, lo, hi, _ = task
        values = hit_values(st, lo, hi)
        v = values[i]
        if v is None:
            st.log(f"d{len(values)} shows {i + 1}: rolled again")
        else:
            hit(st, task, v)
    elif kind == "breakroll":
        _, tgt, slot, tens = task
        digit = (i + 1) % 10
        if tens < 0:
            st.tasks[-1] = ("breakroll", tgt, slot, digit)
        else:
            st.tasks.pop()
            resolve_break(st, tgt, slot, tens * 10 + digit or 100)
    elif kind == "first":
        st.tasks.pop()
        st.turn_pos = st.order.index(task[1][i])
    else:
        st.tasks.pop()
        beast_attack(st, task[1], task[2][i])
