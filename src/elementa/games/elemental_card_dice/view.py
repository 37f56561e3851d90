"""What each seat sees: the observation dict, how an action reads to a viewer, and the full board text.

Hidden information lives in one place, here. A seat sees its own hand and face-down actions; of the
opponent's, only the cards a Mirror Wall or Mirror Table showed it (while they stay there); of any
deck, only the top cards it has looked at; and only the log lines meant for it.

Observation (a JSON-ready dict)::

    turn, turn_limit, active, to_move ("chance" / "over" / a seat), viewer
    dice: {die name: face}                      die_sides
    shops: [{name, cards (oldest first), deck_size, returned, removed}] (cheap, expensive)
    players: [{health, gold, hand (names, or None for the opponent), hand_size, known_hand,
               hand_seen_by_opponent, deck_size, known_top, discard, face_down: [{card or None,
               placed_turn, seen_by_opponent}], passives, hand_limit, amplifiers, bought}]
    turn_state: {actions_left, gained_gold, drew, bid_done}
    chain: [{card, player, from}], priority     auction: {card, shop, bid, level, to_move} or None
    decision: {kind, player, count, cards?} or None   log: [text]   winner, over
    cards: {name: {name, kind, cost, text}} for every card named above
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from elementa.core import CHANCE, TERMINAL, Action, information_digest
from elementa.games.elemental_card_dice.cards import DICE, SHOP_NAMES
from elementa.games.elemental_card_dice.effects import NO_AMPS
from elementa.games.elemental_card_dice.steps import Chance, Decision
from elementa.games.elemental_card_dice.views import (
    AuctionView,
    BriefOwnSide,
    BriefSide,
    BriefView,
    CardDiceView,
    ChainLink,
    DecisionView,
    FaceDownView,
    ShopView,
    SideView,
    TurnStateView,
)

if TYPE_CHECKING:
    from elementa.games.elemental_card_dice.state import CardDiceState


_AMP_NAMES = (*DICE, "non-combo")
"""How the observation names each amplifier slot: the seven dice, then non-combo effects."""


def observation(s: CardDiceState, viewer: int | None) -> dict[str, Any]:
    """Return exactly what ``viewer`` (a seat, or None for a spectator) may see of ``s``: the JSON
    form of :func:`observation_view`."""
    return observation_view(s, viewer).to_json()


def observation_view(s: CardDiceState, viewer: int | None) -> CardDiceView:
    """Return exactly what ``viewer`` (a seat, or None for a spectator) may see of ``s``, typed (the
    fields are documented in :mod:`.views`)."""
    game = s.game
    names = game.names
    named: set[int] = set()  # every card id the observation names, for its "cards" table

    def nms(ids: list[int]) -> list[str]:
        named.update(ids)
        return [names[c] for c in ids]

    def tnms(ids: list[int]) -> tuple[str, ...]:
        named.update(ids)
        return tuple([names[c] for c in ids])

    players = []
    for p, side in enumerate(s.sides):
        own = viewer == p
        hand = side.hand
        face_down = _face_down_views(s, p, viewer)
        named.update(c for (c, _, _), f in zip(side.facedown, face_down, strict=True) if f.card is not None)
        players.append(
            SideView(
                health=side.health,
                gold=side.gold,
                hand=tnms(hand) if own else None,
                hand_size=len(hand),
                known_hand=(
                    tnms([c for c, seen in zip(hand, side.seen, strict=True) if seen])
                    if viewer is not None and not own
                    else ()
                ),
                hand_seen_by_opponent=tuple(side.seen) if own else None,
                deck_size=len(side.top) + len(side.rest),
                known_top=tnms(side.top[: side.known[viewer]]) if viewer is not None else (),
                discard=tnms(side.discard),
                face_down=face_down,
                passives=tnms(side.passives),
                hand_limit=s.hand_limit(p),
                amplifiers=_amplifiers(s, p),
                bought=tnms(s.bought[p]),
            )
        )
    cp = s.current_player()
    if s.auction is not None:
        named.add(s.auction[1])
    named.update(c for c, _, _ in s.chain)
    shops = tuple(
        [
            ShopView(
                SHOP_NAMES[i],
                tnms(shop.row),
                len(shop.deck) + len(shop.bottom),
                tnms(shop.bottom),
                tnms(shop.removed),
            )
            for i, shop in enumerate(s.shops)
        ]
    )
    chain = _chain(s)
    auction = _auction(s)
    decision = _decision(s, viewer, nms)
    summaries = game.summaries
    return CardDiceView(
        turn=s.turn,
        turn_limit=game.options.turn_limit,
        active=s.active,
        to_move="over" if cp == TERMINAL else "chance" if cp == CHANCE else cp,
        viewer=viewer,
        dice=dict(zip(DICE, s.dice, strict=True)),
        die_sides=game.options.die_sides,
        shops=shops,
        players=tuple(players),
        turn_state=TurnStateView(s.actions_left, s.gained, s.drew, s.bid_done),
        chain=chain,
        priority=s.priority if s.chain else None,
        auction=auction,
        decision=decision,
        log=tuple(log_seen(s, viewer)),
        over=s.over,
        winner=s.winner,
        cards={names[c]: summaries[c] for c in sorted(named)},
    )


LOG_SHOWN = 15
"""The most recent events an observation shows."""


def log_seen(s: CardDiceState, viewer: int | None) -> list[str]:
    """Return the last :data:`LOG_SHOWN` events ``viewer`` sees (those for everyone or for that seat,
    and not kept from it), oldest first."""
    log = [
        text for to, but, text in s.events if (to is None or to == viewer) and (but is None or but != viewer)
    ]
    return log[-LOG_SHOWN:]


def information_key(s: CardDiceState, viewer: int) -> bytes:
    """Return ``viewer``'s information-state key: the digest of what :func:`observation_view` shows that seat.

    The same facts as :func:`observation_view`, written compactly: card ids instead of names (card names
    are unique), tuples instead of dicts, a seat's amplifiers as its whole tuple (the view names those
    other than 1), the auction's stage as whether it is the raise (the view's words for it). What the
    view derives is left out, since it follows from what is here: the options (``turn_limit``,
    ``die_sides``), the names of the shops and dice, the hand limits (from the passives, dice and
    amplifiers), the auction's bid (level × the card's cost), the viewer's hand size (from its hand)
    and the card table (from the cards named). So two states get one key for a seat exactly when
    :func:`observation_view` shows it the same view: a test changes each field of the state, its sides and
    its shops in turn at the nodes of seeded playouts, in clones and resamples, and the conformance
    suite compares keys and observations too. A search asks for a key at every tree node it walks.

    Args:
        s: the state.
        viewer: the seat.

    Returns:
        16 bytes (:func:`elementa.core.information_digest`).
    """
    sides = []
    for p, side in enumerate(s.sides):
        hand, seen = side.hand, side.seen
        if viewer == p:
            held: tuple[Any, ...] = (tuple(hand), tuple(seen))
            face_down = tuple(side.facedown)
        else:  # the opponent's hand: its size and the cards a Mirror showed, in hand order
            held = (len(hand), tuple([c for c, shown in zip(hand, seen, strict=True) if shown]))
            face_down = tuple([f if f[2] else (-1, f[1], False) for f in side.facedown])
        sides.append(
            (
                side.health,
                side.gold,
                held,
                len(side.top) + len(side.rest),
                tuple(side.top[: side.known[viewer]]),
                tuple(side.discard),
                face_down,
                tuple(side.passives),
                s.amps[p],
                tuple(s.bought[p]),
            )
        )
    shops = tuple(
        [
            (tuple(shop.row), len(shop.deck) + len(shop.bottom), tuple(shop.bottom), tuple(shop.removed))
            for shop in s.shops
        ]
    )
    cp = s.current_player()
    top = s.flow.top
    decision = top.key(s, viewer) if isinstance(top, Decision) and cp != CHANCE else None
    a = s.auction
    return information_digest(
        (
            viewer,
            s.turn,
            s.active,
            cp,
            tuple(s.dice),
            shops,
            tuple(sides),
            (s.actions_left, s.gained, s.drew, s.bid_done),
            tuple(s.chain),
            s.priority if s.chain else None,
            None if a is None else (a[0], a[1], a[2], a[3] == 0),  # the stage, as "raise" or "match"
            decision,
            tuple(log_seen(s, viewer)),
            s.over,
            s.winner,
        )
    )


def brief_view(s: CardDiceState, viewer: int | None) -> BriefView:
    """Return the part of ``observation_view(s, viewer)`` that the rule-based agent reads, built alone
    (the agent observes at most rollout decisions of a search).

    Fields: ``dice``, ``die_sides``, ``chain``, ``auction``, ``decision`` and ``players``: per seat
    ``health``, ``amplifiers``, ``passives`` and ``discard`` (a :class:`.views.BriefSide`), and for
    ``viewer``'s own seat also ``gold``, ``hand``, ``face_down`` and ``hand_limit`` (a
    :class:`.views.BriefOwnSide`). Every value equals the full view's field of the same name (tests
    check it at every node of seeded playouts, in clones and resamples), so it shows nothing the full
    one hides from ``viewer``.

    Args:
        s: the state.
        viewer: the seat whose view this is (None: a spectator, who has no own seat).

    Returns:
        The brief view, fresh.
    """
    names = s.game.names
    players: list[BriefSide] = []
    for p, side in enumerate(s.sides):
        amplifiers = _amplifiers(s, p)
        passives = tuple([names[c] for c in side.passives]) if side.passives else ()
        discard = tuple([names[c] for c in side.discard])
        if viewer == p:
            players.append(
                BriefOwnSide(
                    side.health,
                    amplifiers,
                    passives,
                    discard,
                    side.gold,
                    tuple([names[c] for c in side.hand]),
                    _face_down_views(s, p, viewer) if side.facedown else (),
                    s.hand_limit(p),
                )
            )
        else:
            players.append(BriefSide(side.health, amplifiers, passives, discard))
    return BriefView(
        dict(zip(DICE, s.dice, strict=True)),
        s.game.options.die_sides,
        tuple(players),
        _chain(s) if s.chain else (),
        _auction(s),
        _decision(s, viewer, lambda ids: [names[c] for c in ids]) if s.flow.steps else None,
    )


def _face_down_views(s: CardDiceState, p: int, viewer: int | None) -> tuple[FaceDownView, ...]:
    """Seat ``p``'s face-down actions as ``viewer`` sees them: the card only where shown to it."""
    names = s.game.names
    own = viewer == p
    return tuple(
        [
            FaceDownView(names[c] if own or (seen and viewer == 1 - p) else None, t, seen)
            for c, t, seen in s.sides[p].facedown
        ]
    )


def _amplifiers(s: CardDiceState, p: int) -> dict[str, int]:
    """Seat ``p``'s amplifiers other than 1, by name."""
    amps = s.amps[p]
    return {} if amps == NO_AMPS else {_AMP_NAMES[d]: m for d, m in enumerate(amps) if m != 1}


def _chain(s: CardDiceState) -> tuple[ChainLink, ...]:
    """The response chain, oldest first."""
    names = s.game.names
    return tuple([ChainLink(names[c], o, src) for c, o, src in s.chain])


def _auction(s: CardDiceState) -> AuctionView | None:
    """The running auction, or None."""
    if s.auction is None:
        return None
    shop, c, level, stage = s.auction
    return AuctionView(
        s.game.names[c],
        SHOP_NAMES[shop],
        level * s.game.cards[c].cost,
        level,
        "raise" if stage == 0 else "match",
    )


def _decision(
    s: CardDiceState, viewer: int | None, nms: Callable[[list[int]], list[str]]
) -> DecisionView | None:
    """The pending decision, or None."""
    top = s.flow.top
    if not isinstance(top, Decision) or s.current_player() == CHANCE:
        return None
    return top.view(s, viewer, nms)


def describe(s: CardDiceState, action: Action, player: int, viewer: int | None) -> str:
    """Return how ``viewer`` sees ``player`` take ``action`` now, naming the actor ("player 1: play
    Fire", "chance: the fire die rolls 4"); cards the viewer may not see are left out."""
    k = action.kind
    top = s.flow.top
    if player == CHANCE and isinstance(top, Chance):
        return top.told(s, action, viewer)
    who = f"player {player + 1}"
    if viewer != player:
        if k == "place":
            return f"{who}: places an action face down"
        if k == "tutor":
            return f"{who}: takes a card from their deck"
        if k == "order":
            return f"{who}: puts a card back on a deck"
    return f"{who}: {action.label}"


def board(s: CardDiceState) -> str:
    """Return the whole position as text, hidden parts included (for debugging and logs)."""
    nm = s.names
    lines = [
        f"turn {s.turn}, player {s.active + 1} to play; dice "
        + " ".join(f"{d}={v}" for d, v in zip(DICE, s.dice, strict=True)),
    ]
    for i, shop in enumerate(s.shops):
        lines.append(f"{SHOP_NAMES[i]} shop: {nm(shop.row)} (deck {len(shop.deck) + len(shop.bottom)})")
    for p, side in enumerate(s.sides):
        lines.append(
            f"player {p + 1}: health {side.health}, gold {side.gold}; hand {nm(side.hand)}; "
            f"deck {nm(side.top)} + {len(side.rest)}; face down {nm([c for c, _, _ in side.facedown])}; "
            f"passives {nm(side.passives)}"
        )
    if s.chain:
        lines.append("chain: " + " <- ".join(f"{s.game.cards[c].name} (p{o + 1})" for c, o, _ in s.chain))
    if s.auction:
        lines.append(f"auction: {s.game.cards[s.auction[1]].name} at level {s.auction[2]}")
    if s.over:
        lines.append("draw" if s.winner is None else f"player {s.winner + 1} has won")
    return "\n".join(lines)
