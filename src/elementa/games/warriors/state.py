"""The Warriors state: the cards' zones, the battle, and the flow of pending steps that drives play.

The game advances through a core :class:`~elementa.core.flow.Flow` of the typed steps in
:mod:`.steps` (``Draw(seat, 3)``, ``Act(seat)``...). Automatic steps run at once
(:meth:`WarriorsState.advance`); the step left on top is a decision (a seat to move), a chance node
(a draw, a hit roll, a breakage die, a random pick) or the simultaneous assembly of fighters. Decks
are unordered multisets: every draw is one chance node, so a shuffle is a run of single draws
(source: warriors.txt, 3.2, 6.0).

The rule helpers below (``heal``, ``lose``, ``queue_attack``, ``queue_draw``, ``dies``...) are what
effects and actions use to change the state.
"""

from __future__ import annotations

import random
from collections import deque
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from elementa.core import (
    AUTOMATIC,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    CardMoved,
    Damaged,
    Flow,
    Noted,
    Place,
    Scored,
    State,
    win_shares,
)
from elementa.games.warriors import view
from elementa.games.warriors.cards import Card
from elementa.games.warriors.rules import (
    MAX_BEASTS,
    Fighter,
    attack_sources,
    attack_value,
    can_attack,
    damage_mods,
    damage_range,
    protection,
)
from elementa.games.warriors.steps import Attack, BattleEnd, Offer, Setup, WarriorsStep, Why, draw

if TYPE_CHECKING:
    from elementa.games.warriors.game import WarriorsGame
    from elementa.games.warriors.views import WarriorsView

Event = str | tuple[Any, ...]
"""A public event (:attr:`WarriorsState.events`): its text, or a template and the numbers and names
that fill it in, ``("player {} does nothing", 2)``, written out only when an observation shows it
(:meth:`WarriorsState.event_texts`). The events logged at most steps (equipping in combat, hits) are
kept so without a call, most of them dropping out of the queue unread."""
EVENTS_KEPT = 16
ACTIVE_STATUSES = frozenset({"fighting", "reenter", "entering"})
"""The statuses of a seat whose fighter still takes turns in the battle (see :meth:`WarriorsState.active`)."""
BATTLE_SHARPNESS = 2.0
"""How sharply a lead in strength (attack times durability) decides a battle in the evaluation: a
side with twice the other's strength is given ``2**k / (2**k + 1)`` of the battle (0.8 at 2)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class WarriorsState(State["WarriorsGame"]):  # quoted: the game module imports this module
    """A position of Warriors.

    Attributes (all public information unless noted):
        hands: each seat's hand, card ids (hidden from the others).
        known: per seat, cards everyone saw go into that hand (retreats, removals...), by count.
        decks: per deck group, the draw pile as card id -> copies (order unknown to everyone), kept
            in card id order, the order of its draw outcomes (see :meth:`shuffle_in`).
        discards: per deck group, the discard pile, last = top.
        controlled: per seat, controlled locations as ``(card id, owner seat)``.
        tokens: Deathmatch lethal-blow tokens per seat.
        in_game: per seat, whether the player is in the game (Revolving Door).
        waiting: Beasts waiting for the next battle, ``(card id, seat that drew it)``.
        battle: the number of the current battle (1 = first).
        location: the current location's card id, or ``None``.
        chooser: the seat that chooses the next location, or ``None``.
        fighters: per combatant id (seats, then Beast places) the fighter in the battle, or ``None``.
        status: per seat, the part in the current battle: ``idle``, ``assembling``, ``ready``
            (assembled, not yet revealed), ``fighting``, ``entering``/``reenter`` (Deathmatch),
            ``forfeit``, ``retreated``, ``dead``.
        acted: per seat, whether it has made its step of the current round of the secret assembly (each
            round, every player still assembling makes one step, all at once).
        order: the turn order of the battle (combatant ids, clockwise, Beasts after their drawer).
        turns: fighter and Beast turns played in the game (for the ``max_turns`` cap).
        result: the returns once the game is over, else ``None``.
        flow: the pending steps (a core ``Flow`` of :mod:`.steps`; the top is what the game waits for).
        steps: the flow's list of steps, top last (the same list: read it, push through the flow).
    """

    # Slots, not an instance dict: CPython 3.11 gives a dict of 30 or more keys no shared-key layout,
    # and every attribute access of the state then costs more (5% more instructions a playout step).
    __slots__ = (
        "_history",
        "_legal",
        "_legal_seat",
        "_roster",
        "_targets",
        "acted",
        "battle",
        "chooser",
        "controlled",
        "decks",
        "discards",
        "equipping",
        "events",
        "fighters",
        "flow",
        "game",
        "hands",
        "in_game",
        "known",
        "location",
        "location_from",
        "mover",
        "mulligans",
        "n",
        "order",
        "removed",
        "result",
        "seed",
        "status",
        "steps",
        "tokens",
        "turn_pos",
        "turns",
        "waiting",
    )

    def __init__(self, game: WarriorsGame, seed: int | None, *, blank: bool = False) -> None:
        super().__init__(game, seed)
        self._legal_seat: int | None = None
        """The seat whose legal actions at this position :attr:`_legal` lists (``None``: none yet;
        every ``_apply`` resets it)."""
        self._legal: list[Action] = []
        self._roster: tuple[Any, ...] | None = None
        """What :meth:`attackable` keeps its answers for: the fighter at each combatant id, then each
        seat's status (``None``: nothing kept)."""
        self._targets: dict[int, list[int]] = {}
        """:meth:`attackable` by combatant id, for :attr:`_roster`."""
        if blank:
            return
        n = game.num_players
        self.n = n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.known: list[dict[int, int]] = [{} for _ in range(n)]
        self.decks: list[dict[int, int]] = [dict(d) for d in game.start_decks]
        self.discards: list[list[int]] = [[] for _ in game.start_decks]
        self.controlled: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.tokens = [0] * n
        self.in_game = [True] * n
        self.mulligans = [0] * n
        self.waiting: list[tuple[int, int]] = []
        self.battle = 0
        self.location: int | None = None
        self.location_from: tuple[str, int, int] | None = None
        self.chooser: int | None = None
        self.fighters: list[Fighter | None] = [None] * (n + MAX_BEASTS)
        self.status = ["idle"] * n
        self.order: list[int] = []
        self.turn_pos = 0
        self.removed: list[list[int]] = [[] for _ in range(n)]
        self.acted = [False] * n
        self.equipping = False
        self.turns = 0
        self.result: list[float] | None = None
        self.events: deque[Event] = deque(maxlen=EVENTS_KEPT)
        """The latest public events, oldest first (a full queue drops its oldest as one is logged);
        :meth:`event_texts` reads them in words."""
        self.flow = Flow([Setup()])
        self.steps: list[WarriorsStep] = self.flow.steps  # type: ignore[assignment]  # the flow holds WarriorsSteps only
        self.mover = TERMINAL
        """Who moves now (``current_player()``), found where :meth:`advance` stops: a node changes
        its type or its seat only there (an action that keeps its decision on top, or a draw
        followed by another, leaves it as it was)."""
        self.advance()

    # ------------------------------------------------------------------------------ protocol
    def clone(self) -> WarriorsState:
        """Return an independent copy (cards are shared: they never change)."""
        s = WarriorsState(self.game, self.seed, blank=True)
        s._history = list(self._history)
        s.n = self.n
        s.hands = [list(h) for h in self.hands]
        s.known = [dict(k) for k in self.known]
        s.decks = [dict(d) for d in self.decks]
        s.discards = [list(d) for d in self.discards]
        s.controlled = [list(c) for c in self.controlled]
        s.tokens = list(self.tokens)
        s.in_game = list(self.in_game)
        s.mulligans = list(self.mulligans)
        s.waiting = list(self.waiting)
        s.battle, s.location, s.location_from, s.chooser = (
            self.battle,
            self.location,
            self.location_from,
            self.chooser,
        )
        s.fighters = [None if f is None else f.copy() for f in self.fighters]
        s.status = list(self.status)
        s.order = list(self.order)
        s.turn_pos, s.equipping, s.turns = self.turn_pos, self.equipping, self.turns
        s.removed = [list(r) for r in self.removed]
        s.acted = list(self.acted)
        s.result = None if self.result is None else list(self.result)
        s.events = self.events.copy()
        s.flow = self.flow.copy()
        s.steps = s.flow.steps  # type: ignore[assignment]  # the flow holds WarriorsSteps only
        s.mover = self.mover
        s.recording, s._events = self.recording, self._events
        if self._origin is not None:
            s._origin = self._origin
        return s

    def current_player(self) -> int:
        return self.mover

    def find_mover(self) -> int:
        """Return who moves at this node: TERMINAL once the game has a result, else the actor of
        the step on top of the flow (CHANCE for a draw or a roll, SIMULTANEOUS for the secret
        assembly, or the seat deciding; see :attr:`mover`, which keeps it)."""
        if self.result is not None:
            return TERMINAL
        return self.steps[-1].actor(self)

    def is_terminal(self) -> bool:
        """Return whether the game is over (as the base class reads it from :meth:`current_player`)."""
        return self.result is not None

    def players_to_move(self) -> list[int]:
        if self.mover == SIMULTANEOUS:  # the secret assembly (see find_mover)
            status, acted = self.status, self.acted
            movers = []  # a loop, not a comprehension: this runs at every step of the assembly
            for p in range(self.n):
                if status[p] == "assembling" and not acted[p]:
                    movers.append(p)
            return movers
        return super().players_to_move()

    def _to_move(self, player: int) -> bool:
        return self.status[player] == "assembling" and not self.acted[player]  # as players_to_move

    def _legal_actions(self, player: int) -> list[Action]:
        if player == self._legal_seat:
            return self._legal.copy()
        legal = self._legal = self.steps[-1].legal(self, player)
        self._legal_seat = player
        return legal.copy()

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return self.steps[-1].outcomes(self)

    def _sample_chance_outcome(self, rng: random.Random) -> Action:
        return self.steps[-1].sample(self, rng)

    def _apply(self, action: Action, player: int) -> None:
        self._legal_seat = None
        if self.steps.pop().play(self, action, player):
            return  # the same decision, or the same seat's next draw, waits on top: nothing to run
        self.advance()

    def returns(self) -> list[float]:
        return list(self.result) if self.result is not None else [0.0] * self.n

    def evaluate(self) -> list[float]:
        """Estimate each seat's share of the win from the race, the battle and the hands.

        A seat's score is its side's progress towards the win (controlled locations out of three,
        or Deathmatch tokens out of five, times 1.5: a location is half a point), plus its side's
        chance of winning the current battle (:meth:`battle_odds`) times what winning it is worth
        (one point: the location, the cards drawn and the choice of the next battle; half a point
        when no location is at stake), plus 0.05 a card it holds (in hand, or in play as its
        fighter and equipment, so that fielding and equipping cost nothing);
        :func:`~elementa.core.win_shares` turns the scores into shares (scale one point). A seat
        out of the game gets none. The weights were fitted to 200 rule-based games and checked on
        300 others (``benchmarks/evaluation.py warriors``: skill +0.19, against +0.16 for the
        durability-only battle term it replaced). Source: warriors.txt, 6.0 and 8.1.
        """
        game = self.game
        progress: dict[int, float] = {}
        for p in range(self.n):
            side = self.side(p)
            done = len(self.controlled[p]) / game.locations_to_win
            if game.options.deathmatch:
                done = self.tokens[p] / game.tokens_to_win
            progress[side] = progress.get(side, 0.0) + 1.5 * done
        stake = 1.0 if self.location is not None or game.options.deathmatch else 0.5
        odds = self.battle_odds()
        scores = []
        for p in range(self.n):
            f = self.fighters[p]
            held = len(self.hands[p]) + (0 if f is None else 1 + len(f.equipment))
            side = self.side(p)
            score = progress[side] + stake * odds.get(side, 0.0) + 0.05 * held
            scores.append(score if self.in_game[p] else -20.0)
        return win_shares(scores, 1.0)

    def battle_odds(self) -> dict[int, float]:
        """Estimate each side's chance of winning the current battle, from its fighters' strength.

        A combatant (a player's fighter being assembled or fighting, or a Beast) has strength
        ``a * d``: ``a`` the mean damage its best attack deals a foe through the foe's protection
        (averaged over the foes), ``d`` its durability left. In a duel the fighter whose
        strength is larger kills first (it needs ``d_foe / a`` turns, the foe ``d / a_foe``), so a
        side's chance is its share of the strengths raised to :data:`BATTLE_SHARPNESS`. Fighters
        still being assembled count with what is equipped so far, so equipping a better card shows
        at once. Returns ``{side: chance}`` for the sides with a combatant (empty between battles).
        Source: warriors.txt, 4.1 (attacks), 5.0 and 6.0 (the last fighter standing wins).
        """
        n = self.n
        here = [
            f
            for c, f in enumerate(self.fighters)
            if f is not None and (c >= n or self.status[c] in ("fighting", "assembling", "ready"))
        ]
        if not here:
            return {}
        loc = self.location_card()
        prot = {f.cid: protection(f, loc) for f in here}
        weights: dict[int, float] = {}
        for f in here:
            side = self.side(f.cid)
            foes = [g for g in here if self.side(g.cid) != side]
            attack = 0.0
            if foes:
                dmods = damage_mods(f, loc)
                sources = [c for _, c in attack_sources(f)]
                attack = sum(
                    (max(attack_value(f, c, dmods, prot[g.cid]) for c in sources) for g in foes), 0.0
                )
                attack /= len(foes)
            strength = max(attack, 0.05) * max(f.durability, 0)
            weights[side] = weights.get(side, 0.0) + strength**BATTLE_SHARPNESS
        total = sum(weights.values()) or 1.0
        return {side: w / total for side, w in weights.items()}

    def observation(self, player: int | None) -> dict[str, Any]:
        """Return what ``player`` (or a spectator, ``None``) sees, JSON-ready: the JSON form of
        :meth:`view` (its fields are documented in :mod:`.views`)."""
        return view.observation_view(self, player).to_json()

    def view(self, player: int | None) -> WarriorsView:
        """Return what ``player`` (or a spectator, ``None``) sees, typed (see :mod:`.views`)."""
        return view.observation_view(self, player)

    def information_state_key(self, player: int) -> bytes:
        """Return the digest of what ``observation(player)`` shows, built without the view
        (:func:`~elementa.games.warriors.view.information_key`)."""
        return view.information_key(self, player)

    def position(self) -> dict[str, Any]:
        """Return this state as a position (:mod:`elementa.games.warriors.position`)."""
        from elementa.games.warriors.position import position

        return position(self)

    def resample_from_infostate(self, player: int, rng: random.Random) -> WarriorsState:
        return view.resample(self, player, rng)

    def describe_action(self, action: Action, player: int, viewer: int | None) -> str:
        return view.describe(self, action, player, viewer)

    def roles(self) -> list[str]:
        return list(self.game.seat_deck_titles)

    def __str__(self) -> str:
        return view.text(self)

    # ------------------------------------------------------------------------------ the flow
    def advance(self) -> None:
        """Run automatic steps until a decision, a chance node or the end of the game is on top
        (:meth:`~elementa.core.flow.Flow.settle`, keeping the actor found as :attr:`mover`)."""
        steps = self.steps
        while self.result is None:
            top = steps[-1]
            if not top.automatic:  # else always AUTOMATIC: no call to ask
                actor = top.actor(self)
                if actor != AUTOMATIC:
                    self.mover = actor
                    return
            steps.pop()
            top.run(self)
        self.mover = TERMINAL

    def log(self, text: str) -> None:
        """Record a public event (observations show the latest ones; the typed log a ``Noted``)."""
        self.events.append(text)
        if self.recording:
            self.emit(Noted(text))

    def fighter_place(self, cid: int) -> Place:
        """The event place of a combatant: ``Place("fighter", seat, cid, "player 2's Draconian Soldier")``
        (a Beast's seat is ``None``)."""
        return Place("fighter", cid if cid < self.n else None, cid, self.who(cid))

    def at_fighter(self, cid: int) -> Place | None:
        """The event place of a combatant (:meth:`fighter_place`) while events are recorded, else ``None``."""
        return self.fighter_place(cid) if self.recording else None

    def emit_damage(self, cid: int, amount: int) -> None:
        """Record the typed event of a combatant losing (or, negative, regaining) durability; a
        fighter's durability is public (warriors.txt, 4.1). Callers test :attr:`recording` first."""
        f = self.fighters[cid]
        if f is not None:
            self.emit(Damaged(self.fighter_place(cid), amount, max(0, f.durability)))

    def move_card(
        self, card_id: int, source: Place, target: Place, audience: tuple[int, ...] | None = None
    ) -> None:
        """Record the typed event of a card going from one zone to another (``audience``: the seats
        that see which card it is; ``None``: everyone). Callers on hot paths test :attr:`recording`
        first, to skip building the places."""
        if self.recording:
            self.emit(CardMoved(card_id, self.game.card_names[card_id], source, target), audience)

    def score(self, seat: int, what: str) -> None:
        """Record the typed event of a seat scoring one ``what`` (a battle, a location, a token, the game)."""
        if self.recording:
            self.emit(Scored(seat, 1, what))

    def event_texts(self) -> list[str]:
        """Return the latest public events in words, oldest first."""
        return [e if isinstance(e, str) else e[0].format(*e[1:]) for e in self.events]

    def finish(self, winners: list[int] | None) -> None:
        """End the game: ``winners`` share 1.0; ``None`` is a draw shared by the players in the game."""
        share = winners if winners else [p for p in range(self.n) if self.in_game[p]]
        self.result = [1.0 / len(share) if p in share else 0.0 for p in range(self.n)]
        self.steps.clear()  # the same list: a step running now may still push onto it
        for p in winners or ():
            self.score(p, "game")
        won = f"{self.names(share)} win{'s' if len(share) == 1 else ''}"
        self.log("the game ends: " + (won if winners else "a draw"))

    # ------------------------------------------------------------------------------- helpers
    def card(self, card_id: int) -> Card:
        """Return a card of the game's catalog by id."""
        return self.game.catalog.cards[card_id]

    @staticmethod
    def names(seats: list[int]) -> str:
        """Return ``"player 1 and player 3"`` for seats ``[0, 2]``."""
        return " and ".join(f"player {s + 1}" for s in seats)

    def who(self, cid: int) -> str:
        """Return a combatant in words: ``"player 2's Draconian Soldier"`` or ``"the Beast Wyvern"``."""
        f = self.fighters[cid]
        if f is None:
            return f"player {cid + 1}" if cid < self.n else "a Beast"
        return f"the Beast {f.card.name}" if f.beast else f"player {f.seat + 1}'s {f.card.name}"

    def side(self, cid: int) -> int:
        """Return the side a combatant fights for: its team (Teams), its seat, or a Beast's own side."""
        if cid >= self.n:
            return -1 - cid
        team_of = self.game.team_of
        return cid if team_of is None else team_of[cid]

    def side_seats(self, side: int) -> list[int]:
        """Return the seats of a side."""
        return [p for p in range(self.n) if self.side(p) == side]

    def is_player(self, cid: int) -> bool:
        """Whether a combatant id is a player's fighter (not a Beast)."""
        return cid < self.n

    def fighter(self, cid: int) -> Fighter:
        """Return the fighter of a combatant that the current step needs in play.

        Raises:
            RuntimeError: there is none (an engine bug, never a player's mistake).
        """
        f = self.fighters[cid]
        if f is None:
            raise RuntimeError(f"combatant {cid} has no fighter at {self.steps[-1:]}")
        return f

    def location_card(self) -> Card | None:
        """Return the current location card, or ``None``."""
        return None if self.location is None else self.game.catalog.cards[self.location]

    def present(self) -> list[Fighter]:
        """Return the fighters and Beasts in the battle (revealed and alive), by combatant id."""
        n, status = self.n, self.status
        here = []  # a loop, not a comprehension: asked at every combat menu
        for c, f in enumerate(self.fighters):
            if f is not None and (c >= n or status[c] == "fighting"):
                here.append(f)
        return here

    def in_battle(self) -> list[int]:
        """Return the combatant ids of :meth:`present`."""
        return [f.cid for f in self.present()]

    def active(self, cid: int) -> bool:
        """Whether a combatant still takes turns in this battle (Deathmatch: also waiting to re-enter)."""
        if cid >= self.n:
            return self.fighters[cid] is not None
        return self.status[cid] in ACTIVE_STATUSES

    def attackable(self, cid: int) -> list[int]:
        """Return the combatants fighter ``cid`` may attack (ganging and teams, warriors.txt 7.3, 8.2).

        The answer is a function of which fighter sits at each combatant id and of the seats'
        statuses alone (a fighter's card, seat and combatant id never change), so it is kept, for
        each combatant asked, until either changes: the tuple of both is the key (it holds the
        fighters, so none of them can give its address to another). The list returned is shared:
        do not change it.
        """
        roster = (*self.fighters, *self.status)
        if roster == self._roster:
            targets = self._targets.get(cid)
            if targets is not None:
                return targets
        else:
            self._roster = roster
            self._targets = {}
        targets = self._targets[cid] = self._attackable(cid)
        return targets

    def _attackable(self, cid: int) -> list[int]:
        """:meth:`attackable` worked out from the fighters present."""
        f = self.fighters[cid]
        if f is None:
            return []
        here = self.present()
        team_of = self.game.team_of
        targets = []  # a loop, not a comprehension: asked at every combat menu
        for g in here:
            if g is not f and can_attack(f, g, here, team_of):
                targets.append(g.cid)
        return targets

    def battle_over(self) -> bool:
        """Whether the battle has ended: at most one side left, or no player left (warriors.txt, 6.0)."""
        n, status, team_of = self.n, self.status, self.game.team_of
        first = None  # the :meth:`side` of the first player :meth:`active`
        for p in range(n):
            if status[p] in ACTIVE_STATUSES:
                side = p if team_of is None else team_of[p]
                if first is None:
                    first = side
                elif side != first:  # two sides: asked every turn, so no set of them all
                    return False
        if first is None:  # no player left
            return True
        return not any(self.fighters[n:])  # a Beast in the battle is a side of its own

    # ------------------------------------------------------------------------------ cards
    def to_hand(self, seat: int, card_id: int, public: bool, source: Place | None = None) -> None:
        """Put a card into a hand; ``public`` when everyone sees which card it is. ``source``: the
        zone it comes from, for its typed event (``None``: none is recorded; a public move records
        the card for everyone)."""
        self.hands[seat].append(card_id)
        if public:
            known = self.known[seat]
            known[card_id] = known.get(card_id, 0) + 1
        if source is not None:
            self.move_card(card_id, source, Place("hand", seat), None if public else (seat,))

    def from_hand(self, seat: int, card_id: int, public: bool = True) -> None:
        """Take a card out of a hand (``public``: everyone sees it, so it is no longer 'known' there)."""
        self.hands[seat].remove(card_id)
        if public:
            self.forget(seat, card_id)

    def forget(self, seat: int, card_id: int) -> None:
        """Lower the count of a card everyone knows is in a hand, after one copy left it visibly."""
        known = self.known[seat]
        k = known.get(card_id, 0)
        if k > 1:
            known[card_id] = k - 1
        elif k == 1:
            del known[card_id]

    def discard(self, card_id: int, owner: int, source: Place | None) -> None:
        """Put a card on top of its owner's discard pile (public), recording it as coming from
        ``source`` (``None``: record nothing, as when events are off)."""
        self.discards[self.game.deck_of[owner]].append(card_id)
        if source is not None:
            self.move_card(card_id, source, Place("discard", owner))

    def queue_draw(self, seat: int, count: int) -> None:
        """Make a player draw cards next (source: warriors.txt, 3.2 and the draws of 4.6, 5.0, 6.0)."""
        if count > 0 and self.in_game[seat]:
            self.steps.append(draw(seat, count))

    def offers(self, seat: int, why: Why) -> list[Offer]:
        """Return one optional-draw step per opponent of ``seat`` in the game, clockwise (3.2, 6.0)."""
        n = self.n
        return [Offer((seat + k) % n, why) for k in range(1, n) if self.in_game[(seat + k) % n]]

    def shuffle_in(self, group: int, cards: list[int]) -> None:
        """Shuffle cards into a deck group's draw pile (it stays in card id order: see :attr:`decks`)."""
        deck = self.decks[group]
        for c in cards:
            deck[c] = deck.get(c, 0) + 1
        self.decks[group] = dict(sorted(deck.items()))

    # ----------------------------------------------------------------------- fighters change
    def heal(self, cid: int, amount: int) -> None:
        """A fighter regains durability, not above its top (printed durability or a raised one)."""
        f = self.fighters[cid]
        if f is not None and f.durability < f.top:
            healed = min(f.top, f.durability + amount) - f.durability
            f.durability += healed
            self.log(f"{self.who(cid)} heals to {f.durability}")
            if self.recording:
                self.emit_damage(cid, -healed)

    def gain(self, cid: int, amount: int) -> None:
        """A fighter gains durability above its printed value (and its top rises as much)."""
        f = self.fighters[cid]
        if f is not None:
            f.durability += amount
            f.top += amount
            if self.recording:
                self.emit_damage(cid, -amount)

    def lose(self, cid: int, amount: int, by: int | None) -> None:
        """A fighter loses durability directly (no roll, no protection); it may die (``by``: who did it)."""
        f = self.fighters[cid]
        if f is None or amount <= 0:
            return
        f.durability -= amount
        self.log(f"{self.who(cid)} loses {amount} durability ({max(0, f.durability)} left)")
        if self.recording:
            self.emit_damage(cid, amount)
        if f.durability < 1:
            self.dies(cid, by)

    def recharge(self, cid: int, source: Card | None) -> None:
        """Put back the spent charges of a fighter's own ability and its equipped cards but ``source``."""
        f = self.fighters[cid]
        if f is None:
            return
        f.charges = f.card.charges
        for e in f.equipment:
            if e.card.charges is not None and e.card is not source:
                e.charges, e.spent = e.card.charges, False

    def queue_attack(self, attacker: int, target: int, hi: int, lo: int, source: Card) -> None:
        """Queue an attack of max damage ``hi`` (min ``lo``) with ``source``; modifiers apply now."""
        f = self.fighters[attacker]
        if f is None:
            return
        lo, hi = damage_range(f, source, self.location_card(), hi, lo)
        self.steps.append(Attack(attacker, target, lo, hi, source.id))

    def dies(self, cid: int, by: int | None) -> bool:
        """A fighter's durability fell below 1: it dies unless a ward saves it (warriors.txt, 5.0, 7.1).

        Weapons, armor and Items with a breakage value go back to the hand; spells and Items without
        breakage are destroyed (WAR-A6). The player draws 3 plus 1 per other player's fighter still in
        the battle (WAR-A12), or 4 in Deathmatch, where the killer takes a token. A Beast's killer
        draws its Bonus.

        Returns:
            Whether it died.
        """
        f = self.fighters[cid]
        if f is None:
            return False
        here = self.at_fighter(cid)
        for e in f.equipment:
            ab = e.card.ability
            if ab is not None and ab.effect == "ward_off_death" and e.charges:
                e.charges -= 1
                if self.recording:  # back up to 1 durability: healed
                    self.emit(Damaged(self.fighter_place(cid), f.durability - 1, 1))
                f.durability = 1
                self.log(f"{e.card.name} saves {self.who(cid)} at 1 durability")
                if not e.charges:
                    f.unequip(e)
                    self.discard(e.card.id, f.seat, here)
                return False
        name = self.who(cid)
        self.fighters[cid] = None
        draws: list[tuple[int, int]] = []
        killer = by if by is not None and by < self.n else None
        if f.beast:
            self.discard(f.card.id, f.seat, here)
            if killer is not None:
                draws.append((killer, f.card.bonus))
        else:
            seat = f.seat
            for e in f.equipment:
                c = e.card
                if c.is_spell or (c.type == "item" and c.breakage is None):
                    self.discard(c.id, seat, here)
                else:
                    self.to_hand(seat, c.id, public=True, source=here)
            self.discard(f.card.id, seat, here)
            if self.game.options.deathmatch:
                self.status[seat] = "reenter"
                draws.append((seat, 4))
                if killer is not None and self.side(killer) != self.side(seat):
                    self.tokens[killer] += 1
                    self.score(killer, "token")
            else:
                self.status[seat] = "dead"
                others = len([g for g in self.present() if not g.beast])
                draws.append((seat, 3 + others))
        self.log(f"{name} dies")
        if self.game.options.deathmatch and self._token_winner():
            return True
        self.after_leaving(draws)
        return True

    def _token_winner(self) -> bool:
        for side in {self.side(p) for p in range(self.n)}:
            seats = self.side_seats(side)
            if sum(self.tokens[p] for p in seats) >= self.game.tokens_to_win:
                self.finish(seats)
                return True
        return False

    def retreat(self, seat: int) -> None:
        """The fighter and its equipment go back to the hand; draw 2 (warriors.txt, 4.6)."""
        f = self.fighters[seat]
        if f is None:
            return
        here = self.at_fighter(seat)
        self.fighters[seat] = None
        self.status[seat] = "retreated"
        for card_id in (f.card.id, *f.equipped_ids):
            self.to_hand(seat, card_id, public=True, source=here)
        self.log(f"player {seat + 1}'s {f.card.name} retreats")
        self.after_leaving([(seat, 2)])

    def after_leaving(self, draws: list[tuple[int, int]]) -> None:
        """After a fighter left the battle: end the battle if it is over, then queue the draws."""
        if self.battle_over():
            steps = self.steps
            while steps and not isinstance(steps[-1], BattleEnd):
                steps.pop()
        for seat, count in reversed(draws):
            self.queue_draw(seat, count)
