"""The steps of a resolution: each :class:`~.effects.Task` kind runs by itself, waits for a chance
outcome (one die, one card), or waits for one player's decision.

``step`` runs the task on top of the state's stack if it needs nobody; ``chance_outcomes``,
``decisions`` and ``apply`` serve the chance and decision nodes it waits at.

Task kinds: chance: ``roll`` (a die), ``draw`` (cards into a hand), ``reveal`` (cards onto the known
top of a deck), ``refill`` (a shop), ``first`` (who starts); decisions: ``pick_reroll``, ``again``,
``pick_change``, ``pick_flip``, ``pick_swap``, ``order``, ``militia``, ``discard_hand``,
``discard_facedown``, ``recycle``, ``tutor``, ``ship``; automatic: ``hit``, ``look_hand``,
``look_facedown``, ``finish`` (a played card goes to its owner's discard pile), ``begin`` (a turn).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from elementa.core import Action, die_outcomes, pick_uniform
from elementa.games.elemental_card_dice.cards import DICE
from elementa.games.elemental_card_dice.effects import Task, shields_apply, strength
from elementa.games.elemental_card_dice.zones import single

if TYPE_CHECKING:
    from elementa.games.elemental_card_dice.state import CardDiceState

CHANCE_KINDS = frozenset({"roll", "draw", "reveal", "refill", "first"})
MILITIA_MAX = 500
"""Radix of the Paid Militia payment: at most 499 gold can be paid against one hit."""


def _replace(s: CardDiceState, t: Task | None) -> None:
    s.tasks.pop()
    if t is not None:
        s.tasks.append(t)


def _next(t: Task) -> Task | None:
    """The same task with one fewer to do, or None when done."""
    return t._replace(n=t.n - 1) if t.n > 1 else None


def step(s: CardDiceState, t: Task) -> bool:
    """Run the top task if it needs no decision or chance; return False if it waits for one."""
    return _STEPS.get(t.kind, _decision_step)(s, t)


def _wait(s: CardDiceState, t: Task) -> bool:
    return False


def _hit_step(s: CardDiceState, t: Task) -> bool:
    _hit(s, t)
    return True


def _look_hand_step(s: CardDiceState, t: Task) -> bool:
    foe = s.sides[1 - t.player]
    foe.seen = [True] * len(foe.hand)
    s.note(f"you see player {2 - t.player}'s hand: {s.names(foe.hand)}", to=t.player)
    s.tasks.pop()
    return True


def _look_facedown_step(s: CardDiceState, t: Task) -> bool:
    foe = s.sides[1 - t.player]
    foe.facedown = [(c, turn, True) for c, turn, _ in foe.facedown]
    s.note(
        f"you see player {2 - t.player}'s face-down actions: {s.names([c for c, _, _ in foe.facedown])}",
        to=t.player,
    )
    s.tasks.pop()
    return True


def _finish_step(s: CardDiceState, t: Task) -> bool:
    s.sides[t.player].discard.append(t.arg)
    s.tasks.pop()
    return True


def _begin_step(s: CardDiceState, t: Task) -> bool:
    s.tasks.pop()
    s.begin_turn(t.player, t.n)
    return True


def _decision_step(s: CardDiceState, t: Task) -> bool:
    """A decision task waits for its player, or is dropped when it has nothing to decide."""
    if decisions(s, t):
        if t.kind == "order" and t.arg == 0:
            s.sides[t.other].known[1 - t.player] = 0
        return False
    s.tasks.pop()
    return True


def _draw_step(s: CardDiceState, t: Task) -> bool:
    side = s.sides[t.player]
    if side.top:
        card, seen = side.pop_top(1 - t.player)
        _give(s, t, card, seen)
    elif single(side.rest):
        _give(s, t, side.rest.pop(), False)
    elif side.rest:
        return False
    elif side.discard and side.reshuffled != s.turn:
        side.rest, side.discard, side.reshuffled = sorted(side.discard), [], s.turn
        s.note(f"player {t.player + 1} shuffles their discard pile into their deck")
    else:
        s.note(f"player {t.player + 1} has no card left to draw")
        s.tasks.pop()
    return True


def _give(s: CardDiceState, t: Task, card: int, seen: bool) -> None:
    s.sides[t.player].add_to_hand(card, seen)
    s.note(f"you draw {s.game.cards[card].name}", to=t.player)
    _replace(s, _next(t))


def _reveal_step(s: CardDiceState, t: Task) -> bool:
    side = s.sides[t.other]
    want = min(t.n, side.deck_size())
    if len(side.top) < want:
        if not single(side.rest):
            return False
        side.top.append(side.rest.pop())
        return True
    side.known[t.player] = max(side.known[t.player], want)
    whose = "your" if t.other == t.player else f"player {t.other + 1}'s"
    s.note(f"you see the top of {whose} deck: {s.names(side.top[:want])}", to=t.player)
    s.note(
        f"player {t.player + 1} looks at the top {want} cards of player {t.other + 1}'s deck", but=t.player
    )
    s.tasks.pop()
    return True


def _refill_step(s: CardDiceState, t: Task) -> bool:
    shop = s.shops[t.arg]
    if shop.full():
        s.tasks.pop()
    elif single(shop.deck):
        shop.row.append(shop.deck.pop())
    elif shop.deck:
        return False
    elif shop.bottom:
        shop.row.append(shop.bottom.pop(0))
    elif shop.removed:
        shop.deck, shop.removed = sorted(shop.removed), []
        s.note("the removed cards are shuffled back into a shop deck")
    else:
        s.tasks.pop()
    return True


def _hit(s: CardDiceState, t: Task) -> None:
    """One damage instance: shields first, then Paid Militia if its owner can pay (ruling ECD-A5)."""
    s.tasks.pop()
    cards, target = s.game.cards, t.other
    hit = cards[t.arg]
    vs_combo = s.game.options.elemental_shield_vs_combo
    shield = sum(
        strength(s, target, cards[c])
        for c in s.sides[target].passives
        if cards[c].effect == "shield" and shields_apply(cards[c], hit, vs_combo)
    )
    amount = max(0, t.n - shield)
    if shield:
        s.note(f"shields stop {min(shield, t.n)} damage")
    if amount and s.sides[target].gold and s.has_passive(target, "paid_militia"):
        s.tasks.append(Task("militia", target, amount, t.arg, t.player))
    else:
        s.deal(t.player, target, amount)


_STEPS: dict[str, Callable[[CardDiceState, Task], bool]] = {
    "draw": _draw_step,
    "reveal": _reveal_step,
    "refill": _refill_step,
    "roll": _wait,
    "first": _wait,
    "hit": _hit_step,
    "look_hand": _look_hand_step,
    "look_facedown": _look_facedown_step,
    "finish": _finish_step,
    "begin": _begin_step,
}
"""Per task kind, its step (see :func:`step`); a kind not listed is a decision."""


# ----------------------------------------------------------------------------------- chance
def chance_outcomes(s: CardDiceState) -> list[tuple[Action, float]]:
    """Return the outcomes of the chance task on top: a die face, a card, or the first player."""
    t, act = s.tasks[-1], s.game.act
    if t.kind == "roll":
        return [(act("face", f), p) for f, p in die_outcomes(s.game.options.die_sides)]
    if t.kind == "first":
        return [(act("seat", 0), 0.5), (act("seat", 1), 0.5)]
    pile = _pile(s, t)
    # no sort: piles are kept sorted (see zones), so the outcomes come in card id order
    card, total = s.game.card_actions["card"], len(pile)
    if len(set(pile)) == total:  # every card once (a shop deck, mostly): nothing to count
        p = 1 / total
        return [(card[c], p) for c in pile]
    return [(card[c], k / total) for c, k in Counter(pile).items()]


def sample_chance(s: CardDiceState, rng: random.Random) -> Action:
    """Draw the outcome of the chance task on top with one ``rng.random()`` call: the outcome
    ``sample_outcome`` draws over :func:`chance_outcomes` (the conformance suite checks it).

    Every outcome of a die or of the first player is equally likely, and so is every card of a pile
    (kept sorted, so a card's copies lie side by side, in the order :func:`chance_outcomes` lists the
    cards): the draw is the face, seat or card at a uniform index (``pick_uniform``).

    Args:
        s: a state at a chance node.
        rng: the generator to draw with.

    Returns:
        The chance action to apply.
    """
    t, game = s.tasks[-1], s.game
    if t.kind == "roll":
        return pick_uniform(game.face_actions, rng)
    if t.kind == "first":
        return pick_uniform(game.seat_actions, rng)
    return game.card_actions["card"][pick_uniform(_pile(s, t), rng)]


def _pile(s: CardDiceState, t: Task) -> list[int]:
    """The unordered pile a card-drawing chance task draws from: a shop deck or a player's deck."""
    if t.kind == "refill":
        return s.shops[t.arg].deck
    return s.sides[t.other if t.kind == "reveal" else t.player].rest


def apply_chance(s: CardDiceState, a: Action) -> None:
    """Apply a chance outcome to the chance task on top."""
    t = s.tasks[-1]
    x = a.args[0]
    if t.kind == "roll":
        s.dice[t.arg] = x + 1
        s.note(f"the {DICE[t.arg]} die shows {x + 1}")
        s.tasks.pop()
    elif t.kind == "first":
        s.active = x
        s.note(f"player {x + 1} goes first")
        s.tasks.pop()
    elif t.kind == "refill":
        s.shops[t.arg].deck.remove(x)
        s.shops[t.arg].row.append(x)
    elif t.kind == "reveal":
        s.sides[t.other].rest.remove(x)
        s.sides[t.other].top.append(x)
    else:
        s.sides[t.player].rest.remove(x)
        _give(s, t, x, False)


# -------------------------------------------------------------------------------- decisions
_CARD_CHOICES = frozenset({"order", "forced_discard", "forced_discard_facedown", "recycle", "tutor", "ship"})
"""The decision kinds whose argument is a card id."""


def _distinct(cards: list[int]) -> list[int]:
    return sorted(set(cards))


def decisions(s: CardDiceState, t: Task) -> list[Action]:
    """Return the legal actions of the decision task ``t`` (empty when it has nothing to decide)."""
    act, k, side = s.game.act, t.kind, s.sides[t.player]
    if k in ("pick_reroll", "pick_flip"):
        verb = "reroll" if k == "pick_reroll" else "turn over"
        return [act("die", d, label=f"{verb} the {DICE[d]} die ({s.dice[d]})") for d in range(len(DICE))]
    if k == "again":
        return [act("again", label=f"reroll the {DICE[t.arg]} die again"), act("stop", label="keep it")]
    if k == "pick_change":
        top, b = s.game.options.die_sides, s.game.max_by
        return [
            act("change", d, j + b, label=f"change the {DICE[d]} die from {v} to {v + j}")
            for d, v in enumerate(s.dice)
            for j in range(-t.n, t.n + 1)
            if j and 1 <= v + j <= top
        ]
    if k == "pick_swap":
        return [
            act("swap", a, b, label=f"swap the {DICE[a]} ({s.dice[a]}) and {DICE[b]} ({s.dice[b]}) dice")
            for a in range(len(DICE))
            for b in range(a + 1, len(DICE))
        ]
    if k == "militia":
        most = min(t.n, side.gold, MILITIA_MAX - 1)
        return [act("militia", g) for g in range(most + 1)]
    if t.n <= 0 and k in ("discard_hand", "discard_facedown", "recycle"):
        return []
    if k == "order":
        deck = s.sides[t.other]
        end = min(t.n, len(deck.top))
        return [] if t.arg >= end - 1 else [act("order", c) for c in _distinct(deck.top[t.arg : end])]
    if k == "discard_hand":
        return [act("forced_discard", c) for c in _distinct(side.hand)]
    if k == "discard_facedown":
        return [act("forced_discard_facedown", c) for c in _distinct([c for c, _, _ in side.facedown])]
    if k == "recycle":
        return [act("recycle", c) for c in _distinct(side.hand)] + [act("stop")] if side.hand else []
    if k == "tutor":
        return [act("tutor", c) for c in _distinct(side.top + side.rest)]
    if k == "ship":
        return [act("ship", c) for c in _distinct(s.bought[t.player]) if c in side.discard]
    raise ValueError(f"no decisions for task {k!r}")


def apply_decision(s: CardDiceState, a: Action) -> None:
    """Apply a player's decision to the decision task on top."""
    t = s.tasks[-1]
    side, k = s.sides[t.player], a.kind
    # the card named by a card choice (a die, a change or a militia payment names none)
    name = s.game.cards[a.args[0]].name if k in _CARD_CHOICES else ""
    if k == "die" and t.kind == "pick_reroll":
        again = [Task("again", t.player, t.n - 1, a.args[0])] if t.n > 1 else []
        _replace(s, None)
        s.push(Task("roll", t.player, 0, a.args[0]), *again)
    elif k == "die":
        d = a.args[0]
        s.dice[d] = s.game.options.die_sides + 1 - s.dice[d]
        s.note(f"the {DICE[d]} die is turned over to {s.dice[d]}")
        s.tasks.pop()
    elif k == "again":
        again = [Task("again", t.player, t.n - 1, t.arg)] if t.n > 1 else []
        _replace(s, None)
        s.push(Task("roll", t.player, 0, t.arg), *again)
    elif k == "change":
        d, j = a.args[0], a.args[1] - s.game.max_by
        s.dice[d] += j
        s.note(f"the {DICE[d]} die is changed to {s.dice[d]}")
        s.tasks.pop()
    elif k == "swap":
        x, y = a.args
        s.dice[x], s.dice[y] = s.dice[y], s.dice[x]
        s.note(f"the {DICE[x]} and {DICE[y]} dice are swapped")
        s.tasks.pop()
    elif k == "militia":
        side.gold -= a.args[0]
        s.note(f"player {t.player + 1} pays {a.args[0]} gold to Paid Militia")
        s.tasks.pop()
        s.deal(t.other, t.player, t.n - a.args[0])
    elif k == "order":
        top = s.sides[t.other].top
        top.insert(t.arg, top.pop(top.index(a.args[0], t.arg)))
        _replace(s, t._replace(arg=t.arg + 1))
    elif k == "forced_discard":
        side.take_from_hand(a.args[0], public=True)
        side.discard.append(a.args[0])
        s.note(f"player {t.player + 1} discards {name}")
        _replace(s, _next(t))
    elif k == "forced_discard_facedown":
        side.take_facedown(a.args[0], prefer_seen=True)
        side.discard.append(a.args[0])
        s.note(f"player {t.player + 1} discards face-down {name}")
        _replace(s, _next(t))
    elif k == "recycle":
        card = s.game.cards[a.args[0]]
        side.take_from_hand(card.id, public=True)
        s.shops[card.home].bottom.append(card.id)
        s.note(f"player {t.player + 1} returns {name} to the shop")
        _replace(s, _next(t))
    elif k == "stop":
        s.tasks.pop()
    elif k == "tutor":
        side.reset_deck_knowledge()
        side.rest.remove(a.args[0])
        side.add_to_hand(a.args[0], False)
        s.note(f"player {t.player + 1} takes a card from their deck and shuffles it")
        s.note(f"you take {name}", to=t.player)
        s.tasks.pop()
    elif k == "ship":
        side.discard.remove(a.args[0])
        side.add_to_hand(a.args[0], True)
        s.note(f"player {t.player + 1} moves {name} to their hand")
        s.tasks.pop()
    else:
        raise ValueError(f"action {a} does not answer task {t.kind!r}")
