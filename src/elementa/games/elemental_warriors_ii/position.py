"""Elemental Warriors II positions: a state set up from JSON, and written back (see
:mod:`elementa.core.positions`).

A position is the whole truth, every hand and the order of every deck included (never take one from
a player). Cards are named as the game names them (``"10♦"``; with a deck per player, ``"10♦/2"``
is player 2's), seats and columns count from 0, squares by name (``"Water 5"``)::

    {
      "turn": 3,                     # the round (0 in the setup)
      "phase": "activate",           # setup, activate, skirmish, allocate, recovery or end
      "players": [                   # one per seat
        {"sheet": {"Attack 3": [2, 0, 0], "Water 5": [0, 0, 1]},  # pennies, nickels, dimes
         "hand": ["3♣", "K♠"],       # (no order)
         "seen_by": [[], ["K♠"]],    # per seat, the cards of this hand it has seen (its own: none)
         "tokens": {"Fire": 1},      # Earth, Fire, Air, Water, Landslide, Whirlwind, Inferno
         "floods": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],  # Flood tokens per column
         "pool": 0,                  # cents in the healing pool
         "points": 0,                # points scored (the returns once the game is over)
         "out": false, "surrendered": false,
         "played": null, "mode": null,  # this turn's card and how it was played (face down...)
         "column": null, "target": null,  # this turn's active column (0-9) and target seat
         "effects": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],  # this turn's counters (effects.py)
         "powers": [],               # the powers used this turn, in words
         "random_next": false, "adjust_next": false,  # next card played at random / +-1
         "double_until": 0,          # the turn to which its defense is doubled (Earth (dd))
         "fire_start": false,        # a Fire token's cent at the start of the turn
         "draw_req": 0, "surrender_req": false,  # Recovery's draws and surrender asked for
         "pending": [{"step": "play", "seat": 0}]},  # its steps in the open window, the next first
        {...}],
      "decks": [null],               # each deck, top first (null: the cards placed nowhere else,
                                     # in card order: clubs, hearts, spades, diamonds, Ace first)
      "discards": [["5♠"]],          # each discard pile, oldest first
      "attacks": [],                 # this turn's attacks: {"attacker", "victim", "hit"}
      "revealed": false,             # the cards played this turn are face up
      "window": "activate",          # the sealed window open (null: none): setup, activate,
                                     # declare, recovery or end
      "flow": [{"step": "window", "name": "activate"}, {"step": "pick_blind_plays"}, ...],
      "over": false, "deck_ran_out": false,
      "last_exit": "",               # how the last player left: "elimination", "surrender" or ""
      "log": ["turn 3"]              # the latest public events
    }

Every field of a player but ``sheet`` and ``hand`` may be left out (the defaults above), as may
``attacks``, ``revealed``, ``window``, ``over``, ``deck_ran_out``, ``last_exit`` and ``log``, and
``discards`` (empty); a deck may be ``null``.

``flow`` is the game's stack of pending steps, the next first, each with the fields of its step
(:mod:`.steps`, :mod:`.powers`, the phases of :mod:`.flow`, ``window``); a seat's ``pending`` are
its own steps in the open window. A position may start a sealed window before anyone has acted in
it, never after: what a seat has done there stays sealed from the others until the window closes,
which no position shows (:func:`position` refuses it, field ``flow``). The setup's window is refused
the same way once a seat has acted, like any other.

Every card is somewhere, once: in a deck, a discard pile, a hand or played this turn (without the
``randomizer`` option, whose cards are drawn at random and not kept). The position's history starts
empty: its saves and replays start from it.

Source: elemental-warriors-ii.txt (the sheet, Activate, Skirmish, Allocate, Recovery, End of Turn,
winning); rulings in docs/rulings/elemental-warriors-ii.md.
"""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt

from elementa.core import TERMINAL, PositionError, Step
from elementa.core.flow import Flow
from elementa.core.positions import card_id, steps_from_json, steps_must_fit, steps_to_json, validate
from elementa.games.elemental_warriors_ii import cards, flow, powers, steps, window
from elementa.games.elemental_warriors_ii.effects import NUM_EFFECTS, TOKEN_NAMES
from elementa.games.elemental_warriors_ii.sheet import COLUMNS, Sheet
from elementa.games.elemental_warriors_ii.state import LOG_CUT, EW2State
from elementa.games.elemental_warriors_ii.window import WindowName

if TYPE_CHECKING:
    from elementa.games.elemental_warriors_ii.game import EW2Game

STEP_KINDS: tuple[type[steps.EW2Step], ...] = tuple(
    c
    for m in (steps, powers, flow, window)
    for c in vars(m).values()
    if inspect.isclass(c) and issubclass(c, steps.EW2Step) and c.__module__ == m.__name__
    and hasattr(c, "__dataclass_fields__") and c not in (steps.Decision, steps.Chance)
)  # fmt: skip
"""The steps a position's flow may name: every step of the game (not the bases that hold ``seat``)."""
STEP_WORDS = {"cause": steps.Cause, "name": window.WindowName}
"""The step fields that hold one of a few words (see ``steps_from_json``)."""
SEAT_FIELDS = frozenset({"seat", "seats", "victim", "attacker"})
"""The step fields that name seats."""
Phase = Literal["setup", "activate", "skirmish", "allocate", "recovery", "end"]
Coins = tuple[StrictInt, StrictInt, StrictInt]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class PlayerSpec(_Model):
    """One seat (the module docstring shows one)."""

    sheet: dict[str, list[StrictInt]]
    hand: list[str]
    seen_by: list[list[str]] | None = None
    tokens: dict[
        Literal["Earth", "Fire", "Air", "Water", "Landslide", "Whirlwind", "Inferno"], StrictInt
    ] = {}
    floods: list[StrictInt] = Field([0] * COLUMNS, min_length=COLUMNS, max_length=COLUMNS)
    pool: StrictInt = Field(0, ge=0)
    points: StrictFloat | StrictInt = 0
    out: StrictBool = False
    surrendered: StrictBool = False
    played: str | None = None
    mode: str | None = None
    column: StrictInt | None = Field(None, ge=0, le=COLUMNS - 1)
    target: StrictInt | None = Field(None, ge=0)
    effects: list[StrictInt] = Field([0] * NUM_EFFECTS, min_length=NUM_EFFECTS, max_length=NUM_EFFECTS)
    powers: list[str] = []
    random_next: StrictBool = False
    adjust_next: StrictBool = False
    double_until: StrictInt = Field(0, ge=0)
    fire_start: StrictBool = False
    draw_req: StrictInt = Field(0, ge=0)
    surrender_req: StrictBool = False
    pending: list[Any] = []


class AttackSpec(_Model):
    """An attack made this turn: the attacker, the victim and whether it hit."""

    attacker: StrictInt = Field(ge=0)
    victim: StrictInt = Field(ge=0)
    hit: StrictBool


class EW2Position(_Model):
    """The schema of an Elemental Warriors II position (the module docstring shows one)."""

    turn: StrictInt = Field(ge=0)
    phase: Phase
    players: list[PlayerSpec]
    decks: list[list[str] | None]
    discards: list[list[str]] | None = None
    attacks: list[AttackSpec] = []
    revealed: StrictBool = False
    window: WindowName | None = None
    flow: list[Any]
    over: StrictBool = False
    deck_ran_out: StrictBool = False
    last_exit: Literal["", "elimination", "surrender"] = ""
    log: list[str] = Field([], max_length=LOG_CUT - 1)


def _names(game: EW2Game) -> dict[str, int]:
    """The game's card names to ids."""
    return {cards.name(c, game.num_decks): c for c in range(game.num_decks * cards.CARDS_PER_DECK)}


def _seat_fields(n: int, field: str, stack: Sequence[Step]) -> None:
    """Refuse a step naming a seat beyond the table (``stack`` top last, as read)."""
    for i, step in enumerate(reversed(stack)):
        for name in getattr(step, "__dataclass_fields__", {}):
            if name not in SEAT_FIELDS:
                continue
            value = getattr(step, name)
            for v in value if isinstance(value, tuple) else (value,):
                if not 0 <= v < n:
                    raise PositionError(f"{field}[{i}].{name}", f"should be a seat from 0 to {n - 1}")


def new_position(game: EW2Game, data: Mapping[str, Any], seed: int | None) -> EW2State:
    """Return the Elemental Warriors II state of a position (see the module docstring for its JSON).

    Args:
        game: the game (its options: players, the sheet's reading, the variants).
        data: the position's JSON object.
        seed: the seed the run loop resolves the chance nodes from here with.

    Returns:
        the state, at the decision, window or chance node the position's flow names.

    Raises:
        PositionError: a field of the wrong shape, or one that breaks a rule: an unknown card or
            square (the closest name suggested), a card twice or nowhere, a negative coin, a sheet
            of a player in the game without change, a target or step naming a seat beyond the
            table, a window without steps or steps without their window, a game over with steps
            pending (each check names its source).
    """
    pos = validate(EW2Position, data)
    n = game.num_players
    if len(pos.players) != n:
        raise PositionError("players", f"should list the {n} players")
    if len(pos.decks) != game.num_decks:
        raise PositionError("decks", f"should list the {game.num_decks} deck{'s' * (game.num_decks > 1)}")
    discards = pos.discards if pos.discards is not None else [[] for _ in pos.decks]
    if len(discards) != game.num_decks:
        raise PositionError(
            "discards", f"should list the {game.num_decks} discard pile{'s' * (game.num_decks > 1)}"
        )
    s = EW2State(game, seed)  # a new game, every attribute of which the position replaces
    ids = _names(game)
    placed: Counter[int] = Counter()

    def card(field: str, name: str) -> int:
        c = card_id(field, name, ids)
        placed[c] += 1
        if placed[c] > 1 and not game.options.randomizer:
            raise PositionError(field, f"{name} is somewhere else already: each card is in one place")
        return c

    s.discards = [[card(f"discards[{k}][{i}]", x) for i, x in enumerate(d)] for k, d in enumerate(discards)]
    squares = {name: i for i, name in enumerate(s.layout.square_names)}
    s.sheets, s.hands, s.known = [], [], [[frozenset()] * n for _ in range(n)]
    for p, x in enumerate(pos.players):
        at = f"players[{p}]"
        sheet = s.layout.new_sheet()
        for name, coins in x.sheet.items():
            i = card_id(f"{at}.sheet.{name}", name, squares, "square")
            if len(coins) != 3 or min(coins) < 0:
                raise PositionError(f"{at}.sheet.{name}", "should be [pennies, nickels, dimes], none below 0")
            sheet[i] = (coins[0], coins[1], coins[2])
        s.sheets.append(Sheet(list(sheet)))
        s.hands.append(sorted(card(f"{at}.hand[{i}]", c) for i, c in enumerate(x.hand)))
        if x.played is not None:
            card(f"{at}.played", x.played)
        seen = x.seen_by if x.seen_by is not None else [[] for _ in range(n)]
        if len(seen) != n:
            raise PositionError(f"{at}.seen_by", f"should list what each of the {n} seats has seen")
        for q, names in enumerate(seen):
            known = frozenset(card_id(f"{at}.seen_by[{q}][{i}]", c, ids) for i, c in enumerate(names))
            if not known <= set(s.hands[p]):
                raise PositionError(f"{at}.seen_by[{q}]", "names a card that is not in the hand")
            if q == p and known:
                raise PositionError(f"{at}.seen_by[{q}]", "a seat sees its own hand: leave it empty")
            s.known[q][p] = known
    s.decks = []
    for k, d in enumerate(pos.decks):
        if d is not None:
            s.decks.append([card(f"decks[{k}][{i}]", x) for i, x in enumerate(d)])
        elif game.options.randomizer:
            raise PositionError(f"decks[{k}]", "the randomizer's deck holds no cards: []")
        else:  # the rest of the deck's cards, in card order
            rest = [
                c for c in range(k * cards.CARDS_PER_DECK, (k + 1) * cards.CARDS_PER_DECK) if not placed[c]
            ]
            placed.update(rest)
            s.decks.append(rest)
    if not game.options.randomizer:
        for c in range(game.num_decks * cards.CARDS_PER_DECK):
            if not placed[c]:
                name = cards.name(c, game.num_decks)
                raise PositionError(
                    "decks", f"{name} is nowhere: every card is in a deck, a pile, a hand or played"
                )
    _players(s, pos)
    _read_flow(s, pos)
    return s


def _players(s: EW2State, pos: EW2Position) -> None:
    """Each seat's tokens, effects and choices; the seats still in the game (winning: a player
    without change is out; ruling R5)."""
    n = s.nplayers
    xs = pos.players
    s.tokens = [[x.tokens.get(t, 0) for t in TOKEN_NAMES] for x in xs]  # type: ignore[call-overload]
    for p, x in enumerate(xs):
        for t, k in x.tokens.items():
            if k < 0:
                raise PositionError(f"players[{p}].tokens.{t}", "should be at least 0")
        if any(k < 0 for k in x.floods):
            raise PositionError(f"players[{p}].floods", "should be at least 0 on each column")
        if x.target is not None and not x.target < n:
            raise PositionError(f"players[{p}].target", f"should be a seat from 0 to {n - 1}")
        if x.played is not None and x.mode is None:
            raise PositionError(f"players[{p}].mode", "says how this turn's card was played")
        if not (x.out or x.surrendered or pos.over) and s.sheets[p].cents == 0 and pos.phase != "setup":
            raise PositionError(f"players[{p}].sheet", "a player without change is out of the game")
    s.floods = [list(x.floods) for x in xs]
    s.pool = [x.pool for x in xs]
    s.points = [float(x.points) for x in xs]
    s.out = [x.out for x in xs]
    s.surrendered = [x.surrendered for x in xs]
    s.live_seats = tuple(p for p in range(n) if not (xs[p].out or xs[p].surrendered))
    s.played = [None if x.played is None else _names(s.game)[x.played] for x in xs]
    s.mode = [x.mode for x in xs]
    s.column = [x.column for x in xs]
    s.target = [x.target for x in xs]
    s.effects = [list(x.effects) for x in xs]
    s.used = [list(x.powers) for x in xs]
    s.random_next = [x.random_next for x in xs]
    s.adjust_next = [x.adjust_next for x in xs]
    s.double_until = [x.double_until for x in xs]
    s.fire_start = [x.fire_start for x in xs]
    s.draw_req = [x.draw_req for x in xs]
    s.surrender_req = [x.surrender_req for x in xs]
    for i, a in enumerate(pos.attacks):
        for name in ("attacker", "victim"):
            if not getattr(a, name) < n:
                raise PositionError(f"attacks[{i}].{name}", f"should be a seat from 0 to {n - 1}")
    s.attacks = [(a.attacker, a.victim, a.hit) for a in pos.attacks]
    s.turn, s.phase, s.revealed = pos.turn, pos.phase, pos.revealed
    s.over, s.deck_ran_out, s.last_exit = pos.over, pos.deck_ran_out, pos.last_exit
    s.events = list(pos.log)


def _read_flow(s: EW2State, pos: EW2Position) -> None:
    """The pending steps, and each seat's in the open window: a window has steps for some seat and
    is on top of the flow; a game over has none (rules.md, the sealed windows)."""
    n = s.nplayers
    found = steps_from_json(pos.flow, STEP_KINDS, "flow", words=STEP_WORDS)
    _seat_fields(n, "flow", found)
    s.pending = []
    for p, x in enumerate(pos.players):
        mine = steps_from_json(x.pending, STEP_KINDS, f"players[{p}].pending", words=STEP_WORDS)
        _seat_fields(n, f"players[{p}].pending", mine)
        s.pending.append(mine)
    stack: list[Step] = list(found)
    s.flow = Flow(stack)
    s.steps = s.flow.steps  # type: ignore[assignment]  # the flow holds EW2Steps only
    s.window = None
    s.window_actions = [[] for _ in range(n)]
    s.window_base = s.window_start = None
    s.sealed = ()
    s._cache = {}
    if pos.over:
        if found or any(s.pending):
            raise PositionError("flow", "the game is over: nothing is pending")
        s.mover = TERMINAL
        return
    if pos.window is not None:
        top = found[-1] if found else None
        if not isinstance(top, window.Window) or top.name != pos.window:
            raise PositionError(
                "flow[0]", f"the open window is on top: {{'step': 'window', 'name': '{pos.window}'}}"
            )
        if not any(s.pending):
            raise PositionError("players", "an open window has steps for some seat (pending)")
        s.window = top
    elif any(s.pending):
        p = next(q for q in range(n) if s.pending[q])
        raise PositionError(f"players[{p}].pending", "a seat has steps of its own only in an open window")
    if not found:
        raise PositionError("flow", "a game under way has steps pending")
    with steps_must_fit():
        s._advance()
        for p in s.players_to_move():
            if not s.legal_actions(p):
                raise PositionError("flow", f"player {p + 1} has nothing to choose")
        if s.is_chance_node() and not s.chance_outcomes():
            raise PositionError("flow[0]", "a chance step with nothing to pick from")


def position(s: EW2State) -> dict[str, Any]:
    """Return the JSON position of an Elemental Warriors II state (the inverse of :func:`new_position`).

    Raises:
        PositionError: a seat has acted in the open sealed window (field ``flow``).
    """
    if s.window is not None and (s.window_start is not None or any(s.window_actions) or s.sealed):
        raise PositionError(
            "flow", "a seat has acted in the open sealed window: positions start a window before anyone acts"
        )
    k = s.ndecks

    def nm(ids: list[int]) -> list[str]:
        return [cards.name(c, k) for c in ids]

    names = s.layout.square_names
    players = []
    for p in range(s.nplayers):
        played = s.played[p]
        players.append(
            {
                "sheet": {names[i]: list(s.sheets[p][i]) for i in s.sheets[p].filled},
                "hand": nm(s.hands[p]),
                "seen_by": [nm(sorted(s.known[q][p])) for q in range(s.nplayers)],
                "tokens": {t: v for t, v in zip(TOKEN_NAMES, s.tokens[p], strict=True) if v},
                "floods": list(s.floods[p]),
                "pool": s.pool[p],
                "points": s.points[p],
                "out": s.out[p],
                "surrendered": s.surrendered[p],
                "played": None if played is None else cards.name(played, k),
                "mode": s.mode[p],
                "column": s.column[p],
                "target": s.target[p],
                "effects": list(s.effects[p]),
                "powers": list(s.used[p]),
                "random_next": s.random_next[p],
                "adjust_next": s.adjust_next[p],
                "double_until": s.double_until[p],
                "fire_start": s.fire_start[p],
                "draw_req": s.draw_req[p],
                "surrender_req": s.surrender_req[p],
                "pending": steps_to_json(s.pending[p]),
            }
        )
    return {
        "turn": s.turn,
        "phase": s.phase,
        "players": players,
        "decks": [nm(d) for d in s.decks],
        "discards": [nm(d) for d in s.discards],
        "attacks": [{"attacker": a, "victim": v, "hit": h} for a, v, h in s.attacks],
        "revealed": s.revealed,
        "window": None if s.window is None else s.window.name,
        "flow": steps_to_json(s.steps),
        "over": s.over,
        "deck_ran_out": s.deck_ran_out,
        "last_exit": s.last_exit,
        "log": list(s.events),
    }
