"""A position of the Elemental Card-Dice Game: the dice, both sides, the shops, the turn, the chain.

Who moves (``current_player``), in this order: the end of the game; the step on top of the flow
stack (``flow``, a core :class:`~elementa.core.flow.Flow` of the steps in :mod:`.steps`: a chance
outcome or one player's decision inside a resolution); the seat holding priority while the response
chain is not empty; the auction's bidder to move; else the active player in the main part of the
turn. Every action is applied (a step's, or a turn action while the flow is empty) and then the flow
is settled: automatic steps run until someone or chance must decide.

source: elemental-card-dice.txt, the rules list at its start.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from elementa.core import (
    TERMINAL,
    Action,
    CardMoved,
    Changed,
    Damaged,
    Flow,
    Moved,
    Noted,
    Place,
    Scored,
    State,
    win_shares,
)
from elementa.games.elemental_card_dice import responses, view
from elementa.games.elemental_card_dice.cards import CHEAP, DICE, EXPENSIVE, Card
from elementa.games.elemental_card_dice.effects import EFFECTS, NO_AMPS, shields_apply, strength
from elementa.games.elemental_card_dice.steps import Begin, Draw, Finish, First, Refill, Roll
from elementa.games.elemental_card_dice.zones import (
    CHAIN,
    DISCARD,
    FACE_DOWN,
    GOLD,
    HAND,
    HEALTH,
    PASSIVES,
    PLAY,
    REMOVED,
    SHOP,
    SUPPLY,
    Shop,
    Side,
)

if TYPE_CHECKING:
    from elementa.games.elemental_card_dice.game import CardDiceGame, HandMenu
    from elementa.games.elemental_card_dice.views import BriefView, CardDiceView

RAISE, MATCH = 0, 1
"""Auction stages: the opponent may raise the bid; the active player may match it."""
HAND_LIMIT = 5
MAX_EVENTS = 40
SUDDEN_DEATH_LOSS = 5
"""The health lost at the start of each of the first round's turns under ``sudden_death`` (ruling
ECD-E14); it doubles every round (both players' turns) after."""
RESAMPLE_TRIES = 100
"""The most redraws ``resample_from_infostate`` tries for one that keeps who is to move."""
HEALTH_SCALE = 0.25
"""The health lead, as a share of the starting health, that is worth odds of e to 1 (see
``CardDiceState.evaluate``): 25 health at the default 100. Fitted to rule-based play, 150 games with
``sudden_death=150`` and 150 without (issue 40, 2026-11-29)."""
KILL_WEIGHT = 0.1
"""Log-odds of winning per unit of log ratio of the turns to kill (see ``CardDiceState.evaluate``):
small, a tie-break between equal healths by the decks' strength (0.6 when it was the whole
evaluation; beside the health lead it forecasts worse the more it weighs)."""
KILL_RATE_FLOOR = 0.3
"""The least net damage a card counted for a player whose healing matches the other's damage."""
KILL_TURNS_CAP = 100.0
"""The most turns to kill counted: beyond it a deck is as good as harmless."""
NEEDS_TARGET = frozenset({"veto", "express"})
"""The effects of the cards that can be played only with something to act on (see ``playable``)."""
_TURN_CHANGE = (
    (Refill(CHEAP), Refill(EXPENSIVE), Begin(1, 1)),
    (Refill(CHEAP), Refill(EXPENSIVE), Begin(0, 1)),
)
"""Per active seat, the steps that end its turn: both shops refill, then the other seat's turn
begins (made once: steps are immutable)."""
_ROLLS = tuple(Roll(d) for d in range(len(DICE)))
"""A roll of each of the seven dice."""


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class CardDiceState(State["CardDiceGame"]):  # quoted: the game module imports this module
    """One position; see the module docstring for whose move it is.

    Attributes:
        dice: the seven dice's faces, in :data:`~.cards.DICE` order.
        sides: each player's :class:`~.zones.Side`.
        shops: the cheap and expensive :class:`~.zones.Shop`.
        active: the seat whose turn it is; turn: the turn number (1 for the first).
        actions_left: action plays from hand left this turn (1, plus Multitasking).
        gained, drew, bid_done: whether this turn's gold, draw and bid were used.
        amps: per seat, multipliers for each die's effects and (index 7) non-combo effects this turn
            (a tuple, replaced when an amplifier changes it).
        bought: per seat, the cards won at auction this turn.
        flow: the pending steps of a resolution (a core ``Flow``, a stack; the top runs first).
        chain: the response chain, ``(card, owner, "hand" | "face down")``, newest last.
        priority: the seat to answer or pass while the chain is not empty.
        auction: ``(shop, card, level, stage)`` or None; the bid stands at level × cost.
        winner: the winner's seat, or None (no winner yet, or a draw) once ``over``.
    """

    # slots, each assigned by name in clone: a clone's attributes would otherwise live in a dictionary
    # that clone wrote out (``__dict__.update``), which CPython 3.11 reads much more slowly than its
    # compact instance values (every rollout plays on such a clone)
    __slots__ = (
        "_history",
        "actions_left",
        "active",
        "amps",
        "auction",
        "bid_done",
        "bought",
        "chain",
        "dice",
        "drew",
        "events",
        "flow",
        "gained",
        "game",
        "last_dealer",
        "over",
        "priority",
        "seed",
        "shops",
        "sides",
        "turn",
        "winner",
    )

    def __init__(self, game: CardDiceGame, seed: int | None, *, blank: bool = False) -> None:
        super().__init__(game, seed)
        if blank:  # clone() sets the rest (compiled classes cannot be made without __init__)
            return
        o = game.options
        start = [c.id for c in game.cards for _ in range(c.start_copies)]
        self.dice = [1] * len(DICE)
        self.sides = [Side(o.start_health, o.start_gold, start) for _ in range(2)]
        self.shops = [Shop([c.id for c in game.cards if c.shop == i]) for i in (CHEAP, EXPENSIVE)]
        self.active = 1 if o.first_player == "2" else 0
        self.turn = 1
        self.actions_left = 1
        self.gained = self.drew = self.bid_done = False
        self.amps = [NO_AMPS, NO_AMPS]
        self.bought: list[list[int]] = [[], []]
        self.flow = Flow()
        self.chain: list[tuple[int, int, str]] = []
        self.priority = -1
        self.auction: tuple[int, int, int, int] | None = None
        self.over = False
        self.winner: int | None = None
        self.last_dealer = -1
        self.events: deque[tuple[int | None, int | None, str]] = deque(maxlen=MAX_EVENTS)
        first = [First()] if o.first_player == "random" else []
        self.flow.push(*_ROLLS, *first, Refill(CHEAP), Refill(EXPENSIVE), Begin(-1, 0))
        self._settle()

    # ------------------------------------------------------------------------------- helpers
    def note(self, text: str, to: int | None = None, but: int | None = None, *, noted: bool = True) -> None:
        """Record a line for the observation's log: for everyone, only for seat ``to``, or for all
        but ``but``; with ``noted``, also in the typed log, as a ``Noted`` event with that audience
        (a rule that emits typed events for what the line says passes ``noted=False``)."""
        self.events.append((to, but, text))  # the oldest drops out past MAX_EVENTS
        if noted and self.recording:
            seats = [p for p in (0, 1) if (to is None or p == to) and p != but]
            self.emit(Noted(text), None if to is None and but is None else seats)

    def card_moved(self, card: int, source: Place, target: Place, to: int | None = None) -> None:
        """Emit a typed :class:`~elementa.core.CardMoved` of ``card`` (if recording), seen whole by
        everyone, or by seat ``to`` alone (the others see a card move, not which)."""
        if self.recording:
            self.emit(CardMoved(card, self.game.names[card], source, target), None if to is None else (to,))

    def gold_moved(self, amount: int, source: Place, target: Place) -> None:
        """Emit a typed :class:`~elementa.core.Moved` of ``amount`` gold (if recording and any)."""
        if amount > 0 and self.recording:
            self.emit(Moved("gold", amount, source, target))

    def names(self, cards: list[int]) -> str:
        """Return card names joined by commas (``"nothing"`` for none)."""
        return ", ".join(self.game.cards[c].name for c in cards) or "nothing"

    def has_passive(self, player: int, effect: str) -> bool:
        """Whether ``player`` has an active passive with this effect."""
        passives = self.sides[player].passives
        return bool(passives) and any(self.game.cards[c].effect == effect for c in passives)

    def hand_limit(self, player: int) -> int:
        """Return the most cards ``player`` may end a turn with: 5, plus Big Handed (ruling ECD-A16)."""
        passives = self.sides[player].passives
        if not passives:
            return HAND_LIMIT
        cards, limit = self.game.cards, HAND_LIMIT
        for c in passives:
            if cards[c].effect == "hand_size":
                limit += strength(self, player, cards[c])
        return limit

    def shielded(self, target: int, hit: Card) -> int:
        """Return how much of the damage of ``hit`` the shields of ``target`` stop (ruling ECD-A5)."""
        cards, vs_combo = self.game.cards, self.game.options.elemental_shield_vs_combo
        return sum(
            strength(self, target, cards[c])
            for c in self.sides[target].passives
            if cards[c].effect == "shield" and shields_apply(cards[c], hit, vs_combo)
        )

    def facedown_cost(self, player: int, card: Card) -> int:
        """Return the gold a face-down action costs to execute (0 under Cheapskate)."""
        return 0 if self.has_passive(player, "cheapskate") else card.cost

    def playable(self, player: int, card: Card) -> bool:
        """Whether the card has something to act on: Veto needs an opponent's action on the chain,
        Express Shipping a card bought this turn in the discard pile (any other card always has)."""
        if card.effect not in NEEDS_TARGET:
            return True
        if card.effect == "veto":
            return bool(self.chain) and self.chain[-1][1] != player
        if card.effect == "express":
            return any(c in self.sides[player].discard for c in self.bought[player])
        return True

    def deal(self, dealer: int, target: int, amount: int) -> None:
        """Take ``amount`` health from ``target`` and pay the dealer as much gold (ruling ECD-A6)."""
        self.sides[target].health -= amount
        self.sides[dealer].gold += amount
        self.last_dealer = dealer
        whom = "themselves" if dealer == target else f"player {target + 1}"
        self.note(f"player {dealer + 1} deals {amount} damage to {whom} and gains {amount} gold", noted=False)
        if self.recording:
            self.emit(Damaged(HEALTH[target], amount, self.sides[target].health))
            self.gold_moved(amount, SUPPLY, GOLD[dealer])

    def cancel_top_of_chain(self, player: int) -> None:
        """Veto: the opponent's entry on top of the chain goes to its owner's discard pile unresolved."""
        if self.chain and self.chain[-1][1] != player:
            card, owner, _ = self.chain.pop()
            self.sides[owner].discard.append(card)
            self.note(f"{self.game.cards[card].name} is vetoed", noted=False)
            self.card_moved(card, CHAIN, DISCARD[owner])

    # ----------------------------------------------------------------------------- turn flow
    def begin_turn(self, player: int, advance: int) -> None:
        """Start a turn for ``player`` (-1: the active player), counting it when ``advance``."""
        if player >= 0:
            self.active = player
        self.turn += advance
        self.actions_left = 1
        self.gained = self.drew = self.bid_done = False
        self.amps = [NO_AMPS, NO_AMPS]
        self.bought = [[], []]
        limit = self.game.options.turn_limit
        if limit and self.turn > limit:
            self.over = True
            self.note(f"the turn limit ({limit}) is reached: the game is a draw")
            return
        self.note(f"turn {self.turn}: player {self.active + 1}")
        sudden = self.game.options.sudden_death
        if sudden and self.turn >= sudden:
            self._sudden_death(sudden)
            if self.over:
                return
        if advance and self.game.options.reroll_dice_each_turn:
            self.flow.push(*_ROLLS)

    def _sudden_death(self, start: int) -> None:
        """The player whose turn begins loses :data:`SUDDEN_DEATH_LOSS` health, doubled for every
        round since turn ``start``; nobody deals it (no gold, no shield or Paid Militia), and the game
        ends at once if it takes them to 0 (ruling ECD-E14)."""
        loss = SUDDEN_DEATH_LOSS * 2 ** ((self.turn - start) // 2)
        side = self.sides[self.active]
        side.health -= loss
        self.note(f"sudden death: player {self.active + 1} loses {loss} health", noted=False)
        if self.recording:
            self.emit(Damaged(HEALTH[self.active], loss, side.health))
        if side.health <= 0:
            self._check_end()

    def _end_turn(self) -> None:
        for i, shop in enumerate(self.shops):
            if shop.row:
                shop.removed.append(shop.row.pop(0))
                self.card_moved(shop.removed[-1], SHOP[i], REMOVED[i])
        self.note(f"player {self.active + 1} ends their turn; the oldest shop cards are removed")
        self.flow.push(*_TURN_CHANGE[self.active])

    def _settle(self) -> None:
        """Run automatic steps until a seat or chance must decide; with none left, check the end."""
        flow = self.flow
        if flow.steps:
            flow.settle(self)
            if flow.steps:
                return
        if not self.over:
            self._check_end()

    def _check_end(self) -> None:
        if self.sides[0].health > 0 and self.sides[1].health > 0:
            return
        dead = [p for p in (0, 1) if self.sides[p].health <= 0]
        self.over = True
        if len(dead) == 1:
            self.winner = 1 - dead[0]
        else:
            rule = self.game.options.simultaneous_zero
            dealer = self.last_dealer
            self.winner = {"draw": None, "dealer_wins": dealer, "dealer_loses": 1 - dealer}[rule]
        if self.winner is None:
            self.note("the game is a draw")
        else:
            self.note(f"player {self.winner + 1} wins", noted=False)
            self.emit(Scored(self.winner, 1, "win"))

    def push_chain(self, card: int, owner: int, source: str) -> None:
        """Put an executed action on the chain; the opponent may answer it."""
        self.chain.append((card, owner, source))
        self.priority = 1 - owner
        self.note(
            f"player {owner + 1} plays {self.game.cards[card].name}"
            + (" from face down" if source != "hand" else ""),
            noted=False,
        )
        self.card_moved(card, HAND[owner] if source == "hand" else FACE_DOWN[owner], CHAIN)

    def resolve_top(self) -> None:
        """Resolve the chain's top entry: run its effect, then it goes to its owner's discard pile."""
        card_id, owner, _ = self.chain.pop()
        card = self.game.cards[card_id]
        self.priority = self.active
        self.flow.push(Finish(owner, card_id))
        self.note(f"{card.name} resolves")
        fn = EFFECTS[card.effect].fn
        if fn is not None:
            fn(self, owner, card)

    # ----------------------------------------------------------------------------- the API
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        steps = self.flow.steps
        if steps:
            return steps[-1].actor(self)
        if self.chain:
            return self.priority
        if self.auction is not None:
            return self.active if self.auction[3] == MATCH else 1 - self.active
        return self.active

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return self.flow.steps[-1].outcomes(self)

    def _sample_chance_outcome(self, rng: random.Random) -> Action:
        return self.flow.steps[-1].sample(self, rng)

    def _legal_actions(self, player: int) -> list[Action]:
        steps = self.flow.steps
        if steps:
            return steps[-1].legal(self, player)
        if self.chain:
            return responses.chain_actions(self, player)
        if self.auction is not None:
            return self._auction_actions()
        return self._main_actions()

    def play_actions(
        self, player: int, *, place: bool = True, bless: bool = True, menu: HandMenu | None = None
    ) -> list[Action]:
        """Return the plays open to the active player now: actions from hand (while action plays are
        left), placing them face down, face-down actions from earlier turns, and blessings.

        Args:
            player: the active player's seat.
            place: include placing actions face down.
            bless: include blessings.
            menu: ``game.hand_menu`` of the player's hand, where the caller has it.
        """
        side = self.sides[player]
        if not side.hand and not side.facedown:
            return []
        game = self.game
        cards = game.cards
        if menu is None:
            menu = game.hand_menu(side.hand)
        out: list[Action] = []
        if self.actions_left > 0:
            if menu.conditional:
                play = game.card_actions["play"]
                for c in menu.actions:
                    if self.playable(player, cards[c]):
                        out.append(play[c])
            else:
                out += menu.plays
            if place:
                out += menu.places
        if side.facedown:
            turn = self.turn
            ready = sorted({c for c, t, _ in side.facedown if t < turn})
            if ready:
                execute, gold = game.card_actions["execute"], side.gold
                free = self.has_passive(player, "cheapskate")  # as in facedown_cost
                for c in ready:
                    if gold >= (0 if free else cards[c].cost) and self.playable(player, cards[c]):
                        out.append(execute[c])
        if bless:
            out += menu.blesses
        return out

    def _main_actions(self) -> list[Action]:
        a, game, side = self.active, self.game, self.sides[self.active]
        plain = game.plain_actions
        out = [plain["gain_gold"]] if not self.gained else []
        if not self.drew:
            out.append(plain["draw"])
        menu = game.hand_menu(side.hand)
        if side.hand or side.facedown:
            out += self.play_actions(a, menu=menu)
        if not self.bid_done and side.gold >= game.cheapest:  # else no card is affordable
            costs, bid, gold = game.costs, game.card_actions["bid"], side.gold
            # one bid per card: a shop may offer two copies of a card (two Basic Incomes)
            for c in sorted({*self.shops[0].row, *self.shops[1].row}):
                if costs[c] <= gold:
                    out.append(bid[c])
        out += menu.discards
        # a hand within the basic limit needs no look at the passives (Big Handed only adds to it)
        if len(side.hand) <= HAND_LIMIT or len(side.hand) <= self.hand_limit(a):
            out.append(plain["end_turn"])
        return out

    def _auction_actions(self) -> list[Action]:
        _, card, level, stage = self._bidding()
        cost, act = self.game.cards[card].cost, self.game.act
        if stage == RAISE:
            q = 1 - self.active
            raise_ = (
                [act("raise", label=f"bid {(level + 1) * cost} gold")]
                if self.sides[q].gold >= (level + 1) * cost
                else []
            )
            return [*raise_, act("pass", label="let the bid stand")]
        match = (
            [act("match", label=f"match {level * cost} gold")]
            if self.sides[self.active].gold >= level * cost
            else []
        )
        return [
            *match,
            act("pass", label="give up the card"),
            *self.play_actions(self.active, place=False, bless=False),
        ]

    def _apply(self, action: Action, player: int) -> None:
        steps = self.flow.steps
        if steps:  # a chance outcome or a decision inside a resolution
            steps.pop().apply(self, action, player)
        else:
            _TURN_ACTIONS[action.kind](self, player, *action.args)
        self._settle()

    # ------------------------------------------------------------------------- turn actions
    # the actions of a turn outside resolutions: ``_do_<kind>`` runs the action ``kind``
    def _do_gain_gold(self, p: int) -> None:
        self.gained = True
        self.sides[p].gold += 1
        self.note(f"player {p + 1} gains 1 gold", noted=False)
        self.gold_moved(1, SUPPLY, GOLD[p])

    def _do_draw(self, p: int) -> None:
        self.drew = True
        cards = self.game.cards
        n = 1 + sum(cards[c].draws for c in self.sides[p].passives if cards[c].effect == "always_lucky")
        self.note(f"player {p + 1} draws {n} card{'s' * (n > 1)}", noted=False)  # each card: an event
        self.flow.push(Draw(p, n))

    def _do_discard(self, p: int, c: int) -> None:
        self.sides[p].take_from_hand(c, public=True)
        self.sides[p].discard.append(c)
        self.note(f"player {p + 1} discards {self.game.cards[c].name}", noted=False)
        self.card_moved(c, HAND[p], DISCARD[p])

    def _do_play(self, p: int, c: int) -> None:
        self.sides[p].take_from_hand(c, public=True)
        self.actions_left -= 1
        self.push_chain(c, p, "hand")

    def _do_place(self, p: int, c: int) -> None:
        self.sides[p].take_from_hand(c, public=False)
        self.sides[p].facedown.append((c, self.turn, False))
        self.actions_left -= 1
        self.note(f"player {p + 1} places an action face down", noted=False)
        self.card_moved(c, HAND[p], FACE_DOWN[p], to=p)

    def _do_execute(self, p: int, c: int) -> None:
        self.sides[p].take_facedown(c, before=self.turn)
        self._pay(p, self.facedown_cost(p, self.game.cards[c]))
        self.push_chain(c, p, "face down")

    def _do_bless(self, p: int, c: int) -> None:
        card = self.game.cards[c]
        self.sides[p].take_from_hand(c, public=True)
        self.note(f"player {p + 1} plays the blessing {card.name}", noted=False)
        self.card_moved(c, HAND[p], PLAY[p])
        extra = [Draw(p, 1)] if self.has_passive(p, "truly_blessed") else []
        self.flow.push(*extra, Finish(p, c, "play"))
        fn = EFFECTS[card.effect].fn
        if fn is not None:
            fn(self, p, card)

    def _do_bid(self, p: int, c: int) -> None:
        shop = 0 if c in self.shops[0].row else 1
        self.auction = (shop, c, 1, RAISE)
        self.bid_done = True
        self.note(
            f"player {p + 1} bids {self.game.cards[c].cost} gold for {self.game.cards[c].name}", noted=False
        )
        self._bid_changed(p, c, self.game.cards[c].cost)

    def _do_end_turn(self, p: int) -> None:
        self._end_turn()

    def _do_respond(self, p: int, c: int) -> None:
        self.sides[p].take_from_hand(c, public=True)
        self._pay(p, self.game.cards[c].cost)
        self.push_chain(c, p, "hand")

    def _do_respond_facedown(self, p: int, c: int) -> None:
        self.sides[p].take_facedown(c)
        self._pay(p, self.facedown_cost(p, self.game.cards[c]))
        self.push_chain(c, p, "face down")

    def _do_pass(self, p: int) -> None:
        if self.chain:
            responses.pass_priority(self, p)
            return
        shop, card, level, stage = self._bidding()
        self.auction = None
        self._sell(
            self.active if stage == RAISE else 1 - self.active, shop, card, level * self.game.cards[card].cost
        )

    def _do_raise(self, p: int) -> None:
        shop, card, level, _ = self._bidding()
        self.auction = (shop, card, level + 1, MATCH)
        self.note(f"player {p + 1} bids {(level + 1) * self.game.cards[card].cost} gold", noted=False)
        self._bid_changed(p, card, (level + 1) * self.game.cards[card].cost)

    def _do_match(self, p: int) -> None:
        shop, card, level, _ = self._bidding()
        self.auction = (shop, card, level, RAISE)
        self.note(f"player {p + 1} matches the bid", noted=False)
        self._bid_changed(p, card, level * self.game.cards[card].cost)

    def _pay(self, p: int, amount: int) -> None:
        """Seat ``p`` pays ``amount`` gold to the supply (a response's or a face-down action's cost)."""
        self.sides[p].gold -= amount
        self.gold_moved(amount, GOLD[p], SUPPLY)

    def _bid_changed(self, p: int, card: int, amount: int) -> None:
        """Emit the auction's new bid: seat ``p`` offers ``amount`` gold for ``card``."""
        if self.recording:
            place = Place("auction", p, card, self.game.names[card])
            self.emit(Changed("bid", place, f"{amount} gold"))

    def _bidding(self) -> tuple[int, int, int, int]:
        if self.auction is None:
            raise RuntimeError("no auction is running")
        return self.auction

    def _sell(self, winner: int, shop: int, c: int, price: int) -> None:
        """The auction's winner pays and takes the card (a passive activates at once)."""
        side, card = self.sides[winner], self.game.cards[c]
        if side.gold < price:
            self.note(f"player {winner + 1} can no longer pay {price} gold: {card.name} stays in the shop")
            return
        side.gold -= price
        self.shops[shop].row.remove(c)
        self.bought[winner].append(c)
        passive = card.kind == "passive"
        if passive:
            side.passives.append(c)
        else:
            side.discard.append(c)
        self.note(f"player {winner + 1} buys {card.name} for {price} gold", noted=False)
        self.gold_moved(price, GOLD[winner], SUPPLY)
        self.card_moved(c, SHOP[shop], PASSIVES[winner] if passive else DISCARD[winner])

    # ----------------------------------------------------------------------- results and views
    def returns(self) -> list[float]:
        if not self.over:
            return [0.0, 0.0]
        if self.winner is None:
            return [0.5, 0.5]
        return [1.0 if p == self.winner else 0.0 for p in (0, 1)]

    def evaluate(self) -> list[float]:
        """Estimate each player's chance to win from the health lead, and how soon each deck can
        kill the other player.

        The shares are the logistic of the health lead over :data:`HEALTH_SCALE` of the starting
        health, plus :data:`KILL_WEIGHT` times the log ratio of the turns each player would take to
        bring the other to 0 health (the other's health over the player's damage per card owned,
        less the other's healing per card owned, at the current dice and amplifiers; at least
        :data:`KILL_RATE_FLOOR` a card, at most :data:`KILL_TURNS_CAP` turns), all shrunk towards
        even as the turn limit nears (a game out of turns is drawn; not under ``sudden_death``,
        which decides the game first). The turns to kill alone were the evaluation until issue 40:
        they tied at half the positions of rule-based play (both decks too weak to kill within the
        cap) and forecast its results little better than an even guess, while the health lead, once
        the rule-based player pressed, forecasts far better (docs/ai.md). Source:
        elemental-card-dice.txt, End; rulings ECD-A19 (no health maximum), ECD-E6 (the turn limit)
        and ECD-E14 (sudden death).
        """
        options = self.game.options
        limit = 0 if options.sudden_death else options.turn_limit  # sudden death decides it first
        left = max(0.0, 1.0 - self.turn / limit) if limit else 1.0
        scale = HEALTH_SCALE * max(options.start_health, 1)
        rates = [self._rates(p) for p in (0, 1)]
        scores = []
        for p in (0, 1):
            net = max(rates[p][0] - rates[1 - p][1], KILL_RATE_FLOOR)
            turns = min(max(self.sides[1 - p].health, 1) / net, KILL_TURNS_CAP)
            scores.append(left * (self.sides[p].health / scale - KILL_WEIGHT * math.log(turns)))
        return win_shares(scores, 1.0)

    def _rates(self, p: int) -> tuple[float, float]:
        """Return player ``p``'s ``(damage to the opponent, healing)`` per card owned, in health."""
        owned = self.sides[p].owned()
        damage = heal = 0.0
        for cid in owned:
            card = self.game.cards[cid]
            if card.kind != "action":
                continue
            if card.effect == "damage" and card.target == "opponent":
                damage += strength(self, p, card)
            elif card.effect == "heal":
                heal += strength(self, p, card)
        return damage / max(len(owned), 1), heal / max(len(owned), 1)

    def observation(self, player: int | None) -> dict[str, Any]:
        """Return what ``player`` (a seat, or None for a spectator) sees, JSON-ready: the JSON form of
        :meth:`view` (its fields are documented in :mod:`.views`)."""
        return view.observation(self, player)

    def view(self, player: int | None) -> CardDiceView:
        """Return what ``player`` (or a spectator, ``None``) sees, typed (see :mod:`.views`)."""
        return view.observation_view(self, player)

    def brief_view(self, player: int | None) -> BriefView:
        """Return the part of :meth:`view` the rule-based agent reads, built alone (``view.brief_view``)."""
        return view.brief_view(self, player)

    def information_state_key(self, player: int) -> bytes:
        """Return ``player``'s information-state key, built straight from the state's fields
        (``view.information_key``: the facts the observation shows, without building it)."""
        return view.information_key(self, player)

    def describe_action(self, action: Action, player: int, viewer: int | None) -> str:
        return view.describe(self, action, player, viewer)

    def __str__(self) -> str:
        return view.board(self)

    def clone(self) -> CardDiceState:
        s = CardDiceState(self.game, self.seed, blank=True)
        s.active, s.turn = self.active, self.turn
        s.actions_left, s.gained, s.drew = self.actions_left, self.gained, self.drew
        s.bid_done, s.priority, s.auction = self.bid_done, self.priority, self.auction
        s.over, s.winner, s.last_dealer = self.over, self.winner, self.last_dealer
        s._history = list(self._history)
        s.dice = list(self.dice)
        s.sides = [x.copy() for x in self.sides]
        s.shops = [x.copy() for x in self.shops]
        s.amps = list(self.amps)
        s.bought = [list(b) for b in self.bought]
        s.flow, s.chain, s.events = self.flow.copy(), list(self.chain), self.events.copy()
        s.recording, s._events = self.recording, self._events
        if self._origin is not None:
            s._origin = self._origin
        return s

    def position(self) -> dict[str, Any]:
        """Return this state as a position (:mod:`elementa.games.elemental_card_dice.position`)."""
        from elementa.games.elemental_card_dice.position import position

        return position(self)

    def resample_from_infostate(self, player: int, rng: random.Random) -> CardDiceState:
        """Redraw what ``player`` cannot see (see :meth:`_redraw`), keeping who is to move.

        Whether a draw from a pile waits for chance depends on the pile (a pile of one card alike is
        drawn at once), so a redraw can turn a chance node the seat sees into a step that would run
        by itself: such a redraw contradicts what the seat sees (``to_move``), and another is drawn,
        up to :data:`RESAMPLE_TRIES` (the true state is always one of the candidates).
        """
        to_move = self.current_player()
        s = self._redraw(player, rng)
        for _ in range(RESAMPLE_TRIES - 1):
            if s.current_player() == to_move:
                break
            s = self._redraw(player, rng)
        return s

    def _redraw(self, player: int, rng: random.Random) -> CardDiceState:
        """Redraw what ``player`` cannot see: the unseen order of their own deck, and the opponent's
        unseen hand cards, face-down actions (actions only) and deck, keeping every count.

        The unseen cards are pooled in sorted order before the shuffle, so two states that ``player``
        cannot tell apart give the same redraw from the same generator.
        """
        s = self.clone()
        s.events = deque((e for e in s.events if e[0] in (None, player) and e[1] != player), MAX_EVENTS)
        mine = s.sides[player]
        k = mine.known[player]
        pool = sorted(mine.top[k:] + mine.rest)  # sorted: the draw depends on what the player knows alone
        rng.shuffle(pool)
        n_top = len(mine.top) - k
        mine.top, mine.rest = mine.top[:k] + pool[:n_top], sorted(pool[n_top:])
        foe, cards = s.sides[1 - player], self.game.cards
        k = foe.known[player]
        hand_slots = [i for i, seen in enumerate(foe.seen) if not seen]
        fd_slots = [i for i, (_, _, seen) in enumerate(foe.facedown) if not seen]
        pool = sorted(
            [foe.hand[i] for i in hand_slots]
            + [foe.facedown[i][0] for i in fd_slots]
            + foe.top[k:]
            + foe.rest
        )
        rng.shuffle(pool)
        actions = [c for c in pool if cards[c].kind == "action"][: len(fd_slots)]
        for c in actions:
            pool.remove(c)
        for i, c in zip(fd_slots, actions, strict=True):
            foe.facedown[i] = (c, foe.facedown[i][1], False)
        for i in hand_slots:
            foe.hand[i] = pool.pop()
        n_top = len(foe.top) - k
        foe.top = foe.top[:k] + pool[:n_top]
        foe.rest = sorted(pool[n_top:])
        return s


_TURN_ACTIONS: dict[str, Callable[..., None]] = {
    name.removeprefix("_do_"): fn for name, fn in vars(CardDiceState).items() if name.startswith("_do_")
}
"""Per action kind, the ``CardDiceState._do_<kind>`` method that applies it outside resolutions."""
