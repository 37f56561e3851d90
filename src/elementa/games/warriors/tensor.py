"""The Warriors observation tensor: a fixed-length float encoding of the typed view ``view(p)``
(:class:`.views.WarriorsView`; the observation dict is read back into it).

Every entry lies in 0..1. Seats are counted from the viewer (block 0 is the viewer). Card counts
run over the game's catalog (``K`` distinct card names, in catalog order) and are divided by 3.
Fields, in order:

- ``battle`` / 10, ``turns`` / max turns; ``phase`` one-hot over setup, location, assembly,
  revolving door, battle, over; ``chooser`` and ``to_move`` one-hot over seats; ``equipping``;
  ``location`` (K, the current location card).
- ``hand``: the viewer's hand (K).
- per seat (viewer first): in game; status one-hot over assembling, dead, entering, fighting,
  forfeit, idle, ready, reenter, retreated; team (own team or not); hand size / 15; known hand
  (K, the cards of that hand the viewer has seen); deck size / 60; discard (K); locations
  controlled / 3; deathmatch tokens / 5; mulligans / 3.
- per combatant slot (seats, then up to 3 Beasts; a slot is zeros while its fighter is out of play
  or assembling out of the viewer's sight): present, owner one-hot over seats (viewer first), beast,
  durability / 20, printed durability / 20, protection / 10, hands / 4, charges / 5, equipment
  count / 6, total max damage of its equipment / 20, whether it is the combatant to act now, and
  its fighter card (K).
"""

from __future__ import annotations

from typing import Any

from elementa.core.tensor import ObservationEncoder, TensorField, bag, one_hot, positions, rotate, scaled
from elementa.games.warriors.rules import MAX_BEASTS
from elementa.games.warriors.views import WarriorsView

PHASES = ("setup", "location", "assembly", "revolving door", "battle", "over")
STATUSES = ("assembling", "dead", "entering", "fighting", "forfeit", "idle", "ready", "reenter", "retreated")


def encoder(game: Any) -> ObservationEncoder:
    """Return the tensor layout for a Warriors game (its seats and card catalog)."""
    n = game.num_players
    names = positions(c.name for c in game.catalog.cards)
    k = len(names)
    slots = n + MAX_BEASTS
    turns = game.options.max_turns or 400
    seat_size = 1 + len(STATUSES) + 1 + 1 + k + 1 + k + 3
    slot_size = 1 + n + 1 + 7 + 1 + k

    def cards(items: Any) -> list[float]:
        return bag(items, names, cap=3)

    def seats(obs: WarriorsView, v: int) -> list[float]:
        out: list[float] = []
        mine = obs.players[v].team
        for j in range(n):
            s = obs.players[(v + j) % n]
            out.append(float(s.in_game))
            out += one_hot(STATUSES.index(s.status) if s.status in STATUSES else None, len(STATUSES))
            out.append(float(mine is not None and s.team == mine))
            out.append(scaled(s.hand_size, 15))
            out += cards(s.known_hand)
            out.append(scaled(s.deck_size, 60))
            out += cards(s.discard)
            out += [scaled(len(s.locations), 3), scaled(s.tokens, 5), scaled(s.mulligans, 3)]
        return out

    def fighters(obs: WarriorsView, v: int) -> list[float]:
        out = [0.0] * (slots * slot_size)
        for f in obs.fighters:
            cid = f.id
            slot = rotate(cid, v, n) if cid < n else cid
            if slot is None or slot >= slots:
                continue
            equipment = f.equipment
            vals = [
                1.0,
                *one_hot(rotate(f.seat, v, n), n),
                float(f.beast),
                scaled(f.durability, 20),
                scaled(f.printed, 20),
                scaled(f.protection, 10),
                scaled(f.hands, 4),
                scaled(f.charges, 5),
                scaled(len(equipment), 6),
                scaled(sum(e.max_damage or 0 for e in equipment), 20),
                float(obs.current == cid),
                *cards([f.name]),
            ]
            out[slot * slot_size : (slot + 1) * slot_size] = vals
        return out

    return ObservationEncoder(
        [
            TensorField("battle", 1, "battle / 10", lambda o, v: [scaled(o.battle, 10)]),
            TensorField("turns", 1, "turns / max turns", lambda o, v: [scaled(o.turns, turns)]),
            TensorField("phase", len(PHASES), "phase, one-hot",
                        lambda o, v: one_hot(PHASES.index(o.phase), len(PHASES))),
            TensorField("chooser", n, "seat choosing the location (viewer first)",
                        lambda o, v: one_hot(rotate(o.chooser, v, n), n)),
            TensorField("to_move", n, "seat deciding (viewer first)",
                        lambda o, v: one_hot(rotate(o.to_move, v, n), n)),
            TensorField("equipping", 1, "fighters are being equipped", lambda o, v: [float(o.equipping)]),
            TensorField("location", k, "the location card", lambda o, v: cards([o.location])),
            TensorField("hand", k, "the viewer's hand", lambda o, v: cards(o.hand or ())),
            TensorField("seats", n * seat_size, f"{seat_size} per seat, viewer first", seats),
            TensorField("fighters", slots * slot_size, f"{slot_size} per combatant slot", fighters),
        ],
        WarriorsView,
    )  # fmt: skip
