"""What each player sees: observations, action descriptions, determinization, and the text board.

Hidden: the cards in other players' hands (only their number, and the cards everyone saw go back
into them), every deck's contents and order, and fighters being assembled until all are revealed
(WAR-A15). Everything else (fighters in play, counters, discard piles, locations, Beasts) is public.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from elementa.core import CHANCE, Action, State, information_digest, shuffle, shuffle_draws
from elementa.games.warriors.rules import Equip, Fighter, can_equip, protection
from elementa.games.warriors.steps import Assemble, Draw, WarriorsStep
from elementa.games.warriors.views import (
    DecisionView,
    EquipmentView,
    FighterView,
    SeatView,
    WaitingBeast,
    WarriorsView,
)

if TYPE_CHECKING:
    from elementa.games.warriors.cards import Card
    from elementa.games.warriors.state import WarriorsState

HIDDEN_STATUS = ("assembling", "ready")
"""Statuses whose fighter only its owner sees."""


def shown_status(status: str, seat: int, viewer: int | None) -> str:
    """Return a seat's status as ``viewer`` sees it: another seat that has finished its secret
    assembly (``"ready"``) still reads ``"assembling"``, so that nothing a seat sees changes while
    another moves through the sealed assembly (WAR-A15; the window closes for all at the reveal)."""
    return "assembling" if status == "ready" and seat != viewer else status


def _names(st: WarriorsState, ids: list[int]) -> list[str]:
    cards = st.game.catalog.cards
    return [cards[c].name for c in ids]


def _sorted_names(st: WarriorsState, counts: dict[int, int]) -> list[str]:
    if not counts:
        return []
    cards = st.game.catalog.cards
    return [cards[c].name for c in sorted(counts) for _ in range(counts[c])]


def fighter_view(f: Fighter, location: Card | None) -> FighterView:
    """Return a fighter as the view shows it: card, durability, protection, equipment, counters.

    ``location``: the current location card, or ``None`` (it may change the fighter's protection).
    """
    c = f.card
    return FighterView(
        f.cid,
        f.seat,
        f.beast,
        c.name,
        c.text,
        f.durability,
        c.durability,
        protection(f, location),
        c.hands,
        c.magic_containment,
        f.charges,
        tuple([_equip_view(e) for e in f.equipment]),
    )


def _equip_view(e: Equip) -> EquipmentView:
    c = e.card
    return EquipmentView(
        c.name, c.type, c.max_damage, c.protection, c.breakage, e.charges, e.duration, e.active, c.text
    )


def _pending_count(st: WarriorsState, seat: int) -> int:
    f = st.fighters[seat]
    if f is None or st.status[seat] not in HIDDEN_STATUS:
        return 0
    return 1 + len(f.equipment)


def observation_view(st: WarriorsState, viewer: int | None) -> WarriorsView:
    """Return what ``viewer`` sees (``None``: a spectator, who sees no hand), typed.

    The fields are documented in :mod:`.views`. Combatant ids are seats, then ``players + k`` for
    the Beasts.
    """
    n = st.n
    g = st.game
    name = g.card_names.__getitem__  # card id -> name, mapped over piles without a Python loop
    team_of = g.team_of
    players = []
    for p in range(n):
        grp = g.deck_of[p]
        hidden_size = len(st.hands[p]) + (0 if p == viewer else _pending_count(st, p))
        hidden = st.status[p] in HIDDEN_STATUS  # assembling in secret
        known, held, removed = st.known[p], st.controlled[p], st.removed[p]
        players.append(
            SeatView(
                seat=p,
                deck=g.seat_deck_titles[p],
                team=None if team_of is None else team_of[p],
                in_game=st.in_game[p],
                status=shown_status(st.status[p], p, viewer),
                hand_size=hidden_size,
                known_hand=tuple(_sorted_names(st, known)) if known and p != viewer else (),
                deck_size=sum(st.decks[grp].values()),
                discard=tuple(map(name, st.discards[grp])),
                locations=tuple([name(c) for c, _ in held]) if held else (),
                tokens=st.tokens[p],
                mulligans=st.mulligans[p],
                removed=tuple(sorted(map(name, removed))) if removed and (p == viewer or not hidden) else (),
            )
        )
    loc = st.location_card()
    top = st.steps[-1] if st.steps else None
    current = (
        st.order[st.turn_pos] if st.order and st.result is None and not isinstance(top, Assemble) else None
    )
    return WarriorsView(
        players_count=n,
        battle=st.battle,
        phase=_phase(st, top),
        location=None if loc is None else loc.name,
        chooser=st.chooser,
        current=current,
        to_move=None if top is None else top.decider(),
        decision=_decision(st, top, viewer),
        pending=None if top is None else top.pending(),
        order=tuple(st.order),
        players=tuple(players),
        fighters=_fighters(st, viewer, loc),
        waiting_beasts=tuple([WaitingBeast(name(c), s) for c, s in st.waiting]) if st.waiting else (),
        equipping=st.equipping,
        turns=st.turns,
        max_turns=g.options.max_turns,
        events=tuple(st.event_texts()),
        result=None if st.result is None else tuple(st.result),
        hand=None if viewer is None else tuple(sorted(map(name, st.hands[viewer]))),
    )


def information_key(st: WarriorsState, viewer: int) -> bytes:
    """Return ``viewer``'s information-state key: the digest of what :func:`observation_view` shows that seat.

    The same facts as :func:`observation_view`, written compactly: card ids instead of names (card names
    are unique) and texts, tuples instead of dicts. What the view derives is left out, since it
    follows from what is here: the seats' decks and teams, ``players_count`` and ``max_turns``
    (options), the phase and the decision in words (from the top step, the battle, the statuses and
    the result), a fighter's printed numbers, texts and protection (from its cards, their counters
    and the location), and the viewer's hand size (from its hand). So two states get one key for a
    seat exactly when :func:`observation_view` shows it the same view; a test changes each shown field in
    turn, and the conformance suite compares keys and observations at the nodes of seeded playouts
    and in resampled states. A search asks for a key at every tree node it walks.

    Args:
        st: the state.
        viewer: the seat.

    Returns:
        16 bytes (:func:`elementa.core.information_digest`).
    """
    n = st.n
    status = st.status
    seats = []
    for p in range(n):
        known, removed = st.known[p], st.removed[p]
        seats.append(
            (
                st.in_game[p],
                shown_status(status[p], p, viewer),
                None if p == viewer else len(st.hands[p]) + _pending_count(st, p),
                tuple(sorted((c, k) for c, k in known.items() if k)) if known and p != viewer else (),
                tuple(c for c, _ in st.controlled[p]),
                st.tokens[p],
                st.mulligans[p],
                tuple(sorted(removed)) if removed and (p == viewer or status[p] not in HIDDEN_STATUS) else (),
            )
        )
    piles = [(sum(deck.values()), tuple(st.discards[g])) for g, deck in enumerate(st.decks)]
    fighters = []
    for cid, f in enumerate(st.fighters):
        if f is None or (cid < n and cid != viewer and status[cid] in HIDDEN_STATUS):
            continue
        fighters.append(
            (
                f.cid,
                f.seat,
                f.beast,
                f.card.id,
                f.durability,
                f.charges,
                tuple([(e.card.id, e.charges, e.duration) for e in f.equipment]),
            )
        )
    top = st.steps[-1] if st.steps else None
    # the step's key: a decision's seat (and a breakage pick's or split attack's progress), or
    # whether it is the assembly; the rest read as chance, or as the game over with its result
    task = (False,) if top is None else top.key()
    sealed = isinstance(top, Assemble)
    current = st.order[st.turn_pos] if st.order and st.result is None and not sealed else None
    return information_digest(
        (
            viewer,
            st.battle,
            st.location,
            st.chooser,
            current,
            task,
            tuple(st.order),
            seats,
            piles,
            fighters,
            tuple(st.waiting),
            st.equipping,
            st.turns,
            st.event_texts(),
            st.result,
            tuple(sorted(st.hands[viewer])),
        )
    )


def _fighters(st: WarriorsState, viewer: int | None, loc: Card | None) -> tuple[FighterView, ...]:
    """The view's ``fighters``: every fighter in play that ``viewer`` may see, by id."""
    n = st.n
    status = st.status
    return tuple(
        [
            fighter_view(f, loc)
            for cid, f in enumerate(st.fighters)
            if f is not None and (cid >= n or cid == viewer or status[cid] not in HIDDEN_STATUS)
        ]
    )


def decision_view(st: WarriorsState, viewer: int, *, foes: bool = True) -> DecisionView:
    """Return the part of ``viewer``'s :func:`observation_view` that a decision in a battle reads.

    ``hand``, ``location``, ``fighters`` and ``pending``, with the view's values (built by the same
    code; a test compares them at every node of seeded games). The rule-based agent reads this at
    every step, since building the whole view was a third of its time.

    Args:
        st: the state.
        viewer: the seat.
        foes: whether ``fighters`` lists every fighter the seat sees; ``False``: only the seat's own
            fighter (none if it has none), for the decisions that read no other (fielding a fighter,
            equipping it).
    """
    loc = st.location_card()
    top = st.steps[-1] if st.steps else None
    if foes:
        fighters = _fighters(st, viewer, loc)
    else:
        own = st.fighters[viewer]
        fighters = () if own is None else (fighter_view(own, loc),)
    return DecisionView(
        tuple(sorted(map(st.game.card_names.__getitem__, st.hands[viewer]))),
        None if loc is None else loc.name,
        fighters,
        None if top is None else top.pending(),
    )


def _phase(st: WarriorsState, top: WarriorsStep | None) -> str:
    """The view's ``phase``: over, setup (before the first battle), or the top step's."""
    if st.result is not None:
        return "over"
    if st.battle == 0:
        return "setup"
    return "battle" if top is None else top.phase


def _players_text(seats: list[int]) -> str:
    """``[1]`` -> ``"player 1"``; ``[1, 2, 3]`` -> ``"players 1, 2 and 3"`` (1-based seats)."""
    if len(seats) == 1:
        return f"player {seats[0]}"
    return "players " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def _decision(
    st: WarriorsState, top: WarriorsStep | None, viewer: int | None, *, everything: bool = False
) -> str:
    """The view's ``decision`` for ``viewer`` with ``top`` on top of the flow (``None``: nothing);
    ``everything``: with every seat's true status (the full text of :func:`text`)."""
    if isinstance(top, Assemble):
        status = st.status
        waiting = [
            p + 1
            for p in range(st.n)
            if (status[p] if everything else shown_status(status[p], p, viewer)) == "assembling"
        ]
        return f"assembling fighters in secret; waiting for {_players_text(waiting)}"
    seat = None if top is None else top.decider()
    if top is not None and seat is not None:
        return f"player {seat + 1} {top.says}"
    if st.result is not None:
        return "the game is over"
    return "chance"


def describe(st: WarriorsState, action: Action, player: int, viewer: int | None) -> str:
    """Describe an action as ``viewer`` sees it: another player's draw reads "draws a card".

    Chance outcomes other than draws (dice, random picks) are public; the core's default handles the
    players' actions (a sealed assembly step of someone else reads "has chosen").
    """
    if player == CHANCE:
        top = st.steps[-1]
        if isinstance(top, Draw) and viewer != top.seat and st.card(action.args[0]).type != "beast":
            return f"chance: player {top.seat + 1} draws a card"
        return f"chance: {action.label}"
    return State.describe_action(st, action, player, viewer)


# ----------------------------------------------------------------------------- determinization
def resample(st: WarriorsState, player: int, rng: random.Random) -> WarriorsState:
    """Return a copy in which everything ``player`` cannot see is redrawn consistently.

    Other players' unknown hand cards are redrawn, with the deck they came from, from the cards of
    that deck group nobody has seen (hand cards are never Beasts); fighters still secretly assembling
    are folded back into their hands and, for players already done, assembled again at random from
    the new hand. ``player``'s own hand and every public card stay.
    """
    s = st.clone()
    n = s.n
    redo = []
    for q in range(n):
        if q == player or s.status[q] not in HIDDEN_STATUS:
            continue
        f = s.fighters[q]
        if f is not None:
            s.hands[q] += [f.card.id, *f.equipped_ids]
            s.fighters[q] = None
        s.removed[q] = []
        if s.status[q] == "ready":
            redo.append(q)
    deck_of = s.game.deck_of
    beasts = s.game.beast_ids
    for g, deck in enumerate(s.decks):
        members = [q for q in range(n) if deck_of[q] == g and q != player]
        if not members:  # nothing of this pile is dealt: it stays as it is (in card id order already)
            shuffle_draws(sum(k for c, k in deck.items() if c not in beasts), rng)
            continue
        pool = dict(deck)
        need = {}
        for q in members:
            hand, known = s.hands[q], s.known[q]
            kept = []
            if known:
                known = dict(known)
                for c in hand:
                    if known.get(c, 0) > 0:
                        known[c] -= 1
                        kept.append(c)
                    else:
                        pool[c] = pool.get(c, 0) + 1
            else:
                for c in hand:
                    pool[c] = pool.get(c, 0) + 1
            need[q] = len(hand) - len(kept)
            s.hands[q] = kept
        cards: list[int] = []
        for c in sorted(pool):
            if c not in beasts:
                cards += [c] * pool[c]
        shuffle(cards, rng)
        for q in members:
            take, cards = cards[: need[q]], cards[need[q] :]
            s.hands[q] += take
            for c in take:
                pool[c] -= 1
        s.decks[g] = {c: k for c, k in sorted(pool.items()) if k > 0}  # card id order (state.decks)
    for q in redo:
        _random_assembly(s, q, rng)
    return s


def _random_assembly(s: WarriorsState, q: int, rng: random.Random) -> None:
    fighters = [c for c in s.hands[q] if s.card(c).type == "fighter"]
    if not fighters:
        return
    fc = rng.choice(sorted(fighters))
    s.hands[q].remove(fc)
    f = Fighter(q, q, s.card(fc))
    s.fighters[q] = f
    for c in sorted(s.hands[q]):
        if rng.random() < 0.5 and can_equip(f, s.card(c)):
            s.hands[q].remove(c)
            f.equip(s.card(c))


# ------------------------------------------------------------------------------------- text
def text(st: WarriorsState) -> str:
    """Return the whole state as text (all hands shown: for logs and debugging)."""
    lines = [
        f"Warriors, battle {st.battle}, turn {st.turns}; location: "
        f"{st.card(st.location).name if st.location is not None else 'none'}"
    ]
    for p in range(st.n):
        hand = ", ".join(sorted(_names(st, st.hands[p]))) or "-"
        locs = ", ".join(st.card(c).name for c, _ in st.controlled[p]) or "-"
        deck = sum(st.decks[st.game.deck_of[p]].values())
        lines.append(
            f"player {p + 1} [{st.status[p]}{'' if st.in_game[p] else ', out'}] deck {deck}, "
            f"tokens {st.tokens[p]}, locations: {locs}; hand: {hand}"
        )
    for f in st.fighters:
        if f is not None:
            gear = ", ".join(
                e.card.name
                + (f" [{e.charges}c]" if e.charges is not None else "")
                + (f" [{e.duration}d]" if e.duration is not None else "")
                for e in f.equipment
            )
            lines.append(
                f"  {st.who(f.cid)}: durability {f.durability}/{f.card.durability}; {gear or 'no equipment'}"
            )
    if st.waiting:
        lines.append("waiting Beasts: " + ", ".join(st.card(c).name for c, _ in st.waiting))
    ahead = _decision(st, st.steps[-1], None, everything=True) if st.steps else "the game is over"
    lines.append("next: " + ahead)
    return "\n".join(lines)
