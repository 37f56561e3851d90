"""The ElementaliS observation tensor: a fixed-length float encoding of the typed view ``view(p)``
(:class:`~.views.ElementalisView`; the observation dict ``observation(p)`` gives the same numbers).

Every entry lies in 0..1 (float32 is enough). Seats are counted from the viewer: block 0 is the
viewer, block 1 the next seat clockwise, and so on. Numbers are divided by a cap and clipped.
``encoder(game).describe()`` (or ``python -m elementa.adapters.describe elementalis``) lists each
field's offset and size; the fields, in order:

- ``round``: round / rounds. ``active``: the active mage, one-hot over the seats (viewer first).
- ``phase``: one-hot over draft_major, draft_minor, chaos, choice, cultist, roll, declare, cast,
  target_mana, react, continue, claim, over. ``stage``: one-hot over power, chance, cosmic, opposition.
- ``to_move``: 1 for each seat (viewer first) that must act now.
- per seat (viewer first), 71 entries: ``major``, ``minor`` and ``chosen_major`` one-hot over the
  seven Arcana; ``type`` one-hot over the nine mage types; ``pool`` (Fire, Water, Earth, Air, each
  / 40); ``colourless`` / 20; ``total`` / 80; ``spells`` owned and ``cast`` this turn, 15 each (spell
  ids in rulebook order); ``declaration`` one-hot over waiting, chosen (sealed), declared, passed,
  and a 1 when the seat is the winner.
- ``channel`` (4, / 20), ``flux`` (4, / mana supply; zeros without a supply limit).
- ``dice``: ``standard_dice + 5`` slots (the Sun die first; Mirror Pool copies beyond that are left
  out), each the face one-hot over Fire, Water, Earth, Air, Ether, Sun (zeros before a roll), then
  sun, held, destroyed, charred, present.
- ``ether_leak``; ``links`` (origin x target over the seats, viewer first); ``casting_order`` (1 for
  seats still to cast); ``pending``: the caster (one-hot over seats), the spell (one-hot over 15),
  its cost / 10, the seats it is negated for.
- ``mana_choice``: a Mana vector chosen colour by colour, per colour (Fire, Water, Earth, Air) 1
  once chosen, then the amount chosen / 20 (zeros outside a choice). The options still open are
  left to the legal actions, as every other choice's are.
"""

from __future__ import annotations

from typing import Any

from elementa.core.tensor import ObservationEncoder, TensorField, bag, one_hot, rotate, scaled
from elementa.games.elementalis.elements import ARCANA_NAMES, ELEMENT_NAMES, FACE_NAMES, MageType
from elementa.games.elementalis.spells import SPELLS
from elementa.games.elementalis.views import ElementalisView

PHASES: tuple[str, ...] = (
    "draft_major", "draft_minor", "chaos", "choice", "cultist", "roll", "declare", "cast",
    "target_mana", "react", "continue", "claim", "over",
)  # fmt: skip
STAGES = ("power", "chance", "cosmic", "opposition")
TYPES = tuple(t.value for t in MageType)
SPELL_NAMES = tuple(s.name for s in SPELLS)
DECLARATIONS = ("waiting", "chosen", "declared", "passed")
SEAT_SIZE = 3 * len(ARCANA_NAMES) + len(TYPES) + 4 + 2 + 2 * len(SPELL_NAMES) + len(DECLARATIONS) + 1


def _index(names: tuple[str, ...], name: str | None) -> int | None:
    return None if name is None else names.index(name)


def encoder(game: Any) -> ObservationEncoder:
    """Return the tensor layout for an ElementaliS game (its seats, dice and Mana supply)."""
    n = game.num_players
    supply = game.options.mana_supply
    slots = game.options.standard_dice + 5

    def seats(seen: tuple[int, ...], v: int) -> list[int | None]:
        return [rotate(p, v, n) for p in seen]

    def seat_block(obs: ElementalisView, v: int) -> list[float]:
        out: list[float] = []
        winners = obs.winners or ()
        for k in range(n):
            p = (v + k) % n
            s = obs.players[p]
            out += one_hot(_index(ARCANA_NAMES, s.major), len(ARCANA_NAMES))
            out += one_hot(_index(ARCANA_NAMES, s.minor), len(ARCANA_NAMES))
            out += one_hot(_index(ARCANA_NAMES, s.chosen_major), len(ARCANA_NAMES))
            out += one_hot(_index(TYPES, s.type), len(TYPES))
            out += [scaled(k, 40) for k in s.pool.colours()]
            out += [scaled(s.colourless, 20), scaled(s.total, 80)]
            out += bag((sp.name for sp in s.spells), SPELL_NAMES)
            out += bag((sp.name for sp in s.spells if sp.cast_this_turn), SPELL_NAMES)
            out += one_hot(_index(DECLARATIONS, obs.declarations.get(str(p))), len(DECLARATIONS))
            out.append(1.0 if p in winners else 0.0)
        return out

    def dice(obs: ElementalisView, v: int) -> list[float]:
        out: list[float] = []
        for i in range(slots):
            if i < len(obs.dice):
                d = obs.dice[i]
                out += one_hot(_index(FACE_NAMES, d.face), len(FACE_NAMES))
                out += [float(d.sun), float(d.held), float(d.destroyed), float(d.charred), 1.0]
            else:
                out += [0.0] * (len(FACE_NAMES) + 5)
        return out

    def links(obs: ElementalisView, v: int) -> list[float]:
        out = [0.0] * (n * n)
        for origin, target in obs.links:
            o, t = rotate(origin, v, n), rotate(target, v, n)
            if o is not None and t is not None:
                out[o * n + t] = 1.0
        return out

    def pending(obs: ElementalisView, v: int) -> list[float]:
        pend = obs.pending_spell
        if pend is None:
            return [0.0] * (2 * n + len(SPELL_NAMES) + 1)
        return [
            *one_hot(rotate(pend.caster, v, n), n),
            *one_hot(_index(SPELL_NAMES, pend.spell), len(SPELL_NAMES)),
            scaled(pend.cost, 10),
            *bag((rotate(q, v, n) for q in pend.negated_for), range(n)),
        ]

    def mana_choice(obs: ElementalisView, v: int) -> list[float]:
        chosen = obs.mana_choice.chosen if obs.mana_choice is not None else {}
        out: list[float] = []
        for e in ELEMENT_NAMES:
            out += [1.0, scaled(chosen[e], 20)] if e in chosen else [0.0, 0.0]
        return out

    flux_doc = "Fire, Water, Earth, Air in the Flux / mana supply (zeros without a limit)"
    return ObservationEncoder(
        [
            TensorField("round", 1, "round / rounds", lambda o, v: [scaled(o.round, o.rounds)]),
            TensorField("active", n, "active seat, one-hot (viewer first)",
                        lambda o, v: one_hot(rotate(o.active, v, n), n)),
            TensorField("phase", len(PHASES), "phase, one-hot", lambda o, v: one_hot(
                _index(PHASES, o.phase), len(PHASES))),
            TensorField("stage", len(STAGES), "roll stage, one-hot", lambda o, v: one_hot(
                _index(STAGES, o.stage or None), len(STAGES))),
            TensorField("to_move", n, "seats to act (viewer first)",
                        lambda o, v: bag(seats(o.to_move, v), range(n))),
            TensorField("seats", n * SEAT_SIZE, f"{SEAT_SIZE} per seat, viewer first (see module doc)",
                        seat_block),
            TensorField("channel", 4, "Fire, Water, Earth, Air in the Channel / 20",
                        lambda o, v: [scaled(k, 20) for k in o.channel.colours()]),
            TensorField("flux", 4, flux_doc, lambda o, v: [
                scaled(k, supply) for k in o.flux.colours()] if o.flux else [0.0] * 4),
            TensorField("dice", slots * (len(FACE_NAMES) + 5), "per die: face one-hot, 5 flags", dice),
            TensorField("ether_leak", 1, "Ether Leak in play", lambda o, v: [float(o.ether_leak)]),
            TensorField("links", n * n, "Earth Links origin x target (viewer first)", links),
            TensorField("casting_order", n, "seats still to cast (viewer first)",
                        lambda o, v: bag(seats(o.casting_order, v), range(n))),
            TensorField("pending", 2 * n + len(SPELL_NAMES) + 1, "the spell being cast", pending),
            TensorField("mana_choice", 8, "per colour: chosen, amount / 20 (a Mana choice)", mana_choice),
        ],
        view=ElementalisView,
    )  # fmt: skip
