"""The course of a game: setup, then turns of five phases, each a short series of steps.

The state keeps a *step* name; when its task stack is empty and no window is open, the step's
function here runs, queues the next tasks or opens a simultaneous window, and names the next step.
*Auto tasks* (the stages of resolving one hit, the adjacent-column powers) run without a decision.

Turn: Activate (a sealed window for start-of-turn cents, token forfeits and the secret card, then
the reveal, declarations of wild cards, targets and powers), Skirmish, Allocate Damage, Recovery (a
sealed window) and End of Turn. The game is checked for a winner at the end of every phase.

source: elemental-warriors-ii.txt, the five phases and winning.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from elementa.core import Damaged
from elementa.games.elemental_warriors_ii import cards
from elementa.games.elemental_warriors_ii.effects import (
    EARTH,
    EARTH_P,
    FIRE,
    FIRE_BONUS,
    FIRE_NN,
    FIRE_P,
    FLOOD_ON_DAMAGE,
    INFERNO,
    INFERNO_ON_HIT,
    LANDSLIDE,
    LANDSLIDE_ON_NOHARM,
    NO_EFFECTS,
    PREVENT,
    WATER,
    WATER_P,
    WHIRLWIND,
    WHIRLWIND_ON_NOHARM,
    apply_power,
)
from elementa.games.elemental_warriors_ii.names import PLAYER_NAMES
from elementa.games.elemental_warriors_ii.sheet import (
    COLUMNS,
    DD,
    EMPTY,
    ENTRY_LEVEL,
    N,
    P,
    cumulative_levels,
    max_level,
    neighbours,
)
from elementa.games.elemental_warriors_ii.tasks import Task

if TYPE_CHECKING:
    from elementa.games.elemental_warriors_ii.state import EW2State


# ------------------------------------------------------------------------------- combat values
def attack_value(s: EW2State, p: int) -> int:
    """Return a player's Attack this turn: the pennies in the Attack square of the active column."""
    col = s.column[p]
    return 0 if col is None else s.sheets[p][s.layout.attack_row * COLUMNS + col][0]


def defense_value(s: EW2State, p: int) -> int:
    """Return a player's Defense this turn: the pennies in the Defense square of the active column,
    doubled while Earth (d) works (source: Skirmish; Earth (d); ruling R2)."""
    col = s.column[p]
    if col is None:
        return 0
    base = s.sheets[p][s.layout.defense_row * COLUMNS + col][0]
    return base * 2 if s.double_until[p] >= s.turn else base


def row_pennies(s: EW2State, p: int, row: int) -> int:
    """Return the pennies in a whole row of a player's sheet (the Assault declaration order)."""
    return sum(s.sheets[p][row * COLUMNS + c][0] for c in range(COLUMNS))


# ------------------------------------------------------------------------------------- the steps
def _setup(s: EW2State) -> None:
    s.step = "deal"
    for p in range(s.num_players()):
        s.pending[p].append(("setup", p))
    s.open_window("setup")


def _deal(s: EW2State) -> None:
    s.log("the character sheets are revealed")
    s.step = "turn"
    if not s.game.options.randomizer:
        s.push(*[("draw", p) for _ in range(3) for p in range(s.num_players())])


def _turn(s: EW2State) -> None:
    """Start a turn: the sealed Activate window (source: Activate; Water token; healing pool)."""
    n = s.nplayers
    s.turn += 1
    s.phase = "activate"
    s.revealed = False  # no card is played yet: the last turn's cleanup (or the setup) left none
    s.mode = [None] * n
    s.column = [None] * n
    s.target = [None] * n
    for effects in s.effects:  # last turn's: cleared in place
        effects[:] = NO_EFFECTS
    for used in s.used:
        used.clear()
    s.draw_req = [0] * n
    s.surrender_req = [False] * n
    s.attacks = []
    s.fire_start = fire_start = []  # a plain loop: a comprehension is a function call on 3.11
    for tokens in s.tokens:
        fire_start.append(tokens[FIRE] > 0)
    s.log(f"turn {s.turn}")
    for p in s.live_seats:  # each seat's stack: the last task runs first
        mine = s.pending[p]
        mine.append(("play", p))
        if s.tokens[p][WATER] > 0:
            mine.append(("add", p, 1, "any", True))
        if s.pool[p] > 0:
            mine.append(("add", p, 1, "pool", False))
    s.step = "plays"
    s.open_window("activate")


BLIND_PLAYS = {"random": "prandom", "top": "top", "roll": "roll"}
"""The chance task that picks the card (or the column) of each way of playing blind, by mode."""


def _plays(s: EW2State) -> None:
    s.step = "reveal"
    blind: list[Task] = []
    for p in s.live_seats:
        kind = BLIND_PLAYS.get(s.mode[p] or "")
        if kind is not None:
            blind.append((kind, p))
    if blind:
        s.push(*blind)
    else:  # nothing queued (every card came from a hand): the next step at once (see STEPS)
        _reveal(s)


def _reveal(s: EW2State) -> None:
    """Turn the cards face up; numbered cards fix their column, wild cards declare in order."""
    s.step = "targets"
    s.revealed = True
    played, column, columns, adjust_next = s.played, s.column, cards.COLUMN_OF, s.adjust_next
    ordered = False  # whether the loops below have work: an adjustment or a wild card to declare
    for p in s.live_seats:
        c = played[p]
        if c is not None:
            col = columns[c]
            if col is None:
                ordered = True
            else:
                column[p] = col
            s.log(f"{PLAYER_NAMES[p]} plays {s.game.card_names[c]}")
        elif column[p] is None:
            s.log(f"{PLAYER_NAMES[p]} plays no card")
        s.random_next[p] = False
        if adjust_next[p]:
            ordered = True
    if not ordered:  # most turns: nothing to queue, so no resolution order to sort
        _targets(s)  # and the next step at once (see STEPS)
        return
    tasks: list[Task] = []
    order = s.resolution_order()
    for p in order:
        if s.adjust_next[p]:
            s.adjust_next[p] = False
            c = s.played[p]
            if s.column[p] is not None and (c is None or not cards.is_face(c)):
                tasks.append(("adjust", p))
    groups: dict[tuple[int, int], list[int]] = {}
    for p in order:
        c = s.played[p]
        if c is not None and cards.is_face(c):
            groups.setdefault(cards.declare_key(c), []).append(p)
    for g in groups.values():
        tasks.append(("declare", g[0]) if len(g) == 1 else ("declare_window", -1, tuple(g)))
    s.push(*tasks)


def _targets(s: EW2State) -> None:
    """Who attacks whom: the opponent; in Assault the next player (Jyhad) or a declared target
    (free-for-all, lowest Defense declaring first; ruling R24)."""
    s.step = "powers"
    live = s.live_seats
    o = s.game.options
    if len(live) == 2 or o.assault_targeting == "jyhad":
        for i, p in enumerate(live):
            s.target[p] = live[(i + 1) % len(live)]
        _powers(s)  # nothing queued: the next step at once (see STEPS)
        return
    lay = s.layout

    def key(p: int) -> tuple[int, int, int]:
        return row_pennies(s, p, lay.defense_row), row_pennies(s, p, lay.attack_row), p

    s.push(*[("target", p) for p in sorted(live, key=key)])


def _powers(s: EW2State) -> None:
    s.step = "skirmish"
    tasks: list[Task] = []
    for p in s.resolution_order():
        tasks += power_tasks(s, p)
    s.push(*tasks)


ADJACENT_ENTRIES = ((EARTH, (1, 4)), (WATER, (3,)))
"""The entries that also work from the columns next to the active one: Earth (n) and (nd), Water (d)."""
NEIGHBOURS = tuple(neighbours(col) for col in range(COLUMNS))
"""The columns next to each column (see :func:`~.sheet.neighbours`), made once."""
ADJACENT_AT = {
    e: tuple(tuple(i for i in entries if ENTRY_LEVEL[i] <= top)[-1:] for top in range(DD + 1))
    for e, entries in ADJACENT_ENTRIES
}
"""By element and top level of an adjacent square: the entry it gives (its highest one at that level
or lower; none below the lowest), without Cumulative Effects."""

ADJACENT_SQUARES = {
    rows: tuple(
        tuple(
            (nc, e, (rows + e) * COLUMNS + nc, entries)
            for nc in NEIGHBOURS[col]
            for e, entries in ADJACENT_ENTRIES
        )
        for col in range(COLUMNS)
    )
    for rows in (1, 2)
}
"""By the number of combat rows (the element rows follow them) and active column: the squares whose
adjacent powers work, in the order they are looked at, each as ``(column, element, index,
entries)`` (see ADJACENT_ENTRIES), made once."""


def power_tasks(s: EW2State, p: int) -> list[Task]:
    """Return the power tasks of a player, locked when the columns are known (ruling R9).

    Every coin-holding element square of the active column (unless flooded) gives one power at its
    level or lower (all its levels with Cumulative Effects); the card's suit adds that element's (n);
    Earth (n)/(nd) and Water (d) also work from the two adjacent columns; a Fire token held at the
    start of the turn gives one (n) power of choice; an Air token a free Recovery action.
    """
    col = s.column[p]
    tasks = [] if col is None else column_powers(s, p, col)
    if s.fire_start[p]:
        tasks.append(("emulate", p))
    tasks.append(("free_recovery", p))
    return tasks


def column_powers(s: EW2State, p: int, col: int) -> list[Task]:
    """Return the power tasks the squares of a player's active column ``col`` and of the columns
    next to it give (see :func:`power_tasks`)."""
    sheet, starts, floods = s.sheets[p], s.layout.element_starts, s.floods[p]
    cumulative = s.game.options.cumulative
    tasks: list[Task] = []
    squares = sheet[starts[0] + col :: COLUMNS]  # its Earth ... Water squares (the last rows)
    if not floods[col] and squares.count(EMPTY) < len(squares):  # most hold no coins
        card = s.played[p]
        suit = -1 if card is None else cards.suit(card)
        bonus = False  # whether the card's suit adds its element's (n): its square reaches (n)
        for e, sq in enumerate(squares):
            if sq == EMPTY:  # most squares are
                continue
            top = max_level(sq)
            if cumulative:
                tasks += [("power", p, e, lv, lv, "") for lv in cumulative_levels(sq)]
            else:
                tasks.append(("power", p, e, P, top, ""))
            if e == suit:
                bonus = top is not None and top >= N
        if bonus:
            tasks.append(("power", p, suit, N, N, "suit"))
    for nc, e, index, entries in ADJACENT_SQUARES[s.layout.combat_rows][col]:
        sq = sheet[index]
        if sq == EMPTY or floods[nc]:
            continue
        if cumulative:
            levels = cumulative_levels(sq)
            usable: tuple[int, ...] = tuple(i for i in entries if ENTRY_LEVEL[i] in levels)
        else:
            usable = ADJACENT_AT[e][max_level(sq) or P]  # never None: the square holds coins
        for i in usable:
            tasks.append(("adj", p, e, i))
    return tasks


def _skirmish(s: EW2State) -> None:
    """Compare combat values: a hit needs Attack strictly greater than Defense (ruling R2); several
    attackers on one player add their attacks or add one per extra attacker (Assault). First the
    check that ends the Activate phase, which also stands for the Skirmish's."""
    s.end_phase()  # the last phase's end (see STEPS)
    if s.over:
        return
    s.phase = "skirmish"
    s.step = "allocate"
    order = s.resolution_order()
    live, target = s.live_seats, s.target
    if len(live) == 2 and target[live[0]] == live[1] and target[live[1]] == live[0]:
        s.attacks = duel_attacks(s, order)
    else:
        s.attacks = assault_attacks(s, order)
    # The Skirmish's own end-of-phase check would find what the Activate one above just found (the
    # Skirmish changes no sheet, seat or deck), so it is not run again; nothing is queued either,
    # so the next step runs at once (see STEPS).
    _allocate(s)


def duel_attacks(s: EW2State, order: list[int]) -> list[tuple[int, int, bool]]:
    """Return the attacks of two players attacking each other (every two-player turn) in
    resolution order ``order``, as :func:`assault_attacks` does without its tables by target: each
    is the other's only attacker; the victims are resolved in seat order."""
    a, b = s.live_seats
    on_a = attacked(s, a, (b,))
    on_b = attacked(s, b, (a,))
    return [(a, b, on_b), (b, a, on_a)] if order[0] == a else [(b, a, on_a), (a, b, on_b)]


def assault_attacks(s: EW2State, order: list[int]) -> list[tuple[int, int, bool]]:
    """Return every attack on a live player as ``(attacker, victim, hit)`` in resolution order
    ``order``, the attacks on each victim resolved together, the victims in seat order."""
    target = s.target
    groups: dict[int | None, list[int]] = {}  # by target: the attackers in resolution order
    for a in order:
        group = groups.get(target[a])
        if group is None:
            groups[target[a]] = [a]
        else:
            group.append(a)
    hits: dict[int, bool] = {}  # by victim: whether the attacks on them hit
    for v in s.live_seats:
        group = groups.get(v)
        if group is not None:
            hits[v] = attacked(s, v, group)
    attacks = []
    for a in order:
        victim = target[a]
        if victim is not None and victim in hits:
            attacks.append((a, victim, hits[victim]))
    return attacks


def attacked(s: EW2State, v: int, group: tuple[int, ...] | list[int]) -> bool:
    """Return whether the attacks of ``group`` (in resolution order) on player ``v`` hit, and log
    them: their Attacks added, or the highest plus one per extra attacker (Assault), against v's
    Defense (source: Skirmish; ruling R2)."""
    if len(group) == 1:  # one attacker (always in a duel): either way its Attack alone
        a = group[0]
        total = attack_value(s, a)
        attackers = PLAYER_NAMES[a]
    else:
        total = best = 0
        names = []  # the attackers' names for the log
        for a in group:
            value = attack_value(s, a)
            total += value
            if value > best:
                best = value
            names.append(PLAYER_NAMES[a])
        if s.game.options.assault_multi != "sum":
            total = best + len(group) - 1
        attackers = "+".join(names)
    defense = defense_value(s, v)
    hit = total > defense
    s.log(f"{attackers} attack {total} vs {PLAYER_NAMES[v]} defense {defense}: {'hit' if hit else 'no hit'}")
    return hit


def _allocate(s: EW2State) -> None:
    s.phase = "allocate"
    s.step = "recovery"
    tasks: list[Task] = []
    for a, v, hit in s.attacks:
        tasks.append(("hit" if hit else "miss", a, v))
    s.push(*tasks)


def _recovery(s: EW2State) -> None:
    """The sealed Recovery window, after the check that ends the Allocate Damage phase."""
    s.end_phase()  # the last phase's end (see STEPS)
    if s.over:
        return
    s.phase = "recovery"
    s.step = "recovery_done"
    for p in s.live_seats:
        s.pending[p].append(("recovery", p))
    s.open_window("recovery")


def _recovery_done(s: EW2State) -> None:
    s.step = "end"
    draws: list[Task] = []
    for p in s.live_seats:
        if s.surrender_req[p]:
            s.surrender(p)
        elif s.draw_req[p]:
            draws += [("draw", p)] * s.draw_req[p]
    if draws:
        s.push(*draws)
    else:  # nothing queued (a surrender ends nothing before the check): the next step at once
        _end(s)


def _end(s: EW2State) -> None:
    """End of Turn: Water (p) forfeits and Inferno payments, in a sealed window, after the check
    that ends the Recovery phase."""
    s.end_phase()  # the last phase's end (see STEPS)
    if s.over:
        return
    s.phase = "end"
    s.step = "cleanup"
    for p in s.live_seats:  # each seat's stack: the last task runs first
        if s.tokens[p][INFERNO]:
            s.pending[p].append(("pay", p, 1, "inferno"))
        if s.effects[p][WATER_P] and not s.game.options.randomizer:
            s.pending[p].append(("water_p", p, s.effects[p][WATER_P]))
    s.open_window("end")
    if s.window is None:  # nobody has a task (most turns): the next step at once (see STEPS),
        _cleanup(s, checked=True)  # with nothing changed since the check above


def _cleanup(s: EW2State, checked: bool = False) -> None:
    """The played cards are discarded; the check that ends the End phase (unless ``checked``: run
    just before, with no sheet, seat or deck changed since) and the round limit (ruling R28)."""
    s.step = "turn"
    for c in s.played:
        if c is not None:
            s.discard(c)
    s.played = [None] * s.num_players()
    if not checked:
        s.end_phase()
    limit = s.game.options.max_rounds
    if not s.over and limit and s.turn >= limit:
        s.end_by_value(f"the round limit ({limit}) is reached")
    if not s.over:  # nothing queued: the next turn at once (see STEPS)
        _turn(s)


STEPS: dict[str, Callable[[EW2State], None]] = {
    # The check that ends the Activate, Allocate Damage and Recovery phases (``end_phase``) is
    # the first thing the next phase's step does: as a step of its own it always ran just before
    # that one (it queues nothing), so a step less per phase does the same. A step that leaves
    # nothing to do before the next one (no task queued, no window open, the game not over) runs
    # that step itself, as the engine's loop would, without a trip through it.
    "setup": _setup,
    "deal": _deal,
    "turn": _turn,
    "plays": _plays,
    "reveal": _reveal,
    "targets": _targets,
    "powers": _powers,
    "skirmish": _skirmish,
    "allocate": _allocate,
    "recovery": _recovery,
    "recovery_done": _recovery_done,
    "end": _end,
    "cleanup": _cleanup,
}


# ----------------------------------------------------------------------------------- auto tasks
def _declare_window(s: EW2State, t: Task) -> None:
    for p in t[2]:
        s.pending[p].append(("declare", p))
    s.open_window("declare")


def _adjacent(s: EW2State, t: Task) -> None:
    apply_power(s, t[1], t[2], t[3], "adjacent")


def _hit(s: EW2State, t: Task) -> None:
    """A hit: Fire (p) discards may add to its damage first (they change the damage task queued
    below them); without them nothing comes between, so the damage is dealt at once (as the
    engine would run its task, next; the same for each stage of a hit below)."""
    _, a, v = t
    uses = s.effects[a][FIRE_P]
    if uses:
        s.push(("fire_p", a, v, uses), ("damage", a, v, 0))
    else:
        _damage(s, ("damage", a, v, 0))


def _damage(s: EW2State, t: Task) -> None:
    """One point of damage, plus Fire bonuses, less Landslide, the Earth token and prevention."""
    _, a, v, extra = t
    dmg = 1 + s.effects[a][FIRE_BONUS] + extra
    dmg -= (1 if s.tokens[a][LANDSLIDE] else 0) + (2 if s.tokens[v][EARTH] else 0)
    dmg = max(0, dmg)
    prevented = min(s.effects[v][PREVENT], dmg)
    s.effects[v][PREVENT] -= prevented
    dmg -= prevented
    uses = s.effects[v][EARTH_P]
    if dmg and uses:  # Earth (p) discards may take from it first (see _hit)
        s.push(("earth_p", v, a, uses), ("harm", a, v, dmg))
    else:
        _harm(s, ("harm", a, v, dmg))


def _harm(s: EW2State, t: Task) -> None:
    _, a, v, dmg = t
    s.log(f"{PLAYER_NAMES[a]} hits {PLAYER_NAMES[v]} for {dmg} damage")
    if s.recording:  # the cents it costs follow, one Moved event each (tasks._apply_pay)
        s.tell(v, Damaged(s.layout.place(v), dmg))
    if dmg:  # the victim pays first (see _hit)
        s.push(("pay", v, dmg, "damage"), ("after_hit", a, v, dmg))
    else:
        _after_hit(s, ("after_hit", a, v, 0))


def _after_hit(s: EW2State, t: Task) -> None:
    _, a, v, dmg = t
    tasks: list[Task] = []
    if s.effects[a][FIRE_NN]:
        tasks.append(("rdiscard", v))
    if s.effects[a][INFERNO_ON_HIT]:
        s.tokens[v][INFERNO] += 1
        s.log(f"{PLAYER_NAMES[v]} gets an Inferno token")
    if dmg and s.effects[a][FLOOD_ON_DAMAGE]:
        tasks.append(("flood", a, v))
    if not dmg:
        _no_harm(s, a, v)
    s.push(*tasks)


def _miss(s: EW2State, t: Task) -> None:
    if s.game.options.noharm_trigger == "any":
        _no_harm(s, t[1], t[2])


def _no_harm(s: EW2State, a: int, v: int) -> None:
    """An attack by ``a`` on ``v`` dealt no damage: v's Earth/Air (dd) put tokens on a's mat."""
    for flag, token, name in (
        (LANDSLIDE_ON_NOHARM, LANDSLIDE, "Landslide"),
        (WHIRLWIND_ON_NOHARM, WHIRLWIND, "Whirlwind"),
    ):
        if s.effects[v][flag]:
            s.tokens[a][token] += 1
            s.log(f"{PLAYER_NAMES[a]} gets a {name} token")


AUTO: dict[str, Callable[[EW2State, Task], None]] = {
    "declare_window": _declare_window,
    "adj": _adjacent,
    "hit": _hit,
    "miss": _miss,
    "damage": _damage,
    "harm": _harm,
    "after_hit": _after_hit,
}
