"""The course of a game: setup, then turns of five phases, each a short series of steps.

The phases are automatic steps of the state's flow (:class:`~elementa.core.flow.Flow`): each one
lies at the bottom of the flow while the steps it queued above it (decisions, chance events, the
stages of a hit, a sealed window: :mod:`.steps`, :mod:`.powers`, :mod:`.window`) are taken, then
runs, queues the next phase's steps and the next phase below them. A phase with nothing to queue
runs the next one at once, as the flow would.

Turn: Activate (a sealed window for start-of-turn cents, token forfeits and the secret card, then
the reveal, declarations of wild cards, targets and powers), Skirmish, Allocate Damage, Recovery (a
sealed window) and End of Turn. The game is checked for a winner at the end of every phase.

source: elemental-warriors-ii.txt, the five phases and winning.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from elementa.games.elemental_warriors_ii import cards
from elementa.games.elemental_warriors_ii.effects import (
    EARTH,
    FIRE,
    INFERNO,
    NO_EFFECTS,
    WATER,
    WATER_P,
)
from elementa.games.elemental_warriors_ii.names import PLAYER_NAMES
from elementa.games.elemental_warriors_ii.powers import EMULATE, UP_TO, Adjacent, Power
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
from elementa.games.elemental_warriors_ii.steps import (
    ADD_FROM_POOL,
    ADD_WATER_TOKEN,
    ADJUST,
    ATTACKS,
    DECLARE,
    DRAW,
    FREE_RECOVERY,
    PLAY,
    PLAY_RANDOM,
    RECOVERY,
    ROLL,
    SETUP,
    TARGET,
    TOP,
    Automatic,
    EW2Step,
    Pay,
    WaterP,
    made,
)
from elementa.games.elemental_warriors_ii.window import WINDOWS

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


# ------------------------------------------------------------------------------------ the phases
def _setup(s: EW2State) -> None:
    """Every player builds their sheet in the sealed setup window; then the deal.
    source: elemental-warriors-ii.txt, the setup; ruling R3."""
    for p in range(s.num_players()):
        s.pending[p].append(SETUP[p])
    s.open_window(WINDOWS["setup"], DEAL)


def _deal(s: EW2State) -> None:
    """The sheets are revealed and three cards dealt to each player (none with the Randomizer).
    source: elemental-warriors-ii.txt, the deal; Randomizer."""
    s.log("the character sheets are revealed")
    if s.game.options.randomizer:
        s.steps.append(TURN)
    else:
        n = s.num_players()
        s.flow.push(*[DRAW[p] for _ in range(3) for p in range(n)], TURN)


def _turn(s: EW2State) -> None:
    """Start a turn: the sealed Activate window (source: Activate; Water token; healing pool;
    rulings R17, R19)."""
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
    for p in s.live_seats:  # each seat's stack: the last step runs first
        mine = s.pending[p]
        mine.append(PLAY[p])
        if s.tokens[p][WATER] > 0:
            mine.append(ADD_WATER_TOKEN[p])
        if s.pool[p] > 0:
            mine.append(ADD_FROM_POOL[p])
    s.open_window(WINDOWS["activate"], PLAYS)


BLIND_PLAYS: Final[dict[str, tuple[EW2Step, ...]]] = {"random": PLAY_RANDOM, "top": TOP, "roll": ROLL}
"""The chance step that picks the card (or the column) of each way of playing blind, by mode and seat."""


def _plays(s: EW2State) -> None:
    """The cards played blind are picked (a random card from hand, the deck's top card, a d10)."""
    blind: list[EW2Step] = []
    for p in s.live_seats:
        picks = BLIND_PLAYS.get(s.mode[p] or "")
        if picks is not None:
            blind.append(picks[p])
    if blind:
        s.flow.push(*blind, REVEAL)
    else:  # nothing queued (every card came from a hand): the next phase at once
        _reveal(s)


def _reveal(s: EW2State) -> None:
    """Turn the cards face up; numbered cards fix their column, wild cards declare in order.
    source: elemental-warriors-ii.txt, 1) Activate; rulings R7, R27, R32."""
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
        _targets(s)  # and the next phase at once
        return
    steps: list[EW2Step] = []
    order = s.resolution_order()
    for p in order:
        if s.adjust_next[p]:
            s.adjust_next[p] = False
            c = s.played[p]
            if s.column[p] is not None and (c is None or not cards.is_face(c)):
                steps.append(ADJUST[p])
    groups: dict[tuple[int, int], list[int]] = {}
    for p in order:
        c = s.played[p]
        if c is not None and cards.is_face(c):
            groups.setdefault(cards.declare_key(c), []).append(p)
    for g in groups.values():
        steps.append(DECLARE[g[0]] if len(g) == 1 else DeclareTogether(tuple(g)))
    s.flow.push(*steps, TARGETS)


@dataclass(frozen=True, slots=True)
class DeclareTogether(Automatic):
    """Identical wild cards (possible with own decks) declare together, in a sealed window.
    source: ruling R7."""

    seats: tuple[int, ...]

    def run(self, s: EW2State) -> None:
        for p in self.seats:
            s.pending[p].append(DECLARE[p])
        s.open_window(WINDOWS["declare"])


def _targets(s: EW2State) -> None:
    """Who attacks whom: the opponent; in Assault the next player (Jyhad) or a declared target
    (free-for-all, lowest Defense declaring first; ruling R24)."""
    live = s.live_seats
    o = s.game.options
    if len(live) == 2 or o.assault_targeting == "jyhad":
        for i, p in enumerate(live):
            s.target[p] = live[(i + 1) % len(live)]
        _powers(s)  # nothing queued: the next phase at once
        return
    lay = s.layout

    def key(p: int) -> tuple[int, int, int]:
        return row_pennies(s, p, lay.defense_row), row_pennies(s, p, lay.attack_row), p

    s.flow.push(*[TARGET[p] for p in sorted(live, key=key)], POWERS)


def _powers(s: EW2State) -> None:
    """Every player's powers, player by player in resolution order (ruling R27)."""
    steps: list[EW2Step] = []
    for p in s.resolution_order():
        steps += power_steps(s, p)
    s.flow.push(*steps, SKIRMISH)


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


def power_steps(s: EW2State, p: int) -> list[EW2Step]:
    """Return the power steps of a player, locked when the columns are known (ruling R9).

    Every coin-holding element square of the active column (unless flooded) gives one power at its
    level or lower (all its levels with Cumulative Effects); the card's suit adds that element's (n);
    Earth (n)/(nd) and Water (d) also work from the two adjacent columns; a Fire token held at the
    start of the turn gives one (n) power of choice; an Air token a free Recovery action.
    source: elemental-warriors-ii.txt, 1) Activate; rulings R8, R15, R26, R29, R31, R33, R34.
    """
    col = s.column[p]
    steps = [] if col is None else column_powers(s, p, col)
    if s.fire_start[p]:
        steps.append(EMULATE[p])
    steps.append(FREE_RECOVERY[p])
    return steps


def column_powers(s: EW2State, p: int, col: int) -> list[EW2Step]:
    """Return the power steps the squares of a player's active column ``col`` and of the columns
    next to it give (see :func:`power_steps`)."""
    sheet, starts, floods = s.sheets[p], s.layout.element_starts, s.floods[p]
    cumulative = s.game.options.cumulative
    steps: list[EW2Step] = []
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
                steps += [made(Power, p, e, lv, lv, "") for lv in cumulative_levels(sq)]
            else:
                steps.append(UP_TO[p][e][top or P])  # top is never None: the square holds coins
            if e == suit:
                bonus = top is not None and top >= N
        if bonus:
            steps.append(made(Power, p, suit, N, N, "suit"))
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
            steps.append(made(Adjacent, p, e, i))
    return steps


def _skirmish(s: EW2State) -> None:
    """Compare combat values: a hit needs Attack strictly greater than Defense (ruling R2); several
    attackers on one player add their attacks or add one per extra attacker (Assault). First the
    check that ends the Activate phase, which also stands for the Skirmish's."""
    s.end_phase()  # the last phase's end (see the phases' steps below)
    if s.over:
        return
    s.phase = "skirmish"
    order = s.resolution_order()
    live, target = s.live_seats, s.target
    if len(live) == 2 and target[live[0]] == live[1] and target[live[1]] == live[0]:
        s.attacks = duel_attacks(s, order)
    else:
        s.attacks = assault_attacks(s, order)
    # The Skirmish's own end-of-phase check would find what the Activate one above just found (the
    # Skirmish changes no sheet, seat or deck), so it is not run again; nothing is queued either,
    # so the next phase runs at once.
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
    """Allocate Damage: each attack in resolution order (see :class:`~.steps.Attack`)."""
    s.phase = "allocate"
    steps: list[EW2Step] = []
    for a, v, hit in s.attacks:
        steps.append(ATTACKS[a][v][hit])
    s.flow.push(*steps, RECOVERY_PHASE)


def _recovery(s: EW2State) -> None:
    """The sealed Recovery window, after the check that ends the Allocate Damage phase; in the last
    round with the option ``last_recovery`` off, the end of the game by the round limit instead.
    source: elemental-warriors-ii.txt, 4) Recovery; rulings R19, R28, R38."""
    s.end_phase()  # the last phase's end (see the phases' steps below)
    limit = s.game.options.max_rounds
    if not s.over and limit and s.turn >= limit and not s.game.options.last_recovery:
        s.end_by_value(f"the round limit ({limit}) is reached")  # ruling R38
    if s.over:
        return
    s.phase = "recovery"
    for p in s.live_seats:
        s.pending[p].append(RECOVERY[p])
    s.open_window(WINDOWS["recovery"], RECOVERY_DONE)


def _recovery_done(s: EW2State) -> None:
    """The Recovery window closed: the surrenders and the draws chosen in it are carried out."""
    draws: list[EW2Step] = []
    for p in s.live_seats:
        if s.surrender_req[p]:
            s.surrender(p)
        elif s.draw_req[p]:
            draws += [DRAW[p]] * s.draw_req[p]
    if draws:
        s.flow.push(*draws, END)
    else:  # nothing queued (a surrender ends nothing before the check): the next phase at once
        _end(s)


def _end(s: EW2State) -> None:
    """End of Turn: Water (p) forfeits and Inferno payments, in a sealed window, after the check
    that ends the Recovery phase. source: elemental-warriors-ii.txt, 5) End of turn; rulings R18, R30."""
    s.end_phase()  # the last phase's end (see the phases' steps below)
    if s.over:
        return
    s.phase = "end"
    for p in s.live_seats:  # each seat's stack: the last step runs first
        if s.tokens[p][INFERNO]:
            s.pending[p].append(made(Pay, p, 1, "inferno"))
        if s.effects[p][WATER_P] and not s.game.options.randomizer:
            s.pending[p].append(made(WaterP, p, s.effects[p][WATER_P]))
    if any(s.pending):
        s.open_window(WINDOWS["end"], CLEANUP)
    else:  # nobody has a step (most turns): the next phase at once, with nothing changed since
        _cleanup(s, checked=True)  # the check above


def _cleanup(s: EW2State, checked: bool = False) -> None:
    """The played cards are discarded; the check that ends the End phase (unless ``checked``: run
    just before, with no sheet, seat or deck changed since) and the round limit (ruling R28).
    source: elemental-warriors-ii.txt, 5) End of turn; winning."""
    for c in s.played:
        if c is not None:
            s.discard(c)
    s.played = [None] * s.num_players()
    if not checked:
        s.end_phase()
    limit = s.game.options.max_rounds
    if not s.over and limit and s.turn >= limit:
        s.end_by_value(f"the round limit ({limit}) is reached")
    if not s.over:  # nothing queued: the next turn at once
        _turn(s)


# The phases as steps of the flow, each run when the steps queued above it are done. The check that
# ends the Activate, Allocate Damage and Recovery phases (``end_phase``) is the first thing the next
# phase does: as a step of its own it always ran just before that one (it queues nothing), so a
# step less per phase does the same. A phase that leaves nothing to do before the next one (no step
# queued, no window open, the game not over) runs that one itself, as the flow would, without a
# trip through it (so Allocate Damage is never a step: the Skirmish always runs it).
@dataclass(frozen=True, slots=True)
class OpenSetup(Automatic):
    """The setup window (see :func:`_setup`)."""

    def run(self, s: EW2State) -> None:
        _setup(s)


@dataclass(frozen=True, slots=True)
class Deal(Automatic):
    """The deal, after the setup window (see :func:`_deal`)."""

    def run(self, s: EW2State) -> None:
        _deal(s)


@dataclass(frozen=True, slots=True)
class StartTurn(Automatic):
    """A new turn's Activate window (see :func:`_turn`)."""

    def run(self, s: EW2State) -> None:
        _turn(s)


@dataclass(frozen=True, slots=True)
class PickBlindPlays(Automatic):
    """The cards played blind are picked, after the Activate window (see :func:`_plays`)."""

    def run(self, s: EW2State) -> None:
        _plays(s)


@dataclass(frozen=True, slots=True)
class Reveal(Automatic):
    """The cards are turned face up (see :func:`_reveal`)."""

    def run(self, s: EW2State) -> None:
        _reveal(s)


@dataclass(frozen=True, slots=True)
class ChooseTargets(Automatic):
    """Who attacks whom, after the adjustments and declarations (see :func:`_targets`)."""

    def run(self, s: EW2State) -> None:
        _targets(s)


@dataclass(frozen=True, slots=True)
class QueuePowers(Automatic):
    """The powers of every player, after the targets (see :func:`_powers`)."""

    def run(self, s: EW2State) -> None:
        _powers(s)


@dataclass(frozen=True, slots=True)
class Skirmish(Automatic):
    """The Skirmish and Allocate Damage, after the powers (see :func:`_skirmish`)."""

    def run(self, s: EW2State) -> None:
        _skirmish(s)


@dataclass(frozen=True, slots=True)
class OpenRecovery(Automatic):
    """The Recovery window, after Allocate Damage (see :func:`_recovery`)."""

    def run(self, s: EW2State) -> None:
        _recovery(s)


@dataclass(frozen=True, slots=True)
class CloseRecovery(Automatic):
    """The surrenders and draws chosen in the Recovery window (see :func:`_recovery_done`)."""

    def run(self, s: EW2State) -> None:
        _recovery_done(s)


@dataclass(frozen=True, slots=True)
class EndOfTurn(Automatic):
    """The End-of-Turn window (see :func:`_end`)."""

    def run(self, s: EW2State) -> None:
        _end(s)


@dataclass(frozen=True, slots=True)
class Cleanup(Automatic):
    """The played cards are discarded and the next turn starts (see :func:`_cleanup`)."""

    def run(self, s: EW2State) -> None:
        _cleanup(s)


# Made once (stateless, so one value serves every state).
OPEN_SETUP: Final = OpenSetup()
DEAL: Final = Deal()
TURN: Final = StartTurn()
PLAYS: Final = PickBlindPlays()
REVEAL: Final = Reveal()
TARGETS: Final = ChooseTargets()
POWERS: Final = QueuePowers()
SKIRMISH: Final = Skirmish()
RECOVERY_PHASE: Final = OpenRecovery()
RECOVERY_DONE: Final = CloseRecovery()
END: Final = EndOfTurn()
CLEANUP: Final = Cleanup()
