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
from collections.abc import Sequence
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any, cast

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


class _ElementsWorth(dict[tuple[Square, ...], float]):
    """The worth of the powers a column's element squares give (``_View.element_worth``) by those
    squares, Earth first: the sum of the ``BEST`` power of each square holding coins, worked out on
    first use, then looked up (most columns hold the same few mixes)."""

    LIMIT = 4096
    """The most mixes kept (the table is emptied when it holds this many)."""

    def __missing__(self, squares: tuple[Square, ...]) -> float:
        if len(self) >= self.LIMIT:
            self.clear()
        total = 0.0
        for best, square in zip(BEST, squares, strict=True):
            if square != EMPTY:
                total += best[max_level(square)]  # type: ignore[index]
        self[squares] = total
        return total


_ELEMENTS_WORTH = _ElementsWorth()


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
        kinds = {a.kind for a in legal}
        if "preset" in kinds:
            return self._preset([a for a in legal if a.kind == "preset"])
        view = _View(combat_view(cast("EW2State", state), self.player), self.player)
        if "forfeit" in kinds:
            chosen = self._forfeit(view, [a for a in legal if a.kind == "forfeit"])
            if chosen is not None:
                return chosen
        scores = [self._score(view, a) for a in legal]
        best = max(scores)
        ties = [a for score, a in zip(scores, legal, strict=True) if score >= best - 1e-9]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    # ------------------------------------------------------------------------------ choices
    def _preset(self, acts: list[Action]) -> Action:
        wanted = PRESET_NAMES.index(self.preset)
        return next((a for a in acts if a.args[0] == wanted), acts[0])

    def _forfeit(self, view: _View, acts: list[Action]) -> Action | None:
        for a in acts:
            _good, harm, col = a.args
            if harm == 2 or (harm == 3 and view.element_worth(view.columns[col]) > 0):
                return a
        return None

    def _score(self, v: _View, a: Action) -> float:
        kind, args = a.kind, a.args
        bonus = _MOVE_BONUS.get(kind)
        if bonus is not None:  # a sheet move (most actions of a Recovery: checked first)
            return v.gain(a) + bonus
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
            return 1.5 * (3 - int(v.me["hand_size"]))
        if kind == "air_nd":
            return float(args[0] == 1 and v.opp["hand_size"] >= 2) + 0.5
        if kind == "target":
            return -v.target_defense(args[0])
        if kind == "flood":
            return v.element_worth(v.opp_columns[args[0]])
        return 0.0


class _View:
    """What the agent derives from its observation (the part :func:`.view.combat_view` gives).

    Sheets are kept by column (``columns[col][row]`` is a ``(pennies, nickels, dimes)`` square), as
    the agent values a sheet column by column.
    """

    def __init__(self, obs: dict[str, Any], me: int) -> None:
        self.obs = obs
        rows = obs["rows"]
        self.att, self.dfn, self.elem = _rows_read(rows)
        self.rows = len(rows)
        players = obs["players"]
        self.me = players[me]
        others = [p for p in players if p["seat"] != me and not p["out"] and not p["surrendered"]]
        target = self.me["target"]
        chosen = [p for p in others if p["seat"] + 1 == target]
        self.opp = chosen[0] if chosen else min(others, key=lambda p: p["change"]) if others else self.me
        self.others = others or [self.me]
        self.columns = _columns(self.me["squares"])
        opp = self.opp["squares"]
        self.opp_att = sorted(square[0] for square in opp[self.att * COLUMNS : (self.att + 1) * COLUMNS])
        self.opp_def = sorted(square[0] for square in opp[self.dfn * COLUMNS : (self.dfn + 1) * COLUMNS])
        """The opponent's Attack and Defense pennies over the ten columns, sorted (for counting)."""
        self.revealed = self.me["attack"] is not None
        self.prompt = obs["prompt"] or ""
        self._combat: dict[tuple[int, int], float] = {}
        """``combat`` by (attack, defense) pennies, as worked out."""
        att, dfn = self.att, self.dfn
        self.my_combat = [self.combat(column[att][0], column[dfn][0]) for column in self.columns]
        """``combat`` of each column of my sheet as it stands."""
        self.my_elements = [self.element_worth(column) for column in self.columns]
        """``element_worth`` of each column of my sheet as it stands."""
        parts = zip(self.my_combat, self.my_elements, strict=True)
        self.my_worth = [combat + 0.3 * elements for combat, elements in parts]
        """``column_worth`` of each column of my sheet as it stands."""

    # ------------------------------------------------------------------- the turn, once revealed
    def hits(self, column: Column | None = None) -> bool:
        """Whether my attack beats the opponent's defense this turn (after the reveal), with my
        active column as it stands or, if given, as ``column``."""
        col = self.me["column"]
        if not self.revealed or col is None or self.opp["defense"] is None:
            return False
        return bool((column or self.columns[col - 1])[self.att][0] > self.opp["defense"])

    def hurt(self, column: Column | None = None) -> bool:
        """Whether the opponent's attack beats my defense this turn (after the reveal), with my
        active column as it stands or, if given, as ``column``."""
        col = self.me["column"]
        if not self.revealed or col is None or self.opp["attack"] is None:
            return False
        mult = 2 if self.me["defense_doubled"] else 1
        return bool(self.opp["attack"] > (column or self.columns[col - 1])[self.dfn][0] * mult)

    @cached_property
    def hits_now(self) -> bool:
        """``hits()`` of my sheet as it stands (computed once)."""
        return self.hits()

    @cached_property
    def hurt_now(self) -> bool:
        """``hurt()`` of my sheet as it stands (computed once)."""
        return self.hurt()

    # ----------------------------------------------------------------------------- sheets
    def element_worth(self, column: Column) -> float:
        """Worth of the powers a column's element squares give (static; see ``_ElementsWorth``).
        The element rows are the last rows of a sheet, Earth first."""
        return _ELEMENTS_WORTH[tuple(column[self.elem[0] :])]

    def column_worth(self, column: Column) -> float:
        """Worth of activating a column against the opponent's squares on average: its
        ``combat`` part and 0.3 of its ``element_worth``."""
        return self.combat(column[self.att][0], column[self.dfn][0]) + 0.3 * self.element_worth(column)

    def combat(self, attack: int, defense: int) -> float:
        """The combat part of ``column_worth`` for a column with these Attack and Defense pennies:
        how often they beat the opponent's ten Defense squares and hold against their ten Attack
        squares. Worked out once per pair and kept in ``_combat`` (the view is made anew for each
        decision, so what it keeps never outlives the observation it read)."""
        key = (attack, defense)
        worth = self._combat.get(key)
        if worth is None:
            p_hit = bisect_left(self.opp_def, attack) / COLUMNS  # how many defenses are below attack
            p_hurt = (COLUMNS - bisect_right(self.opp_att, defense)) / COLUMNS  # attacks above defense
            worth = self._combat[key] = HIT * p_hit - HURT * p_hurt
        return worth

    @cached_property
    def opp_columns(self) -> list[Column]:
        """The opponent's sheet by column."""
        return _columns(self.opp["squares"])

    @cached_property
    def weights(self) -> list[float]:
        """How much each column counts: more for the columns of the numbered cards in hand."""
        weights = [1.0] * COLUMNS
        for c in self.me["hand_cards"] or []:
            if not cards.is_face(c):
                weights[cards.rank(c) - 1] += 2.0
        return weights

    def gain(self, a: Action) -> float:
        """How much a pay, add, rebalance or recompile action changes the worth of my sheet; once
        the columns are revealed, this turn's skirmish counts ten times over.

        Only the columns the action changes are valued again, and of those only the part (combat
        or elements) the changed squares are in: by ``square_gain`` where the action changes one
        square of a column."""
        kind, args = a.kind, a.args
        if kind == "pay":
            coin, row, col = args
            total = self.square_gain(row, col, _PAY + coin)
        elif kind == "add":
            row, col = args
            total = self.square_gain(row, col, _PUT)
        elif kind == "rebalance":
            coin, row, col, dest = args
            to_row, to_col = self.destination(row, col, dest)
            if to_col != col:  # one column left or right
                total = self.square_gain(row, col, _TAKE + coin) + self.square_gain(row, to_col, _PUT + coin)
            else:  # to another square of the column: of the same kind, combat or element
                column = list(self.columns[col])
                column[row] = _changed(column[row], _TAKE + coin)
                column[to_row] = _changed(column[to_row], _PUT + coin)
                if row >= self.elem[0]:
                    worth = self.my_combat[col] + 0.3 * self.element_worth(column)
                else:
                    attack, defense = column[self.att][0], column[self.dfn][0]
                    worth = self.combat(attack, defense) + 0.3 * self.my_elements[col]
                total = self.weights[col] * (worth - self.my_worth[col])
        else:  # a Recompile
            ((col, recompiled),) = self.after(a).items()
            total = self.weights[col] * (self.column_worth(recompiled) - self.my_worth[col])
        if self.revealed and self.obs["phase"] == "activate":
            active = self.me["column"]
            mine = None if active is None else self.after(a).get(active - 1)
            total += 10 * HIT * (self.hits(mine) - self.hits_now)
            total -= 10 * HURT * (self.hurt(mine) - self.hurt_now)
        return total

    def square_gain(self, row: int, col: int, change: int) -> float:
        """How much more my column ``col`` is worth (``column_worth``, weighted by ``weights``)
        with one square changed: ``change`` is
        ``_TAKE``, ``_PUT`` or ``_PAY`` plus the coin (one coin taken away, one added, one cent
        paid with it). Only the part of ``column_worth`` the square is in is worked out again."""
        column = self.columns[col]
        square = _changed(column[row], change)
        e = row - self.elem[0]
        if e >= 0:  # an element square: the combat part stays
            worth = self.my_combat[col]
            squares = list(column[self.elem[0] :])
            squares[e] = square
            elements = _ELEMENTS_WORTH[tuple(squares)]
        else:
            att, dfn = self.att, self.dfn
            key = (square[0] if row == att else column[att][0], square[0] if row == dfn else column[dfn][0])
            known = self._combat.get(key)
            worth = self.combat(*key) if known is None else known
            elements = self.my_elements[col]
        return self.weights[col] * (worth + 0.3 * elements - self.my_worth[col])

    def destination(self, row: int, col: int, dest: int) -> tuple[int, int]:
        """Return the ``(row, column)`` a Rebalance's ``dest`` moves a coin of square (row, col) to:
        a row of the column, or (``dest`` = the number of rows, or one more) the same row one
        column left or right, cyclically (as ``sheet.Layout.destination``)."""
        if dest < self.rows:
            return dest, col
        return row, (col + (1 if dest > self.rows else -1)) % COLUMNS

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
                return max(self.turn_worth(col) for col in range(COLUMNS)) - 1.0
            col = cards.rank(c) - 1
            top = max_level(self.columns[col][self.elem[cards.suit(c)]])
            bonus = 0.3 * STATIC[cards.suit(c)][1] if top is not None and top >= N else 0.0
            return self.turn_worth(col) + bonus
        if a.kind == "declare":
            return self.turn_worth(a.args[0])
        col = (self.me["column"] - 1 + a.args[0] - 1) % COLUMNS
        return self.turn_worth(col)

    def turn_worth(self, col: int) -> float:
        """Worth of activating a column this turn: exact when the opponent's column is known."""
        opp_col = self.opp["column"]
        if opp_col is None or self.opp["attack"] is None:
            return self.my_worth[col]
        mult = 2 if self.me["defense_doubled"] else 1
        column, elements = self.columns[col], self.my_elements[col]
        hit = column[self.att][0] > self.opp["defense"]
        hurt = self.opp["attack"] > column[self.dfn][0] * mult
        flood = 0.0 if self.me["floods"][col] == 0 else -0.3 * elements
        return float(HIT * hit - HURT * hurt + 0.3 * elements + flood)

    def power_worth(self, e: int, entry: int) -> float:
        """Worth of one power now, knowing whether I hit and am hit this turn."""
        hit, hurt = self.hits_now, self.hurt_now
        base = STATIC[e][entry]
        if e == 0 and entry in (0, 1, 4):
            return base * (1.5 if hurt else 0.2)
        if e == 0 and entry == 3:
            col = self.me["column"]
            saved = hurt and col is not None and self.opp["attack"] <= 2 * self.columns[col - 1][self.dfn][0]
            return base + (4.0 if saved else 0.0)
        if e == 1 and entry in (0, 1, 2, 4, 5):
            return base * (1.5 if hit else 0.2)
        if e == 3 and entry == 3:
            return base * (1.5 if hurt else 0.2)
        if e == 3 and entry == 6:
            return base * (1.5 if hit else 0.3)
        if e == 3 and entry == 5:
            return base if self.me["change"] < max(p["change"] for p in self.others) else 0.0
        return base

    def decline_worth(self) -> float:
        """Worth of declining: sheet moves must beat it; discards and cents are taken."""
        if "Recovery" in self.prompt or "free" in self.prompt.lower():
            return 0.0
        return -0.5

    def target_defense(self, seat: int) -> float:
        """The defense of a possible target this turn (lower is better to attack)."""
        p = self.obs["players"][seat]
        return float(p["defense"] or 0) + float(p["change"]) / 100


def _columns(squares: Sequence[Square]) -> list[Column]:
    """Return a sheet's squares (by index, ``row * 10 + column``) by column."""
    return [squares[c::COLUMNS] for c in range(COLUMNS)]


@cache
def _rows_read(rows: tuple[str, ...]) -> tuple[int, int, tuple[int, ...]]:
    """Return the rows the agent reads on a sheet of these rows: Attack, Defense (the Combat row for
    both where there is one) and each element's, Earth first."""
    att = rows.index("Attack") if "Attack" in rows else 0
    dfn = rows.index("Defense") if "Defense" in rows else 0
    return att, dfn, tuple(rows.index(e) for e in ELEMENTS)
