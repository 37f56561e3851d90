"""A rule-based player for Elemental Warriors II, reading only its observation and legal actions.

It values a sheet column by column: how often its Attack beats the opponent's Defense squares and
its Defense holds against their Attack squares, plus the best power of each element square, weighted
towards the columns of the cards in hand. With that it picks cards, declarations, where cents go and
which cent to lose. Once the columns are revealed it reads the exact combat of the turn: it takes
damage powers when it will hit, prevention when it will be hit, and spends free actions to turn a
skirmish. It never surrenders and always takes the card-discard (p) powers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from elementa.core import Action, Agent
from elementa.games.elemental_warriors_ii import cards
from elementa.games.elemental_warriors_ii.cards import ELEMENTS
from elementa.games.elemental_warriors_ii.sheet import (
    COLUMNS,
    ENTRY_LEVEL,
    PRESET_NAMES,
    N,
    max_level,
    pay_cent,
    with_coin,
)

if TYPE_CHECKING:
    from elementa.core import State

Sheet = list[list[tuple[int, int, int]]]

# Rough worth of each power (element, entry) when nothing about the turn is known.
STATIC = (
    (0.6, 1.5, 1.0, 2.0, 3.5, 6.0, 1.5),
    (0.6, 1.5, 1.2, 2.0, 3.0, 3.0, 4.0),
    (0.5, 1.2, 1.5, 2.2, 3.0, 1.0, 5.0),
    (0.5, 1.2, 0.8, 2.0, 3.0, 3.0, 2.0),
)
HIT, HURT = 3.0, 3.5
"""Worth of landing a hit this turn, and cost of being hit."""


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

    def step(self, state: State) -> Action:
        """Return the chosen legal action (the state is only read)."""
        acts = state.legal_actions(self.player)
        if len(acts) == 1:
            return acts[0]
        view = _View(state.observation(self.player), self.player)
        presets = [a for a in acts if a.kind == "preset"]
        if presets:
            return self._preset(view, presets)
        chosen = self._forfeit(view, [a for a in acts if a.kind == "forfeit"])
        if chosen is not None:
            return chosen
        scored = [(self._score(view, a), -i, a) for i, a in enumerate(acts)]
        best = max(s for s, _, _ in scored)
        ties = [a for s, _, a in scored if s >= best - 1e-9]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    # ------------------------------------------------------------------------------ choices
    def _preset(self, view: _View, acts: list[Action]) -> Action:
        wanted = PRESET_NAMES.index(self.preset)
        return next((a for a in acts if a.args[0] == wanted), acts[0])

    def _forfeit(self, view: _View, acts: list[Action]) -> Action | None:
        for a in acts:
            _good, harm, col = a.args
            if harm == 2 or (harm == 3 and view.element_worth(view.sheet, col) > 0):
                return a
        return None

    def _score(self, v: _View, a: Action) -> float:
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
        if kind in ("pay", "add", "rebalance", "recompile"):
            return v.gain(a) + {"pay": 0.0, "add": 1.0}.get(kind, -0.05)
        if kind == "discard":
            return 1.0 - cards.rank(args[0]) / 20
        if kind == "draw":
            return 1.5 * (3 - int(v.me["hand_size"]))
        if kind == "air_nd":
            return float(args[0] == 1 and v.opp["hand_size"] >= 2) + 0.5
        if kind == "target":
            return -v.target_defense(args[0])
        if kind == "flood":
            return v.element_worth(v.opp_sheet, args[0])
        return 0.0


class _View:
    """What the agent derives from its observation."""

    def __init__(self, obs: dict[str, Any], me: int) -> None:
        self.obs = obs
        rows = obs["rows"]
        self.att = rows.index("Attack") if "Attack" in rows else 0
        self.dfn = rows.index("Defense") if "Defense" in rows else 0
        self.elem = [rows.index(e) for e in ELEMENTS]
        players = obs["players"]
        self.me = players[me]
        others = [p for p in players if p["seat"] != me and not p["out"] and not p["surrendered"]]
        target = self.me["target"]
        chosen = [p for p in others if p["seat"] + 1 == target]
        self.opp = chosen[0] if chosen else min(others, key=lambda p: p["change"]) if others else self.me
        self.others = others or [self.me]
        self.sheet = _sheet(self.me["sheet"])
        self.opp_sheet = _sheet(self.opp["sheet"])
        self.opp_att = [self.opp_sheet[self.att][c][0] for c in range(COLUMNS)]
        self.opp_def = [self.opp_sheet[self.dfn][c][0] for c in range(COLUMNS)]
        self.hand = [cards.parse(n.split("/")[0]) for n in (self.me["hand"] or [])]
        self.revealed = self.me["attack"] is not None
        self.prompt = obs["prompt"] or ""

    # ------------------------------------------------------------------- the turn, once revealed
    def hits(self, sheet: Sheet | None = None) -> bool:
        """Whether my attack beats the opponent's defense this turn (after the reveal)."""
        col = self.me["column"]
        if not self.revealed or col is None or self.opp["defense"] is None:
            return False
        return bool((sheet or self.sheet)[self.att][col - 1][0] > self.opp["defense"])

    def hurt(self, sheet: Sheet | None = None) -> bool:
        """Whether the opponent's attack beats my defense this turn (after the reveal)."""
        col = self.me["column"]
        if not self.revealed or col is None or self.opp["attack"] is None:
            return False
        mult = 2 if self.me["defense_doubled"] else 1
        return bool(self.opp["attack"] > (sheet or self.sheet)[self.dfn][col - 1][0] * mult)

    # ----------------------------------------------------------------------------- sheets
    def element_worth(self, sheet: Sheet, col: int) -> float:
        """Worth of the powers a column's element squares give (static)."""
        total = 0.0
        for e, row in enumerate(self.elem):
            top = max_level(sheet[row][col])
            if top is not None:
                total += max(STATIC[e][i] for i in range(7) if ENTRY_LEVEL[i] <= top)
        return total

    def column_worth(self, sheet: Sheet, col: int) -> float:
        """Worth of activating a column of a sheet against the opponent's squares on average."""
        a, d = sheet[self.att][col][0], sheet[self.dfn][col][0]
        p_hit = sum(a > x for x in self.opp_def) / COLUMNS
        p_hurt = sum(x > d for x in self.opp_att) / COLUMNS
        return HIT * p_hit - HURT * p_hurt + 0.3 * self.element_worth(sheet, col)

    def weights(self) -> list[float]:
        """How much each column counts: more for the columns of the numbered cards in hand."""
        weights = [1.0] * COLUMNS
        for c in self.hand:
            if not cards.is_face(c):
                weights[cards.rank(c) - 1] += 2.0
        return weights

    def gain(self, a: Action) -> float:
        """How much a pay, add, rebalance or recompile action changes the worth of my sheet; once
        the columns are revealed, this turn's skirmish counts ten times over."""
        after, changed = self.after(a)
        w = self.weights()
        total = sum(w[c] * (self.column_worth(after, c) - self.column_worth(self.sheet, c)) for c in changed)
        if self.revealed and self.obs["phase"] == "activate":
            total += 10 * HIT * (self.hits(after) - self.hits())
            total -= 10 * HURT * (self.hurt(after) - self.hurt())
        return total

    def after(self, a: Action) -> tuple[Sheet, set[int]]:
        """Return my sheet after a pay, add, rebalance or recompile action, and the columns it
        changes."""
        sheet = [list(row) for row in self.sheet]
        if a.kind == "pay":
            coin, row, col = a.args
            sheet[row][col] = pay_cent(sheet[row][col], coin)
        elif a.kind == "add":
            row, col = a.args
            sheet[row][col] = with_coin(sheet[row][col], 0)
        elif a.kind == "recompile":
            e, col, n, d = a.args
            sq = sheet[self.elem[e]][col]
            sheet[self.elem[e]][col] = (sq[0] + 5 * sq[1] + 10 * sq[2] - 5 * n - 10 * d, n, d)
        else:
            coin, row, col, dest = a.args
            rows = len(sheet)
            to_row, to_col = dest, col
            if dest >= rows:
                to_row, to_col = row, (col + (1 if dest > rows else -1)) % COLUMNS
            sheet[row][col] = with_coin(sheet[row][col], coin, -1)
            sheet[to_row][to_col] = with_coin(sheet[to_row][to_col], coin)
            return sheet, {col, to_col}
        return sheet, {col}

    # ------------------------------------------------------------------------------ decisions
    def play_score(self, a: Action) -> float:
        """Worth of playing a card, declaring a column or adjusting the rank."""
        if a.kind == "play":
            c = a.args[0]
            if cards.is_face(c):
                return max(self.turn_worth(col) for col in range(COLUMNS)) - 1.0
            col = cards.rank(c) - 1
            top = max_level(self.sheet[self.elem[cards.suit(c)]][col])
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
            return self.column_worth(self.sheet, col)
        mult = 2 if self.me["defense_doubled"] else 1
        hit = self.sheet[self.att][col][0] > self.opp["defense"]
        hurt = self.opp["attack"] > self.sheet[self.dfn][col][0] * mult
        flood = 0.0 if self.me["floods"][col] == 0 else -0.3 * self.element_worth(self.sheet, col)
        return float(HIT * hit - HURT * hurt + 0.3 * self.element_worth(self.sheet, col) + flood)

    def power_worth(self, e: int, entry: int) -> float:
        """Worth of one power now, knowing whether I hit and am hit this turn."""
        hit, hurt = self.hits(), self.hurt()
        base = STATIC[e][entry]
        if e == 0 and entry in (0, 1, 4):
            return base * (1.5 if hurt else 0.2)
        if e == 0 and entry == 3:
            col = self.me["column"]
            saved = hurt and col is not None and self.opp["attack"] <= 2 * self.sheet[self.dfn][col - 1][0]
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


def _sheet(rows: list[list[list[int]]]) -> Sheet:
    return [[(sq[0], sq[1], sq[2]) for sq in row] for row in rows]
