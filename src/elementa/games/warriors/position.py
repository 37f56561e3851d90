"""Warriors positions: a state set up from JSON, and written back (see :mod:`elementa.core.positions`).

A position is the whole truth, every hand and deck included (never take one from a player). Cards
are named as the card file names them (``"Troll Brute"``), seats and combatants count from 0 (a
Beast's combatant id is ``players + place``)::

    {
      "battle": 2,                   # the battle under way (1 = the first; 0 before the deal)
      "chooser": 0,                  # who chooses the next location (the last battle's winner), or null
      "location": {"card": "Lava Pit", "from": "hand", "holder": 0, "owner": 0},  # or null; "from":
                                     # "hand" (played from holder's hand) or "held" (controlled by holder)
      "players": [                   # one per seat
        {"hand": ["Medkit", "Sonic Pistol"],
         "known": ["Medkit"],        # cards everyone saw go into the hand (a retreat...), by count,
                                     # as long as none left it in the open
         "status": "fighting",       # idle, assembling, ready, fighting, entering, reenter,
                                     # forfeit, retreated or dead
         "fighter": {"card": "Troll Brute", "durability": 7,   # or null
                     "equipment": [{"card": "Great Axe"}]},   # in the order equipped
         "controlled": [{"card": "Volcano", "owner": 1}],     # locations won, with their owners
         "tokens": 0, "mulligans": 0, "in_game": true,
         "acted": false,             # made its step of this round of the secret assembly
         "removed": []},             # cards taken off the fighter in this assembly step (not
                                     # offered again in it)
        {...}],
      "beasts": [{"place": 0, "card": "Wyvern", "drawn_by": 1, "durability": 6}],  # in the battle
      "waiting": [{"card": "Hydra", "drawn_by": 0}],  # Beasts waiting for the next battle
      "decks": [{"deck": null, "discard": ["Knife"]}],  # per deck group (one per seat unless
                                     # Monodeck or team decks): the draw pile (no order; null: the
                                     # group's cards placed nowhere else) and the discard pile, top last
      "order": [1, 0, 2],            # the battle's turn order, combatant ids
      "turn_pos": 1,                 # whose turn it is in that order
      "turns": 14,                   # fighter and Beast turns played in the game
      "equipping": false,            # a fighter is equipping in combat (its Action)
      "flow": [{"step": "act", "seat": 0}, {"step": "end", "seat": 0}, {"step": "next"},
               {"step": "battle_end"}],  # the pending steps, the next first
      "result": null,                # the returns once the game is over
      "log": ["battle 2 begins", "..."]  # the latest public events, oldest first (16 at most)
    }

A fighter's or a piece of equipment's fields other than ``card`` may be left out: ``durability``
and ``top`` (the most healing restores) are the card's printed durability, ``charges`` its printed
charges, an equipped spell's ``duration`` null (its effect not on) and ``spent`` false. A player's
fields other than ``hand`` may be left out too (a player in the game, idle, with nothing won), as
may ``beasts``, ``waiting``, ``order``, ``turn_pos``, ``turns``, ``equipping``, ``result`` and
``log``; a deck group's ``deck`` (the rest of its cards) and ``discard``.

``flow`` is the game's stack of pending steps (:mod:`.steps`), the next first, each with the
fields of its step: ``act``, ``enter``, ``location``, ``doors``, ``legend`` and ``offer`` (with
``why``: ``"mulligan"`` or ``"reshuffle"``) wait for ``seat``'s decision, ``assemble`` for the
secret assembly, ``draw`` (``seat``, ``count``), ``first`` (``seats``), ``beast_pick``, ``attack``
(``attacker``, ``target``, ``lo``, ``hi``, ``source``: the card attacked with) and ``break_roll``
for chance; the automatic steps between (``end``, ``next``, ``reveal``, ``battle_end``...) run when
their turn comes. Who decides follows from the step on top. A game under way has a battle's end
(``battle_end``) or the next battle (``battle``) at the bottom of its flow; a game over has no flow
and its ``result``.

Every card of a deck group is somewhere, once per copy: in the group's deck, its discard pile, a
hand of one of its seats, on a fighter (as the fighter or equipment), a Beast in the battle or
waiting (the group of the seat that drew it), the location or a controlled location (its
owner's group). A card missing, or one copy too many, is refused. The position's history starts
empty: its saves and replays start from it.

Source: warriors.txt (3.0-3.3 the deal and a battle's set-up, 4.0-4.6 turns, 5.0 death, 6.0 the
battle's end, 7.1 Beasts, 8.1-8.3 the variants); rulings in docs/rulings/warriors.md.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt

from elementa.core import AUTOMATIC, CHANCE, Flow, PositionError, Step
from elementa.core.positions import card_id, steps_from_json, steps_must_fit, steps_to_json, validate
from elementa.games.warriors import steps as S
from elementa.games.warriors.cards import CARD_TYPES, EQUIPMENT
from elementa.games.warriors.rules import MAX_BEASTS, Equip, Fighter
from elementa.games.warriors.state import EVENTS_KEPT, WarriorsState

if TYPE_CHECKING:
    from elementa.games.warriors.game import WarriorsGame

Status = Literal[
    "idle", "assembling", "ready", "fighting", "entering", "reenter", "forfeit", "retreated", "dead"
]
IN_HAND = tuple(t for t in CARD_TYPES if t != "beast")
"""The cards a hand holds: a Beast drawn waits for the next battle (warriors.txt, 7.1)."""
WITH_FIGHTER = frozenset({"assembling", "ready", "fighting", "entering"})
"""The statuses in which a seat may have a fighter (one fighting always has one)."""
STEP_KINDS: tuple[type[S.WarriorsStep], ...] = (
    S.Setup, S.Draw, S.Mulligan, S.Offer, S.Battle, S.Doors, S.PickLocation, S.Location,
    S.StartAssembly, S.Assemble, S.Legend, S.Reveal, S.First, S.Turn, S.Begin, S.Enter, S.Act,
    S.End, S.Next, S.Beast, S.BeastPick, S.Attack, S.Breakage, S.BreakRoll, S.Volley, S.BattleEnd,
)  # fmt: skip
"""The steps a position's flow may name."""
CARD_FIELDS = frozenset({"source"})
"""The step fields that hold a card (written by name)."""
SEAT_FIELDS = frozenset({"seat", "seats"})
"""The step fields that name seats (but a breakage pick's ``seat``, the attacker: a combatant)."""
COMBATANT_FIELDS = frozenset({"seat", "cid", "attacker", "target", "targets", "hit"})
"""The step fields that name combatants (seats, then the Beasts)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class EquipSpec(_Model):
    """An equipped card and its counters (left out: the card's printed charges, no duration)."""

    card: str
    charges: StrictInt | None = Field(None, ge=0)
    duration: StrictInt | None = Field(None, ge=0)
    spent: StrictBool = False


class FighterSpec(_Model):
    """A fighter in play (left out: the card's printed durability and charges)."""

    card: str
    durability: StrictInt = Field(0, ge=1)
    top: StrictInt = Field(0, ge=1)
    charges: StrictInt | None = Field(None, ge=0)
    equipment: list[EquipSpec] = []


class BeastSpec(FighterSpec):
    """A Beast in the battle: its place among the Beasts and the seat that drew it."""

    place: StrictInt = Field(ge=0, le=MAX_BEASTS - 1)
    drawn_by: StrictInt = Field(ge=0)


class HeldSpec(_Model):
    """A controlled location and the seat that owns the card."""

    card: str
    owner: StrictInt = Field(ge=0)


class WaitingSpec(_Model):
    """A Beast waiting for the next battle and the seat that drew it."""

    card: str
    drawn_by: StrictInt = Field(ge=0)


class LocationSpec(_Model):
    """The battle's location: played from ``holder``'s hand, or controlled by ``holder``; ``owner``
    the seat whose card it is."""

    card: str
    source: Literal["hand", "held"] = Field(alias="from")
    holder: StrictInt = Field(ge=0)
    owner: StrictInt = Field(ge=0)


class PlayerSpec(_Model):
    """One seat (the module docstring shows one)."""

    hand: list[str] = []
    known: list[str] = []
    status: Status = "idle"
    fighter: FighterSpec | None = None
    controlled: list[HeldSpec] = []
    tokens: StrictInt = Field(0, ge=0)
    mulligans: StrictInt = Field(0, ge=0)
    in_game: StrictBool = True
    acted: StrictBool = False
    removed: list[str] = []


class DeckSpec(_Model):
    """A deck group's draw pile (no order; ``None``: the rest of its cards) and discard pile."""

    deck: list[str] | None = None
    discard: list[str] = []


class WarriorsPosition(_Model):
    """The schema of a Warriors position (the module docstring shows one)."""

    battle: StrictInt = Field(ge=0)
    chooser: StrictInt | None = Field(None, ge=0)
    location: LocationSpec | None = None
    players: list[PlayerSpec]
    beasts: list[BeastSpec] = []
    waiting: list[WaitingSpec] = []
    decks: list[DeckSpec]
    order: list[StrictInt] = []
    turn_pos: StrictInt = Field(0, ge=0)
    turns: StrictInt = Field(0, ge=0)
    equipping: StrictBool = False
    flow: list[Any]
    result: list[StrictFloat | StrictInt] | None = None
    log: list[str] = Field([], max_length=EVENTS_KEPT)


class _Cards:
    """The cards of each deck group as a position places them, against the group's starting pile."""

    def __init__(self, game: WarriorsGame) -> None:
        self.game = game
        self.ids = {name: c for c, name in enumerate(game.card_names)}
        self.placed: list[Counter[int]] = [Counter() for _ in game.start_decks]

    def one(self, field: str, name: str, seat: int, types: frozenset[str] | tuple[str, ...] = ()) -> int:
        """Return the id of the card at ``field``, counted in ``seat``'s deck group.

        Raises:
            PositionError: an unknown card (the closest name suggested), a card of a type that
                does not go there, or a copy more than the group's pile holds (warriors.txt, 3.0:
                each player plays with their deck; no rule takes a card out of the game).
        """
        c = card_id(field, name, self.ids)
        card = self.game.catalog.cards[c]
        if types and card.type not in types:
            raise PositionError(
                field, f"{name} is a {card.type.replace('_', ' ')}: {' or '.join(types)} only"
            )
        g = self.game.deck_of[seat]
        self.placed[g][c] += 1
        have = self.game.start_decks[g].get(c, 0)
        if self.placed[g][c] > have:
            raise PositionError(field, f"one {name} too many: player {seat + 1}'s deck has {have}")
        return c

    def many(
        self, field: str, names: list[str], seat: int, types: frozenset[str] | tuple[str, ...] = ()
    ) -> list[int]:
        """Return the ids of the cards listed at ``field`` (see :meth:`one`)."""
        return [self.one(f"{field}[{i}]", name, seat, types) for i, name in enumerate(names)]


def _seat(field: str, value: int, n: int) -> int:
    """Return a seat, refusing one beyond the players."""
    if not 0 <= value < n:
        raise PositionError(field, f"should be a seat from 0 to {n - 1}")
    return value


def _fighter(cards: _Cards, field: str, spec: FighterSpec, cid: int, seat: int, beast: bool) -> Fighter:
    """Return the fighter (or Beast) a spec describes, its cards counted in ``seat``'s group."""
    types = ("beast",) if beast else ("fighter",)
    f = Fighter(cid, seat, cards.game.catalog.cards[cards.one(f"{field}.card", spec.card, seat, types)])
    given = spec.model_fields_set
    if "durability" in given:
        f.durability = spec.durability
    if "top" in given:
        f.top = spec.top
    if f.durability > f.top:
        raise PositionError(f"{field}.durability", f"healing never raises it above top ({f.top})")
    if "charges" in given:
        f.charges = spec.charges
    for i, e in enumerate(spec.equipment):
        at = f"{field}.equipment[{i}]"
        if beast:
            raise PositionError(at, "a Beast equips nothing (warriors.txt, 7.1)")
        eq = f.equip(cards.game.catalog.cards[cards.one(f"{at}.card", e.card, seat, EQUIPMENT)])
        if "charges" in e.model_fields_set:
            eq.charges = e.charges
        eq.duration, eq.spent = e.duration, e.spent
        if e.duration is not None and not eq.card.is_spell:
            raise PositionError(f"{at}.duration", "only a cast spell counts its duration")
    return f


def new_position(game: WarriorsGame, data: Mapping[str, Any], seed: int | None) -> WarriorsState:
    """Return the Warriors state of a position (see the module docstring for its JSON).

    Args:
        game: the game (its options: players, decks, variants).
        data: the position's JSON object.
        seed: the seed the run loop resolves the chance nodes from here with.

    Returns:
        the state, at the decision or chance node the position's flow names.

    Raises:
        PositionError: a field of the wrong shape, or one that breaks a rule: an unknown card (the
            closest name suggested), a card where its type never goes (a Beast in a hand, 7.1), a
            copy too many or a card that is nowhere, a fighter with a status that has none, a seat
            or combatant beyond the table, known or removed cards not in the hand, a flow that does
            not end in a battle's end, or a game over without its result (each check names its
            source).
    """
    pos = validate(WarriorsPosition, data)
    n = game.num_players
    if len(pos.players) != n:
        raise PositionError("players", f"should list the {n} players")
    groups = len(game.start_decks)
    if len(pos.decks) != groups:
        raise PositionError("decks", f"should list the {groups} deck group{'s' * (groups > 1)}")
    s = WarriorsState(game, seed, blank=True)
    s.n = n
    cards = _Cards(game)
    s.battle = pos.battle
    s.chooser = None if pos.chooser is None else _seat("chooser", pos.chooser, n)
    s.hands, s.known, s.removed, s.controlled = [], [], [], []
    s.fighters = [None] * (n + MAX_BEASTS)
    for p, x in enumerate(pos.players):
        at = f"players[{p}]"
        hand = cards.many(f"{at}.hand", x.hand, p, IN_HAND)
        s.hands.append(hand)
        known = Counter(card_id(f"{at}.known[{i}]", name, cards.ids) for i, name in enumerate(x.known))
        s.known.append(dict(sorted(known.items())))
        s.removed.append([card_id(f"{at}.removed[{i}]", name, cards.ids) for i, name in enumerate(x.removed)])
        held = []
        for i, h in enumerate(x.controlled):
            owner = _seat(f"{at}.controlled[{i}].owner", h.owner, n)
            held.append((cards.one(f"{at}.controlled[{i}].card", h.card, owner, ("location",)), owner))
        s.controlled.append(held)
        if x.fighter is not None:
            if x.status not in WITH_FIGHTER:
                raise PositionError(f"{at}.fighter", f"a seat {x.status} has no fighter: null")
            s.fighters[p] = _fighter(cards, f"{at}.fighter", x.fighter, p, p, beast=False)
        elif x.status == "fighting":
            raise PositionError(f"{at}.fighter", "a seat fighting has its fighter (warriors.txt, 4.0)")
    s.status = [x.status for x in pos.players]
    s.tokens = [x.tokens for x in pos.players]
    s.mulligans = [x.mulligans for x in pos.players]
    s.in_game = [x.in_game for x in pos.players]
    s.acted = [x.acted for x in pos.players]
    for i, b in enumerate(pos.beasts):
        at = f"beasts[{i}]"
        seat = _seat(f"{at}.drawn_by", b.drawn_by, n)
        if s.fighters[n + b.place] is not None:
            raise PositionError(f"{at}.place", "another Beast is there")
        s.fighters[n + b.place] = _fighter(cards, at, b, n + b.place, seat, beast=True)
    s.waiting = []
    for i, w in enumerate(pos.waiting):
        seat = _seat(f"waiting[{i}].drawn_by", w.drawn_by, n)
        s.waiting.append((cards.one(f"waiting[{i}].card", w.card, seat, ("beast",)), seat))
    s.location = s.location_from = None
    if pos.location is not None:
        loc = pos.location
        holder, owner = _seat("location.holder", loc.holder, n), _seat("location.owner", loc.owner, n)
        if loc.source == "hand" and owner != holder:
            raise PositionError("location.owner", "a location played from a hand is its holder's card")
        s.location = cards.one("location.card", loc.card, owner, ("location",))
        s.location_from = (loc.source, holder, owner)
    s.discards = []
    for g, d in enumerate(pos.decks):
        seat = game.deck_of.index(g)
        s.discards.append(cards.many(f"decks[{g}].discard", d.discard, seat))
    s.decks = []
    for g, d in enumerate(pos.decks):
        seat = game.deck_of.index(g)
        if d.deck is not None:
            pile = Counter(cards.many(f"decks[{g}].deck", d.deck, seat))
        else:
            pile = Counter({c: k - cards.placed[g][c] for c, k in game.start_decks[g].items()})
            cards.placed[g].update(pile)
        s.decks.append({c: k for c, k in sorted(pile.items()) if k})
        for c, k in game.start_decks[g].items():
            if cards.placed[g][c] < k:
                raise PositionError(
                    f"decks[{g}].deck",
                    f"{game.card_names[c]} is nowhere: list it, or leave the deck out to hold the rest",
                )
    _check_battle(s, pos)
    s.events = deque(pos.log, maxlen=EVENTS_KEPT)
    s.equipping = pos.equipping
    s.turns = pos.turns
    s.result = None if pos.result is None else [float(r) for r in pos.result]
    _read_flow(s, pos)
    return s


def _check_battle(s: WarriorsState, pos: WarriorsPosition) -> None:
    """The battle's turn order and the race (warriors.txt, 4.0 the turn order; 3.1 three locations
    win; 8.1 Deathmatch's five tokens; Deathmatch's decks hold no locations, which the supply
    check refuses)."""
    n, game = s.n, s.game
    size = n + MAX_BEASTS
    for i, c in enumerate(pos.order):
        if not 0 <= c < size:
            raise PositionError(f"order[{i}]", f"should be a combatant from 0 to {size - 1}")
    if len(set(pos.order)) != len(pos.order):
        raise PositionError("order", "names each combatant once")
    if pos.order and pos.turn_pos >= len(pos.order):
        raise PositionError("turn_pos", f"should be below {len(pos.order)}, the combatants in the order")
    if not pos.order and pos.turn_pos:
        raise PositionError("turn_pos", "is 0 while there is no turn order")
    s.order, s.turn_pos = list(pos.order), pos.turn_pos
    over = pos.result is not None
    if over and len(pos.result or ()) != n:
        raise PositionError("result", f"should give the {n} players' returns")
    for side in {s.side(p) for p in range(n)}:
        seats = s.side_seats(side)
        if over:
            break
        if sum(s.tokens[p] for p in seats) >= game.tokens_to_win:
            raise PositionError(
                f"players[{seats[0]}].tokens", f"{game.tokens_to_win} tokens win: the game is over"
            )
        if sum(len(s.controlled[p]) for p in seats) >= game.locations_to_win:
            raise PositionError(
                f"players[{seats[0]}].controlled", f"{game.locations_to_win} locations win: the game is over"
            )


def _read_flow(s: WarriorsState, pos: WarriorsPosition) -> None:
    """The pending steps: a battle's end (or the next battle) at the bottom while the game goes on,
    none once it is over; seats and combatants on the table; then the state settles at the decision
    or chance node on top."""
    n = s.n
    steps = steps_from_json(
        pos.flow,
        STEP_KINDS,
        "flow",
        {v: k for k, v in enumerate(s.game.card_names)},
        CARD_FIELDS,
        {"why": S.Why},
    )
    for i, step in enumerate(reversed(steps)):
        for name in getattr(step, "__dataclass_fields__", {}):
            value = getattr(step, name)
            values = value if isinstance(value, tuple) else (value,)
            seat = name in SEAT_FIELDS and not isinstance(step, S.Breakage)  # its seat: the attacker
            top = n if seat else n + MAX_BEASTS if name in COMBATANT_FIELDS else None
            if top is not None and any(not 0 <= v < top for v in values):
                raise PositionError(f"flow[{i}].{name}", f"should be from 0 to {top - 1}")
    if pos.result is not None:
        if steps:
            raise PositionError("flow", "the game is over: nothing is pending")
    elif not steps or not isinstance(steps[0], S.BattleEnd | S.Battle):
        raise PositionError(
            "flow",
            "a game under way ends its pending steps with the battle's end (battle_end) or the next battle",
        )
    stack: list[Step] = list(steps)
    s.flow = Flow(stack)
    s.steps = s.flow.steps  # type: ignore[assignment]  # the flow holds WarriorsSteps only
    s.mover = AUTOMATIC
    with steps_must_fit():
        s.advance()
        _check_top(s)


def _check_top(s: WarriorsState) -> None:
    """The step the game waits at can be taken: its combatants are in the battle (a hit roll's
    attacker and target, a Beast's target pick, the candidates to go first), a breakage roll's card
    is equipped; a chance node has outcomes and a decision legal actions (warriors.txt, 4.0, 4.1,
    7.1, 7.2)."""
    if s.result is not None:
        return
    top = s.steps[-1]
    fighters = s.fighters
    needed: tuple[int, ...] = ()
    if isinstance(top, S.Attack):
        needed = (top.attacker, top.target)
    elif isinstance(top, S.BeastPick):
        needed = (top.cid, *top.targets)
    elif isinstance(top, S.First):
        needed = top.seats
    elif isinstance(top, S.BreakRoll):
        f = fighters[top.target]
        if f is None or not 0 <= top.slot < len(f.equipment):
            raise PositionError("flow[0].slot", "names no card equipped by the target")
    for c in needed:
        if fighters[c] is None:
            raise PositionError("flow[0]", f"combatant {c} is not in the battle")
    if s.mover == CHANCE:
        if not s.chance_outcomes():
            raise PositionError("flow[0]", "a chance step with nothing to pick from")
    else:
        for p in s.players_to_move():
            if not s.legal_actions(p):
                raise PositionError("flow[0]", f"player {p + 1} has nothing to choose")


def position(s: WarriorsState) -> dict[str, Any]:
    """Return the JSON position of a Warriors state (the inverse of :func:`new_position`)."""
    names = s.game.card_names

    def nm(ids: list[int] | tuple[int, ...]) -> list[str]:
        return [names[c] for c in ids]

    def fighter(f: Fighter) -> dict[str, Any]:
        return {
            "card": f.card.name,
            "durability": f.durability,
            "top": f.top,
            "charges": f.charges,
            "equipment": [equip(e) for e in f.equipment],
        }

    def equip(e: Equip) -> dict[str, Any]:
        return {"card": e.card.name, "charges": e.charges, "duration": e.duration, "spent": e.spent}

    n = s.n
    players = []
    for p in range(n):
        f = s.fighters[p]
        players.append(
            {
                "hand": nm(s.hands[p]),
                "known": [names[c] for c, k in sorted(s.known[p].items()) for _ in range(k)],
                "status": s.status[p],
                "fighter": None if f is None else fighter(f),
                "controlled": [{"card": names[c], "owner": o} for c, o in s.controlled[p]],
                "tokens": s.tokens[p],
                "mulligans": s.mulligans[p],
                "in_game": s.in_game[p],
                "acted": s.acted[p],
                "removed": nm(s.removed[p]),
            }
        )
    beasts = []
    for k in range(MAX_BEASTS):
        b = s.fighters[n + k]
        if b is not None:
            beasts.append({"place": k, "drawn_by": b.seat, **fighter(b)})
    location = None
    if s.location is not None and s.location_from is not None:
        source, holder, owner = s.location_from
        location = {"card": names[s.location], "from": source, "holder": holder, "owner": owner}
    return {
        "battle": s.battle,
        "chooser": s.chooser,
        "location": location,
        "players": players,
        "beasts": beasts,
        "waiting": [{"card": names[c], "drawn_by": p} for c, p in s.waiting],
        "decks": [
            {"deck": [names[c] for c, k in deck.items() for _ in range(k)], "discard": nm(s.discards[g])}
            for g, deck in enumerate(s.decks)
        ],
        "order": list(s.order),
        "turn_pos": s.turn_pos,
        "turns": s.turns,
        "equipping": s.equipping,
        "flow": steps_to_json(s.steps, names, CARD_FIELDS),
        "result": None if s.result is None else list(s.result),
        "log": s.event_texts(),
    }
