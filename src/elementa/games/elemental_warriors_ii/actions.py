"""Actions: their labels, and the choices several steps share (forfeits, Recompile, Rebalance,
the (p) discards, Draw and Surrender).

Every action is ``kind(*args)`` of the game's action space (see :mod:`.game` for the encoding); its
label depends on the kind and arguments alone, so each action is made once per game and reused.

source: elemental-warriors-ii.txt, Recovery and Elemental Effects.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from elementa.core import Action, Changed, Moved
from elementa.games.elemental_warriors_ii import cards
from elementa.games.elemental_warriors_ii.effects import (
    AIR,
    EARTH,
    FIRE,
    FORFEIT_WITH,
    HARMS,
    LANDSLIDE,
    POWER_TEXT,
    TOKEN_NAMES,
    WATER,
    WHIRLWIND,
    power_name,
)
from elementa.games.elemental_warriors_ii.names import PLAYER_NAMES
from elementa.games.elemental_warriors_ii.sheet import (
    COIN_NAMES,
    COLUMNS,
    PRESET_NAMES,
    Square,
    describe_square,
    exchanges,
    value,
)

if TYPE_CHECKING:
    from elementa.games.elemental_warriors_ii.game import EW2Game
    from elementa.games.elemental_warriors_ii.state import EW2State


def act(s: EW2State, kind: str, *args: int) -> Action:
    """Return the action ``kind(*args)`` with its label (made once per game, then reused)."""
    found = s.game.action_cache.get((kind, args))
    return make_action(s.game, kind, args) if found is None else found


def make_action(game: EW2Game, kind: str, args: tuple[int, ...]) -> Action:
    """Return the action ``kind(*args)`` of a game, made with its label on first use and then
    kept in ``game.action_cache``."""
    found = game.action_cache.get((kind, args))
    if found is None:
        found = game.action_space.make(kind, *args, label=action_label(game, kind, args))
        game.action_cache[(kind, args)] = found
    return found


def fixed(s: EW2State, key: tuple[Any, ...], build: Callable[[], list[Action]]) -> list[Action]:
    """Return the actions of a choice that depends on ``key`` alone, never on the position (the
    squares open to a setup coin with so many cents left, the ten columns to declare...): built
    once per game by ``build()``, then shared, so the caller must not change the list."""
    found = s.game.action_lists.get(key)
    if found is None:
        found = s.game.action_lists[key] = build()
    return found


_FIXED_LABELS = {
    "clear": "take every coin back and start again",
    "roll": "roll the d10 for your column",
    "play_random": "play a random card from your hand (Earth (nn))",
    "play_top": "play the top card of the deck",
    "no_card": "play no card: no column activates",
    "draw": "draw (up to three cards; five with an Air token)",
    "surrender": "surrender",
}


def action_label(game: EW2Game, kind: str, args: tuple[int, ...]) -> str:
    """Return the words for an action, from its kind and arguments alone (labels are cached)."""
    lay = game.layout
    if kind in _FIXED_LABELS:
        return _FIXED_LABELS[kind]
    if kind in ("card", "play", "discard"):
        name = cards.name(args[0], game.num_decks)
        return name if kind == "card" else f"{kind} {name}"
    if kind in ("place", "pay"):
        coin, square = args[0], lay.square_name(args[1] * COLUMNS + args[2])
        if kind == "place":
            return f"put a {COIN_NAMES[coin]} on {square}"
        return f"remove a {COIN_NAMES[coin]} from {square}" + (" (making change)" if coin else "")
    if kind == "rebalance":
        coin, row, col, dest = args
        j = lay.destination(row, col, dest)
        src, dst = lay.square_name(row * COLUMNS + col), lay.square_name(j or 0)
        return f"move a {COIN_NAMES[coin]} from {src} to {dst}"
    if kind == "recompile":
        e, col, n, d = args
        square = lay.square_name(lay.element_row(e) * COLUMNS + col)
        coins = [f"{k} {name}{'s' * (k != 1)}" for k, name in ((d, "dime"), (n, "nickel")) if k]
        if not coins:
            return f"recompile {square} into pennies only"
        return f"recompile {square} into {' and '.join(coins)}, any rest in pennies"
    if kind == "forfeit":
        g, h, col = args
        where = f" on column {col + 1}" if h == 3 else ""
        return f"forfeit an {TOKEN_NAMES[g]} token to remove a {HARMS[h]} token{where}"
    if kind in ("power", "emulate"):
        e, i = (args[0], args[1]) if kind == "power" else (args[0], 1)
        return f"{'use ' * (kind == 'emulate')}{power_name(e, i)}: {POWER_TEXT[(e, i)]}"
    k = args[0]
    if kind == "add":
        return f"put a cent on {lay.square_name(k * COLUMNS + args[1])}"
    if kind == "preset":
        return f"use the {PRESET_NAMES[k]} layout"
    if kind == "adjust":
        return ("subtract one from your card's rank", "keep your card's rank", "add one to its rank")[k]
    if kind == "air_nd":
        return ("draw five cards", "take two random cards from your opponent")[k]
    text = {"d10": "roll {}", "declare": "activate column {}", "target": "attack player {}"}
    return text.get(kind, "put a Flood token on column {}").format(k + 1)


def decline(s: EW2State, label: str) -> Action:
    """Return the ``decline`` action with this label (one per label and game, then reused)."""
    found = s.game.declines.get(label)
    if found is None:
        found = s.game.declines[label] = s.game.action_space.make("decline", label=label)
    return found


# ----------------------------------------------------------------------------- shared choices
def forfeits(s: EW2State, p: int) -> list[Action]:
    """Return the token forfeits a player can make: an element token to remove a harmful one
    (source: Elemental Effects, Earth/Fire/Air/Water (dd); ruling R19 on when)."""
    tokens = s.tokens[p]
    acts: list[Action] = []
    if not (tokens[EARTH] or tokens[FIRE] or tokens[AIR] or tokens[WATER]):
        return acts  # no element token to forfeit
    for h, goods in enumerate(FORFEIT_WITH):
        if h < 3:
            cols = [0] if tokens[LANDSLIDE + h] else []
        else:
            cols = [c for c in range(COLUMNS) if s.floods[p][c]]
        for g in goods:
            if tokens[g] == 0:
                continue
            acts += [act(s, "forfeit", g, h, c) for c in cols]
    return acts


def apply_forfeit(s: EW2State, p: int, action: Action) -> None:
    g, h, c = action.args
    s.tokens[p][g] -= 1
    if h < 3:
        s.tokens[p][LANDSLIDE + h] -= 1
        if LANDSLIDE + h == WHIRLWIND and s.tokens[p][WHIRLWIND] == 0:
            s.expose_hand(p)
    else:
        s.floods[p][c] -= 1
    s.log(f"{PLAYER_NAMES[p]} forfeits an {TOKEN_NAMES[g]} token to remove a {HARMS[h]} token")


def rearrangements(s: EW2State, p: int) -> list[Action]:
    """Return every Recompile and Rebalance a player can make (source: Recovery): the Recompiles
    of each square in sheet order, then the Rebalances.

    Recompile exchanges the coins of one element square for another mix of equal value; Rebalance
    moves one coin to another square of its column (never between combat and element rows) or one
    column left or right in its row, cyclically.

    The moves of each square are kept on the sheet with the square they were found for
    (``Sheet.found``), so only squares changed since the last menu are looked up again in the
    game's table (a look-up that hashes the square).
    """
    sheet = s.sheets[p]
    found = sheet.found
    recompiles: list[Action] = []
    rebalances: list[Action] = []
    for i in sheet.filled:
        square = sheet[i]
        kept, recompile, rebalance = found[i]
        if kept is not square:
            recompile, rebalance = s.game.square_moves[i][square]
            found[i] = (square, recompile, rebalance)
        recompiles += recompile
        rebalances += rebalance
    recompiles += rebalances  # in place: no third list
    return recompiles


Moves = tuple[list[Action], list[Action]]
"""The Recompiles and the Rebalances of one square."""


class SquareMoves(dict[Square, Moves]):
    """The Recompiles and Rebalances of one square of the sheet, by the coins it holds: they
    depend on the square's place and coins alone, so each is made on first use, then reused.

    Args:
        game: the game whose actions they are.
        index: the square (``row * 10 + column``).
    """

    LIMIT: ClassVar[int] = 200
    """The most coin mixes kept per square (squares of many values: keep the table small)."""

    def __init__(self, game: EW2Game, index: int) -> None:
        super().__init__()
        self.game, self.index = game, index

    def __missing__(self, square: Square) -> Moves:
        if len(self) >= self.LIMIT:
            self.clear()
        found = self[square] = _square_moves(self.game, self.index, square)
        return found


def _square_moves(game: EW2Game, i: int, square: Square) -> Moves:
    """Return the Recompiles (element squares only) and the Rebalances of ``square`` at index ``i``."""
    lay, (row, col) = game.layout, divmod(i, COLUMNS)
    e = row - lay.combat_rows
    recompiles = (
        [make_action(game, "recompile", (e, col, n, d)) for n, d in exchanges(square)] if e >= 0 else []
    )
    rebalances = [
        make_action(game, "rebalance", (c, row, col, dest))
        for c in range(3)
        if square[c]
        for dest in lay.moves[i]
    ]
    return recompiles, rebalances


def apply_rearrangement(s: EW2State, p: int, action: Action) -> None:
    sheet, lay = s.sheets[p], s.layout
    if action.kind == "recompile":
        e, col, n, d = action.args
        i = lay.element_starts[e] + col
        sheet.exchange(i, (value(sheet[i]) - 5 * n - 10 * d, n, d))  # the same value
        if s.recording:
            s.tell(p, Changed("coins", lay.place(p, i), describe_square(sheet[i])))
    else:
        coin, row, col, dest = action.args
        i = row * COLUMNS + col
        j = lay.targets[i][dest] or 0  # legal: never None
        sheet.move_coin(i, j, coin)
        if s.recording:
            s.tell(p, Moved(COIN_NAMES[coin], 1, lay.place(p, i), lay.place(p, j)))
    if s.window is None:  # inside the sealed Recovery window log() drops it: skip making the text
        s.log(f"{PLAYER_NAMES[p]}: {action.label}")


def discards(s: EW2State, p: int, suit: int) -> list[Action]:
    """Return the discards of one suit a (p) power offers, and declining; asked even when the
    hand has no card of the suit, so that being asked tells the others nothing (ruling R22)."""
    if s.game.options.randomizer:
        return []
    acts = [act(s, "discard", c) for c in s.hands[p] if cards.suit(c) == suit]
    none = "discard nothing" if acts else f"discard nothing (no {cards.SUITS[suit][:-1].title()} in hand)"
    return [*acts, decline(s, none)]


def draw_actions(s: EW2State, p: int) -> list[Action]:
    """Return the Draw action, in a new list, when the hand holds under three cards and a card can
    be drawn; else an empty list (source: Recovery)."""
    if len(s.hands[p]) < 3 and s.can_draw(p):
        return [s.game.draw_action]
    return []


def surrender_actions(s: EW2State, p: int) -> list[Action]:
    return [s.game.surrender_action] if s.can_surrender(p) else []
