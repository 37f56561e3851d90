"""The Elemental Card-Dice Game observation tensor: a fixed-length float encoding of the typed view
``state.view(p)`` (:class:`.views.CardDiceView`; the observation dict is read back into the view).

Every entry lies in 0..1. "Own" and "opponent" are from the viewer's side; card counts run over the
game's card list (``K`` distinct names, in card-file order) and are divided by 3. Fields, in order:

- ``turn``: turn / turn limit (/ 200 without one); ``active``, ``to_move``, ``priority``,
  ``winner``: one-hot over (own, opponent); ``over``.
- ``dice``: the seven dice (fire, earth, water, nature, magic, gold, utility), each face / die sides.
- ``shops``: per shop (cheap, expensive): the cards on offer (K), deck size / 50.
- per side (own, then opponent): health / (2 x start health), gold / 50, hand limit / 10, hand
  size / 10, ``hand`` (K: the own hand; for the opponent the cards of its hand the viewer has seen),
  deck size / 40, ``known_top`` (K), ``discard`` (K), ``face_down`` (count / 5 and the K cards the
  viewer may see), ``passives`` (K), ``bought`` (K), ``amplifiers`` (8 multipliers / 4).
- ``turn_state``: actions left / 3, gained gold, drew, bid done.
- ``chain``: cards on the response chain (K) and its length / 5. ``auction``: the card (K), bid / 50,
  level / 3, raise or match. ``decision``: the kind of pending choice, one-hot over the step kinds, and
  whether the viewer makes it.
"""

from __future__ import annotations

from typing import Any

from elementa.core.tensor import ObservationEncoder, TensorField, bag, one_hot, positions, rotate, scaled
from elementa.games.elemental_card_dice.cards import DICE, SHOP_NAMES
from elementa.games.elemental_card_dice.views import CardDiceView

AMPLIFIERS = (*DICE, "non-combo")
DECISIONS: tuple[str, ...] = (
    "again", "begin", "discard_facedown", "discard_hand", "draw", "finish", "first", "hit",
    "look_facedown", "look_hand", "militia", "order", "pick_change", "pick_flip", "pick_reroll",
    "pick_swap", "recycle", "refill", "reveal", "roll", "ship", "truly_blessed", "tutor",
)  # fmt: skip


def encoder(game: Any) -> ObservationEncoder:
    """Return the tensor layout for a Card-Dice game (its card list and options)."""
    names = positions(game.names)
    k = len(names)
    health = 2 * game.options.start_health
    turns = game.options.turn_limit or 200
    side_size = 6 + 6 * k + len(AMPLIFIERS)

    def cards(items: Any) -> list[float]:
        return bag(items, names, cap=3)

    def side(obs: CardDiceView, p: int, own: bool) -> list[float]:
        s = obs.players[p]
        out = [scaled(s.health, health), scaled(s.gold, 50), scaled(s.hand_limit, 10)]
        out.append(scaled(s.hand_size, 10))
        out += cards((s.hand or ()) if own else s.known_hand)
        out.append(scaled(s.deck_size, 40))
        out += cards(s.known_top) + cards(s.discard)
        out.append(scaled(len(s.face_down), 5))
        out += cards(f.card for f in s.face_down if f.card is not None)
        out += cards(s.passives) + cards(s.bought)
        out += [scaled(s.amplifiers.get(a, 1), 4) for a in AMPLIFIERS]
        return out

    def sides(obs: CardDiceView, v: int) -> list[float]:
        return side(obs, v, True) + side(obs, 1 - v, False)

    def seat(value: Any, v: int) -> list[float]:
        return one_hot(rotate(value, v, 2) if isinstance(value, int) else None, 2)

    def shops(obs: CardDiceView, v: int) -> list[float]:
        out: list[float] = []
        for shop in obs.shops:
            out += [*cards(shop.cards), scaled(shop.deck_size, 50)]
        return out

    def auction(obs: CardDiceView, v: int) -> list[float]:
        a = obs.auction
        if a is None:
            return [0.0] * (k + 3)
        raising = float(a.to_move == "raise")
        return [*cards([a.card]), scaled(a.bid, 50), scaled(a.level, 3), raising]

    def decision(obs: CardDiceView, v: int) -> list[float]:
        d = obs.decision
        if d is None:
            return [0.0] * (len(DECISIONS) + 1)
        kind = DECISIONS.index(d.kind) if d.kind in DECISIONS else None
        return [*one_hot(kind, len(DECISIONS)), float(d.player == v)]

    def turn_state(obs: CardDiceView, v: int) -> list[float]:
        t = obs.turn_state
        return [scaled(t.actions_left, 3), float(t.gained_gold), float(t.drew), float(t.bid_done)]

    return ObservationEncoder(
        [
            TensorField("turn", 1, "turn / turn limit", lambda o, v: [scaled(o.turn, turns)]),
            TensorField("active", 2, "own, opponent", lambda o, v: seat(o.active, v)),
            TensorField("to_move", 2, "own, opponent", lambda o, v: seat(o.to_move, v)),
            TensorField("priority", 2, "own, opponent", lambda o, v: seat(o.priority, v)),
            TensorField("winner", 2, "own, opponent", lambda o, v: seat(o.winner, v)),
            TensorField("over", 1, "the game is over", lambda o, v: [float(o.over)]),
            TensorField("dice", len(DICE), "faces / die sides",
                        lambda o, v: [scaled(o.dice[d], o.die_sides) for d in DICE]),
            TensorField("shops", len(SHOP_NAMES) * (k + 1), "per shop: cards on offer, deck size", shops),
            TensorField("sides", 2 * side_size, f"{side_size} per side, own first (see module doc)", sides),
            TensorField("turn_state", 4, "actions left, gained gold, drew, bid done", turn_state),
            TensorField("chain", k + 1, "cards on the chain, its length", lambda o, v: [
                *cards(c.card for c in o.chain), scaled(len(o.chain), 5)]),
            TensorField("auction", k + 3, "card, bid, level, raise", auction),
            TensorField("decision", len(DECISIONS) + 1, "pending choice, one-hot; the viewer's", decision),
        ],
        view=CardDiceView,
    )  # fmt: skip
