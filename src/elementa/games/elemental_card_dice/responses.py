"""Responses: the chain of actions played in answer to each other, resolved newest first.

source: elemental-card-dice.txt, "A player may respond to their opponent's action..."; rulings
ECD-A9 (what may answer), ECD-A18 (Veto), ECD-A23 (only the active player plays blessings).

The chain is a list of ``(card id, owner, source)`` entries, newest last. Whoever did not put the top
entry there holds priority:

* the non-active player may answer the active player's top entry with an action from hand or face
  down, paying its cost (nothing for a face-down one under Cheapskate), or pass, which resolves it;
* the active player, holding priority over the opponent's response, may answer it with further
  actions under the turn's usual rules (an action play from hand, or a face-down action paying its
  cost) and play blessings, or pass, which resolves it.

After an entry resolves, the active player holds priority again ("before executing the original
action"): they may add actions or blessings, or pass, which hands the opponent a fresh chance to
answer the entry beneath before it resolves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from elementa.core import Action
from elementa.games.elemental_card_dice.cards import COMBO, Card
from elementa.games.elemental_card_dice.effects import EFFECTS

if TYPE_CHECKING:
    from elementa.games.elemental_card_dice.state import CardDiceState


def reads_dice(card: Card) -> bool:
    """Whether a card's result depends on the dice (so die manipulation may affect it)."""
    return bool(card.dice) or EFFECTS[card.effect].group == "dice"


def may_answer(s: CardDiceState, player: int, card: Card) -> bool:
    """Whether the non-active ``player`` may answer the chain's top entry with ``card`` (ruling ECD-A9).

    Under ``response_whitelist="affecting"``: die manipulation against an action whose result reads
    the dice, Veto against any action, and an amplifier against damage when it strengthens one of the
    player's shields. Under ``"any"``: every action card.
    """
    if card.kind != "action" or not s.playable(player, card):
        return False
    if s.game.options.response_whitelist == "any":
        return True
    top = s.game.cards[s.chain[-1][0]]
    group = EFFECTS[card.effect].group
    if group == "veto":
        return True
    if group == "dice":
        return reads_dice(top)
    if group == "amplify" and EFFECTS[top.effect].group == "damage":
        cards = s.game.cards
        for c in s.sides[player].passives:
            shield = cards[c]
            if shield.effect == "shield" and (
                card.amplifies in shield.dice or (card.amplifies == COMBO and len(shield.dice) == 1)
            ):
                return True
    return False


def chain_actions(s: CardDiceState, player: int) -> list[Action]:
    """Return the legal actions of the seat holding priority while the chain is not empty."""
    act, pass_ = s.game.act, s.game.plain_actions["pass"]
    if player == s.active:
        return [*s.play_actions(player, place=False), pass_]
    side, cards = s.sides[player], s.game.cards
    out = [
        act("respond", c)
        for c in sorted(set(side.hand))
        if side.gold >= cards[c].cost and may_answer(s, player, cards[c])
    ]
    out += [
        act("respond_facedown", c)
        for c in sorted({c for c, _, _ in side.facedown})
        if side.gold >= s.facedown_cost(player, cards[c]) and may_answer(s, player, cards[c])
    ]
    return [*out, pass_]


def pass_priority(s: CardDiceState, player: int) -> None:
    """Pass: on your own top entry, hand priority to the opponent; on theirs, resolve it."""
    card, owner, _ = s.chain[-1]
    if owner == player:
        s.priority = 1 - player
        s.note(f"player {player + 1} lets {s.game.cards[card].name} go ahead")
    else:
        s.resolve_top()
