"""The automatic steps of Warriors: setup, mulligans, battles, turns and their begin and end steps.

:func:`run` looks at the task on top of the state's stack: an automatic task does its work and
returns ``True``; a decision or chance task that still waits for an action returns ``False`` (after
dropping itself when it has nothing to decide).
source: warriors.txt, 3.2 (setup, mulligans), 3.3 (starting a battle), 4.0 and 4.8 (turn steps),
6.0 (ending a battle), 7.1 (Beasts), 8.1-8.3 (variants).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from elementa.core import Place
from elementa.games.warriors import combat
from elementa.games.warriors.effects import EFFECTS
from elementa.games.warriors.rules import MAX_BEASTS, Fighter, can_equip

if TYPE_CHECKING:
    from elementa.games.warriors.cards import Ability, Card
    from elementa.games.warriors.state import WarriorsState

HAND_SIZE = 8
MAX_MULLIGANS = 5
"""Mulligans a player takes at most when joining; after that the hand is kept (a ruling)."""
Task = tuple[Any, ...]


def run(st: WarriorsState, task: Task) -> bool:
    """Run the top task if it is automatic; return whether anything happened."""
    return HANDLERS[task[0]](st, task)


def _pop(st: WarriorsState) -> bool:
    st.tasks.pop()
    return True


def _waits(st: WarriorsState, task: Task) -> bool:
    return False


def _offer(st: WarriorsState, task: Task) -> bool:
    return False if st.in_game[task[1]] else _pop(st)


def _legend(st: WarriorsState, task: Task) -> bool:
    return False if st.hands[task[1]] else _pop(st)


# ------------------------------------------------------------------------------------- setup
def _setup(st: WarriorsState, task: Task) -> bool:
    seats = range(st.n)
    st.replace(*[("draw", p, HAND_SIZE) for p in seats], *[("mulligan", p) for p in seats], ("battle",))
    return True


def _draw(st: WarriorsState, task: Task) -> bool:
    """Draw, or reshuffle an empty deck (each opponent may draw one: 6.0), or fail silently (WAR-A18)."""
    _, seat, count = task
    if count <= 0 or not st.in_game[seat]:
        return _pop(st)
    g = st.game.deck_of[seat]
    if st.decks[g]:
        return False
    pile = st.discards[g]
    if not pile:
        st.log(f"player {seat + 1} has no cards left to draw")
        return _pop(st)
    st.shuffle_in(g, pile)
    if st.recording:  # the discard pile is public
        for c in pile:
            st.move_card(c, Place("discard", seat), Place("deck", seat))
    pile.clear()
    st.log(f"player {seat + 1} shuffles the discard pile into a new deck")
    st.push(*st.offers(seat, "reshuffle"))
    return True


def needs_mulligan(st: WarriorsState, seat: int) -> bool:
    """Whether a hand cannot field a fighter with some way to attack (3.2; WAR-A2).

    With ``mulligan_requires_weapon`` the hand needs a fighter and a weapon or attack spell that
    fighter can equip, or a fighter with an attacking ability; otherwise a fighter suffices.
    """
    cards = [st.card(c) for c in st.hands[seat]]
    fighters = [c for c in cards if c.type == "fighter"]
    if not fighters:
        return True
    if not st.game.options.mulligan_requires_weapon:
        return False
    arms = [c for c in cards if c.type in ("weapon", "attack_spell")]
    for card in fighters:
        ab = card.ability
        attacks = ab is not None and (EFFECTS[ab.effect].target == "enemy" or ab.effect == "blast_all")
        if ab is not None and attacks and ab.when in ("action", "charge_action"):
            return False
        f = Fighter(0, seat, card)
        if any(can_equip(f, w) for w in arms):
            return False
    return True


def _mulligan(st: WarriorsState, task: Task) -> bool:
    p = task[1]
    if not st.in_game[p] or st.mulligans[p] >= MAX_MULLIGANS or not needs_mulligan(st, p):
        return _pop(st)
    st.shuffle_in(st.game.deck_of[p], st.hands[p])
    if st.recording:  # which cards go back only their owner sees
        for c in st.hands[p]:
            st.move_card(c, Place("hand", p), Place("deck", p), (p,))
    st.hands[p] = []
    st.known[p] = {}
    st.mulligans[p] += 1
    st.log(f"player {p + 1} takes a mulligan")
    st.replace(("draw", p, HAND_SIZE), *st.offers(p, "mulligan"), ("mulligan", p))
    return True


# ----------------------------------------------------------------------------- battle start
def _battle(st: WarriorsState, task: Task) -> bool:
    n = st.n
    st.battle += 1
    cap = st.game.options.max_turns
    if cap and st.battle > cap:  # battles that end before any turn (everyone forfeits) count too
        st.log(f"{cap} battles fought: the game is called a draw")
        st.finish(None)
        return True
    st.location = st.location_from = None
    st.fighters = [None] * (n + MAX_BEASTS)
    st.status = ["idle"] * n
    st.order, st.turn_pos = [], 0
    st.log(f"battle {st.battle} begins")
    doors = [("doors", p) for p in range(n)] if st.game.options.revolving_door and st.battle > 1 else []
    st.replace(*doors, ("location", -1), ("seat",), ("assemble",), ("reveal",), ("battle_end",))
    return True


def location_choices(st: WarriorsState, seat: int) -> bool:
    """Whether the chooser has any location to choose (in hand, or controlled by anyone)."""
    return not st.game.location_ids.isdisjoint(st.hands[seat]) or any(st.controlled)


def _location(st: WarriorsState, task: Task) -> bool:
    c = st.chooser
    if st.game.options.deathmatch or c is None or not st.in_game[c] or not location_choices(st, c):
        return _pop(st)
    st.tasks[-1] = ("location", c)
    return False


def _seat(st: WarriorsState, task: Task) -> bool:
    for p in range(st.n):
        st.status[p] = "assembling" if st.in_game[p] else "idle"
        st.removed[p] = []
        st.acted[p] = False
    return _pop(st)


def _assemble(st: WarriorsState, task: Task) -> bool:
    return False if "assembling" in st.status else _pop(st)


def legend_names(st: WarriorsState, seat: int) -> set[str]:
    """Return the names of the Legendary cards a seat's fighter uses (the fighter and its equipment)."""
    f = st.fighters[seat]
    if f is None:
        return set()
    names = {f.card.name} if f.card.legendary else set()
    for e in f.equipment:  # a loop, not a comprehension over a built list: asked at every reveal
        if e.card.legendary:
            names.add(e.card.name)
    return names


def legend_clash(st: WarriorsState, seat: int, others: range | list[int]) -> list[Task]:
    """Apply the Legend rule between ``seat`` and the fighters of ``others`` using the same Legendary card.

    source: warriors.txt, 7.4; WAR-A7: ``discard_that_card`` discards both copies at once (a fighter
    so discarded leaves the battle, its equipment going back to the hand); ``any_card``: both players
    discard a card of their choice from hand: the returned tasks, for the caller to push.
    """
    mine = legend_names(st, seat)
    tasks: list[Task] = []
    if not mine:  # most fighters use no Legendary card
        return tasks
    for q in others:
        if q == seat or st.status[q] != "fighting":
            continue
        for name in sorted(mine & legend_names(st, q)):
            st.log(f"player {seat + 1} and player {q + 1} both use the Legendary {name}")
            if st.game.options.legend_penalty == "any_card":
                tasks += [("legend", seat), ("legend", q)]
                continue
            for s in (seat, q):
                f = st.fighters[s]
                if f is None:
                    continue
                here = st.at_fighter(s)
                if f.card.name == name:
                    st.fighters[s] = None
                    st.status[s] = "forfeit"
                    for e in f.equipment:
                        st.to_hand(s, e.card.id, public=True, source=here)
                    st.discard(f.card.id, s, here)
                else:
                    e = next(e for e in f.equipment if e.card.name == name)
                    f.unequip(e)
                    st.discard(e.card.id, s, here)
    return tasks


def _reveal(st: WarriorsState, task: Task) -> bool:
    st.tasks.pop()
    n = st.n
    draws = []
    for p in range(n):
        f = st.fighters[p]
        if st.status[p] != "ready":
            continue
        if f is None:
            st.status[p] = "forfeit"
            st.log(f"player {p + 1} has no fighter and forfeits the battle")
            draws.append(p)
            continue
        st.status[p] = "fighting"
        for card_id in (f.card.id, *f.equipped_ids):
            st.forget(p, card_id)
        gear = ", ".join(e.card.name for e in f.equipment) or "nothing"
        st.log(f"player {p + 1} enters {f.card.name} equipped with {gear}")
        if st.recording:  # the secret assembly revealed: its cards went from the hand to the fighter
            here = st.fighter_place(p)
            for card_id in (f.card.id, *f.equipped_ids):
                st.move_card(card_id, Place("hand", p), here)
    penalties = []
    for p in range(n):
        if st.status[p] == "fighting":
            penalties += legend_clash(st, p, range(p + 1, n))
    _seat_beasts(st)
    beasts = [f for f in st.fighters[n:] if f is not None]
    seats = []  # loops, not comprehensions per seat: this runs at every battle
    for p in range(n):
        if st.status[p] == "fighting":
            st.order.append(p)
            seats.append(p)
        for f in beasts:  # a Beast's combatant id is its place in the fighters
            if f.seat == p:
                st.order.append(f.cid)
    if not st.battle_over():
        st.push(("turn",))
        first: list[int] = []  # the seats of the lowest printed durability
        low = 0
        for p in seats:
            d = st.fighters[p].card.durability  # type: ignore[union-attr]
            if not first or d < low:
                first, low = [p], d
            elif d == low:
                first.append(p)
        if len(first) == 1:
            st.turn_pos = st.order.index(first[0])
        else:
            st.push(("first", tuple(first)))
    loc = st.location_card()
    if loc is not None and loc.ability is not None and loc.ability.when == "battle_start":
        EFFECTS[loc.ability.effect].run(st, None, None, loc.ability, loc)  # type: ignore[misc]
    for p in reversed(draws):
        st.queue_draw(p, 2)
    st.push(*penalties)
    return True


def _seat_beasts(st: WarriorsState) -> None:
    """Waiting Beasts join the battle, each seated after the player who drew it (7.1)."""
    keep = []
    k = 0
    for card_id, owner in st.waiting:
        if k < MAX_BEASTS and st.in_game[owner]:
            cid = st.n + k
            st.fighters[cid] = Fighter(cid, owner, st.card(card_id))
            st.log(f"the Beast {st.card(card_id).name} joins the battle")
            if st.recording:
                st.move_card(card_id, Place("waiting", owner), st.fighter_place(cid))
            k += 1
        else:
            keep.append((card_id, owner))
    st.waiting = keep


# ------------------------------------------------------------------------------------ turns
def _turn(st: WarriorsState, task: Task) -> bool:
    st.tasks.pop()
    push_turn(st)
    return True


def push_turn(st: WarriorsState) -> None:
    """Push the steps of the turn of the combatant at the battle's ``turn_pos`` (4.0; a Beast: 7.1)."""
    cid = st.order[st.turn_pos]
    if cid >= st.n:
        st.tasks += (("next",), ("beast", cid))  # as st.push(("beast", cid), ("next",))
    else:
        st.tasks += (("next",), ("end", cid), ("act", cid), ("begin", cid))


def triggers(st: WarriorsState, cid: int, when: str) -> None:
    """Run the fighter's, its active equipment's and the location's abilities for ``when``
    (``"begin"`` or ``"end"``).

    The current player's effects go first, then the location's (it belongs to nobody) (4.0).
    """
    f = st.fighters[cid]
    if f is None:
        return
    ids = st.game.trigger_ids[when]
    if f.card.id not in ids and st.location not in ids and ids.isdisjoint(f.equipped_ids):
        return  # no card at hand works now: most turns
    runs: list[tuple[Card, Ability]] = []  # listed before any runs: an effect may change the equipment
    if (ab := f.card.ability) is not None and ab.when == when:
        runs.append((f.card, ab))
    for e in f.equipment:
        ab = e.card.ability
        if ab is not None and ab.when == when and e.active:
            runs.append((e.card, ab))
    loc = st.location_card()
    if loc is not None and (ab := loc.ability) is not None and ab.when == when:
        runs.append((loc, ab))
    for card, ab in runs:
        EFFECTS[ab.effect].run(st, cid, None, ab, card)  # type: ignore[misc]
        if st.fighters[cid] is None or st.result is not None:
            return


def _begin(st: WarriorsState, task: Task) -> bool:
    """Begin step: Deathmatch re-entry, then duration counters tick and begin effects run (4.2.2)."""
    seat = task[1]
    if st.status[seat] == "reenter":
        st.status[seat] = "entering"
        st.removed[seat] = []
        st.push(("enter", seat))
        return True
    st.tasks.pop()
    f = st.fighters[seat]
    st.equipping = False
    st.removed[seat] = []
    if f is None or st.status[seat] != "fighting":
        return True
    for e in f.equipment.copy():
        if e.duration is None:
            continue
        if e.duration > 0:
            e.duration -= 1
            continue
        e.duration = None
        st.log(f"{e.card.name} on {st.who(seat)} wears off")
        if e.spent:
            f.unequip(e)
            st.discard(e.card.id, f.seat, st.at_fighter(seat))
    triggers(st, seat, "begin")
    return True


def _act(st: WarriorsState, task: Task) -> bool:
    seat = task[1]
    return False if st.status[seat] == "fighting" and st.fighters[seat] is not None else _pop(st)


def _enter(st: WarriorsState, task: Task) -> bool:
    return False if st.status[task[1]] == "entering" else _pop(st)


def _end(st: WarriorsState, task: Task) -> bool:
    st.tasks.pop()
    st.equipping = False
    seat = task[1]
    if st.status[seat] == "fighting":
        triggers(st, seat, "end")
    return True


def _next(st: WarriorsState, task: Task) -> bool:
    st.tasks.pop()
    st.turns += 1
    cap = st.game.options.max_turns
    if cap and st.turns >= cap:
        st.log(f"{cap} turns played: the game is called a draw")
        st.finish(None)
        return True
    if st.battle_over():
        return True
    order, size = st.order, len(st.order)
    for k in range(1, size + 1):
        pos = (st.turn_pos + k) % size
        if st.active(order[pos]):
            st.turn_pos = pos
            push_turn(st)  # what a ("turn",) task would do at once
            break
    return True


def _beast(st: WarriorsState, task: Task) -> bool:
    """A Beast attacks the fighter with the highest current durability other than itself (7.1)."""
    st.tasks.pop()
    cid = task[1]
    if st.fighters[cid] is None:
        return True
    targets = st.attackable(cid)
    if not targets:
        return True
    top = max(st.fighters[t].durability for t in targets)  # type: ignore[union-attr]
    best = [t for t in targets if st.fighters[t].durability == top]  # type: ignore[union-attr]
    if len(best) == 1:
        combat.beast_attack(st, cid, best[0])
    else:
        st.push(("beastpick", cid, tuple(best)))
    return True


# ------------------------------------------------------------------------------- battle end
def _battle_end(st: WarriorsState, task: Task) -> bool:
    """The last side standing wins: fighters home, draw 3, take the location (6.0; WAR-A10, A11)."""
    st.tasks.pop()
    n = st.n
    alive = [c for c in range(len(st.fighters)) if st.active(c)]
    winners = alive if alive and alive[-1] < n else []  # players only (ids in order: Beasts last)
    for c in range(n, len(st.fighters)):
        f = st.fighters[c]
        if f is not None:
            st.discard(f.card.id, f.seat, st.at_fighter(c))
    for p in winners:
        f = st.fighters[p]
        if f is not None:
            here = st.at_fighter(p)
            for card_id in (f.card.id, *f.equipped_ids):
                st.to_hand(p, card_id, public=True, source=here)
    loc, src = st.location, st.location_from
    at = Place("location") if st.recording else None
    if winners:
        st.log(f"{st.names(winners)} win{'s' if len(winners) == 1 else ''} battle {st.battle}")
        for p in winners:
            st.score(p, "battle")
        st.chooser = winners[0]
        if loc is not None and src is not None:
            st.controlled[winners[0]].append((loc, src[2]))
            st.log(f"player {winners[0] + 1} takes control of {st.card(loc).name}")
            st.move_card(loc, Place("location"), Place("locations", winners[0]))
            st.score(winners[0], "location")
    else:
        st.log(f"nobody wins battle {st.battle}")
        if loc is not None and src is not None:
            if src[0] == "hand":
                st.to_hand(src[1], loc, public=True, source=at)
            else:
                st.controlled[src[1]].append((loc, src[2]))
                st.move_card(loc, Place("location"), Place("locations", src[1]))
    st.fighters = [None] * len(st.fighters)
    st.status = ["idle"] * n
    st.location = st.location_from = None
    if winners and not st.game.options.deathmatch:
        side = st.side(winners[0])
        seats = st.side_seats(side)
        if sum(len(st.controlled[p]) for p in seats) >= st.game.locations_to_win:
            st.finish(seats)
            return True
    st.push(*[("draw", p, 3) for p in winners], ("battle",))
    return True


HANDLERS: dict[str, Callable[[WarriorsState, Task], bool]] = {
    "setup": _setup,
    "draw": _draw,
    "offer": _offer,
    "mulligan": _mulligan,
    "battle": _battle,
    "doors": _waits,
    "location": _location,
    "seat": _seat,
    "assemble": _assemble,
    "reveal": _reveal,
    "first": _waits,
    "turn": _turn,
    "begin": _begin,
    "enter": _enter,
    "act": _act,
    "end": _end,
    "next": _next,
    "beast": _beast,
    "beastpick": _waits,
    "attack": combat.auto_attack,
    "breakage": combat.auto_breakage,
    "breakroll": _waits,
    "volley": combat.auto_volley,
    "legend": _legend,
    "battle_end": _battle_end,
}
