"""The steps of a resolution on the core flow stack (:class:`~elementa.core.flow.Flow`): each a small
frozen dataclass that says who acts, what is legal and what comes next.

A step waits for a chance outcome (:class:`Chance`: a die, a card, who starts), waits for one seat's
decision (:class:`Decision`), or runs by itself (:class:`Automatic`: a hit, a look, a played card
going to the discard pile, a turn's start). Some steps say which by the state (their ``actor``): a
card taken from a pile whose next card is known (fixed on top of a deck, or every card of the pile
alike) is taken automatically, and the step stops to wait for chance only when the pile holds two
different cards (:class:`PileChance`); a decision with nothing to decide (a discard from an empty
hand) is automatic and is dropped (:class:`OptionalDecision`). The state settles the flow after
every action (``Flow.settle``), so a seat or chance is asked only at a step that waits.

Chance: :class:`Roll`, :class:`First`, :class:`Draw`, :class:`Reveal`, :class:`Refill`. Decisions:
:class:`PickReroll`, :class:`Again`, :class:`PickChange`, :class:`PickFlip`, :class:`PickSwap`,
:class:`Militia`, :class:`Order`, :class:`DiscardHand`, :class:`DiscardFacedown`, :class:`Recycle`,
:class:`Tutor`, :class:`Ship`. Automatic: :class:`Hit`, :class:`LookHand`, :class:`LookFacedown`,
:class:`Reorder`, :class:`Finish`, :class:`Begin`.

source: elemental-card-dice.txt, the card list (what each effect does) and the turn rules.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from elementa.core import CHANCE, Action, Blocked, Changed, Moved, Revealed, die_outcomes, pick_uniform
from elementa.core.flow import AUTOMATIC, Step
from elementa.games.elemental_card_dice.cards import DICE, SHOP_NAMES, SHOP_SIZE
from elementa.games.elemental_card_dice.views import AgainView, DecisionView, OrderView
from elementa.games.elemental_card_dice.zones import (
    CHAIN,
    DECK,
    DIE,
    DISCARD,
    FACE_DOWN,
    GOLD,
    HAND,
    HEALTH,
    PLAY,
    REMOVED,
    SHOP,
    SHOP_DECK,
    SUPPLY,
    single,
)

if TYPE_CHECKING:
    from elementa.games.elemental_card_dice.state import CardDiceState

Names = Callable[[list[int]], list[str]]
"""How a view names card ids (and notes them for its card table)."""
MILITIA_MAX = 500
"""Radix of the Paid Militia payment: at most 499 gold can be paid against one hit."""


# ------------------------------------------------------------------------------------ chance
class Chance(Step):
    """A step that waits for a chance outcome (see the subclasses)."""

    __slots__ = ()

    def actor(self, state: CardDiceState) -> int:
        return CHANCE

    def told(self, state: CardDiceState, action: Action, viewer: int | None) -> str:
        """Return how ``viewer`` reads the outcome ``action`` of this step ("chance: ...")."""
        return f"chance: {action.label}"


@dataclass(frozen=True, slots=True)
class Roll(Chance):
    """Roll one die (the setup, a reroll, a new turn under ``reroll_dice_each_turn``).

    Attributes:
        die: the die's index in :data:`~.cards.DICE`.
    """

    die: int

    def outcomes(self, state: CardDiceState) -> list[tuple[Action, float]]:
        act = state.game.act
        return [(act("face", f), p) for f, p in die_outcomes(state.game.options.die_sides)]

    def sample(self, state: CardDiceState, rng: random.Random) -> Action:
        return pick_uniform(state.game.face_actions, rng)

    def apply(self, state: CardDiceState, action: Action, player: int) -> None:
        state.dice[self.die] = action.args[0] + 1
        state.note(f"the {DICE[self.die]} die shows {action.args[0] + 1}", noted=False)
        _die_changed(state, self.die)

    def told(self, state: CardDiceState, action: Action, viewer: int | None) -> str:
        return f"chance: the {DICE[self.die]} die rolls {action.args[0] + 1}"


@dataclass(frozen=True, slots=True)
class First(Chance):
    """Draw who takes the first turn (``first_player = "random"``)."""

    def outcomes(self, state: CardDiceState) -> list[tuple[Action, float]]:
        act = state.game.act
        return [(act("seat", 0), 0.5), (act("seat", 1), 0.5)]

    def sample(self, state: CardDiceState, rng: random.Random) -> Action:
        return pick_uniform(state.game.seat_actions, rng)

    def apply(self, state: CardDiceState, action: Action, player: int) -> None:
        state.active = action.args[0]
        state.note(f"player {state.active + 1} goes first")


class PileChance(Chance):
    """A step that takes cards one at a time from an unordered pile (kept sorted, see zones): a card
    is a chance outcome only while the pile holds two different cards (its ``actor`` then says
    ``CHANCE``); a card it knows (the pile's cards all alike, or one fixed on top of a deck) it
    takes automatically (``run``) and pushes itself back to go on."""

    __slots__ = ()

    def pile(self, state: CardDiceState) -> list[int]:
        """Return the pile the next card comes from (a deck's unordered part, a shop deck)."""
        raise NotImplementedError(f"{type(self).__name__} names no pile")

    def outcomes(self, state: CardDiceState) -> list[tuple[Action, float]]:
        pile = self.pile(state)
        # no sort: piles are kept sorted (see zones), so the outcomes come in card id order
        card, total = state.game.card_actions["card"], len(pile)
        if len(set(pile)) == total:  # every card once (a shop deck, mostly): nothing to count
            p = 1 / total
            return [(card[c], p) for c in pile]
        return [(card[c], k / total) for c, k in Counter(pile).items()]

    def sample(self, state: CardDiceState, rng: random.Random) -> Action:
        """The card at a uniform index of the pile (``pick_uniform``): a card's copies lie side by
        side, in the order :meth:`outcomes` lists the cards, so it is the card ``sample_outcome``
        draws over them from the same ``rng.random()`` value."""
        return state.game.card_actions["card"][pick_uniform(self.pile(state), rng)]


@dataclass(frozen=True, slots=True)
class Draw(PileChance):
    """A seat draws cards into its hand, one at a time: the known top of its deck first, then from
    the unordered rest; an empty deck takes the discard pile back once a turn, else drawing stops.

    Attributes:
        seat: who draws.
        count: cards left to draw (at least 1).
    """

    seat: int
    count: int

    def actor(self, state: CardDiceState) -> int:
        side = state.sides[self.seat]
        rest = side.rest
        return CHANCE if rest and rest[0] != rest[-1] and not side.top else AUTOMATIC

    def pile(self, state: CardDiceState) -> list[int]:
        return state.sides[self.seat].rest

    def run(self, state: CardDiceState) -> None:
        side = state.sides[self.seat]
        if side.top:
            card, seen = side.pop_top(1 - self.seat)
            self._give(state, card, seen)
        elif side.rest:  # every card alike
            self._give(state, side.rest.pop(), False)
        elif side.discard and side.reshuffled != state.turn:
            if state.recording:
                state.emit(Moved("card", len(side.discard), DISCARD[self.seat], DECK[self.seat]))
            side.rest, side.discard, side.reshuffled = sorted(side.discard), [], state.turn
            state.note(f"player {self.seat + 1} shuffles their discard pile into their deck", noted=False)
            state.flow.push(self)
        else:
            state.note(f"player {self.seat + 1} has no card left to draw")

    def apply(self, state: CardDiceState, action: Action, player: int) -> None:
        state.sides[self.seat].rest.remove(action.args[0])
        self._give(state, action.args[0], False)

    def _give(self, state: CardDiceState, card: int, seen: bool) -> None:
        state.sides[self.seat].add_to_hand(card, seen)
        state.note(f"you draw {state.game.cards[card].name}", to=self.seat, noted=False)
        state.card_moved(card, DECK[self.seat], HAND[self.seat], to=self.seat)
        if self.count > 1:
            state.flow.push(Draw(self.seat, self.count - 1))

    def told(self, state: CardDiceState, action: Action, viewer: int | None) -> str:
        name = state.game.cards[action.args[0]].name
        return f"chance: player {self.seat + 1} draws " + (name if viewer == self.seat else "a card")


@dataclass(frozen=True, slots=True)
class Reveal(PileChance):
    """A seat looks at the top cards of a deck (as many as it holds, at most ``count``): the cards
    not yet fixed on top come from the unordered rest, then the seat sees them.

    Attributes:
        seat: who looks.
        count: how many top cards.
        deck: whose deck.
    """

    seat: int
    count: int
    deck: int

    def actor(self, state: CardDiceState) -> int:
        side = state.sides[self.deck]
        short = len(side.top) < min(self.count, side.deck_size())
        return CHANCE if short and not single(side.rest) else AUTOMATIC

    def pile(self, state: CardDiceState) -> list[int]:
        return state.sides[self.deck].rest

    def run(self, state: CardDiceState) -> None:
        side = state.sides[self.deck]
        want = min(self.count, side.deck_size())
        if len(side.top) < want:  # every card of the rest alike
            side.top.append(side.rest.pop())
            state.flow.push(self)
            return
        side.known[self.seat] = max(side.known[self.seat], want)
        whose = "your" if self.deck == self.seat else f"player {self.deck + 1}'s"
        seen = state.names(side.top[:want])
        state.note(f"you see the top of {whose} deck: {seen}", to=self.seat, noted=False)
        if state.recording:
            state.emit(Revealed(f"top {want} cards", DECK[self.deck], seen), (self.seat,))
        state.note(
            f"player {self.seat + 1} looks at the top {want} cards of player {self.deck + 1}'s deck",
            but=self.seat,
        )

    def apply(self, state: CardDiceState, action: Action, player: int) -> None:
        side = state.sides[self.deck]
        side.rest.remove(action.args[0])
        side.top.append(action.args[0])
        state.flow.push(self)

    def told(self, state: CardDiceState, action: Action, viewer: int | None) -> str:
        seen = state.game.cards[action.args[0]].name if viewer == self.seat else "a card"
        return f"chance: player {self.seat + 1} looks at {seen} from player {self.deck + 1}'s deck"


@dataclass(frozen=True, slots=True)
class Refill(PileChance):
    """A shop's row fills up from its deck, then from the cards returned under it; an empty deck
    takes the removed cards back.

    Attributes:
        shop: the shop (:data:`~.cards.CHEAP` or :data:`~.cards.EXPENSIVE`).
    """

    shop: int

    def actor(self, state: CardDiceState) -> int:
        shop = state.shops[self.shop]
        deck = shop.deck
        return CHANCE if deck and deck[0] != deck[-1] and len(shop.row) < SHOP_SIZE else AUTOMATIC

    def pile(self, state: CardDiceState) -> list[int]:
        return state.shops[self.shop].deck

    def run(self, state: CardDiceState) -> None:
        shop = state.shops[self.shop]
        if shop.full():
            return
        if shop.deck:  # every card alike
            shop.row.append(shop.deck.pop())
        elif shop.bottom:
            shop.row.append(shop.bottom.pop(0))
        elif shop.removed:
            if state.recording:
                state.emit(Moved("card", len(shop.removed), REMOVED[self.shop], SHOP_DECK[self.shop]))
            shop.deck, shop.removed = sorted(shop.removed), []
            state.note("the removed cards are shuffled back into a shop deck", noted=False)
            state.flow.push(self)
            return
        else:
            return
        state.card_moved(shop.row[-1], SHOP_DECK[self.shop], SHOP[self.shop])
        state.flow.push(self)

    def apply(self, state: CardDiceState, action: Action, player: int) -> None:
        shop = state.shops[self.shop]
        shop.deck.remove(action.args[0])
        shop.row.append(action.args[0])
        state.card_moved(action.args[0], SHOP_DECK[self.shop], SHOP[self.shop])
        state.flow.push(self)

    def told(self, state: CardDiceState, action: Action, viewer: int | None) -> str:
        name = state.game.cards[action.args[0]].name
        return f"chance: {name} comes into the {SHOP_NAMES[self.shop]} shop"


# -------------------------------------------------------------------------------- decisions
class Named(Step):
    """A step with a ``kind``: the decision's name in the observation (``decision.kind``).

    A dataclass subclass sets it after its body (``Again.kind = "again"``), not in it: compiled with
    mypyc, a ``ClassVar`` in a dataclass's body becomes a field (mypyc/mypyc#1122).
    """

    __slots__ = ()
    kind: ClassVar[str] = ""


@dataclass(frozen=True, slots=True)
class Decision(Named):
    """A step that waits for one seat's decision.

    Attributes:
        seat: who decides (each subclass's first field).
    """

    seat: int

    def actor(self, state: CardDiceState) -> int:
        return self.seat

    def shown_count(self) -> int:
        """The observation's ``decision.count``: rerolls left, the most a die may change, the
        damage to pay against, the cards to order or discard (0 where nothing is counted)."""
        return 0

    def view(self, state: CardDiceState, viewer: int | None, nms: Names) -> DecisionView:
        """Return the observation's ``decision`` for ``viewer``: a :class:`.views.DecisionView`, or
        the subclass of it that says what the kind adds (``nms`` names card ids and notes them for
        the view's card table)."""
        return DecisionView(self.kind, self.seat, self.shown_count())

    def key(self, state: CardDiceState, viewer: int) -> tuple[Any, ...]:
        """Return the facts of :meth:`view` for ``viewer``'s information-state key (card ids)."""
        return (self.kind, self.seat, self.shown_count())


def _die_changed(state: CardDiceState, die: int) -> None:
    """Emit a die's new face (a roll, a change, a turn over, a swap)."""
    if state.recording:
        state.emit(Changed("die", DIE[die], str(state.dice[die])))


def _die_choices(state: CardDiceState, verb: str) -> list[Action]:
    act = state.game.act
    return [act("die", d, label=f"{verb} the {DICE[d]} die ({state.dice[d]})") for d in range(len(DICE))]


def _reroll(state: CardDiceState, seat: int, die: int, times: int) -> None:
    """Roll ``die``, then let ``seat`` roll it again while rerolls are left (``times`` with this one)."""
    state.flow.push(Roll(die), *([Again(seat, times - 1, die)] if times > 1 else []))


@dataclass(frozen=True, slots=True)
class PickReroll(Decision):
    """Pick a die to reroll (Reroll).

    Attributes:
        seat: who picks.
        times: the rerolls allowed, this one included (the last roll stands).
    """

    times: int

    def shown_count(self) -> int:
        return self.times

    def legal(self, state: CardDiceState, player: int) -> list[Action]:
        return _die_choices(state, "reroll")

    def apply(self, state: CardDiceState, action: Action, player: int) -> None:
        _reroll(state, self.seat, action.args[0], self.times)


PickReroll.kind = "pick_reroll"


@dataclass(frozen=True, slots=True)
class Again(Decision):
    """Reroll the same die again, or keep it.

    Attributes:
        seat: who decides.
        times: the rerolls left.
        die: the die rerolled.
    """

    times: int
    die: int

    def shown_count(self) -> int:
        return self.times

    def legal(self, state: CardDiceState, player: int) -> list[Action]:
        act = state.game.act
        return [act("again", label=f"reroll the {DICE[self.die]} die again"), act("stop", label="keep it")]

    def apply(self, state: CardDiceState, action: Action, player: int) -> None:
        if action.kind == "again":
            _reroll(state, self.seat, self.die, self.times)

    def view(self, state: CardDiceState, viewer: int | None, nms: Names) -> AgainView:
        return AgainView(self.kind, self.seat, self.times, DICE[self.die])

    def key(self, state: CardDiceState, viewer: int) -> tuple[Any, ...]:
        return (self.kind, self.seat, self.times, self.die)


Again.kind = "again"


@dataclass(frozen=True, slots=True)
class PickChange(Decision):
    """Change one die by 1 to ``by`` either way, staying on the die (Change).

    Attributes:
        seat: who changes.
        by: the most the die may change.
    """

    by: int

    def shown_count(self) -> int:
        return self.by

    def legal(self, state: CardDiceState, player: int) -> list[Action]:
        act, top, b = state.game.act, state.game.options.die_sides, state.game.max_by
        return [
            act("change", d, j + b, label=f"change the {DICE[d]} die from {v} to {v + j}")
            for d, v in enumerate(state.dice)
            for j in range(-self.by, self.by + 1)
            if j and 1 <= v + j <= top
        ]

    def apply(self, state: CardDiceState, action: Action, player: int) -> None:
        d, j = action.args[0], action.args[1] - state.game.max_by
        state.dice[d] += j
        state.note(f"the {DICE[d]} die is changed to {state.dice[d]}", noted=False)
        _die_changed(state, d)


PickChange.kind = "pick_change"


@dataclass(frozen=True, slots=True)
class PickFlip(Decision):
    """Turn one die over: a face ``v`` becomes ``sides + 1 - v`` (Flip).

    Attributes:
        seat: who turns it.
    """

    def legal(self, state: CardDiceState, player: int) -> list[Action]:
        return _die_choices(state, "turn over")

    def apply(self, state: CardDiceState, action: Action, player: int) -> None:
        d = action.args[0]
        state.dice[d] = state.game.options.die_sides + 1 - state.dice[d]
        state.note(f"the {DICE[d]} die is turned over to {state.dice[d]}", noted=False)
        _die_changed(state, d)


PickFlip.kind = "pick_flip"


@dataclass(frozen=True, slots=True)
class PickSwap(Decision):
    """Swap the values of two dice (Swap).

    Attributes:
        seat: who swaps.
    """

    def legal(self, state: CardDiceState, player: int) -> list[Action]:
        act, dice = state.game.act, state.dice
        return [
            act("swap", a, b, label=f"swap the {DICE[a]} ({dice[a]}) and {DICE[b]} ({dice[b]}) dice")
            for a in range(len(DICE))
            for b in range(a + 1, len(DICE))
        ]

    def apply(self, state: CardDiceState, action: Action, player: int) -> None:
        x, y = action.args
        state.dice[x], state.dice[y] = state.dice[y], state.dice[x]
        state.note(f"the {DICE[x]} and {DICE[y]} dice are swapped", noted=False)
        _die_changed(state, x)
        _die_changed(state, y)


PickSwap.kind = "pick_swap"


@dataclass(frozen=True, slots=True)
class Militia(Decision):
    """Pay gold against a hit, 1 gold per point (Paid Militia, ruling ECD-A5); the rest is dealt.

    Attributes:
        seat: the target, who pays.
        amount: the damage after shields.
        dealer: who deals it.
    """

    amount: int
    dealer: int

    def shown_count(self) -> int:
        return self.amount

    def legal(self, state: CardDiceState, player: int) -> list[Action]:
        act = state.game.act
        most = min(self.amount, state.sides[self.seat].gold, MILITIA_MAX - 1)
        return [act("militia", g) for g in range(most + 1)]

    def apply(self, state: CardDiceState, action: Action, player: int) -> None:
        paid = action.args[0]
        state.sides[self.seat].gold -= paid
        state.note(f"player {self.seat + 1} pays {paid} gold to Paid Militia", noted=not paid)
        if paid and state.recording:
            state.gold_moved(paid, GOLD[self.seat], SUPPLY)
            state.emit(Blocked(HEALTH[self.seat], paid, "Paid Militia"))
        state.deal(self.dealer, self.seat, self.amount - paid)


Militia.kind = "militia"


@dataclass(frozen=True, slots=True)
class Order(Decision):
    """Put back the top cards of a deck one at a time, the next place from the top first (Reorder;
    :class:`Reorder` starts it). The last card takes the last place by itself.

    Attributes:
        seat: who orders.
        count: how many top cards are ordered (at most the deck's).
        place: the place from the top being filled now.
        deck: whose deck.
    """

    count: int
    place: int
    deck: int

    def shown_count(self) -> int:
        return self.count

    def _end(self, state: CardDiceState) -> int:
        return min(self.count, len(state.sides[self.deck].top))

    def legal(self, state: CardDiceState, player: int) -> list[Action]:
        card = state.game.card_actions["order"]
        return [card[c] for c in sorted(set(state.sides[self.deck].top[self.place : self._end(state)]))]

    def apply(self, state: CardDiceState, action: Action, player: int) -> None:
        top = state.sides[self.deck].top
        top.insert(self.place, top.pop(top.index(action.args[0], self.place)))
        if self.place + 1 < self._end(state) - 1:
            state.flow.push(Order(self.seat, self.count, self.place + 1, self.deck))

    def _cards(self, state: CardDiceState, viewer: int | None) -> list[int] | None:
        """The cards still to place, shown to the seat ordering them alone."""
        return state.sides[self.deck].top[self.place : self._end(state)] if viewer == self.seat else None

    def view(self, state: CardDiceState, viewer: int | None, nms: Names) -> OrderView:
        cards = self._cards(state, viewer)
        return OrderView(
            self.kind, self.seat, self.count, self.deck, None if cards is None else tuple(nms(cards))
        )

    def key(self, state: CardDiceState, viewer: int) -> tuple[Any, ...]:
        cards = self._cards(state, viewer)
        return (self.kind, self.seat, self.count, self.deck, None if cards is None else tuple(cards))


Order.kind = "order"


class OptionalDecision(Decision):
    """A decision that may find nothing to decide (no card to discard, take or ship): it then says
    it is automatic, and running it drops it."""

    __slots__ = ()

    def actor(self, state: CardDiceState) -> int:
        return self.seat if self.pending(state) else AUTOMATIC

    def pending(self, state: CardDiceState) -> bool:
        """Whether there is anything to decide."""
        raise NotImplementedError(f"{type(self).__name__} says nothing of what is left to decide")

    def run(self, state: CardDiceState) -> None:
        """Nothing to decide: the step is dropped."""


class _Choose(OptionalDecision):
    """A decision among cards a seat holds, one card at a time, ``count`` times at most (a field of
    the subclass), while it holds any."""

    __slots__ = ()
    count: int

    def shown_count(self) -> int:
        return self.count

    def pending(self, state: CardDiceState) -> bool:
        return self.count > 0 and bool(self.held(state))

    def held(self, state: CardDiceState) -> list[int]:
        """Return the cards to choose from (repeats allowed)."""
        raise NotImplementedError(f"{type(self).__name__} names no cards to choose from")

    def choices(self, state: CardDiceState, kind: str) -> list[Action]:
        """Return the action ``kind`` for each distinct card held, in card id order."""
        card = state.game.card_actions[kind]
        return [card[c] for c in sorted(set(self.held(state)))]

    def again(self, state: CardDiceState) -> None:
        """Push the same decision with one fewer to do, unless it was the last."""
        if self.count > 1:
            state.flow.push(type(self)(self.seat, self.count - 1))  # type: ignore[call-arg]


@dataclass(frozen=True, slots=True)
class DiscardHand(_Choose):
    """Discard cards from hand, of the seat's choice (ruling ECD-A17).

    Attributes:
        seat: who discards.
        count: cards left to discard.
    """

    count: int

    def held(self, state: CardDiceState) -> list[int]:
        return state.sides[self.seat].hand

    def legal(self, state: CardDiceState, player: int) -> list[Action]:
        return self.choices(state, "forced_discard")

    def apply(self, state: CardDiceState, action: Action, player: int) -> None:
        c, side = action.args[0], state.sides[self.seat]
        side.take_from_hand(c, public=True)
        side.discard.append(c)
        state.note(f"player {self.seat + 1} discards {state.game.cards[c].name}", noted=False)
        state.card_moved(c, HAND[self.seat], DISCARD[self.seat])
        self.again(state)


DiscardHand.kind = "discard_hand"


@dataclass(frozen=True, slots=True)
class DiscardFacedown(_Choose):
    """Discard face-down actions, of the seat's choice.

    Attributes:
        seat: who discards.
        count: face-down actions left to discard.
    """

    count: int

    def held(self, state: CardDiceState) -> list[int]:
        return [c for c, _, _ in state.sides[self.seat].facedown]

    def legal(self, state: CardDiceState, player: int) -> list[Action]:
        return self.choices(state, "forced_discard_facedown")

    def apply(self, state: CardDiceState, action: Action, player: int) -> None:
        c, side = action.args[0], state.sides[self.seat]
        side.take_facedown(c, prefer_seen=True)
        side.discard.append(c)
        state.note(f"player {self.seat + 1} discards face-down {state.game.cards[c].name}", noted=False)
        state.card_moved(c, FACE_DOWN[self.seat], DISCARD[self.seat])
        self.again(state)


DiscardFacedown.kind = "discard_facedown"


@dataclass(frozen=True, slots=True)
class Recycle(_Choose):
    """Return cards from hand to the bottom of their shop's deck, or stop (Recycling).

    Attributes:
        seat: who returns them.
        count: the most cards left to return.
    """

    count: int

    def held(self, state: CardDiceState) -> list[int]:
        return state.sides[self.seat].hand

    def legal(self, state: CardDiceState, player: int) -> list[Action]:
        return [*self.choices(state, "recycle"), state.game.act("stop")]

    def apply(self, state: CardDiceState, action: Action, player: int) -> None:
        if action.kind == "stop":
            return
        card = state.game.cards[action.args[0]]
        state.sides[self.seat].take_from_hand(card.id, public=True)
        state.shops[card.home].bottom.append(card.id)
        state.note(f"player {self.seat + 1} returns {card.name} to the shop", noted=False)
        state.card_moved(card.id, HAND[self.seat], SHOP_DECK[card.home])
        self.again(state)


Recycle.kind = "recycle"


@dataclass(frozen=True, slots=True)
class Tutor(OptionalDecision):
    """Take any card of the seat's deck into its hand; the deck is then shuffled (Tutor).

    Attributes:
        seat: who takes it.
    """

    def pending(self, state: CardDiceState) -> bool:
        return state.sides[self.seat].deck_size() > 0

    def legal(self, state: CardDiceState, player: int) -> list[Action]:
        side, card = state.sides[self.seat], state.game.card_actions["tutor"]
        return [card[c] for c in sorted(set(side.top + side.rest))]

    def apply(self, state: CardDiceState, action: Action, player: int) -> None:
        c, side = action.args[0], state.sides[self.seat]
        side.reset_deck_knowledge()
        side.rest.remove(c)
        side.add_to_hand(c, False)
        state.note(f"player {self.seat + 1} takes a card from their deck and shuffles it", noted=False)
        state.note(f"you take {state.game.cards[c].name}", to=self.seat, noted=False)
        state.card_moved(c, DECK[self.seat], HAND[self.seat], to=self.seat)


Tutor.kind = "tutor"


@dataclass(frozen=True, slots=True)
class Ship(OptionalDecision):
    """Move a card bought this turn from the discard pile to the hand (Express Shipping).

    Attributes:
        seat: who moves it.
    """

    def _cards(self, state: CardDiceState) -> list[int]:
        discard = state.sides[self.seat].discard
        return [c for c in sorted(set(state.bought[self.seat])) if c in discard]

    def pending(self, state: CardDiceState) -> bool:
        return bool(self._cards(state))

    def legal(self, state: CardDiceState, player: int) -> list[Action]:
        card = state.game.card_actions["ship"]
        return [card[c] for c in self._cards(state)]

    def apply(self, state: CardDiceState, action: Action, player: int) -> None:
        c, side = action.args[0], state.sides[self.seat]
        side.discard.remove(c)
        side.add_to_hand(c, True)
        state.note(f"player {self.seat + 1} moves {state.game.cards[c].name} to their hand", noted=False)
        state.card_moved(c, DISCARD[self.seat], HAND[self.seat])


Ship.kind = "ship"


# -------------------------------------------------------------------------------- automatic
class Automatic(Step):
    """A step that needs nobody: ``Flow.settle`` runs it at once."""

    __slots__ = ()

    def actor(self, state: CardDiceState) -> int:
        return AUTOMATIC


@dataclass(frozen=True, slots=True)
class Hit(Automatic):
    """One damage instance: shields first, then Paid Militia if the target can pay (ruling ECD-A5).

    Attributes:
        dealer: who deals it.
        target: who takes it.
        amount: the damage before shields.
        card: the damage card (which shields apply depends on its dice).
    """

    dealer: int
    target: int
    amount: int
    card: int

    def run(self, state: CardDiceState) -> None:
        shield = state.shielded(self.target, state.game.cards[self.card])
        amount = max(0, self.amount - shield)
        if shield:
            stopped = min(shield, self.amount)
            state.note(f"shields stop {stopped} damage", noted=not stopped)
            if stopped and state.recording:
                state.emit(Blocked(HEALTH[self.target], stopped, "shields"))
        if amount and state.sides[self.target].gold and state.has_passive(self.target, "paid_militia"):
            state.flow.push(Militia(self.target, amount, self.dealer))
        else:
            state.deal(self.dealer, self.target, amount)


@dataclass(frozen=True, slots=True)
class LookHand(Automatic):
    """The seat sees the opponent's hand (Mirror Wall; shown only to the seat).

    Attributes:
        seat: who looks.
    """

    seat: int

    def run(self, state: CardDiceState) -> None:
        foe = state.sides[1 - self.seat]
        foe.seen = [True] * len(foe.hand)
        names = state.names(foe.hand)
        state.note(f"you see player {2 - self.seat}'s hand: {names}", to=self.seat, noted=False)
        if state.recording:
            state.emit(Revealed("hand", HAND[1 - self.seat], names), (self.seat,))


@dataclass(frozen=True, slots=True)
class LookFacedown(Automatic):
    """The seat sees the opponent's face-down actions (Mirror Table; shown only to the seat).

    Attributes:
        seat: who looks.
    """

    seat: int

    def run(self, state: CardDiceState) -> None:
        foe = state.sides[1 - self.seat]
        foe.facedown = [(c, turn, True) for c, turn, _ in foe.facedown]
        names = state.names([c for c, _, _ in foe.facedown])
        state.note(f"you see player {2 - self.seat}'s face-down actions: {names}", to=self.seat, noted=False)
        if state.recording:
            state.emit(Revealed("face-down actions", FACE_DOWN[1 - self.seat], names), (self.seat,))


@dataclass(frozen=True, slots=True)
class Reorder(Automatic):
    """Start ordering the top cards of a deck the seat has just looked at (after a :class:`Reveal`):
    with two cards or more, the opponent no longer knows their order, and :class:`Order` asks.

    Attributes:
        seat: who orders.
        count: how many top cards.
        deck: whose deck.
    """

    seat: int
    count: int
    deck: int

    def run(self, state: CardDiceState) -> None:
        side = state.sides[self.deck]
        if min(self.count, len(side.top)) > 1:
            side.known[1 - self.seat] = 0
            state.flow.push(Order(self.seat, self.count, 0, self.deck))


@dataclass(frozen=True, slots=True)
class Finish(Automatic):
    """A played card goes to its owner's discard pile once its effect is done.

    Attributes:
        seat: the card's owner.
        card: the card id.
        zone: where it was while it took effect, for its event: ``"chain"`` (an action) or
            ``"play"`` (a blessing).
    """

    seat: int
    card: int
    zone: str = "chain"

    def run(self, state: CardDiceState) -> None:
        state.sides[self.seat].discard.append(self.card)
        state.card_moved(self.card, PLAY[self.seat] if self.zone == "play" else CHAIN, DISCARD[self.seat])


@dataclass(frozen=True, slots=True)
class Begin(Automatic):
    """A turn begins (see ``CardDiceState.begin_turn``).

    Attributes:
        seat: whose turn (-1: the active player's, at the start of the game).
        advance: 1 to count a new turn, 0 for the first.
    """

    seat: int
    advance: int

    def run(self, state: CardDiceState) -> None:
        state.begin_turn(self.seat, self.advance)
