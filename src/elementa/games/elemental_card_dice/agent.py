"""A rule-based player for the Elemental Card-Dice Game.

It reads only its observation (the typed part of it that it needs, :class:`.views.BriefView`), its
legal actions and the public card list, and follows simple rules:
draw and take the turn's gold first, play every blessing, play the action worth most at the current
dice (damage that kills at once before anything), buy the shop card worth most for its price (more
freely the more gold it holds: hoarded gold does nothing), keep bids within what a card is worth,
answer the opponent's damage with Veto or die manipulation, use die manipulation in its own favour
(in its own turn too, where a change raises what its known cards do by more than any other play:
the dice stay as they are left, so such a change lasts the game), pay Paid Militia only to survive,
and discard its weakest cards. Its known cards are its hand, face-down actions, passives and
discard pile.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from elementa.core import Action, Agent, State
from elementa.games.elemental_card_dice.cards import DICE, Card
from elementa.games.elemental_card_dice.effects import EFFECTS
from elementa.games.elemental_card_dice.views import (
    AgainView,
    AuctionView,
    BriefOwnSide,
    BriefView,
    OrderView,
)

if TYPE_CHECKING:
    from elementa.games.elemental_card_dice.game import CardDiceGame
    from elementa.games.elemental_card_dice.state import CardDiceState

_FIXED_WORTH = {
    "double_gold": 0.0,  # replaced by the gold held
    "amplify": 4.0,
    "reroll": 3.0,
    "change": 3.0,
    "flip": 3.0,
    "swap": 4.0,
    "look_hand": 1.5,
    "look_facedown": 1.5,
    "peek_deck": 1.5,
    "reorder_deck": 2.0,
    "tutor": 5.0,
    "express": 2.0,
    "veto": 9.0,
    "paid_militia": 10.0,
    "cheapskate": 4.0,
    "truly_blessed": 6.0,
    "always_lucky": 10.0,
}

_WORTH_BY_STRENGTH = frozenset(
    {"damage", "heal", "gain_gold", "draw_cards", "discard_hand", "discard_facedown", "extra_actions"}
    | {"shield", "hand_size"}
)
"""The effects whose worth in play grows with the card's strength (see ``worth``)."""

_BUY_BY_STRENGTH = frozenset(
    {"damage", "draw_cards", "gain_gold", "extra_actions", "shield", "hand_size", "heal"}
)
"""The effects whose worth to a buyer grows with the card's strength (see ``buy_worth``)."""

MAIN_PHASE_LAST = frozenset({"end_turn", "discard"})
"""The kinds a main-phase action list ends with, and no other list does: ending the turn, or while
the hand is over its limit, discarding (see ``CardDiceState._main_actions``)."""

DICE_GAIN_PLAY = 6.0
"""The least gain in its known cards' worth (see :meth:`CardDiceAgent.dice_gain`) for which the
rule-based player plays die manipulation in its own turn (at least this, and more than any other
play is worth); less is kept face down to answer the opponent with."""

RICH = 100
"""Gold from which the rule-based player buys any card worth a tenth of its cost to it (below: a
quarter from 40 gold, else 0.6): with the gold from damage and the turn's coin, players hoarded a
median of 177 gold at the turn limit (issue 40) while their decks stayed too weak to finish; with
this rule and the others of issue 40, 88.5 (in the 82 of 300 games that still reach it)."""

SAFE_HEALTH = 60
"""Health above which, when it is also above the opponent's, the rule-based player values healing at a
quarter of what it does below (damage first: healing a lead only makes the game longer)."""

GOLD_NEED = 60.0
"""Gold (coins) that the rule-based player has a use for: a few buys, executions and a Paid Militia
payment. Gold beyond it is worth ever less (see :meth:`CardDiceAgent.gold_worth`), so a player who
holds plenty plays damage rather than more gold."""


def _draw_gold_or_bless(legal: Sequence[Action]) -> Action | None:
    """Return the turn's draw if legal, else the turn's gold, else the first blessing, else None
    (one pass over the list: a main-phase list holds up to twenty actions)."""
    gold = bless = None
    for a in legal:
        kind = a.kind
        if kind == "draw":
            return a
        if kind == "gain_gold":
            gold = a
        elif kind == "bless" and bless is None:
            bless = a
    return gold if gold is not None else bless


class CardDiceAgent(Agent):
    """The rule-based ("greedy") agent; see the module docstring for its rules."""

    name = "greedy"

    def __init__(self, player: int, seed: int = 0) -> None:
        super().__init__(player, seed)
        self._game: CardDiceGame | None = None

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        """Return the action of ``legal`` (this seat's legal actions in ``state``) that the rules of
        the module docstring choose.

        Args:
            state: the state (not modified).
            legal: ``state.legal_actions(self.player)``.

        Returns:
            One of ``legal``, chosen by the rules in the module docstring.
        """
        s = cast("CardDiceState", state)
        main = legal[-1].kind in MAIN_PHASE_LAST
        if main:  # the turn's draw, gold and blessings come first, and need no observation
            first = _draw_gold_or_bless(legal)
            if first is not None:
                return first
        self.obs: BriefView = s.brief_view(self.player)
        if s.game is not self._game:  # the card tables, once per game
            self._game = s.game
            self.cards: dict[str, Card] = {c.name: c for c in s.game.cards}
            self.by_id: tuple[Card, ...] = s.game.cards
            self.max_by = s.game.max_by
        self.dice = list(self.obs.dice.values())
        self.me = cast(BriefOwnSide, self.obs.players[self.player])
        self.foe = self.obs.players[1 - self.player]
        if main:
            return self._main(legal)
        if self.obs.decision is not None:
            return self._decide(legal)
        if self.obs.chain:
            return self._answer(legal)
        return self._bid(legal)  # the auction: raising and matching exist only there

    # ------------------------------------------------------------------------------ estimates
    def gold_worth(self, amount: float) -> float:
        """Return what gaining ``amount`` gold is worth to me now, in gold.

        Gold is worth ``GOLD_NEED * (1 - exp(-gold / GOLD_NEED))`` to a holder of ``gold``: nearly
        its face value while little is held, next to nothing once far more than :data:`GOLD_NEED`
        is (gold does nothing in itself; a double-gold card at 700 gold is no reason to skip a hit).
        """
        held = max(self.me.gold, 0)
        return GOLD_NEED * (math.exp(-held / GOLD_NEED) - math.exp(-(held + amount) / GOLD_NEED))

    def strength(self, card: Card, dice: list[int] | None = None, seat: int | None = None) -> int:
        """Return the card's strength for ``seat`` (default: me) at ``dice`` (default: now)."""
        dice = dice if dice is not None else self.dice
        amps = self.obs.players[self.player if seat is None else seat].amplifiers
        v = card.num
        for d in card.dice:
            v *= dice[d] * amps.get(DICE[d], 1) if amps else dice[d]
        if len(card.dice) == 1 and amps:
            v *= amps.get("non-combo", 1)
        return -(-v // card.den)

    def worth(self, card: Card, dice: list[int] | None = None, seat: int | None = None) -> float:
        """Return a card's rough value now, in gold, to me, or to ``seat`` (the opponent: its
        healing and gold at a flat rate, what I know of its health and gold being beside the point)."""
        e = card.effect
        if e not in _WORTH_BY_STRENGTH:
            if e == "double_gold":
                return self.gold_worth(self.me.gold)
            return 0.5 if e == "recycle" else _FIXED_WORTH.get(e, 1.0)
        s = self.strength(card, dice, seat)
        if e == "damage":
            return 2.0 * s if card.target == "opponent" else 0.8 * s
        if seat is not None and seat != self.player and e in ("heal", "gain_gold"):
            return 0.4 * s
        if e == "heal":
            health = self.me.health  # press when ahead: healing a lead only stalls the game
            return s * (1.5 if health < 40 else 0.4 if health < max(SAFE_HEALTH, self.foe.health) else 0.1)
        if e == "gain_gold":
            return self.gold_worth(s)
        if e == "shield":
            return 3.0 * s
        if e == "hand_size":
            return 1.0 * s
        return 2.0 * s  # draw_cards, discard_hand, discard_facedown, extra_actions

    def buy_worth(self, card: Card) -> float:
        """Return what owning a card is worth to me, in gold (damage and card flow first)."""
        e = card.effect
        if e in _BUY_BY_STRENGTH:
            s = self.strength(card)
            if e == "damage":
                return 2.0 * s if card.target == "opponent" else 0.5 * s
            if e == "draw_cards":
                return 2.5 * s
            if e == "gain_gold":
                return 1.2 * self.gold_worth(s)
            return 0.5 * s
        if e == "always_lucky":
            return 15.0
        if e == "double_gold":
            return 0.6 * self.gold_worth(10.0)  # 6 while 10 more gold is worth its face value
        return 0.5 * _FIXED_WORTH.get(e, 1.0)

    def dice_gain(self, card: Card, skip: str | None = None) -> float:
        """Return how much die manipulation ``card`` could raise the worth of my known cards (see
        :meth:`_dice_score`), played now on the die where it gains most, in gold (0: nowhere).

        A change tries each die up and down by 1 to its reach, a flip each die, a swap each pair; a
        reroll counts the expected best of its tries over the die's faces (kept when better).

        Args:
            card: a die-manipulation card (effect ``change``, ``flip``, ``swap`` or ``reroll``).
            skip: a card name left out of the known cards once (the card itself, played from hand).
        """
        dice, sides = self.dice, self.obs.die_sides
        known = self._known(skip)
        cards = self.cards
        opened = [c for c in (cards[n] for n in self._open) if c.dice]
        best = 0.0
        e = card.effect
        # the score is a sum over cards, so a change of die i moves only the cards that use it
        for i, v in enumerate(dice):
            mine = [c for c in known if i in c.dice]
            theirs = [c for c in opened if i in c.dice]
            if e == "swap":
                for j in range(i + 1, len(dice)):
                    both = [c for c in known if i in c.dice or j in c.dice]
                    foes = [c for c in opened if i in c.dice or j in c.dice]
                    d = list(dice)
                    d[i], d[j] = d[j], v
                    best = max(best, self._dice_score(d, both, foes) - self._dice_score(dice, both, foes))
                continue
            if not mine and not theirs:
                continue
            base = self._dice_score(dice, mine, theirs)
            if e == "flip":
                faces: range | tuple[int, ...] = (sides + 1 - v,)
            elif e == "change":
                faces = range(max(1, v - card.by), min(sides, v + card.by) + 1)
            else:  # reroll: the die is worth the expected best of its tries, kept when better
                lo, hi = list(dice), list(dice)
                lo[i], hi[i] = 1, sides
                slope = (self._dice_score(hi, mine, theirs) - self._dice_score(lo, mine, theirs)) / max(
                    1, sides - 1
                )
                if slope > 0:
                    tries = max(card.times, 1)
                    expect = sum((1 - (m / sides) ** tries if m >= v else 1 for m in range(sides)), 0.0)
                    best = max(best, slope * (expect - v))
                continue
            for f in faces:
                if f != v:
                    d = list(dice)
                    d[i] = f
                    best = max(best, self._dice_score(d, mine, theirs) - base)
        return best

    def _known(self, skip: str | None = None) -> list[Card]:
        """Return my known cards that use dice: hand (less ``skip`` once), face-down actions,
        passives and discard pile."""
        cards = self.cards
        names = [*self.me.hand, *(f.card for f in self.me.face_down if f.card is not None)]
        names += [*self.me.passives, *self.me.discard]
        if skip is not None and skip in names:
            names.remove(skip)
        return [c for c in (cards[n] for n in names) if c.dice]

    def _card(self, a: Action) -> Card:
        return self.by_id[a.args[0]]

    # ---------------------------------------------------------------------------- main phase
    def _main(self, legal: Sequence[Action]) -> Action:
        """The main phase after the turn's draw, gold and blessings (taken first, in ``choose``)."""
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            group = by_kind.get(a.kind)
            if group is None:
                by_kind[a.kind] = [a]
            else:
                group.append(a)
        by_id = self.by_id
        plays, executes = by_kind.get("play", []), by_kind.get("execute", [])
        need = self.foe.health + 1
        for a in (*plays, *executes):  # a damage card that kills at once
            card = by_id[a.args[0]]
            if card.effect == "damage" and self.strength(card) >= need:
                return a
        best, best_worth = None, 0.0  # the play worth most (the first of equals)
        for a in plays:
            worth = self.worth(by_id[a.args[0]])
            if best is None or worth > best_worth:
                best, best_worth = a, worth
        change, change_gain = None, DICE_GAIN_PLAY  # die manipulation that gains most now
        for a in (*plays, *executes):
            card = by_id[a.args[0]]
            if EFFECTS[card.effect].group == "dice":
                gain = self.dice_gain(card, card.name if a.kind == "play" else None)
                if gain > change_gain and gain > best_worth and (a.kind == "play" or gain > card.cost):
                    change, change_gain = a, gain
        if change is not None:
            return change
        if best is not None:
            card = by_id[best.args[0]]
            if EFFECTS[card.effect].group in ("dice", "veto") and "place" in by_kind:
                return next(a for a in by_kind["place"] if a.args == best.args)
            if best_worth >= 2 or len(self.me.hand) > self.me.hand_limit:
                return best
        for a in executes:
            card = by_id[a.args[0]]
            if EFFECTS[card.effect].group not in ("dice", "veto") and self.worth(card) > card.cost:
                return a
        gold = self.me.gold  # banked gold does nothing: spend it more freely the more is held
        bar = 0.1 if gold >= RICH else 0.25 if gold >= 40 else 0.6
        bid, bid_score = None, 0.0  # the bid worth most less half its cost, among those worth the bar
        for a in by_kind.get("bid", []):
            card = by_id[a.args[0]]
            worth = self.buy_worth(card)
            if worth >= bar * card.cost and (bid is None or worth - 0.5 * card.cost > bid_score):
                bid, bid_score = a, worth - 0.5 * card.cost
        if bid is not None:
            return bid
        if "end_turn" in by_kind:
            return by_kind["end_turn"][0]
        return min(by_kind["discard"], key=lambda a: self.worth(self._card(a)))

    def _bid(self, legal: Sequence[Action]) -> Action:
        auction = cast(AuctionView, self.obs.auction)  # raising and matching exist only in an auction
        card = self.cards[auction.card]
        limit = max(card.cost, 1.5 * self.buy_worth(card), self.me.gold / 3)
        for a in legal:
            if a.kind in ("raise", "match"):
                nxt = auction.bid + (card.cost if a.kind == "raise" else 0)
                if nxt <= limit and nxt <= self.me.gold:
                    return a
        return next(a for a in legal if a.kind == "pass")

    # ----------------------------------------------------------------------------- responses
    def _answer(self, legal: Sequence[Action]) -> Action:
        top = self.obs.chain[-1]
        threat = self.cards[top.card]
        passing = next(a for a in legal if a.kind == "pass")
        if top.player == self.player or threat.effect != "damage":
            return passing
        dmg = self.strength(threat, seat=1 - self.player)
        answers = [a for a in legal if a.kind in ("respond", "respond_facedown")]
        vetoes = [a for a in answers if self._card(a).effect == "veto"]
        if vetoes and (dmg >= 15 or dmg >= self.me.health):
            return vetoes[0]
        dice_cards = [a for a in answers if EFFECTS[self._card(a).effect].group == "dice"]
        if dice_cards and dmg >= 8:
            return dice_cards[0]
        return passing

    # ----------------------------------------------------------------------------- decisions
    def _dice_score(
        self, dice: list[int], known: list[Card] | None = None, opened: list[Card] | None = None
    ) -> float:
        """How good a set of dice is for me: my known cards' worth (``known``, default
        :meth:`_known`) minus the opponent's open cards' (``opened``, default its passives and
        discard pile: the dice are the same for both) and its chain entries'."""
        foe = 1 - self.player
        cards = self.cards
        if opened is None:
            opened = [c for c in (cards[n] for n in self._open) if c.dice]
        score = -sum((self.worth(c, dice, foe) for c in opened), 0.0)
        mine = list(self._known() if known is None else known)
        for entry in self.obs.chain:
            card = cards[entry.card]
            if entry.player == self.player:
                mine.append(card)
            elif card.dice:
                score -= 3 * self.strength(card, dice, seat=entry.player)
        return score + sum((self.worth(c, dice) for c in mine if c.dice), 0.0)

    @property
    def _open(self) -> tuple[str, ...]:
        """The opponent's cards open to everyone: its passives and discard pile."""
        return (*self.foe.passives, *self.foe.discard)

    def _decide(self, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        dice = self.dice
        sides = self.obs.die_sides
        decision = self.obs.decision
        if "militia" in kinds and decision is not None:
            need = decision.count - self.me.health + 1
            pay = need if 0 < need <= self.me.gold else 0
            return next(a for a in legal if a.args == (pay,))
        if kinds & {"die", "change", "swap", "again"}:
            return max(legal, key=lambda a: self._after(a, dice, sides))
        if kinds & {"order"}:
            mine = isinstance(decision, OrderView) and decision.deck_of == self.player
            return max(legal, key=lambda a: self.worth(self._card(a)) * (1 if mine else -1))
        if kinds & {"forced_discard", "forced_discard_facedown"}:
            return min(legal, key=lambda a: self.worth(self._card(a)))
        if kinds & {"tutor", "ship"}:
            return max(legal, key=lambda a: self.worth(self._card(a)))
        return next((a for a in legal if a.kind == "stop"), legal[0])

    def _after(self, a: Action, dice: list[int], sides: int) -> float:
        """The dice score expected after a die decision."""
        d = list(dice)
        mean = (sides + 1) / 2
        decision = self.obs.decision
        if a.kind == "change":
            d[a.args[0]] += a.args[1] - self.max_by
        elif a.kind == "swap":
            x, y = a.args
            d[x], d[y] = d[y], d[x]
        elif a.kind == "die" and decision is not None and decision.kind == "pick_flip":
            d[a.args[0]] = sides + 1 - d[a.args[0]]
        elif a.kind == "die" or a.kind == "again":
            i = (
                a.args[0]
                if a.kind == "die" or not isinstance(decision, AgainView)
                else DICE.index(decision.die)
            )
            lo, hi = list(d), list(d)
            lo[i], hi[i] = 1, sides
            base = self._dice_score(d)
            slope = (self._dice_score(hi) - self._dice_score(lo)) / max(1, sides - 1)
            return base + slope * (mean - d[i])
        return self._dice_score(d)
