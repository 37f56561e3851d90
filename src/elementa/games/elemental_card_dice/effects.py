"""Card effects: one small named function per effect, looked up by the ``effect`` field of a card.

An effect function ``fn(state, owner, card)`` runs when the card resolves. It changes the state at
once (gold, health, amplifiers) or pushes steps onto the state's flow (:mod:`.steps`) that need a
decision or a chance outcome (which die to reroll, the die's new face, the cards drawn), which the
state then settles in order.
Passive cards have no function: the state asks for them where they act (shields, hand size...).

Strength of an effect ("Deal fire damage", "Gain 2 × gold"): the product of its dice, each multiplied
by the owner's amplifiers for that die, times the card's scale, times 2 per Purism if it uses exactly
one die, rounded up once at the end (source: elemental-card-dice.txt, "fractional amounts are always
rounded up"; rulings ECD-A13).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from elementa.core import Changed, Damaged, Place
from elementa.games.elemental_card_dice import steps
from elementa.games.elemental_card_dice.cards import ANY, COMBO, DICE, Card
from elementa.games.elemental_card_dice.zones import GOLD, HEALTH, SUPPLY

if TYPE_CHECKING:
    from elementa.games.elemental_card_dice.state import CardDiceState


EffectFn = Callable[["CardDiceState", int, Card], None]
NO_AMPS: tuple[int, ...] = (1,) * 8
"""A seat's amplifiers at the start of a turn: every die's effects, and non-combo ones, ×1."""


class Effect(NamedTuple):
    """An effect's function, the card kinds it fits, the fields it uses and needs, and its group.

    ``group`` classifies effects for responses (ruling ECD-A9): ``"dice"`` (die manipulation),
    ``"veto"``, ``"amplify"``, ``"damage"`` or ``"other"``.
    """

    fn: EffectFn | None
    kinds: tuple[str, ...]
    params: frozenset[str]
    required: frozenset[str] = frozenset()
    group: str = "other"


PARAMS = (
    "dice",
    "scale",
    "target",
    "against",
    "amplifies",
    "factor",
    "times",
    "by",
    "draws",
    "whose",
    "dice_option",
)
"""Card fields whose use depends on the effect."""


def strength(state: CardDiceState, owner: int, card: Card) -> int:
    """Return a card's strength for its owner now: dice product × amplifiers × scale, rounded up."""
    amps = state.amps[owner]
    v = card.num
    for d in card.dice:
        v *= state.dice[d] * amps[d]
    if len(card.dice) == 1:
        v *= amps[COMBO]
    return -(-v // card.den)


def shields_apply(shield: Card, hit: Card, vs_combo: bool) -> bool:
    """Whether a shield passive reduces damage from ``hit`` (rulings ECD-A5).

    Args:
        shield: the shield card.
        hit: the damage card.
        vs_combo: the ``elemental_shield_vs_combo`` option (elemental shields also stop combo damage).
    """
    if ANY in shield.against:
        return True
    if hit.combo:
        return COMBO in shield.against or (vs_combo and any(d in shield.against for d in hit.dice))
    return bool(hit.dice) and hit.dice[0] in shield.against


# ------------------------------------------------------------------------------ effect functions
def damage(s: CardDiceState, owner: int, card: Card) -> None:
    """Deal the strength as damage to the opponent, or to both players (opponent first)."""
    amount = strength(s, owner, card)
    hits = [steps.Hit(owner, 1 - owner, amount, card.id)]
    if card.target == "both":
        hits.append(steps.Hit(owner, owner, amount, card.id))
    s.flow.push(*hits)


def heal(s: CardDiceState, owner: int, card: Card) -> None:
    """Heal the owner by the strength (no maximum, ruling ECD-A19)."""
    v = strength(s, owner, card)
    s.sides[owner].health += v
    s.note(f"player {owner + 1} heals {v}", noted=False)
    if s.recording:
        s.emit(Damaged(HEALTH[owner], -v, s.sides[owner].health))


def gain_gold(s: CardDiceState, owner: int, card: Card) -> None:
    """Give the owner the strength in gold."""
    v = strength(s, owner, card)
    s.sides[owner].gold += v
    s.note(f"player {owner + 1} gains {v} gold", noted=not v)
    s.gold_moved(v, SUPPLY, GOLD[owner])


def double_gold(s: CardDiceState, owner: int, card: Card) -> None:
    """Double the owner's gold (Free Market; a constant effect, ruling ECD-A13)."""
    gained = s.sides[owner].gold
    s.sides[owner].gold *= 2
    s.note(f"player {owner + 1} doubles their gold to {s.sides[owner].gold}", noted=gained <= 0)
    s.gold_moved(gained, SUPPLY, GOLD[owner])


def amplify(s: CardDiceState, owner: int, card: Card) -> None:
    """Multiply the owner's effects of one die (or all non-combo ones) for the rest of this turn."""
    amps = list(s.amps[owner])
    amps[card.amplifies] *= card.factor
    s.amps[owner] = tuple(amps)
    what = "non-combo" if card.amplifies == COMBO else DICE[card.amplifies]
    s.note(f"player {owner + 1}'s {what} effects are ×{s.amps[owner][card.amplifies]} this turn", noted=False)
    if s.recording:
        place = Place("amplifiers", owner, card.amplifies, what)
        s.emit(Changed("amplifier", place, f"×{s.amps[owner][card.amplifies]} this turn"))


def reroll(s: CardDiceState, owner: int, card: Card) -> None:
    """Let the owner pick a die to reroll, up to ``times`` times (the last roll stands)."""
    s.flow.push(steps.PickReroll(owner, card.times))


def change(s: CardDiceState, owner: int, card: Card) -> None:
    """Let the owner change one die by 1 to ``by`` in either direction, staying on the die."""
    s.flow.push(steps.PickChange(owner, card.by))


def flip(s: CardDiceState, owner: int, card: Card) -> None:
    """Let the owner turn one die over (a face ``v`` becomes ``sides + 1 - v``)."""
    s.flow.push(steps.PickFlip(owner))


def swap(s: CardDiceState, owner: int, card: Card) -> None:
    """Let the owner swap the values of two dice."""
    s.flow.push(steps.PickSwap(owner))


def look_hand(s: CardDiceState, owner: int, card: Card) -> None:
    """Draw ``draws`` cards, then see the opponent's hand (shown only to the owner)."""
    s.flow.push(steps.Draw(owner, card.draws), steps.LookHand(owner))


def look_facedown(s: CardDiceState, owner: int, card: Card) -> None:
    """Draw ``draws`` cards, then see the opponent's face-down actions (shown only to the owner)."""
    s.flow.push(steps.Draw(owner, card.draws), steps.LookFacedown(owner))


def _deck_owner(owner: int, card: Card) -> int:
    return owner if card.whose == "own" else 1 - owner


def peek_deck(s: CardDiceState, owner: int, card: Card) -> None:
    """Draw ``draws`` cards, then see the top cards (the strength) of a deck without changing it."""
    s.flow.push(
        steps.Draw(owner, card.draws),
        steps.Reveal(owner, strength(s, owner, card), _deck_owner(owner, card)),
    )


def reorder_deck(s: CardDiceState, owner: int, card: Card) -> None:
    """See the top cards (the strength) of a deck and put them back in an order the owner chooses."""
    n, deck = strength(s, owner, card), _deck_owner(owner, card)
    s.flow.push(steps.Reveal(owner, n, deck), steps.Reorder(owner, n, deck))


def tutor(s: CardDiceState, owner: int, card: Card) -> None:
    """Let the owner take any card from their deck into their hand; the deck is then shuffled."""
    s.flow.push(steps.Tutor(owner))


def express(s: CardDiceState, owner: int, card: Card) -> None:
    """Let the owner move a card they bought this turn from their discard pile to their hand."""
    s.flow.push(steps.Ship(owner))


def discard_hand(s: CardDiceState, owner: int, card: Card) -> None:
    """Make the opponent discard the strength in cards from hand, of their choice (ruling ECD-A17)."""
    s.flow.push(steps.DiscardHand(1 - owner, strength(s, owner, card)))


def discard_facedown(s: CardDiceState, owner: int, card: Card) -> None:
    """Make the opponent discard the strength in face-down actions, of their choice."""
    s.flow.push(steps.DiscardFacedown(1 - owner, strength(s, owner, card)))


def veto(s: CardDiceState, owner: int, card: Card) -> None:
    """Cancel the opponent's action directly beneath on the response chain (ruling ECD-A18)."""
    s.cancel_top_of_chain(owner)


def extra_actions(s: CardDiceState, owner: int, card: Card) -> None:
    """Give the owner the strength in extra action plays this turn (ruling ECD-A20)."""
    v = strength(s, owner, card)
    s.actions_left += v
    s.note(f"player {owner + 1} gains {v} actions", noted=False)
    if s.recording:
        s.emit(Changed("action plays left", Place("turn", owner), str(s.actions_left)))


def draw_cards(s: CardDiceState, owner: int, card: Card) -> None:
    """Draw the strength in cards (none under Truly Blessed, ruling ECD-A14)."""
    if s.has_passive(owner, "truly_blessed"):
        s.note(f"Truly Blessed: player {owner + 1} may not draw from actions")
        return
    s.flow.push(steps.Draw(owner, strength(s, owner, card)))


def recycle(s: CardDiceState, owner: int, card: Card) -> None:
    """Let the owner return up to the strength in cards from hand to the bottom of a shop deck."""
    s.flow.push(steps.Recycle(owner, strength(s, owner, card)))


_F = frozenset
_COUNT = _F({"dice", "scale", "dice_option"})
EFFECTS: dict[str, Effect] = {
    "damage": Effect(damage, ("action",), _F({"dice", "scale", "target"}), _F({"dice"}), "damage"),
    "heal": Effect(heal, ("action", "blessing"), _COUNT),
    "gain_gold": Effect(gain_gold, ("action", "blessing"), _COUNT),
    "double_gold": Effect(double_gold, ("action", "blessing"), _F()),
    "amplify": Effect(
        amplify, ("action",), _F({"amplifies", "factor"}), _F({"amplifies", "factor"}), "amplify"
    ),
    "reroll": Effect(reroll, ("action",), _F({"times"}), group="dice"),
    "change": Effect(change, ("action",), _F({"by"}), group="dice"),
    "flip": Effect(flip, ("action",), _F(), group="dice"),
    "swap": Effect(swap, ("action",), _F(), group="dice"),
    "look_hand": Effect(look_hand, ("blessing", "action"), _F({"draws"})),
    "look_facedown": Effect(look_facedown, ("blessing", "action"), _F({"draws"})),
    "peek_deck": Effect(peek_deck, ("blessing", "action"), _COUNT | {"draws", "whose"}),
    "reorder_deck": Effect(reorder_deck, ("action", "blessing"), _COUNT | {"whose"}),
    "tutor": Effect(tutor, ("action", "blessing"), _F()),
    "express": Effect(express, ("action", "blessing"), _F()),
    "discard_hand": Effect(discard_hand, ("blessing", "action"), _COUNT),
    "discard_facedown": Effect(discard_facedown, ("blessing", "action"), _COUNT),
    "veto": Effect(veto, ("action",), _F(), group="veto"),
    "extra_actions": Effect(extra_actions, ("blessing",), _COUNT),
    "draw_cards": Effect(draw_cards, ("action",), _COUNT),
    "recycle": Effect(recycle, ("action", "blessing"), _COUNT),
    "shield": Effect(None, ("passive",), _F({"dice", "scale", "against"}), _F({"against"})),
    "paid_militia": Effect(None, ("passive",), _F()),
    "hand_size": Effect(None, ("passive",), _COUNT),
    "cheapskate": Effect(None, ("passive",), _F()),
    "truly_blessed": Effect(None, ("passive",), _F()),
    "always_lucky": Effect(None, ("passive",), _F({"draws"}), _F({"draws"})),
}
"""Every effect a card file may name."""


# --------------------------------------------------------------------------------------- text
def formula(card: Card) -> str:
    """Return a card's strength in words, for example ``"2 × the fire die"``, ``"the gold die × the
    earth die"`` or ``"⌈1/3 × the utility die⌉"`` (rounded up); ``"3"`` for a card without dice."""
    scale = f"{card.num}/{card.den}" if card.den != 1 else str(card.num)
    parts = [f"the {DICE[d]} die" for d in card.dice]
    text = " × ".join(parts if scale == "1" else [scale, *parts]) if parts else scale
    return f"⌈{text}⌉" if card.den != 1 else text


def describe(card: Card) -> str:
    """Return the card's rules text in our words (used by the terminal and the rules summary)."""
    f, e = formula(card), card.effect
    deck = "your" if card.whose == "own" else "your opponent's"
    draw = f"Draw {card.draws} card{'s' * (card.draws != 1)}, then " if card.draws else ""
    against = ", ".join(
        "combo" if a == COMBO else "any" if a == ANY else DICE[a] for a in sorted(card.against)
    )
    if card.dice:  # a number read off the dice: say what it counts, then the formula
        texts_by_dice = {
            "damage": f"Deal damage to {'both players' if card.target == 'both' else 'your opponent'}: {f}.",
            "heal": f"Heal health: {f}.",
            "gain_gold": f"Gain gold: {f}.",
            "peek_deck": f"{draw}look at the top cards of {deck} deck, as many as {f}.",
            "reorder_deck": f"Look at and reorder the top cards of {deck} deck, as many as {f}.",
            "discard_hand": f"Your opponent discards cards from hand, as many as {f}.",
            "discard_facedown": f"Your opponent discards face-down actions, as many as {f}.",
            "extra_actions": f"Gain actions this turn: {f}.",
            "draw_cards": f"Draw cards: {f}.",
            "recycle": f"Return cards from your hand to the shop decks, up to {f}.",
            "shield": f"Shield against {against} damage: {f}.",
            "hand_size": f"Hold more cards in hand: {f}.",
        }
        if e in texts_by_dice:
            text = texts_by_dice[e]
            return text[0].upper() + text[1:]
    texts = {
        "damage": f"Deal {f} damage to {'both players' if card.target == 'both' else 'your opponent'}.",
        "heal": f"Heal {f} health.",
        "gain_gold": f"Gain {f} gold.",
        "double_gold": "Double your gold.",
        "amplify": f"×{card.factor} all your "
        f"{'non-combo' if card.amplifies == COMBO else DICE[card.amplifies] if card.amplifies >= 0 else ''}"
        " effects this turn.",
        "reroll": "Reroll a die." if card.times == 1 else f"Reroll a die up to {card.times} times.",
        "change": f"Change a die by up to {card.by}.",
        "flip": "Turn a die over.",
        "swap": "Swap the values of two dice.",
        "look_hand": f"{draw}look at your opponent's hand.",
        "look_facedown": f"{draw}look at your opponent's face-down actions.",
        "peek_deck": f"{draw}look at the top {f} cards of {deck} deck.",
        "reorder_deck": f"Look at and reorder the top {f} cards of {deck} deck.",
        "tutor": "Take a card of your choice from your deck; shuffle it.",
        "express": "Move a card you bought this turn to your hand.",
        "discard_hand": f"Your opponent discards {f} cards from hand.",
        "discard_facedown": f"Your opponent discards {f} face-down actions.",
        "veto": "Cancel an action of your opponent.",
        "extra_actions": f"Gain {f} actions this turn.",
        "draw_cards": f"Draw {f} cards.",
        "recycle": f"Return up to {f} cards from your hand to the shop decks.",
        "shield": f"Shield {f} against {against} damage.",
        "paid_militia": "Shield any damage at 1 gold per point.",
        "hand_size": f"Hold {f} more cards in hand.",
        "cheapskate": "Face-down actions cost no gold.",
        "truly_blessed": "Draw a card per blessing played; actions draw nothing.",
        "always_lucky": "Your draw each turn takes one more card.",
    }
    text = texts[e]
    return text[0].upper() + text[1:]
