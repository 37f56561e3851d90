"""The Elemental Warriors II observation tensor: a fixed-length float encoding of the typed view
``view(p)`` (:class:`~.views.EW2View`; the observation dict ``observation(p)`` gives the same numbers).

Every entry lies in 0..1. Seats are counted from the viewer (block 0 is the viewer). Cards are
named by rank and suit (52 entries: ranks A..K of clubs, then hearts, spades, diamonds); with
several decks the copies add up. Fields, in order:

- ``turn`` / 100; ``phase`` one-hot over setup, activate, skirmish, allocate, recovery, end;
  ``over``; ``to_move`` (1 per seat that must act, viewer first); ``decks`` and ``discards``: the
  sizes of the first four decks and discard piles / 52.
- per seat (viewer first): ``sheet``, rows x 10 columns x (pennies, nickels, dimes), each / 10;
  ``change`` / 25; ``tokens`` (Earth, Fire, Air, Water, Landslide, Whirlwind, Inferno) / 5;
  ``floods`` per column / 3; ``pool`` / 25; ``hand_size`` / 20; ``hand`` (52, the seat's cards
  where the viewer sees them: its own, or an open hand); ``known`` (52, cards of that seat the viewer
  knows); ``played`` (52 one-hot, then 1 for a card played face down); ``column`` one-hot over 10;
  ``attack`` / 20, ``defense`` / 20; ``target`` one-hot over the seats; the flags defense_doubled,
  random_next_card, adjust_next_card, out, surrendered; ``points`` / 25 per opponent.
"""

from __future__ import annotations

from typing import Any

from elementa.core.tensor import ObservationEncoder, TensorField, bag, one_hot, positions, rotate, scaled
from elementa.games.elemental_warriors_ii.cards import RANK_NAMES, SUIT_SYMBOLS
from elementa.games.elemental_warriors_ii.effects import TOKEN_NAMES
from elementa.games.elemental_warriors_ii.sheet import COLUMNS
from elementa.games.elemental_warriors_ii.views import EW2View, SeatView

PHASES = ("setup", "activate", "skirmish", "allocate", "recovery", "end")
CARDS = positions(r + s for s in SUIT_SYMBOLS for r in RANK_NAMES)
FLAGS = ("defense_doubled", "random_next_card", "adjust_next_card", "out", "surrendered")


def _base(card: str) -> str:
    return card.split("/")[0]


def encoder(game: Any) -> ObservationEncoder:
    """Return the tensor layout for an Elemental Warriors II game (its seats and sheet rows)."""
    n = game.num_players
    rows = len(game.layout.rows)
    seat_size = rows * COLUMNS * 3 + 1 + len(TOKEN_NAMES) + COLUMNS + 2 + 3 * 52 + 1 + COLUMNS + 2 + n
    seat_size += len(FLAGS) + 1
    most = 25.0 * (n - 1)

    def seat(s: SeatView, v: int) -> list[float]:
        out = [scaled(k, 10) for row in s.sheet for square in row for k in square]
        out.append(scaled(s.change, 25))
        out += [scaled(s.tokens[t], 5) for t in TOKEN_NAMES]
        out += [scaled(f, 3) for f in s.floods]
        out += [scaled(s.pool, 25), scaled(s.hand_size, 20)]
        out += bag((_base(c) for c in s.hand or ()), CARDS, cap=n)
        out += bag((_base(c) for c in s.known_cards), CARDS, cap=n)
        played = s.played
        out += one_hot(None if played in (None, "face down") else CARDS[_base(played)], 52)
        out.append(float(played == "face down"))
        out += one_hot(s.column, COLUMNS)
        out += [scaled(s.attack, 20), scaled(s.defense, 20)]
        out += one_hot(rotate(s.target, v, n), n)
        out += [float(getattr(s, f)) for f in FLAGS]
        out.append(scaled(s.points, most))
        return out

    def seats(obs: EW2View, v: int) -> list[float]:
        return [x for k in range(n) for x in seat(obs.players[(v + k) % n], v)]

    def sizes(values: tuple[int, ...]) -> list[float]:
        return [scaled(values[i], 52) if i < len(values) else 0.0 for i in range(4)]

    return ObservationEncoder(
        [
            TensorField("turn", 1, "turn / 100", lambda o, v: [scaled(o.turn, 100)]),
            TensorField("phase", len(PHASES), "phase, one-hot",
                        lambda o, v: one_hot(PHASES.index(o.phase), len(PHASES))),
            TensorField("over", 1, "the game is over", lambda o, v: [float(o.over)]),
            TensorField("to_move", n, "seats to act (viewer first)",
                        lambda o, v: bag((rotate(p, v, n) for p in o.to_move), range(n))),
            TensorField("decks", 4, "deck sizes / 52", lambda o, v: sizes(o.deck_sizes)),
            TensorField("discards", 4, "discard pile sizes / 52", lambda o, v: sizes(o.discard_sizes)),
            TensorField("seats", n * seat_size, f"{seat_size} per seat, viewer first", seats),
        ],
        view=EW2View,
    )  # fmt: skip
