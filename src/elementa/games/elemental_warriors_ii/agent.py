"""A rule-based player for Elemental Warriors II, reading only its observation (the part of it
that :func:`.view.combat_view` gives) and legal actions.

It values a sheet column by column: how often its Attack beats the opponent's Defense squares and
its Defense holds against their Attack squares, plus the best power of each element square, weighted
towards the columns of the cards in hand. With that it picks cards, declarations, where cents go and
which cent to lose. Once the columns are revealed it reads the exact combat of the turn: it takes
damage powers when it will hit, prevention when it will be hit, and spends free actions to turn a
skirmish. It never surrenders and always takes the card-discard (p) powers.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, ClassVar, cast

from elementa.core import Action, Agent
from elementa.games.elemental_warriors_ii import cards
from elementa.games.elemental_warriors_ii.cards import ELEMENTS
from elementa.games.elemental_warriors_ii.sheet import (
    COLUMNS,
    DD,
    EMPTY,
    ENTRY_LEVEL,
    PRESET_NAMES,
    N,
    Square,
    max_level,
    pay_cent,
    value,
    with_coin,
)
from elementa.games.elemental_warriors_ii.view import combat_view

if TYPE_CHECKING:
    from elementa.core import State
    from elementa.games.elemental_warriors_ii.state import EW2State
    from elementa.games.elemental_warriors_ii.views import CombatView

_PENNIES = itemgetter(0)
"""A square's pennies."""
_KIND = attrgetter("kind")
"""An action's kind."""
Column = Sequence[Square]
"""A column of a sheet: its squares by row."""

# Rough worth of each power (element, entry) when nothing about the turn is known.
STATIC = (
    (0.6, 1.5, 1.0, 2.0, 3.5, 6.0, 1.5),
    (0.6, 1.5, 1.2, 2.0, 3.0, 3.0, 4.0),
    (0.5, 1.2, 1.5, 2.2, 3.0, 1.0, 5.0),
    (0.5, 1.2, 0.8, 2.0, 3.0, 3.0, 2.0),
)
BEST = tuple(
    tuple(max(STATIC[e][i] for i in range(7) if ENTRY_LEVEL[i] <= top) for top in range(DD + 1))
    for e in range(len(ELEMENTS))
)
"""BEST[element][level]: the worth of the best power a square of that element and top level gives."""
_MOVE_BONUS = {"pay": 0.0, "add": 1.0, "rebalance": -0.05, "recompile": -0.05}
"""Added to the gain of a sheet move, by kind."""
HIT, HURT = 3.0, 3.5
"""Worth of landing a hit this turn, and cost of being hit."""
_TAKE, _PUT, _PAY = 0, 3, 6
"""The one-square changes ``_View.square_gain`` values, each plus the coin (0 penny, 1 nickel,
2 dime): one coin taken away, one added, one cent paid with it."""
_CHANGE_COINS = (
    *(with_coin(EMPTY, coin, -1) for coin in range(3)),
    *(with_coin(EMPTY, coin) for coin in range(3)),
    *(pay_cent(EMPTY, coin) for coin in range(3)),
)
"""The coins each change adds to a square (pennies, nickels, dimes), by change."""


def _changed(square: Square, change: int) -> Square:
    """Return ``square`` after one of ``_View.square_gain``'s changes."""
    (p, n, d), (dp, dn, dd) = square, _CHANGE_COINS[change]
    return (p + dp, n + dn, d + dd)


class _SquareWorth(dict[Square, float]):
    """The worth of the best power one element square gives (``BEST``), by its coins: 0 for an
    empty square. Worked out on first use, then looked up (a sheet holds few mixes of coins).

    Args:
        best: the element's ``BEST`` row, by top level.
    """

    LIMIT: ClassVar[int] = 4096
    """The most squares kept (the table is emptied when it holds this many)."""

    def __init__(self, best: tuple[float, ...]) -> None:
        super().__init__()
        self.best = best

    def __missing__(self, square: Square) -> float:
        if len(self) >= self.LIMIT:
            self.clear()
        top = max_level(square)
        worth = self[square] = 0.0 if top is None else self.best[top]
        return worth


SQUARE_WORTH = tuple(_SquareWorth(best) for best in BEST)
"""``SQUARE_WORTH[element][square]``: the worth of the best power an element square gives. A
column's element worth is their sum, so one square's change changes it by its own difference."""


class WarriorAgent(Agent):
    """The rule-based ("greedy") player.

    Args:
        player: its seat.
        seed: seeds the tie-breaks.
        preset: the starting layout it picks (a name of ``sheet.PRESET_NAMES``).
    """

    name = "greedy"

    def __init__(self, player: int, seed: int = 0, preset: str = "onslaught") -> None:
        super().__init__(player, seed)
        self.preset = preset

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        """Return the chosen action of ``legal``, this seat's legal actions in ``state`` (which is
        only read)."""
        if len(legal) == 1:
            return legal[0]
        kinds = set(map(_KIND, legal))
        if "preset" in kinds:
            return self._preset([a for a in legal if a.kind == "preset"])
        view = _View(combat_view(cast("EW2State", state), self.player), self.player)
        if "forfeit" in kinds:
            chosen = self._forfeit(view, [a for a in legal if a.kind == "forfeit"])
            if chosen is not None:
                return chosen
        scores = view.scores(legal, self._score)
        least = max(scores) - 1e-9
        ties = [a for score, a in zip(scores, legal, strict=True) if score >= least]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    # ------------------------------------------------------------------------------ choices
    def _preset(self, acts: list[Action]) -> Action:
        wanted = PRESET_NAMES.index(self.preset)
        return next((a for a in acts if a.args[0] == wanted), acts[0])

    def _forfeit(self, view: _View, acts: list[Action]) -> Action | None:
        for a in acts:
            _good, harm, col = a.args
            if harm == 2 or (harm == 3 and view.my_elements[col] > 0):
                return a
        return None

    def _score(self, v: _View, a: Action) -> float:
        """Return the worth of an action that is not a sheet move (``_View.scores`` values those)."""
        kind, args = a.kind, a.args
        if kind in ("play", "declare", "adjust"):
            return v.play_score(a)
        if kind in ("place", "clear", "forfeit", "play_top", "surrender"):
            return -100.0
        if kind == "power":
            return v.power_worth(args[0], args[1])
        if kind == "emulate":
            return v.power_worth(args[0], 1)
        if kind == "decline":
            return v.decline_worth()
        if kind == "discard":
            return 1.0 - cards.rank(args[0]) / 20
        if kind == "draw":
            return 1.5 * (3 - int(v.me.hand_size))
        if kind == "air_nd":
            return float(args[0] == 1 and v.opp.hand_size >= 2) + 0.5
        if kind == "target":
            return -v.target_defense(args[0])
        if kind == "flood":
            return v.element_worth(v.opp_columns[args[0]])
        return 0.0


class _View:
    """What the agent derives from its observation (the part :func:`.view.combat_view` gives).

    The agent values a sheet column by column. It reads its own sheet by square index
    (``sheet[row * 10 + col]``, a ``(pennies, nickels, dimes)`` square); ``columns`` gives a sheet
    by column (``columns[col][row]``).
    """

    def __init__(self, obs: CombatView, me: int) -> None:
        self.obs = obs
        rows = obs.rows
        self.att, self.dfn, self.elem = _rows_read(rows)
        self.rows = len(rows)
        self.first_element = self.elem[0]
        """The first element row (Earth): the rows from it on are element rows, the others combat rows."""
        players = obs.players
        self.me = players[me]
        others = [p for p in players if p.seat != me and not p.out and not p.surrendered]
        target = self.me.target
        chosen = [p for p in others if p.seat == target]
        self.opp = chosen[0] if chosen else min(others, key=lambda p: p.change) if others else self.me
        self.others = others or [self.me]
        self.sheet = self.me.squares
        opp = self.opp.squares
        self.opp_att = sorted(map(_PENNIES, opp[self.att * COLUMNS : (self.att + 1) * COLUMNS]))
        self.opp_def = sorted(map(_PENNIES, opp[self.dfn * COLUMNS : (self.dfn + 1) * COLUMNS]))
        """The opponent's Attack and Defense pennies over the ten columns, sorted (for counting)."""
        self.revealed = self.me.attack is not None
        self.prompt = obs.prompt or ""
        # worked out on first use (the properties below): a decision reads only some of it
        self._my_elements: list[float] | None = None
        self._my_worth: list[float] | None = None
        self._targets: list[list[int]] | None = None
        self._penny_gains: tuple[list[float], list[float]] | None = None
        self._columns: list[Column] | None = None
        self._hits_now: bool | None = None
        self._hurt_now: bool | None = None
        self._opp_columns: list[Column] | None = None
        self._weights: list[float] | None = None
        self._turn_worths: list[float] | None = None

    @property
    def my_elements(self) -> list[float]:
        """``element_worth`` of each column of my sheet as it stands: the sum, Earth first, of the
        ``SQUARE_WORTH`` of its element squares that hold coins (the sheet keeps their indices,
        in increasing order: ``Sheet.filled``)."""
        found = self._my_elements
        if found is None:
            found = self._my_elements = self._work_my_elements()
        return found

    def _work_my_elements(self) -> list[float]:
        sheet, total, first = self.sheet, [0.0] * COLUMNS, self.first_element
        filled = sheet.filled
        for i in filled[bisect_left(filled, first * COLUMNS) :]:
            row, col = divmod(i, COLUMNS)
            total[col] += SQUARE_WORTH[row - first][sheet[i]]
        return total

    @property
    def my_worth(self) -> list[float]:
        """``column_worth`` of each column of my sheet as it stands."""
        found = self._my_worth
        if found is None:
            found = self._my_worth = self._work_my_worth()
        return found

    def _work_my_worth(self) -> list[float]:
        att, dfn, sheet = self.att * COLUMNS, self.dfn * COLUMNS, self.sheet
        attacks = map(_PENNIES, sheet[att : att + COLUMNS])
        defenses = map(_PENNIES, sheet[dfn : dfn + COLUMNS])
        combats = _combats(attacks, defenses, self.opp_att, self.opp_def)
        return [combat + 0.3 * elements for combat, elements in zip(combats, self.my_elements, strict=True)]

    @property
    def targets(self) -> list[list[int]]:
        """The square each Rebalance destination of each square of my sheet leads to (``_targets``)."""
        found = self._targets
        if found is None:
            found = self._targets = self._work_targets()
        return found

    def _work_targets(self) -> list[list[int]]:
        return _targets(self.obs.rows)

    @property
    def penny_gains(self) -> tuple[list[float], list[float]]:
        """``(taken, put)``: for each combat square (by index ``row * 10 + col``), how much more
        my sheet is worth (``column_worth`` weighted by ``weights``) with one penny taken from it,
        and with one put on it. The combat part of a column is a part from its Attack pennies (how
        many of the opponent's defenses they beat) less a part from its Defense pennies (how many
        of their attacks beat it), so a move that changes two combat squares gains the sum of
        their gains."""
        found = self._penny_gains
        if found is None:
            found = self._penny_gains = self._work_penny_gains()
        return found

    def _work_penny_gains(self) -> tuple[list[float], list[float]]:
        att, dfn, sheet = self.att * COLUMNS, self.dfn * COLUMNS, self.sheet
        size = max(att, dfn) + COLUMNS
        taken, put = [0.0] * size, [0.0] * size
        mine = sheet[att : att + COLUMNS], sheet[dfn : dfn + COLUMNS]
        # how many of their defenses and attacks hold each number of pennies, up to one more than
        # any square of mine holds (and a 0 at the end, for one less than none)
        top = max(self.opp_att[-1], self.opp_def[-1], *map(_PENNIES, mine[0]), *map(_PENNIES, mine[1])) + 3
        defenses, attacks = [0] * top, [0] * top
        for pennies in self.opp_def:
            defenses[pennies] += 1
        for pennies in self.opp_att:
            attacks[pennies] += 1
        columns = zip(*mine, self.weights, strict=True)
        # a penny less stops beating the defenses of attack - 1 pennies, one more beats those of
        # attack; a penny less lets through the attacks of defense + 0, one more holds those of
        # defense + 1
        if att == dfn:  # one Combat row: its pennies attack and defend
            for i, ((attack, _, _), _, weight) in enumerate(columns, att):
                unit = weight / COLUMNS
                taken[i] = unit * (HIT * -defenses[attack - 1] + HURT * -attacks[attack])
                put[i] = unit * (HIT * defenses[attack] + HURT * attacks[attack + 1])
        else:
            for i, ((attack, _, _), (defense, _, _), weight) in enumerate(columns, att):
                unit = weight / COLUMNS
                taken[i] = unit * HIT * -defenses[attack - 1]
                put[i] = unit * HIT * defenses[attack]
                j = i - att + dfn
                taken[j] = unit * HURT * -attacks[defense]
                put[j] = unit * HURT * attacks[defense + 1]
        return taken, put

    @property
    def columns(self) -> list[Column]:
        """My sheet by column."""
        found = self._columns
        if found is None:
            found = self._columns = self._work_columns()
        return found

    def _work_columns(self) -> list[Column]:
        return _columns(self.sheet)

    # ------------------------------------------------------------------- the turn, once revealed
    def hits(self, column: Column | None = None) -> bool:
        """Whether my attack beats the opponent's defense this turn (after the reveal), with my
        active column as it stands or, if given, as ``column``."""
        col = self.me.column
        if not self.revealed or col is None or self.opp.defense is None:
            return False
        attack = self.sheet[self.att * COLUMNS + col] if column is None else column[self.att]
        return bool(attack[0] > self.opp.defense)

    def hurt(self, column: Column | None = None) -> bool:
        """Whether the opponent's attack beats my defense this turn (after the reveal), with my
        active column as it stands or, if given, as ``column``."""
        col = self.me.column
        if not self.revealed or col is None or self.opp.attack is None:
            return False
        mult = 2 if self.me.defense_doubled else 1
        defense = self.sheet[self.dfn * COLUMNS + col] if column is None else column[self.dfn]
        return bool(self.opp.attack > defense[0] * mult)

    @property
    def hits_now(self) -> bool:
        """``hits()`` of my sheet as it stands (computed once)."""
        found = self._hits_now
        if found is None:
            found = self._hits_now = self._work_hits_now()
        return found

    def _work_hits_now(self) -> bool:
        return self.hits()

    @property
    def hurt_now(self) -> bool:
        """``hurt()`` of my sheet as it stands (computed once)."""
        found = self._hurt_now
        if found is None:
            found = self._hurt_now = self._work_hurt_now()
        return found

    def _work_hurt_now(self) -> bool:
        return self.hurt()

    # ----------------------------------------------------------------------------- sheets
    def element_worth(self, column: Column) -> float:
        """Worth of the powers a column's element squares give: the sum of each square's
        ``SQUARE_WORTH``. The element rows are the last rows of a sheet, Earth first."""
        return sum(
            (worth[square] for worth, square in zip(SQUARE_WORTH, column[self.first_element :], strict=True)),
            0.0,
        )

    def column_worth(self, column: Column) -> float:
        """Worth of activating a column against the opponent's squares on average: its
        ``combat`` part and 0.3 of its ``element_worth``."""
        return self.combat(column[self.att][0], column[self.dfn][0]) + 0.3 * self.element_worth(column)

    def combat(self, attack: int, defense: int) -> float:
        """The combat part of ``column_worth`` for a column with these Attack and Defense pennies:
        how often they beat the opponent's ten Defense squares and hold against their ten Attack
        squares."""
        return _combats((attack,), (defense,), self.opp_att, self.opp_def)[0]

    @property
    def opp_columns(self) -> list[Column]:
        """The opponent's sheet by column."""
        found = self._opp_columns
        if found is None:
            found = self._opp_columns = self._work_opp_columns()
        return found

    def _work_opp_columns(self) -> list[Column]:
        return _columns(self.opp.squares)

    @property
    def weights(self) -> list[float]:
        """How much each column counts: more for the columns of the numbered cards in hand."""
        found = self._weights
        if found is None:
            found = self._weights = self._work_weights()
        return found

    def _work_weights(self) -> list[float]:
        weights = [1.0] * COLUMNS
        for c in self.me.hand_cards or []:
            if not cards.is_face(c):
                weights[cards.rank(c) - 1] += 2.0
        return weights

    def scores(self, legal: Sequence[Action], other: Callable[[_View, Action], float]) -> list[float]:
        """Return the worth of each action of ``legal``: for a sheet move, its ``gain`` plus its
        kind's bonus (``_MOVE_BONUS``); for any other action, ``other(self, action)``.

        A Rebalance of a penny between combat squares (most actions of a Recovery) and a cent paid
        from a combat square (a penny: they hold nothing else) are valued here from
        ``penny_gains``, as ``gain`` does, without a call per action."""
        out: list[float] = []
        append, bonuses, first = out.append, _MOVE_BONUS, self.first_element
        rebalance, pay = bonuses["rebalance"], bonuses["pay"]
        tables = not (self.revealed and self.obs.phase == "activate")  # else the skirmish counts too
        taken: list[float] = []
        put: list[float] = []
        targets: list[list[int]] = []
        for a in legal:
            kind, args = a.kind, a.args
            if tables and (kind == "rebalance" or kind == "pay") and args[1] < first:  # (coin, row, col, ...)
                if not targets:
                    (taken, put), targets = self.penny_gains, self.targets
                i = args[1] * COLUMNS + args[2]
                append(
                    taken[i] + put[targets[i][args[3]]] + rebalance if kind == "rebalance" else taken[i] + pay
                )
                continue
            bonus = bonuses.get(kind)
            append(other(self, a) if bonus is None else self.gain(a) + bonus)
        return out

    def gain(self, a: Action) -> float:
        """How much a pay, add, rebalance or recompile action changes the worth of my sheet (the
        ``column_worth`` of each column, weighted by ``weights``); once the columns are revealed,
        this turn's skirmish counts ten times over.

        Only the squares the action changes are valued again (``square_gain``): a column's worth
        is its combat part, a part from its Attack pennies less a part from its Defense pennies,
        plus 0.3 of the sum of its element squares' worths, so each changed square adds its own
        part of the gain."""
        kind, args = a.kind, a.args
        if kind == "rebalance":  # each square's change changes its column's worth by its own part
            coin, row, col, dest = args
            to_row, to_col = self.destination(row, col, dest)
            total = self.square_gain(row, col, _TAKE + coin) + self.square_gain(to_row, to_col, _PUT + coin)
        elif kind == "pay":
            coin, row, col = args
            total = self.square_gain(row, col, _PAY + coin)
        elif kind == "add":
            row, col = args
            total = self.square_gain(row, col, _PUT)
        else:  # a Recompile
            ((col, recompiled),) = self.after(a).items()
            total = self.weights[col] * (self.column_worth(recompiled) - self.my_worth[col])
        if self.revealed and self.obs.phase == "activate":
            active = self.me.column
            mine = None if active is None else self.after(a).get(active)
            total += 10 * HIT * (self.hits(mine) - self.hits_now)
            total -= 10 * HURT * (self.hurt(mine) - self.hurt_now)
        return total

    def square_gain(self, row: int, col: int, change: int) -> float:
        """How much more my column ``col`` is worth (``column_worth``, weighted by ``weights``)
        with one square changed: ``change`` is ``_TAKE``, ``_PUT`` or ``_PAY`` plus the coin (one
        coin taken away, one added, one cent paid with it). An element square changes the
        column's element worth by its own ``SQUARE_WORTH`` difference; an Attack or Defense
        square changes the combat part by its pennies."""
        square = self.sheet[row * COLUMNS + col]
        p, n, d = square
        dp, dn, dd = _CHANGE_COINS[change]
        e = row - self.first_element
        if e >= 0:
            worth = SQUARE_WORTH[e]
            return self.weights[col] * 0.3 * (worth[(p + dp, n + dn, d + dd)] - worth[square])
        taken, put = self.penny_gains  # a combat square holds pennies only: one more or one less
        return put[row * COLUMNS + col] if dp > 0 else taken[row * COLUMNS + col]

    def destination(self, row: int, col: int, dest: int) -> tuple[int, int]:
        """Return the ``(row, column)`` a Rebalance's ``dest`` moves a coin of square (row, col) to
        (see ``targets``)."""
        return divmod(self.targets[row * COLUMNS + col][dest], COLUMNS)

    def after(self, a: Action) -> dict[int, list[Square]]:
        """Return the columns of my sheet a pay, add, rebalance or recompile action changes, as
        they would be after it, by column."""
        old = self.columns
        kind, args = a.kind, a.args
        if kind == "pay":
            coin, row, col = args
            changes = [(row, col, _changed(old[col][row], _PAY + coin))]
        elif kind == "add":
            row, col = args
            changes = [(row, col, _changed(old[col][row], _PUT))]
        elif kind == "recompile":
            e, col, n, d = args
            row = self.elem[e]
            changes = [(row, col, (value(old[col][row]) - 5 * n - 10 * d, n, d))]  # the same value
        else:
            coin, row, col, dest = args
            to_row, to_col = self.destination(row, col, dest)
            changes = [(row, col, _changed(old[col][row], _TAKE + coin))]
            changes.append((to_row, to_col, _changed(old[to_col][to_row], _PUT + coin)))
        after: dict[int, list[Square]] = {}
        for row, col, square in changes:
            column = after.get(col)
            if column is None:
                column = after[col] = list(old[col])
            column[row] = square
        return after

    # ------------------------------------------------------------------------------ decisions
    def play_score(self, a: Action) -> float:
        """Worth of playing a card, declaring a column or adjusting the rank."""
        if a.kind == "play":
            c = a.args[0]
            if cards.is_face(c):
                return max(self.turn_worths) - 1.0
            col = cards.rank(c) - 1
            top = max_level(self.sheet[self.elem[cards.suit(c)] * COLUMNS + col])
            bonus = 0.3 * STATIC[cards.suit(c)][1] if top is not None and top >= N else 0.0
            return self.turn_worths[col] + bonus
        if a.kind == "declare":
            return self.turn_worths[a.args[0]]
        adjusted: int = ((self.me.column or 0) + a.args[0] - 1) % COLUMNS  # adjusted cards have one
        return self.turn_worths[adjusted]

    @property
    def turn_worths(self) -> list[float]:
        """Worth of activating each column this turn: exact when the opponent's column is known,
        else its ``column_worth``."""
        found = self._turn_worths
        if found is None:
            found = self._turn_worths = self._work_turn_worths()
        return found

    def _work_turn_worths(self) -> list[float]:
        opp = self.opp
        if opp.column is None or opp.attack is None or opp.defense is None:  # shown together
            return self.my_worth
        mult = 2 if self.me.defense_doubled else 1
        sheet, floods, att, dfn = self.sheet, self.me.floods, self.att * COLUMNS, self.dfn * COLUMNS
        worths = []
        for col, elements in enumerate(self.my_elements):
            hit = sheet[att + col][0] > opp.defense
            hurt = opp.attack > sheet[dfn + col][0] * mult
            flood = 0.0 if floods[col] == 0 else -0.3 * elements
            worths.append(float(HIT * hit - HURT * hurt + 0.3 * elements + flood))
        return worths

    def power_worth(self, e: int, entry: int) -> float:
        """Worth of one power now, knowing whether I hit and am hit this turn."""
        hit, hurt = self.hits_now, self.hurt_now
        base = STATIC[e][entry]
        if e == 0 and entry in (0, 1, 4):
            return base * (1.5 if hurt else 0.2)
        if e == 0 and entry == 3:
            col = self.me.column
            attack = self.opp.attack  # not None where hurt
            saved = (
                hurt
                and col is not None
                and attack is not None
                and attack <= 2 * self.sheet[self.dfn * COLUMNS + col][0]
            )
            return base + (4.0 if saved else 0.0)
        if e == 1 and entry in (0, 1, 2, 4, 5):
            return base * (1.5 if hit else 0.2)
        if e == 3 and entry == 3:
            return base * (1.5 if hurt else 0.2)
        if e == 3 and entry == 6:
            return base * (1.5 if hit else 0.3)
        if e == 3 and entry == 5:
            return base if self.me.change < max(p.change for p in self.others) else 0.0
        return base

    def decline_worth(self) -> float:
        """Worth of declining: sheet moves must beat it; discards and cents are taken."""
        if "Recovery" in self.prompt or "free" in self.prompt.lower():
            return 0.0
        return -0.5

    def target_defense(self, seat: int) -> float:
        """The defense of a possible target this turn (lower is better to attack)."""
        p = self.obs.players[seat]
        return float(p.defense or 0) + float(p.change) / 100


def _combats(
    attacks: Iterable[int], defenses: Iterable[int], opp_att: list[int], opp_def: list[int]
) -> list[float]:
    """Return ``_View.combat`` of each column with these Attack and Defense pennies, against an
    opponent whose Attack and Defense pennies are ``opp_att`` and ``opp_def`` (sorted): how often
    the attack beats their defenses (those below it) and the defense holds against their attacks
    (those not above it)."""
    return [
        HIT * (bisect_left(opp_def, attack) / COLUMNS)
        - HURT * ((COLUMNS - bisect_right(opp_att, defense)) / COLUMNS)
        for attack, defense in zip(attacks, defenses, strict=True)
    ]


def _columns(squares: Sequence[Square]) -> list[Column]:
    """Return a sheet's squares (by index, ``row * 10 + column``) by column."""
    return [squares[c::COLUMNS] for c in range(COLUMNS)]


@cache
def _targets(rows: tuple[str, ...]) -> list[list[int]]:
    """Return, for a sheet of these rows, the square (index) each Rebalance destination of each
    square leads to, as ``sheet.Layout.destination`` gives it where a coin may go: ``dest`` a row
    of the same column, or (the number of rows, or one more) the same row one column left or
    right, cyclically."""
    found = []
    for i in range(len(rows) * COLUMNS):
        row, col = divmod(i, COLUMNS)
        left, right = row * COLUMNS + (col - 1) % COLUMNS, row * COLUMNS + (col + 1) % COLUMNS
        found.append([*(dest * COLUMNS + col for dest in range(len(rows))), left, right])
    return found


@cache
def _rows_read(rows: tuple[str, ...]) -> tuple[int, int, tuple[int, ...]]:
    """Return the rows the agent reads on a sheet of these rows: Attack, Defense (the Combat row for
    both where there is one) and each element's, Earth first."""
    att = rows.index("Attack") if "Attack" in rows else 0
    dfn = rows.index("Defense") if "Defense" in rows else 0
    return att, dfn, tuple(rows.index(e) for e in ELEMENTS)
