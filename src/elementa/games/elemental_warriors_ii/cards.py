"""Poker cards: ids, names, suits as elements, and the declaration order of face cards.

A card id is ``deck * 52 + suit * 13 + (rank - 1)``: ``deck`` is 0 with one shared deck and the owner's
seat with the Independence variants; ``suit`` is the element index of the suit (0 clubs = Earth, 1
hearts = Fire, 2 spades = Air, 3 diamonds = Water); ``rank`` runs 1 (Ace) to 13 (King).

source: elemental-warriors-ii.txt, Activate and Elemental Effects (suit of each element).
"""

from __future__ import annotations

from functools import cache

ELEMENTS = ("Earth", "Fire", "Air", "Water")
"""Element names by index; the index is also the suit index of the element's suit."""

SUITS = ("clubs", "hearts", "spades", "diamonds")
SUIT_SYMBOLS = ("♣", "♥", "♠", "♦")
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
CARDS_PER_DECK = 52

DECLARE_PRIORITY = (3, 2, 1, 0)
"""By suit index: diamonds declare first (0), then spades, hearts, clubs (3)."""


def card_id(rank: int, suit: int, deck: int = 0) -> int:
    """Return the id of a card.

    Args:
        rank: 1 (Ace) to 13 (King).
        suit: the element index of the suit, 0 clubs to 3 diamonds.
        deck: the deck's index (0 unless each player has a deck).
    """
    return deck * CARDS_PER_DECK + suit * 13 + rank - 1


def rank(card: int) -> int:
    """Return the rank of a card, 1 (Ace) to 13 (King)."""
    return card % 13 + 1


def suit(card: int) -> int:
    """Return the element index of a card's suit (0 clubs/Earth ... 3 diamonds/Water)."""
    return card % CARDS_PER_DECK // 13


def deck_of(card: int) -> int:
    """Return the index of the deck a card belongs to."""
    return card // CARDS_PER_DECK


def is_face(card: int) -> bool:
    """Return whether a card is a Jack, Queen or King (wild: it activates any column)."""
    return card % 13 >= 10  # rank(card) > 10


@cache
def name(card: int, decks: int = 1) -> str:
    """Return a card's short name, for example ``"10♦"``; with several decks the owner is added
    (``"10♦/2"`` is the ten of diamonds of player 2's deck)."""
    text = RANK_NAMES[rank(card) - 1] + SUIT_SYMBOLS[suit(card)]
    return text if decks == 1 else f"{text}/{deck_of(card) + 1}"


def parse(text: str, deck: int = 0) -> int:
    """Return the id of a card named like ``"J♦"``, ``"10c"`` or ``"As"`` (suit by symbol or letter).

    Raises:
        ValueError: the name is not a card.
    """
    letters = {"c": 0, "h": 1, "s": 2, "d": 3}
    head, tail = text[:-1].upper(), text[-1]
    s = SUIT_SYMBOLS.index(tail) if tail in SUIT_SYMBOLS else letters.get(tail.lower(), -1)
    if head not in RANK_NAMES or s < 0:
        raise ValueError(f"{text!r} is not a card name like 'J♦' or '10c'")
    return card_id(RANK_NAMES.index(head) + 1, s, deck)


def declare_key(card: int) -> tuple[int, int]:
    """Return the sort key of the declaration and resolution order: lower ranks first, and at equal
    rank diamonds, spades, hearts, clubs (source: elemental-warriors-ii.txt, Activate)."""
    return rank(card), DECLARE_PRIORITY[suit(card)]


MAX_DECKS = 6
"""The most decks in play (one per player with the Independence variants, up to six players)."""
ORDER_KEYS: tuple[tuple[int, int, int], ...] = tuple(
    (*declare_key(c), deck_of(c)) for c in range(MAX_DECKS * CARDS_PER_DECK)
)
"""By card id: ``declare_key`` and the card's deck, the resolution order of a played card (made
once: the order is sorted three times a turn)."""
COLUMN_OF: tuple[int | None, ...] = tuple(
    None if is_face(c) else rank(c) - 1 for c in range(MAX_DECKS * CARDS_PER_DECK)
)
"""By card id: the column a numbered card activates (its rank less one), ``None`` for a wild card
(made once: read for every card revealed)."""
