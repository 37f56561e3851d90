"""Where cards lie: a player's side of the table (:class:`Side`) and a card shop (:class:`Shop`).

Decks hold no hidden order until someone needs it: ``rest`` is the unordered part of a deck (kept
sorted), and a card drawn from it is a chance outcome, so a shuffle is a run of single-card draws.
``top`` holds the cards whose place on top is fixed (looked at or reordered), and ``known[seat]`` how
many of them each seat has seen. Hand slots and face-down actions remember whether the opponent has
seen them (Mirror Wall, Mirror Table), so that observations can show exactly that.

source: elemental-card-dice.txt, setup and turn rules.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from elementa.core import Place
from elementa.games.elemental_card_dice.cards import DICE, SHOP_NAMES, SHOP_SIZE


def _per_seat(zone: str) -> tuple[Place, Place]:
    return (Place(zone, 0), Place(zone, 1))


# Where things lie, as the typed events name them (made once: places are immutable). Per seat:
HAND, DECK, DISCARD = _per_seat("hand"), _per_seat("deck"), _per_seat("discard")
FACE_DOWN, PASSIVES, PLAY = _per_seat("face down"), _per_seat("passives"), _per_seat("play")
"""A seat's hand, deck, discard pile, face-down actions, passives in play, and a blessing being played."""
GOLD, HEALTH = _per_seat("gold"), _per_seat("health")
"""A seat's gold and health."""
CHAIN = Place("chain")
"""The response chain."""
SUPPLY = Place("supply")
"""Where gold comes from and goes to (the bank)."""
SHOP = tuple(Place("shop", None, i, name) for i, name in enumerate(SHOP_NAMES))
SHOP_DECK = tuple(Place("shop deck", None, i, name) for i, name in enumerate(SHOP_NAMES))
REMOVED = tuple(Place("removed", None, i, name) for i, name in enumerate(SHOP_NAMES))
"""Per shop: its row on offer, its deck, and its removed cards."""
DIE = tuple(Place("dice", None, d, name) for d, name in enumerate(DICE))
"""Each die."""


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class Side:
    """One player's health, gold and cards.

    Attributes:
        health: health points (the game starts at 100; no maximum, ruling ECD-A19).
        gold: gold coins.
        hand: card ids in hand, in the order they came.
        seen: per hand slot, whether the opponent has seen that card.
        top: card ids on top of the deck whose order is fixed, top first.
        rest: the rest of the deck, unordered (sorted ids).
        known: per seat, how many cards of ``top`` (from the top) that seat has seen.
        discard: the discard pile (face up), oldest first.
        facedown: face-down actions as ``(card id, turn placed, seen by the opponent)``.
        passives: the card ids of active passives.
        reshuffled: the last turn the discard pile was shuffled into the deck (-1: never).
    """

    __slots__ = (
        "discard",
        "facedown",
        "gold",
        "hand",
        "health",
        "known",
        "passives",
        "reshuffled",
        "rest",
        "seen",
        "top",
    )

    def __init__(self, health: int, gold: int, deck: list[int]) -> None:
        self.health = health
        self.gold = gold
        self.hand: list[int] = []
        self.seen: list[bool] = []
        self.top: list[int] = []
        self.rest: list[int] = sorted(deck)
        self.known = [0, 0]
        self.discard: list[int] = []
        self.facedown: list[tuple[int, int, bool]] = []
        self.passives: list[int] = []
        self.reshuffled = -1

    def copy(self) -> Side:
        """Return an independent copy."""
        s = Side(self.health, self.gold, [])
        s.reshuffled = self.reshuffled
        s.hand, s.seen, s.top, s.rest = list(self.hand), list(self.seen), list(self.top), list(self.rest)
        s.known, s.discard = list(self.known), list(self.discard)
        s.facedown, s.passives = list(self.facedown), list(self.passives)
        return s

    def deck_size(self) -> int:
        """Return the number of cards in the deck."""
        return len(self.top) + len(self.rest)

    def owned(self) -> list[int]:
        """Return the ids of every card the player owns: hand, deck, discard pile and face-down
        actions (passives in play are left out)."""
        return [*self.hand, *self.top, *self.rest, *self.discard, *(f[0] for f in self.facedown)]

    def add_to_hand(self, card: int, seen: bool) -> None:
        """Put a card in hand; ``seen`` says whether the opponent knows it is there."""
        self.hand.append(card)
        self.seen.append(seen)

    def take_from_hand(self, card: int, *, public: bool) -> None:
        """Remove one copy of ``card`` from the hand.

        Args:
            card: the card id (must be in hand).
            public: whether the opponent sees which card left (played, discarded). A public removal
                takes a slot the opponent had seen first; a hidden one (placed face down, taken back)
                leaves the opponent unable to tell which slot went, so their memory of the hand is
                dropped.
        """
        slots = [i for i, c in enumerate(self.hand) if c == card]
        seen_slots = [i for i in slots if self.seen[i]]
        i = seen_slots[0] if public and seen_slots else slots[-1]
        del self.hand[i]
        del self.seen[i]
        if not public:
            self.seen = [False] * len(self.hand)

    def pop_top(self, opponent: int) -> tuple[int, bool]:
        """Draw the first card of ``top``; return it and whether seat ``opponent`` had seen it there."""
        card = self.top.pop(0)
        seen = self.known[opponent] > 0
        self.known = [max(0, k - 1) for k in self.known]
        return card, seen

    def take_facedown(self, card: int, *, before: int | None = None, prefer_seen: bool = False) -> None:
        """Remove one face-down ``card``: the oldest (placed before turn ``before`` if given)."""
        slots = [
            i for i, (c, t, _) in enumerate(self.facedown) if c == card and (before is None or t < before)
        ]
        if prefer_seen:
            slots.sort(key=lambda i: not self.facedown[i][2])
        del self.facedown[slots[0]]

    def reset_deck_knowledge(self) -> None:
        """Shuffle the deck: every card goes back to the unordered part and nobody knows the top."""
        self.rest = sorted(self.rest + self.top)
        self.top = []
        self.known = [0, 0]


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class Shop:
    """A card shop: the cards on display, its deck, cards returned under it and the removed pile.

    Attributes:
        row: the displayed cards, oldest first (the oldest leaves at the end of each turn).
        deck: the shop deck, unordered (sorted ids); refills draw from it as chance outcomes.
        bottom: cards returned to the bottom of the deck (Recycling), in order; drawn after ``deck``.
        removed: the cards removed from the display, set aside until the deck runs out.
    """

    __slots__ = ("bottom", "deck", "removed", "row")

    def __init__(self, cards: list[int]) -> None:
        self.row: list[int] = []
        self.deck = sorted(cards)
        self.bottom: list[int] = []
        self.removed: list[int] = []

    def copy(self) -> Shop:
        """Return an independent copy."""
        s = Shop([])
        s.row, s.deck, s.bottom, s.removed = (
            list(self.row),
            list(self.deck),
            list(self.bottom),
            list(self.removed),
        )
        return s

    def full(self) -> bool:
        """Whether the display holds its four cards."""
        return len(self.row) >= SHOP_SIZE


def single(pile: list[int]) -> bool:
    """Whether every card of a non-empty unordered (sorted) pile is the same card."""
    return bool(pile) and pile[0] == pile[-1]
