"""The state of a game of Elemental Warriors II.

The state holds every player's sheet, hand, tokens and per-turn effects, the deck(s) and discards,
and the pending steps on the core flow stack (``flow``, a :class:`~elementa.core.flow.Flow` of the
steps in :mod:`.steps`, :mod:`.powers`, :mod:`.window` and the phases of :mod:`.flow`).
:meth:`EW2State._advance` takes the steps that need nobody until a decision, a chance event or the
end is reached. Simultaneous choices happen in sealed *windows* (:mod:`.window`): each player in the
window works through their own stack of steps (``pending``) in any order; what they do stays sealed
from the others (their observations show the state as it was when the window opened) until every
player is done.

Node types: CHANCE for each card drawn or played blind and each d10 roll; SIMULTANEOUS in the setup,
Activate, Recovery and End-of-Turn windows (and when identical wild cards declare); a seat for the
decisions taken in resolution order (declarations, powers, damage, free actions).

source: elemental-warriors-ii.txt; rulings in docs/rulings/elemental-warriors-ii.md.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from elementa.core import SIMULTANEOUS, TERMINAL, Action, Event, Flow, Noted, State, win_shares
from elementa.games.elemental_warriors_ii import cards, view
from elementa.games.elemental_warriors_ii.effects import AIR, NUM_EFFECTS, TOKEN_NAMES, richest_other
from elementa.games.elemental_warriors_ii.flow import OPEN_SETUP
from elementa.games.elemental_warriors_ii.names import PLAYER_NAMES
from elementa.games.elemental_warriors_ii.sheet import COLUMNS, Sheet, sheet_value
from elementa.games.elemental_warriors_ii.steps import EW2Step
from elementa.games.elemental_warriors_ii.window import CLOSING, Window, seat_start, window_start

if TYPE_CHECKING:
    from elementa.games.elemental_warriors_ii.game import EW2Game
    from elementa.games.elemental_warriors_ii.views import EW2View

WIN_POINTS = 25
"""Points for winning; a surrender gives the opponent this less the surrenderer's change."""

LOG_CUT = 2 * view.EVENTS_SHOWN
"""The log's length at which its older events are cut (see :meth:`EW2State.log`)."""
_SLOTS = (
    "game", "seed", "_history", "nplayers", "layout", "ndecks", "sheets", "hands", "known",
    "decks", "discards", "tokens", "floods", "pool", "out", "surrendered", "live_seats", "points",
    "random_next", "adjust_next", "double_until", "fire_start", "played", "mode", "column",
    "target", "effects", "used", "draw_req", "surrender_req", "attacks", "turn", "phase",
    "revealed", "over", "deck_ran_out", "last_exit", "flow", "steps", "window", "pending",
    "window_actions", "window_base", "window_start", "events", "sealed", "_cache", "mover",
)  # fmt: skip
"""Every attribute of a state, as slots: CPython 3.11 gives up its compact instance dictionaries
at 30 attributes, which made every attribute read of this state slower."""


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class EW2State(State["EW2Game"]):  # quoted: the game module imports this module
    """One position of Elemental Warriors II (see the module docstring for the node types).

    Attributes (per-player lists are indexed by seat):
        sheets: each player's :class:`~.sheet.Sheet`, a list of ``(pennies, nickels, dimes)`` squares.
        hands: card ids in each hand, sorted.
        tokens: counts of Earth, Fire, Air, Water, Landslide, Whirlwind, Inferno tokens.
        floods: Flood tokens on each of a player's ten columns.
        pool: cents in each healing pool.
        played, column, target: this turn's card (or None), active column 0-9 (or None) and target.
        effects: per-turn counters of each player (indices in :mod:`.effects`).
        turn: the round number, 1 for the first turn (0 during setup).
        phase: ``"setup"``, ``"activate"``, ``"skirmish"``, ``"allocate"``, ``"recovery"`` or ``"end"``.
        points: each player's points so far (the returns at the end).
    """

    __slots__ = _SLOTS

    def __init__(self, game: EW2Game, seed: int | None, *, blank: bool = False) -> None:
        super().__init__(game, seed)
        if blank:  # clone() sets the rest (compiled classes cannot be made without __init__)
            return
        n, o = game.num_players, game.options
        self.nplayers = n
        self.layout = game.layout
        self.ndecks = game.num_decks
        self.sheets = [self.layout.new_sheet() for _ in range(n)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.known: list[list[frozenset[int]]] = [[frozenset()] * n for _ in range(n)]
        """known[viewer][holder]: cards of holder's hand that viewer has seen (ruling R22); the sets
        are frozen (replaced, never changed), so copies of the state and of a window share them."""
        self.decks = [[] if o.randomizer else list(range(k * 52, (k + 1) * 52)) for k in range(self.ndecks)]
        self.discards: list[list[int]] = [[] for _ in range(self.ndecks)]
        self.tokens = [[0] * len(TOKEN_NAMES) for _ in range(n)]
        self.floods = [[0] * COLUMNS for _ in range(n)]
        self.pool = [0] * n
        self.out = [False] * n
        self.surrendered = [False] * n
        self.live_seats: tuple[int, ...] = tuple(range(n))
        """The seats neither out nor surrendered, in seat order (kept by ``eliminate`` and ``surrender``)."""
        self.points = [0.0] * n
        self.random_next = [False] * n
        self.adjust_next = [False] * n
        self.double_until = [0] * n
        self.fire_start = [False] * n
        self.played: list[int | None] = [None] * n
        self.mode: list[str | None] = [None] * n
        self.column: list[int | None] = [None] * n
        self.target: list[int | None] = [None] * n
        self.effects = [[0] * NUM_EFFECTS for _ in range(n)]
        self.used: list[list[str]] = [[] for _ in range(n)]
        self.draw_req = [0] * n
        self.surrender_req = [False] * n
        self.attacks: list[tuple[int, int, bool]] = []
        self.revealed = False
        self.turn = 0
        self.phase = "setup"
        self.deck_ran_out = False
        self.over = False
        self.last_exit = ""
        self.flow = Flow([OPEN_SETUP])
        """The pending steps (the top last): what the game waits for, and what comes after it."""
        self.steps: list[EW2Step] = self.flow.steps  # type: ignore[assignment]  # the flow holds EW2Steps only
        """The flow's list, read and changed directly on the hot paths (as ``Flow`` would)."""
        self.window: Window | None = None
        """The open sealed window (also on top of the flow while a seat still acts), or ``None``."""
        self.pending: list[list[EW2Step]] = [[] for _ in range(n)]
        """Each seat's stack of steps in the open window (the next step last); all empty outside
        windows (a window closes when they are), so a new window's steps are queued on them."""
        self.window_actions: list[list[Action]] = [[] for _ in range(n)]
        self.window_base: EW2State | None = None
        """The state as the open window found it, once built (see :meth:`opened_window`)."""
        self.window_start: dict[str, Any] | None = None
        """What a window's actions can change, as the window found it: the shared parts kept at its
        first action (see :func:`~.window.window_start`), each seat's at that seat's first action (under
        ``"seats"``, see :func:`~.window.seat_start`); nothing for an action that closes the window (see
        :data:`~.window.CLOSING`), as nobody can look at the window after it."""
        self.events: list[str] = []
        """The latest public events, the last one last (see :meth:`log`)."""
        self.sealed: tuple[tuple[int, Event], ...] = ()
        """The typed events of the open window, with their seats, that only those seats have been
        told yet (see :meth:`tell`); a tuple, replaced and never changed, so copies share it."""
        self._cache: dict[int, list[Action]] = {}
        self.mover = TERMINAL
        """Who moves now (``current_player()``): set where :meth:`_advance` stops, the only place a
        node changes its type or its seat (a window action that leaves its seat a decision keeps
        the node simultaneous)."""
        self._advance()

    # ------------------------------------------------------------------------------ the node API
    def num_players(self) -> int:
        """Return the number of players (kept on the state: the turn asks for it often)."""
        return self.nplayers

    def current_player(self) -> int:
        return self.mover

    def players_to_move(self) -> list[int]:
        p = self.mover
        if p == SIMULTANEOUS:
            movers = []  # the seats with steps left (a plain loop: compress costs more here)
            for seat, mine in enumerate(self.pending):
                if mine:
                    movers.append(seat)
            return movers
        return [p] if p >= 0 else []

    def is_terminal(self) -> bool:
        """Return whether the game is over (the core's test, read from the kept mover without the
        call to :meth:`current_player`: a playout asks at every step)."""
        return self.mover == TERMINAL

    def _to_move(self, player: int) -> bool:
        return bool(self.pending[player])  # a seat with steps left in the window, as players_to_move

    def _legal_actions(self, player: int) -> list[Action]:
        found = self._cache.get(player)
        if found is None:  # the seat's step's (in a window the top of its stack, as Window.legal)
            step = self.pending[player][-1] if self.window is not None else self.steps[-1]
            found = self._cache[player] = step.legal(self, player)
        return list(found)

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return self.steps[-1].outcomes(self)

    def _sample_chance_outcome(self, rng: random.Random) -> Action:
        return self.steps[-1].sample(self, rng)

    def _apply(self, action: Action, player: int) -> None:
        """Pop the step on top of the flow and let it apply the action, then take the steps that
        need nobody (:meth:`_advance`).

        Inside a sealed window (:mod:`.window`) the action goes to the step on top of the seat's
        own stack, the window staying on top of the flow: first the window keeps what it found of
        the table and of the seat, unless this action closes it (see
        :data:`~.window.CLOSING`); then the seat's next steps with nothing to decide are dropped;
        with no step left on any seat's stack, the window closes. Written out here rather than as
        a method of the window: a window action is most actions, and the call costs."""
        self._cache.clear()  # the state's own table (a copy gets its own): emptied in place
        if self.window is None:
            self.steps.pop().apply(self, action, player)
            self._advance()
            return
        pending = self.pending
        mine = pending[player]
        step = mine[-1]
        keep = CLOSING.get(type(step))
        last = keep is not None and len(mine) == 1 and action.kind != "forfeit"  # the seat's last
        if not (  # what the window found is kept, unless this action closes it (see CLOSING)
            last and sum(map(bool, pending)) == 1  # the other seats are done
        ):
            start = self.window_start
            if start is None:
                start = self.window_start = window_start(self)
            seats = start["seats"]
            if player not in seats:  # all its actions can change, or its last one's
                seats[player] = keep(self, player) if keep is not None and last else seat_start(self, player)
        self.window_actions[player].append(action)
        mine.pop()
        step.apply(self, action, player)
        while mine:
            step = mine[-1]
            found = step.legal(self, player)
            if found:  # still this seat's turn in the window: who moves is unchanged
                self._cache[player] = found
                return
            mine.pop()
            step.skip(self)
        if any(pending):  # another seat still decides in it
            return
        self.steps.pop()  # the window, on top: it closes (as its settle would)
        self.close_window()
        self._advance()

    def returns(self) -> list[float]:
        """Return each player's points at the end (25 to the winner; 25 less the surrenderer's
        change to the opponent of a surrender), zeros before."""
        return list(self.points) if self.over else [0.0] * self.num_players()

    def evaluate(self) -> list[float]:
        """Estimate each player's points: those scored so far plus a share of the 25 for the win.

        The share comes from the change on the sheets of the players still in the game (a lead of 5
        cents is worth odds of e to 1, :func:`~elementa.core.win_shares`): the last player with
        change wins. Source: elemental-warriors-ii.txt, winning.
        """
        live = self.live_seats
        values = list(self.points)
        if live:
            shares = win_shares([float(self.sheets[p].cents) for p in live], 5.0, WIN_POINTS)
            for p, share in zip(live, shares, strict=True):
                values[p] += share
        top = self.game.utility_range()[1]
        return [min(v, top) for v in values]

    def observation(self, player: int | None) -> dict[str, Any]:
        """Return what ``player`` (or a spectator, ``None``) sees, JSON-ready: the JSON form of
        :meth:`view` (its fields are documented in :mod:`.views`)."""
        return view.observation_view(self, player).to_json()

    def view(self, player: int | None) -> EW2View:
        """Return what ``player`` (or a spectator, ``None``) sees, typed (see :mod:`.views`)."""
        return view.observation_view(self, player)

    def information_state_key(self, player: int) -> bytes:
        """Return the digest of what ``observation(player)`` shows, built without the view
        (:func:`~elementa.games.elemental_warriors_ii.view.information_key`)."""
        return view.information_key(self, player)

    def describe_action(self, action: Action, player: int, viewer: int | None) -> str:
        return view.describe_action(self, action, player, viewer)

    def position(self) -> dict[str, Any]:
        """Return this state as a position (:mod:`elementa.games.elemental_warriors_ii.position`)."""
        from elementa.games.elemental_warriors_ii.position import position

        return position(self)

    def resample_from_infostate(self, player: int, rng: random.Random) -> EW2State:
        return view.resample(self, player, rng)

    def __str__(self) -> str:
        return view.text(self)

    def clone(self) -> EW2State:
        """Return an independent copy (one level of list copying; tuples, the frozen sets of known
        cards and what a window kept of the seats that acted are shared, since nothing mutates
        them; the table of those seats is copied, as it grows when another seat acts). The lists of
        lists are copied by ``map`` (a comprehension is a function call of its own on 3.11)."""
        s = EW2State(self.game, self.seed, blank=True)
        s._history = self._history[:]
        s.nplayers = self.nplayers
        s.layout = self.layout
        s.ndecks = self.ndecks
        s.sheets = list(map(Sheet.copy, self.sheets))
        s.hands = list(map(list.copy, self.hands))
        s.known = list(map(list.copy, self.known))
        s.decks = list(map(list.copy, self.decks))
        s.discards = list(map(list.copy, self.discards))
        s.tokens = list(map(list.copy, self.tokens))
        s.floods = list(map(list.copy, self.floods))
        s.pool = self.pool[:]
        s.out = self.out[:]
        s.surrendered = self.surrendered[:]
        s.live_seats = self.live_seats
        s.points = self.points[:]
        s.random_next = self.random_next[:]
        s.adjust_next = self.adjust_next[:]
        s.double_until = self.double_until[:]
        s.fire_start = self.fire_start[:]
        s.played = self.played[:]
        s.mode = self.mode[:]
        s.column = self.column[:]
        s.target = self.target[:]
        s.effects = list(map(list.copy, self.effects))
        s.used = list(map(list.copy, self.used))
        s.draw_req = self.draw_req[:]
        s.surrender_req = self.surrender_req[:]
        s.attacks = self.attacks[:]
        s.turn = self.turn
        s.phase = self.phase
        s.revealed = self.revealed
        s.over = self.over
        s.deck_ran_out = self.deck_ran_out
        s.last_exit = self.last_exit
        s.flow = flow = self.flow.copy()
        s.steps = flow.steps  # type: ignore[assignment]  # EW2Steps, as the original's
        s.window = self.window
        s.pending = list(map(list.copy, self.pending))
        s.window_actions = list(map(list.copy, self.window_actions))
        s.window_base = self.window_base
        start = self.window_start
        s.window_start = None if start is None else {**start, "seats": dict(start["seats"])}
        s.events = self.events[:]
        s.sealed = self.sealed
        s._cache = self._cache.copy()
        s.mover = self.mover
        s.recording, s._events = self.recording, self._events
        if self._origin is not None:
            s._origin = self._origin
        return s

    # ----------------------------------------------------------------------------- the engine
    def _advance(self) -> None:
        """Take the steps that need nobody until a decision, a chance event or the end (each top
        step settles itself: :meth:`~.steps.EW2Step.settle`), and keep who moves."""
        steps = self.steps
        while not self.over:
            top = steps[-1]
            if top.automatic:  # as its settle would, without the call
                steps.pop()
                top.run(self)
                continue
            mover = top.settle(self)
            if mover is not None:
                self.mover = mover
                return
        self.mover = TERMINAL

    def queue(self, p: int, *new: EW2Step) -> None:
        """Queue steps to come next for seat ``p``, the first given first (it ends on top): on the
        seat's own stack inside a window, else on the flow."""
        steps = self.steps if self.window is None else self.pending[p]
        if len(new) == 1:  # the common case (a continuation), without the reversed copy
            steps.append(new[0])
        else:
            steps.extend(new[::-1])

    def step_for(self, p: int) -> EW2Step:
        """Return the step seat ``p`` decides now (inside a window the top of its own stack; only
        for a seat to move)."""
        return self.pending[p][-1] if self.window is not None else self.steps[-1]

    def open_window(self, window: Window, then: EW2Step | None = None) -> None:
        """Queue ``then`` on the flow (what comes after the window), then open a sealed window in
        which each player works through the steps queued on their own stack, ``pending[p]`` (the
        step to take first last; the stacks are empty outside windows, so the caller queues each
        seat's steps on them, then opens the window). No window opens when no player has a step.

        What the window's actions change is kept as it stands now at the first of them (the others
        are shown as the window found them: :meth:`opened_window`), unless that action closes the
        window (see :data:`~.window.CLOSING`).
        """
        if then is not None:
            self.steps.append(then)
        if not any(self.pending):
            return
        self.steps.append(window)
        self.window = window
        for acted in self.window_actions:  # the last window's: cleared in place
            acted.clear()
        # window_base and window_start are None already: the last window's were dropped as it closed

    def close_window(self) -> None:
        """Close the open window (no seat has a step left in it): what it kept is dropped and the
        events only their seats were told are told to everyone."""
        self.window = None
        self.window_base = self.window_start = None  # so a new window opens without them
        if self.sealed:
            self._reveal_sealed()

    def opened_window(self) -> EW2State:
        """Return the state as the open window found it (``self`` while nobody has acted in it):
        built once from ``window_start`` and what no window action changes, then kept for the
        rest of the window. It is only read (its lists are those of ``window_start``): observations
        show the others from it, and determinizations start from copies of it."""
        if self.window is None or self.window_start is None:
            return self
        if self.window_base is None:
            start = self.window_start
            base = self.clone()
            base._history = base._history[: start["history_length"]]
            base.discards = [pile[:k] for pile, k in zip(self.discards, start["discard_sizes"], strict=True)]
            base.live_seats, base.last_exit = start["live_seats"], start["last_exit"]
            for p, seat in start["seats"].items():
                for name, kept in seat.items():
                    if name == "known":
                        for row, cards_known in zip(base.known, kept, strict=True):
                            row[p] = cards_known
                    elif name == "sheets":
                        base.sheets[p] = Sheet(kept)
                    else:
                        getattr(base, name)[p] = kept
            base.window_actions = [[] for _ in range(self.num_players())]
            base._cache = {}
            base.window_start = None
            base.sealed = ()
            self.window_base = base
        return self.window_base

    # ------------------------------------------------------------------------------- helpers
    def log(self, text: str) -> None:
        """Add a public event to the log (nothing is logged inside a sealed window); the log keeps
        the latest events an observation shows (``view.EVENTS_SHOWN``) and fewer than as many
        older ones; the typed log (``events_for``) keeps them all, as ``Noted`` events."""
        if self.window is None:
            events = self.events
            events.append(text)
            if len(events) >= LOG_CUT:  # cut once in a while, not at every event
                del events[: -view.EVENTS_SHOWN]
            if self.recording:
                self.emit(Noted(text))

    def tell(self, p: int, event: Event) -> None:
        """Record a typed event of player ``p``'s sheet (coins moved, exchanged, lost): for
        everyone outside a window; inside a sealed window for ``p`` alone (the others see nothing
        of it), kept to be told to the others and to spectators when the window closes, as their
        observations then show what it did (source: elemental-warriors-ii.txt, "Turns are
        simultaneous"; the sealed windows of rules.md). Callers build
        the event only when the state is :attr:`recording`."""
        if self.window is None:
            self.emit(event)
        else:
            self.emit(event, (p,))
            self.sealed += ((p, event),)

    def _reveal_sealed(self) -> None:
        """The window closed: tell every other viewer (spectators too) the events that only their
        seats were told inside it (see :meth:`tell`), in their order."""
        everyone = [*range(self.nplayers), None]
        for p, event in self.sealed:
            self.emit(event, [v for v in everyone if v != p])
        self.sealed = ()

    def live(self) -> tuple[int, ...]:
        """Return the seats still in the game, in seat order."""
        return self.live_seats

    def change(self, p: int) -> int:
        """Return the cents on a player's sheet."""
        return sheet_value(self.sheets[p])

    def reshuffles(self) -> bool:
        """Return whether an empty deck is refilled from the discards (not in Panic or Endgame)."""
        o = self.game.options
        return not (o.independent_panic or o.endgame)

    def can_draw(self, p: int) -> bool:
        """Return whether a card can be drawn for a player now (a deck, or discards to shuffle)."""
        k = self.game.seat_decks[p]
        return bool(self.decks[k]) or (self.reshuffles() and bool(self.discards[k]))

    def recovery_draws(self, p: int) -> int:
        """Return how many cards the Draw action gives: up to three, five with an Air token."""
        return 5 if self.tokens[p][AIR] else 3 - len(self.hands[p])

    def can_surrender(self, p: int) -> bool:
        """Return whether a player may surrender: the fifth round or later, with less change than
        their opponent (source: Recovery; ruling R12)."""
        return self.turn >= 5 and self.sheets[p].cents < richest_other(self, p)

    def resolution_order(self) -> list[int]:
        """Return the live players in resolution order: by the rank of the card played (a d10 roll
        counts as its number), then diamonds, spades, hearts, clubs, then seat (ruling R27)."""
        live = self.live_seats
        if len(live) == 2:  # a duel: one comparison instead of a sort (the earlier seat on a tie)
            a, b = live
            return [a, b] if self.order_key(a) <= self.order_key(b) else [b, a]
        return sorted(live, key=self.order_key)  # a stable sort: seat order on a tie

    def order_key(self, p: int) -> tuple[int, int, int]:
        """Return a live player's sort key in the resolution order (see :meth:`resolution_order`):
        the played card's, a d10 roll's number as a rank above every suit, else the lowest."""
        c = self.played[p]
        if c is not None:
            return cards.ORDER_KEYS[c]
        col = self.column[p]
        if col is not None and self.mode[p] == "roll":
            return (col + 1, 4, 0)
        return (0, 0, 0)

    def take_from_hand(self, p: int, card: int) -> None:
        """Remove a card from a hand (what others knew of it is forgotten)."""
        self.hands[p].remove(card)
        for row in self.known:
            if card in row[p]:
                row[p] = row[p] - {card}

    def give_to_hand(self, p: int, card: int) -> None:
        """Add a card to a hand, keeping it sorted."""
        self.hands[p].append(card)
        self.hands[p].sort()

    def discard(self, card: int) -> None:
        """Put a card on its deck's discard pile."""
        self.discards[cards.deck_of(card)].append(card)

    def discard_from_hand(self, p: int, card: int) -> None:
        """Discard a card from a hand, face up (everyone sees it go; ruling R21)."""
        self.take_from_hand(p, card)
        self.discard(card)
        self.log(f"{PLAYER_NAMES[p]} discards {cards.name(card, self.ndecks)}")

    def expose_hand(self, p: int) -> None:
        """Everyone saw a player's hand (their Whirlwind token just went): they remember it."""
        for q, row in enumerate(self.known):
            if q != p:
                row[p] = frozenset(self.hands[p])

    def eliminate(self, p: int) -> None:
        """A player is out of the game."""
        self.out[p] = True
        self.live_seats = tuple(q for q in self.live_seats if q != p)
        self.last_exit = "elimination"
        self.log(f"{PLAYER_NAMES[p]} is out of the game")

    def surrender(self, p: int) -> None:
        """A player surrenders: the opponent (the richest other player) scores 25 less the
        surrenderer's change, never below 0; ties share (source: Recovery; ruling R12)."""
        change = self.sheets[p].cents
        best = richest_other(self, p)
        winners = [q for q in self.live_seats if q != p and self.sheets[q].cents == best]
        for q in winners:
            self.points[q] += max(0, WIN_POINTS - change) / len(winners)
        self.surrendered[p] = True
        self.live_seats = tuple(q for q in self.live_seats if q != p)
        self.last_exit = "surrender"
        self.log(f"{PLAYER_NAMES[p]} surrenders with {change} cents")

    def end_phase(self) -> None:
        """The check at the end of every phase: players without change are out; the last player
        with change wins 25 points (source: winning; rulings R5, R13)."""
        for p in self.live_seats:
            if self.sheets[p].cents == 0:
                self.eliminate(p)
        live = self.live_seats
        if len(live) <= 1:
            self.over = True
            if live and self.last_exit == "elimination":
                self.points[live[0]] += WIN_POINTS
            self.log(f"{PLAYER_NAMES[live[0]]} wins" if live else "nobody has change left: a draw")
        elif self.deck_ran_out and self.game.options.endgame:
            self.end_by_value("the deck ran out (Endgame)")

    def end_by_value(self, reason: str) -> None:
        """End the game now: the live player with the most change wins 25; a tie scores nothing."""
        live = self.live_seats
        best = max(self.sheets[p].cents for p in live)
        winners = [p for p in live if self.sheets[p].cents == best]
        if len(winners) == 1:
            self.points[winners[0]] += WIN_POINTS
        self.over = True
        self.log(f"{reason}: " + (f"{PLAYER_NAMES[winners[0]]} wins" if len(winners) == 1 else "a tie"))
