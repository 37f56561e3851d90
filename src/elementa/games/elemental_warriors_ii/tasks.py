"""Decisions and chance events: what a player may do for each pending task, and what it does.

A *task* is a small tuple ``(kind, player, *args)`` on the state's stack (or, during a simultaneous
window, on the player's own stack). Decision tasks list their legal actions here and apply the one
chosen; chance tasks list their outcomes (one card or one d10 roll each) and apply the one drawn.
Every decision task pops itself when it is done; a task that has no legal action is skipped.

source: elemental-warriors-ii.txt (every phase); rulings in docs/rulings/elemental-warriors-ii.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from elementa.core import Action, Changed, Moved, Place, die_outcomes, pick_uniform
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
    HEALING,
    WHIRLWIND,
    apply_power,
)
from elementa.games.elemental_warriors_ii.names import PLAYER_NAMES
from elementa.games.elemental_warriors_ii.sheet import (
    COIN_NAMES,
    COIN_VALUES,
    COLUMNS,
    DIME,
    ENTRY_LEVEL,
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

Task = tuple[Any, ...]
"""A pending task: ``(kind, player, *arguments)``."""
STARTING_CHANGE = 25
CHANCE_KINDS = frozenset({"draw", "top", "prandom", "rdiscard", "steal", "roll"})
AUTO_SINGLE = frozenset({"power", "target"})
"""Decision tasks resolved without asking when only one action is legal (nothing to choose)."""


# -------------------------------------------------------------------------------- legal actions
def _legal_setup(s: EW2State, t: Task) -> list[Action]:
    left = STARTING_CHANGE - sheet_value(s.sheets[t[1]])
    return fixed(s, ("setup", left), lambda: _setup_actions(s, left))


def _setup_actions(s: EW2State, left: int) -> list[Action]:
    """Return the setup choices with ``left`` cents still to place."""
    lay = s.layout
    acts = [act(s, "preset", k) for k in range(len(PRESET_NAMES))]
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


def _legal_play(s: EW2State, t: Task) -> list[Action]:
    p, o, hand = t[1], s.game.options, s.hands[t[1]]
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


def _legal_add(s: EW2State, t: Task) -> list[Action]:
    _, _p, count, where, optional = t
    return fixed(s, ("add", where, optional, count < 3), lambda: _add_actions(s, where, optional, count < 3))


def _add_actions(s: EW2State, where: str, optional: bool, more: bool) -> list[Action]:
    """Return the squares a cent may go on (element squares only from the healing pool), and
    declining when the cents are optional (``more``: some of them were placed already)."""
    lay = s.layout
    rows = range(lay.combat_rows, len(lay.rows)) if where == "pool" else range(len(lay.rows))
    acts = [act(s, "add", r, c) for r in rows for c in range(COLUMNS)]
    if optional:
        acts.append(decline(s, "add no more cents" if more else "add no cent"))
    return acts


def _legal_adjust(s: EW2State, t: Task) -> list[Action]:
    return fixed(s, ("adjust",), lambda: [act(s, "adjust", k) for k in range(3)])


def _legal_declare(s: EW2State, t: Task) -> list[Action]:
    return fixed(s, ("declare",), lambda: [act(s, "declare", c) for c in range(COLUMNS)])


def _legal_target(s: EW2State, t: Task) -> list[Action]:
    return [act(s, "target", q) for q in s.live_seats if q != t[1]]


def _legal_power(s: EW2State, t: Task) -> list[Action]:
    _, _p, e, lo, hi, _how = t
    return fixed(
        s,
        ("power", e, lo, hi),
        lambda: [act(s, "power", e, i) for i in range(7) if lo <= ENTRY_LEVEL[i] <= hi],
    )


def _legal_emulate(s: EW2State, t: Task) -> list[Action]:
    return fixed(
        s, ("emulate",), lambda: [*(act(s, "emulate", e) for e in range(4)), decline(s, "use no (n) power")]
    )


def _legal_free(s: EW2State, t: Task) -> list[Action]:
    return [decline(s, "take no free action"), *rearrangements(s, t[1])]


def _legal_free_recovery(s: EW2State, t: Task) -> list[Action]:
    p = t[1]
    if s.tokens[p][AIR] == 0:
        return []
    rest = rearrangements(s, p) + surrender_actions(s, p)
    return [*draw_actions(s, p), decline(s, "take no free Recovery action"), *rest]


def _legal_recovery(s: EW2State, t: Task) -> list[Action]:
    p = t[1]
    acts = draw_actions(s, p)  # a new list: the others are added to it
    acts.append(decline(s, "take no Recovery action"))
    acts += forfeits(s, p)
    acts += rearrangements(s, p)
    acts += surrender_actions(s, p)
    return acts


def _legal_air_p(s: EW2State, t: Task) -> list[Action]:
    return discards(s, t[1], AIR)


def _legal_air_nd(s: EW2State, t: Task) -> list[Action]:
    p = t[1]
    if s.game.options.randomizer:
        return []
    acts = [act(s, "air_nd", 0)]
    victim = s.target[p]
    if victim is not None and s.hands[victim]:
        acts.append(act(s, "air_nd", 1))
    return acts


def _legal_fire_p(s: EW2State, t: Task) -> list[Action]:
    return discards(s, t[1], 1)


def _legal_earth_p(s: EW2State, t: Task) -> list[Action]:
    return discards(s, t[1], 0)


def _legal_water_p(s: EW2State, t: Task) -> list[Action]:
    return discards(s, t[1], 3)


def _legal_pay(s: EW2State, t: Task) -> list[Action]:
    p = t[1]
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


def _legal_flood(s: EW2State, t: Task) -> list[Action]:
    return fixed(s, ("flood",), lambda: [act(s, "flood", c) for c in range(COLUMNS)])


# ------------------------------------------------------------------------------------- applying
def _apply_setup(s: EW2State, t: Task, a: Action) -> None:
    p = t[1]
    if a.kind == "preset":
        s.sheets[p] = preset_sheet(s.layout, PRESET_NAMES[a.args[0]])
        if s.recording:
            s.tell(p, Changed("layout", s.layout.place(p), PRESET_NAMES[a.args[0]]))
    elif a.kind == "clear":
        s.sheets[p] = s.layout.new_sheet()
        if s.recording:
            s.tell(p, Changed("layout", s.layout.place(p), "empty"))
    else:
        coin, row, col = a.args
        i = row * COLUMNS + col
        s.sheets[p][i] = with_coin(s.sheets[p][i], coin)
        if s.recording:
            s.tell(p, Moved(COIN_NAMES[coin], 1, SUPPLY, s.layout.place(p, i)))
    if sheet_value(s.sheets[p]) == STARTING_CHANGE:
        s.pop_task(p)


PLAY_MODES = {"play": "hand", "play_top": "top", "play_random": "random"}
"""The mode of play (``EW2State.mode``) each way of playing sets, where it is not the action's kind
(``roll``, ``no_card``)."""


def _apply_play(s: EW2State, t: Task, a: Action) -> None:
    p = t[1]
    if a.kind == "forfeit":
        apply_forfeit(s, p, a)
        return
    s.pop_task(p)
    if a.kind == "play":
        s.take_from_hand(p, a.args[0])
        s.played[p] = a.args[0]
    s.mode[p] = PLAY_MODES.get(a.kind, a.kind)


def _apply_add(s: EW2State, t: Task, a: Action) -> None:
    _, p, count, where, optional = t
    if a.kind == "decline":
        s.pop_task(p)
        return
    i = a.args[0] * COLUMNS + a.args[1]
    s.sheets[p].add_coin(i, PENNY)
    if where == "pool":
        s.pool[p] -= 1
    if s.recording:
        source = Place("healing pool", p) if where == "pool" else SUPPLY
        s.tell(p, Moved("penny", 1, source, s.layout.place(p, i)))
    s.log(f"{PLAYER_NAMES[p]} puts a cent on {s.layout.square_name(i)}")
    if count > 1:
        s.replace_task(p, ("add", p, count - 1, where, optional))
    else:
        s.pop_task(p)


def _apply_adjust(s: EW2State, t: Task, a: Action) -> None:
    p = t[1]
    s.pop_task(p)
    col = ((s.column[p] or 0) + a.args[0] - 1) % COLUMNS  # adjusted cards always have a column
    s.column[p] = col
    s.log(f"{PLAYER_NAMES[p]} activates column {col + 1}")


def _apply_declare(s: EW2State, t: Task, a: Action) -> None:
    s.pop_task(t[1])
    s.column[t[1]] = a.args[0]
    s.log(f"{PLAYER_NAMES[t[1]]} declares column {a.args[0] + 1}")


def _apply_target(s: EW2State, t: Task, a: Action) -> None:
    s.pop_task(t[1])
    s.target[t[1]] = a.args[0]
    s.log(f"{PLAYER_NAMES[t[1]]} attacks {PLAYER_NAMES[a.args[0]]}")


def _apply_power(s: EW2State, t: Task, a: Action) -> None:
    s.pop_task(t[1])
    apply_power(s, t[1], a.args[0], a.args[1], t[5])


def _apply_emulate(s: EW2State, t: Task, a: Action) -> None:
    s.pop_task(t[1])
    if a.kind == "emulate":
        apply_power(s, t[1], a.args[0], 1, "emulated")


def _apply_free(s: EW2State, t: Task, a: Action) -> None:
    p = t[1]
    if a.kind == "decline" or t[2] == 1:
        s.pop_task(p)
    else:
        s.replace_task(p, ("free", p, t[2] - 1))
    if a.kind != "decline":
        apply_rearrangement(s, p, a)


def _apply_recovery(s: EW2State, t: Task, a: Action) -> None:
    """A Recovery action: at once for the Air token's free one, buffered in the Recovery window
    (draws and surrenders are carried out when every player has chosen)."""
    p = t[1]
    if a.kind == "forfeit":
        apply_forfeit(s, p, a)
        return
    s.pop_task(p)
    if a.kind in ("recompile", "rebalance"):
        apply_rearrangement(s, p, a)
    elif a.kind == "draw" and t[0] == "recovery":
        s.draw_req[p] = s.recovery_draws(p)
    elif a.kind == "draw":
        s.push(*[("draw", p)] * s.recovery_draws(p))
    elif a.kind == "surrender" and t[0] == "recovery":
        s.surrender_req[p] = True
    elif a.kind == "surrender":
        s.surrender(p)


def _apply_air_p(s: EW2State, t: Task, a: Action) -> None:
    p = t[1]
    s.pop_task(p)
    if a.kind == "discard":
        s.discard_from_hand(p, a.args[0])
        s.push(("free", p, 1))


def _apply_air_nd(s: EW2State, t: Task, a: Action) -> None:
    p = t[1]
    s.pop_task(p)
    if a.args[0] == 0:
        s.push(*[("draw", p)] * 5)
    else:
        victim = s.target[p]
        s.push(("steal", p, victim), ("steal", p, victim))


def _apply_fire_p(s: EW2State, t: Task, a: Action) -> None:
    _, att, v, uses = t
    s.pop_task(att)
    if a.kind == "decline":
        return
    s.discard_from_hand(att, a.args[0])
    below = s.stack[-1]  # ("damage", attacker, victim, extra)
    s.stack[-1] = (*below[:3], below[3] + 1)
    if uses > 1:
        s.push(("fire_p", att, v, uses - 1))


def _apply_earth_p(s: EW2State, t: Task, a: Action) -> None:
    _, v, att, uses = t
    s.pop_task(v)
    if a.kind == "decline":
        return
    s.discard_from_hand(v, a.args[0])
    below = s.stack[-1]  # ("harm", attacker, victim, damage)
    s.stack[-1] = (*below[:3], max(0, below[3] - 2))
    if uses > 1 and s.stack[-1][3] > 0:
        s.push(("earth_p", v, att, uses - 1))


def _apply_water_p(s: EW2State, t: Task, a: Action) -> None:
    p, uses = t[1], t[2]
    s.pop_task(p)
    if a.kind == "decline":
        return
    s.discard_from_hand(p, a.args[0])
    more = [("water_p", p, uses - 1)] if uses > 1 else []
    s.push(("add", p, 1, "any", False), *more)


def _apply_pay(s: EW2State, t: Task, a: Action) -> None:
    _, p, count, cause = t
    coin, row, col = a.args
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
    if count > 1 and not s.out[p] and sheet_value(s.sheets[p]) > 0:
        s.replace_task(p, ("pay", p, count - 1, cause))
    else:
        s.pop_task(p)


SUPPLY = Place("supply")
"""Where coins come from and go to off the sheets, in events."""


def action_verb(cause: str) -> str:
    """Return how a lost cent is told: "loses" for damage, "spends" for the Inferno token."""
    return "loses" if cause == "damage" else "spends"


def _apply_flood(s: EW2State, t: Task, a: Action) -> None:
    s.pop_task(t[1])
    s.floods[t[2]][a.args[0]] += 1
    s.log(f"{PLAYER_NAMES[t[1]]} floods column {a.args[0] + 1} of {PLAYER_NAMES[t[2]]}")


_Legal = Callable[["EW2State", Task], list[Action]]
_Apply = Callable[["EW2State", Task, Action], None]
DECISIONS: dict[str, tuple[_Legal, _Apply]] = {
    "setup": (_legal_setup, _apply_setup),
    "play": (_legal_play, _apply_play),
    "add": (_legal_add, _apply_add),
    "adjust": (_legal_adjust, _apply_adjust),
    "declare": (_legal_declare, _apply_declare),
    "target": (_legal_target, _apply_target),
    "power": (_legal_power, _apply_power),
    "emulate": (_legal_emulate, _apply_emulate),
    "free": (_legal_free, _apply_free),
    "free_recovery": (_legal_free_recovery, _apply_recovery),
    "recovery": (_legal_recovery, _apply_recovery),
    "air_p": (_legal_air_p, _apply_air_p),
    "air_nd": (_legal_air_nd, _apply_air_nd),
    "fire_p": (_legal_fire_p, _apply_fire_p),
    "earth_p": (_legal_earth_p, _apply_earth_p),
    "water_p": (_legal_water_p, _apply_water_p),
    "pay": (_legal_pay, _apply_pay),
    "flood": (_legal_flood, _apply_flood),
}


LEGAL: dict[str, _Legal] = {kind: pair[0] for kind, pair in DECISIONS.items()}
"""Each decision task's function listing its legal actions, by kind (see :func:`legal`)."""
APPLY: dict[str, _Apply] = {kind: pair[1] for kind, pair in DECISIONS.items()}
"""Each decision task's function applying an action, by kind (see :func:`apply`)."""


def legal(s: EW2State, t: Task) -> list[Action]:
    """Return the legal actions of a decision task, in a fixed order (empty: the task is skipped).
    The engine calls ``LEGAL[t[0]](s, t)`` itself: one call less at every step."""
    return LEGAL[t[0]](s, t)


def apply(s: EW2State, t: Task, a: Action) -> None:
    """Apply a legal action to the decision task it answers (the engine calls ``APPLY[t[0]]``
    itself)."""
    APPLY[t[0]](s, t, a)


# --------------------------------------------------------------------------------------- chance
def chance_pool(s: EW2State, t: Task) -> list[int]:
    """Return what a chance task draws from, in increasing order: card ids (deck or hand), or the
    ten d10 faces.

    A draw from an empty deck draws from the discards, which become the new deck when the card is
    drawn (``apply_chance``), unless the variant forbids it (Independent Panic, Endgame). Asking for
    the outcomes never changes the state. Decks and hands are kept sorted: the deck is an unordered
    set (every draw is a chance event), so only the discards need sorting.
    """
    kind, p = t[0], t[1]
    if kind == "roll":
        return list(range(10))
    if kind in ("draw", "top"):
        k = s.game.seat_decks[p]
        if not s.decks[k] and s.reshuffles() and s.discards[k]:
            return sorted(s.discards[k])  # the new deck when the card is drawn (apply_chance)
        return s.decks[k]
    return s.hands[t[2] if kind == "steal" else p]


def chance_outcomes(s: EW2State, t: Task) -> list[tuple[Action, float]]:
    """Return the outcomes of a chance task: one card, uniformly, or one d10 face."""
    if t[0] == "roll":
        faces = s.game.die_actions
        return [(faces[x], p) for x, p in die_outcomes(10)]
    pool = chance_pool(s, t)  # card ids, each card once: drawn with equal chances
    table = s.game.card_outcomes(len(pool))
    if len(pool) < 2:  # itemgetter of one key returns the item itself, not a tuple
        return [table[c] for c in pool]
    return list(itemgetter(*pool)(table))  # picked in C: cheaper than a comprehension over a deck


def sample_chance(s: EW2State, t: Task, rng: random.Random) -> Action:
    """Draw the outcome of a chance task without listing the outcomes, which are equally likely
    (:func:`elementa.core.pick_uniform` over :func:`chance_pool`)."""
    if t[0] == "roll":
        return pick_uniform(s.game.die_actions, rng)
    return s.game.card_actions[pick_uniform(chance_pool(s, t), rng)]


def apply_chance(s: EW2State, t: Task, a: Action) -> None:
    """Apply a chance outcome to the (already popped) chance task it resolves."""
    kind, p = t[0], t[1]
    x = a.args[0]
    if kind == "roll":
        s.column[p] = x
        s.log(f"{PLAYER_NAMES[p]} rolls {x + 1}")
    elif kind in ("draw", "top"):
        k = s.game.seat_decks[p]
        if not s.decks[k] and s.reshuffles() and s.discards[k]:
            s.decks[k], s.discards[k] = sorted(s.discards[k]), []
            s.log("the discards are shuffled into a new deck")
        deck = s.decks[k]
        deck.remove(x)
        if not deck:
            s.deck_ran_out = True
        if kind == "draw":
            s.give_to_hand(p, x)
            s.log(f"{PLAYER_NAMES[p]} draws a card")
        else:
            s.played[p] = x
    elif kind == "prandom":
        s.take_from_hand(p, x)
        s.played[p] = x
    elif kind == "rdiscard":
        s.discard_from_hand(p, x)
        s.log(f"{PLAYER_NAMES[p]} discards {cards.name(x, s.ndecks)} at random")
    else:  # steal
        victim = t[2]
        s.take_from_hand(victim, x)
        s.give_to_hand(p, x)
        s.known[victim][p] |= {x}  # a new frozen set
        s.log(f"{PLAYER_NAMES[p]} takes a card from {PLAYER_NAMES[victim]}")


def visible_to(s: EW2State, t: Task) -> set[int] | None:
    """Return the seats that see the outcome of a chance task, or ``None`` when everyone does.

    A drawn card is seen by the drawer only (by everyone while a Whirlwind token shows their hand),
    a stolen card by the thief and the victim, a card picked at random from a hand to be played by
    its owner, the top card played blind by nobody until the reveal.
    """
    kind, p = t[0], t[1]
    if kind in ("draw", "prandom"):
        return None if s.tokens[p][WHIRLWIND] else {p}
    if kind == "steal":
        return None if s.tokens[p][WHIRLWIND] or s.tokens[t[2]][WHIRLWIND] else {p, t[2]}
    if kind == "top":
        return set()
    return None
