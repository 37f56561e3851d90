"""What each player sees: observations, action descriptions, and determinization for search.

Hidden: the cards in other players' hands (unless a Whirlwind token lays a hand open, or the viewer
saw the card go there), the deck order (the deck is kept as an unordered set: every draw is a
chance event), cards played face down before the reveal, and everything another player does inside a
sealed window (setup, Activate, Recovery, End of Turn) until every player is done: during a window,
the other players are shown as they were when it opened.

Observation layout (JSON; typed in :mod:`.views`): ``turn``, ``phase``, ``rows`` (row names),
``players`` (one dict per seat:
``sheet`` rows x 10 columns of ``[pennies, nickels, dimes]``, ``change``, ``tokens``, ``floods``,
``pool``, ``hand_size``, ``hand`` (card names or ``None``), ``known_cards``, ``played``, ``column``
(0-9, counted from 0 like every index in data, or ``None``; text numbers it 1-10 as the sheet does),
``attack``, ``defense``, ``powers``, ``effects``, ``target`` (the seat it attacks, counted from 0
like every seat field, or ``None``), flags, ``points``),
``deck_sizes``, ``discard_sizes``, ``to_move``, ``prompt`` (the viewer's decision in words), ``events``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from elementa.core import CHANCE, Action, State, information_digest, shuffle
from elementa.games.elemental_warriors_ii import cards
from elementa.games.elemental_warriors_ii.effects import TOKEN_NAMES, WHIRLWIND
from elementa.games.elemental_warriors_ii.flow import attack_value, defense_value
from elementa.games.elemental_warriors_ii.names import PLAYER_NAMES
from elementa.games.elemental_warriors_ii.sheet import COLUMNS, describe_square, sheet_value
from elementa.games.elemental_warriors_ii.views import CombatSeat, CombatView, EW2View, SeatView

if TYPE_CHECKING:
    from elementa.games.elemental_warriors_ii.state import EW2State

EVENTS_SHOWN = 12
"""How many of the latest public events an observation shows (the state keeps no more than twice as many)."""
EFFECT_NAMES = (
    "prevent", "club discards", "extra damage", "heart discards", "random discard on hit",
    "inferno on hit", "landslide if unharmed", "whirlwind if unharmed", "flood on damage",
    "healing pool", "diamond forfeits",
)  # fmt: skip


def _names(s: EW2State, card_ids: list[int]) -> list[str]:
    return [cards.name(c, s.ndecks) for c in sorted(card_ids)]


def shown_column(s: EW2State, q: int) -> int | None:
    """Return player ``q``'s active column (0-9) where everyone sees it (after the reveal, or
    rolled), else ``None``."""
    col = s.column[q]
    return col if col is not None and (s.revealed or s.mode[q] == "roll") else None


def open_hand(s: EW2State, q: int, viewer: int | None) -> bool:
    """Return whether ``viewer`` sees player ``q``'s hand: their own, or one a Whirlwind token
    lays open."""
    return viewer == q or s.tokens[q][WHIRLWIND] > 0


FACE_DOWN = "face down"
"""What :func:`shown_played` gives for a card (or a roll) played this turn but not yet revealed."""


def shown_played(s: EW2State, q: int, viewer: int | None) -> int | str | None:
    """Return what ``viewer`` sees of the card player ``q`` played this turn: its id once revealed
    (or at once for the player's own card played from hand), :data:`FACE_DOWN` while a card (or a
    roll) waits for the reveal, else ``None`` (source: Activate)."""
    c = s.played[q]
    if c is not None and (s.revealed or (viewer == q and s.mode[q] == "hand")):
        return c
    if s.mode[q] is not None and not s.revealed:
        return FACE_DOWN
    return None


def player_view(s: EW2State, q: int, viewer: int | None) -> SeatView:
    """Return what ``viewer`` sees of player ``q`` in state ``s``."""
    lay, sheet = s.layout, s.sheets[q]
    hand_open = open_hand(s, q, viewer)
    played = shown_played(s, q, viewer)
    col = shown_column(s, q)
    known: list[int] = [] if hand_open or viewer is None else sorted(s.known[viewer][q])
    squares = tuple(sheet)  # its squares are (pennies, nickels, dimes) tuples
    return SeatView(
        seat=q,
        sheet=tuple([squares[r * COLUMNS : (r + 1) * COLUMNS] for r in range(len(lay.rows))]),
        change=sheet_value(sheet),
        tokens=dict(zip(TOKEN_NAMES, s.tokens[q], strict=True)),
        floods=tuple(s.floods[q]),
        pool=s.pool[q],
        hand_size=len(s.hands[q]),
        hand=tuple(_names(s, s.hands[q])) if hand_open else None,
        known_cards=tuple(_names(s, known)),
        played=cards.name(played, s.ndecks) if isinstance(played, int) else played,
        column=col,
        attack=None if col is None else attack_value(s, q),
        defense=None if col is None else defense_value(s, q),
        target=s.target[q],
        powers=tuple(s.used[q]),
        effects={name: n for name, n in zip(EFFECT_NAMES, s.effects[q], strict=True) if n},
        defense_doubled=s.double_until[q] >= s.turn > 0,
        random_next_card=s.random_next[q],
        adjust_next_card=s.adjust_next[q],
        out=s.out[q],
        surrendered=s.surrendered[q],
        points=s.points[q],
    )


def observation_view(s: EW2State, viewer: int | None) -> EW2View:
    """Return exactly what ``viewer`` (a seat, or ``None`` for a spectator) may see, typed (the
    fields are documented in :mod:`.views`)."""
    base = s.opened_window()
    # inside a window the viewer sees their own seat as it is now, the others as the window opened
    players = [player_view(s if q == viewer else base, q, viewer) for q in range(s.num_players())]
    return EW2View(
        turn=base.turn,
        phase=base.phase,
        rows=tuple(s.layout.rows),
        players=tuple(players),
        deck_sizes=tuple([len(d) for d in base.decks]),
        discard_sizes=tuple([len(d) for d in base.discards]),
        to_move=tuple(s.players_to_move()),
        prompt=prompt(s, viewer),
        events=tuple(base.events[-EVENTS_SHOWN:]),
        over=s.over,
    )


def information_key(s: EW2State, viewer: int) -> bytes:
    """Return ``viewer``'s information-state key: the digest of what :func:`observation_view` shows that seat.

    The same facts as :func:`observation_view`, taken as it takes them (the viewer's seat, who is to move
    and the prompt from the state as it is; the other seats, the turn, the phase, the piles and the
    events from the state as an open window found it: :meth:`~.state.EW2State.opened_window`), with
    the rules it shares (:func:`shown_column`, :func:`open_hand`, :func:`shown_played`,
    :func:`asked`), written compactly: a sheet as the squares holding coins (the sheet keeps them,
    and its tests check them against a recount at every step of seeded playouts, and in clones,
    resamples and window bases) and their coins, card ids instead of names (a card's name is unique
    in its game), a hand shown as its ids in its order (hands are kept sorted, as the view lists
    them), the prompt's facts instead of its words, lists and tuples instead of dicts (a seat's
    token and effect counters whole: the view names each token, and the effects other than 0). What the view
    derives is left out, since it follows from what is here: the row names and the decks a card
    name counts (the options), a seat's change (from its sheet), its attack (from its sheet and
    shown column), the size of a hand shown and the known cards of one (none). A shown defense is
    kept, as its doubling counts from turn 0 and the flag shown from turn 1. So two states get one
    key for a seat exactly when :func:`observation_view` shows it the same view: a test changes each
    field of the state (and of the state an open window found) in turn at the nodes of seeded
    playouts, in clones and resamples, and the conformance suite compares keys and observations
    too. A search asks for a key at every tree node it walks.

    Args:
        s: the state.
        viewer: the seat.

    Returns:
        16 bytes (:func:`elementa.core.information_digest`).
    """
    base = s.opened_window()
    seats = []
    for q in range(s.nplayers):
        t = s if q == viewer else base
        hand, sheet = t.hands[q], t.sheets[q]
        col = shown_column(t, q)
        seats.append(
            (
                sheet.filled,  # the squares holding coins, and their coins: the empty ones follow
                list(map(sheet.__getitem__, sheet.filled)),
                t.tokens[q],
                t.floods[q],
                t.pool[q],
                hand if open_hand(t, q, viewer) else (len(hand), sorted(t.known[viewer][q])),
                shown_played(t, q, viewer),
                col,
                None if col is None else defense_value(t, q),
                t.target[q],
                t.used[q],
                t.effects[q],
                t.double_until[q] >= t.turn > 0,
                t.random_next[q],
                t.adjust_next[q],
                t.out[q],
                t.surrendered[q],
                t.points[q],
            )
        )
    movers = s.players_to_move()
    return information_digest(
        (
            viewer,
            base.turn,
            base.phase,
            seats,
            [len(d) for d in base.decks],
            [len(d) for d in base.discards],
            movers,
            asked(s, viewer, movers),
            base.events[-EVENTS_SHOWN:],
            s.over,
        )
    )


def combat_view(s: EW2State, viewer: int) -> CombatView:
    """Return the part of :func:`observation_view` the rule-based agent reads, typed, made without
    the rest (names, tokens, effects, events): ``phase``, ``rows``, ``prompt`` and, for each seat,
    ``seat``, ``out``, ``surrendered``, ``change``, ``hand_size``, ``target``, ``column``,
    ``attack``, ``defense``, ``defense_doubled`` as the view gives them, ``floods`` and
    ``squares`` and ``hand_cards`` (the state's own lists: only to be read; see
    :class:`~.views.CombatSeat`). Like the view, it shows the viewer's seat as it is now and the
    others as an open window found them."""
    base = s.opened_window()
    rows = s.layout.rows
    players = []
    for q in range(s.nplayers):
        t = s if q == viewer else base
        sheet, col, target, hand = t.sheets[q], shown_column(t, q), t.target[q], t.hands[q]
        players.append(CombatSeat(
            seat=q,
            squares=sheet,
            change=sheet.cents,
            floods=t.floods[q],
            hand_size=len(hand),
            hand_cards=hand if open_hand(t, q, viewer) else None,  # kept sorted
            column=col,
            attack=None if col is None else attack_value(t, q),
            defense=None if col is None else defense_value(t, q),
            target=target,
            defense_doubled=t.double_until[q] >= t.turn > 0,
            out=t.out[q],
            surrendered=t.surrendered[q],
        ))  # fmt: skip
    return CombatView(base.phase, rows, players, prompt(s, viewer))


def asked(s: EW2State, viewer: int | None, movers: list[int]) -> tuple[Any, ...] | None:
    """Return what the viewer is asked to do now as the facts :func:`prompt` puts in words: those
    of the viewer's step (the top of its window stack, else of the flow:
    :meth:`~.steps.Decision.asked`); ``None`` when the viewer is not to move.

    Args:
        s: the state.
        viewer: a seat, or ``None`` for a spectator.
        movers: ``s.players_to_move()``.

    Returns:
        ``(kind, ...)``: the cents left to place in the setup; the cents to place and whether they
        come from the healing pool (``add``); the element and the highest level (``power``); the
        cents to remove and why (``pay``); the free actions left (``free``); the seat whose column
        gets a Flood token (``flood``); nothing more for the other kinds.
    """
    if viewer is None or viewer not in movers:
        return None
    return s.step_for(viewer).asked(s)


def prompt(s: EW2State, viewer: int | None) -> str | None:
    """Return, in words, what the viewer is asked to do now (:func:`asked`), or ``None``."""
    if viewer is None or viewer not in s.players_to_move():
        return None
    return s.step_for(viewer).prompt(s)


def describe_action(s: EW2State, action: Action, player: int, viewer: int | None) -> str:
    """Describe an action as ``viewer`` sees it: drawn and stolen cards stay hidden from those who
    do not see them, sealed choices read "has chosen", a card played blind is not named."""
    if player != CHANCE or s.current_player() != CHANCE:
        return State.describe_action(s, action, player, viewer)
    return s.steps[-1].told(s, action, viewer)


# ------------------------------------------------------------------------------- determinization
def resample(s: EW2State, p: int, rng: random.Random) -> EW2State:
    """Return a state consistent with what player ``p`` has seen, hidden parts drawn with ``rng``.

    Other players' unseen cards (in hand, or played face down) are redealt from the cards ``p``
    cannot account for, with the deck(s); inside a sealed window the others' choices are undone and,
    for those who had finished, chosen again at random.
    """
    if s.window is None or s.window_start is None:  # no window, or nobody has acted in it yet
        r = s.clone()
        _redeal(r, p, rng)
        return r
    opened = s.opened_window()
    r = opened.clone()
    _redeal(r, p, rng)
    for q in range(s.num_players()):
        if q != p and opened.pending[q] and not s.pending[q]:
            while r.pending[q]:
                choices = [a for a in r.legal_actions(q) if a.kind != "clear"]
                r._apply(rng.choice(choices), q)
    for a in s.window_actions[p]:
        r._apply(a, p)
    r._history = list(s.history())
    return r


def _redeal(s: EW2State, p: int, rng: random.Random) -> None:
    s._cache = {}  # legal actions computed for the true hands no longer hold
    pools = list(map(list, s.decks))
    slots: list[tuple[int, int, int]] = []  # (holder, index in hand or -1 for the played card, deck)
    known, revealed = s.known[p], s.revealed
    for q in range(s.nplayers):
        if q == p or s.tokens[q][WHIRLWIND]:
            continue
        seen = known[q]
        for i, c in enumerate(s.hands[q]):
            if c not in seen:
                k = cards.deck_of(c)
                slots.append((q, i, k))
                pools[k].append(c)
        down = s.played[q]
        if down is not None and not revealed:
            k = cards.deck_of(down)
            slots.append((q, -1, k))
            pools[k].append(down)
    if not slots:
        return
    for pool in pools:
        shuffle(pool, rng)
    for q, i, k in slots:
        c = pools[k].pop()
        if i < 0:
            s.played[q] = c
        else:
            s.hands[q][i] = c
    for hand in s.hands:
        hand.sort()
    s.decks = list(map(sorted, pools))


# ----------------------------------------------------------------------------------- as text
def text(s: EW2State) -> str:
    """Return a readable board: turn, phase, and each player's sheet as a grid."""
    lines = [f"Elemental Warriors II - turn {s.turn}, {s.phase}" + (" (over)" if s.over else "")]
    width = 7
    for q in range(s.num_players()):
        status = " out" if s.out[q] else " surrendered" if s.surrendered[q] else ""
        toks = ", ".join(f"{n} {s.tokens[q][i]}" for i, n in enumerate(TOKEN_NAMES) if s.tokens[q][i])
        floods = [c + 1 for c in range(COLUMNS) for _ in range(s.floods[q][c])]
        lines.append(
            f"{PLAYER_NAMES[q]}: {s.change(q)} cents, {len(s.hands[q])} cards, pool {s.pool[q]}, "
            f"points {s.points[q]:g}{status}"
            + (f", tokens: {toks}" if toks else "")
            + (f", floods on {floods}" if floods else "")
        )
        lines.append(" " * 8 + "".join(f"{c + 1:^{width}}" for c in range(COLUMNS)))
        for r, row in enumerate(s.layout.rows):
            cells = [describe_square(s.sheets[q][r * COLUMNS + c]) or "." for c in range(COLUMNS)]
            lines.append(f"{row:<8}" + "".join(f"{x:^{width}}" for x in cells))
    return "\n".join(lines)
