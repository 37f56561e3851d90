"""Elemental Card-Dice positions: a state set up from JSON, and written back (see
:mod:`elementa.core.positions`).

A position is the whole truth, every hand and deck included (never take one from a player). Cards
are named as the card list names them (``"Fire"``), seats count from 0, dice by name::

    {
      "turn": 7, "active": 0,        # the turn number (from 1) and the seat whose turn it is
      "dice": {"fire": 3, "earth": 5, "water": 1, "nature": 6, "magic": 2, "gold": 4, "utility": 6},
      "players": [                   # one per seat
        {"health": 83, "gold": 9,
         "hand": ["Ecology", "Basic Income"],
         "hand_seen_by_opponent": [false, false],  # per hand card (Mirror Wall); null: none seen
         "deck_top": [],             # cards whose place on top of the deck is fixed, top first
         "known_top": [0, 0],        # per seat, how many of deck_top it has seen
         "deck": ["Basic Income", "Basic Income"],  # the rest of the deck, shuffled: no order
         "discard": ["Basic Income"],  # oldest first
         "face_down": [{"card": "Tremor", "placed_turn": 5, "seen_by_opponent": false}],
         "passives": ["Big Handed"], # passives in play
         "amplifiers": {"fire": 2},  # this turn's multipliers other than 1 (dice and "non-combo")
         "bought": [],               # cards won at auction this turn
         "reshuffled": null},        # the turn the discard pile last went into the deck (null: never)
        {...}],
      "shops": {                     # each: on display (oldest first); its deck (no order; null:
        "cheap": {"row": ["Treasury", "Heavy Rain", "Gambling", "Cheap Trick"],  # the rest of the
                  "deck": null, "returned": [], "removed": ["Reforestation"]},   # shop's cards);
        "expensive": {"row": [...], "deck": null, "returned": [], "removed": []}},  # the cards
      # returned under its deck (Recycling), in order; the cards removed from display, in order
      "turn_state": {"actions_left": 1, "gained_gold": false, "drew": false, "bid_done": false},
      "chain": [{"card": "Fire", "player": 0, "from": "hand"}],  # responses, oldest first
      "priority": 1,                 # who answers or passes while the chain holds cards, else null
      "auction": {"card": "Treasury", "level": 1, "stage": "raise"},  # or null; bid: level x cost
      "flow": [],                    # pending chance steps, the next first (see below)
      "over": false, "winner": null,
      "log": [{"text": "turn 7: player 1"}, {"text": "you draw Fire", "to": 0}]  # "to": that seat
    }                                # alone sees it; "but": every seat but that one

Fields with a default may be left out: ``hand_seen_by_opponent``, ``deck_top``, ``known_top``,
``deck``, ``discard``, ``face_down``, ``passives``, ``amplifiers``, ``bought`` and ``reshuffled`` of a
player; a shop's ``deck`` (the rest of the shop's cards), ``returned`` and ``removed``;
``turn_state`` (a fresh turn), ``chain``, ``priority``, ``auction``, ``flow``, ``over``, ``winner``
and ``log`` (all empty). Every card of the game is somewhere: a shop card in its shop (or bought),
each seat's starting cards (five Basic Income) with a seat or returned to a shop, so a position
whose shop decks are left out lists every Basic Income.

Who decides follows from the rest, as the game plays: with ``flow`` empty, the seat with
``priority`` while the chain holds cards, else the auction's bidder (the opponent at ``raise``, the
active player at ``match``), else the active player in the main part of the turn. ``flow`` names a
chance node the game waits at, as a list of steps, the next first:

- ``[{"step": "draw", "seat": 0, "count": 1}]``: the active seat's draw of the turn, ``count`` cards
  still to draw, while the next card is a chance outcome (the deck holds two different cards and
  no fixed top);
- ``[{"step": "refill", "shop": "cheap"}, {"step": "refill", "shop": "expensive"}, {"step": "begin",
  "seat": 1}]`` (or from the expensive refill): the turn has ended, a shop refills from a deck of
  two different cards or more, then the other seat's turn begins;
- ``[{"step": "roll", "die": "water"}, ..., {"step": "roll", "die": "utility"}]``: with
  ``reroll_dice_each_turn``, the turn has begun and these dice are still to roll, in die order.

A position inside a card's resolution (a die to pick, a card to discard, Paid Militia...) or the
setup is not supported: :func:`position` refuses it (field ``flow``). The position's history
starts empty: its saves and replays start from it.

Source: elemental-card-dice.txt, the rules list at its start (setup, turns, shops, responses,
auctions, the end) and the card list; rulings in docs/rulings/elemental-card-dice.md.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from elementa.core import CHANCE, PositionError
from elementa.core.flow import Flow, Step
from elementa.core.positions import card_id, validate
from elementa.games.elemental_card_dice.cards import DICE, SHOP_NAMES, SHOP_SIZE
from elementa.games.elemental_card_dice.effects import NO_AMPS
from elementa.games.elemental_card_dice.state import MATCH, MAX_EVENTS, RAISE, CardDiceState
from elementa.games.elemental_card_dice.steps import Begin, Draw, Refill, Roll
from elementa.games.elemental_card_dice.view import _AMP_NAMES, _amplifiers
from elementa.games.elemental_card_dice.zones import Shop, Side

if TYPE_CHECKING:
    from elementa.games.elemental_card_dice.game import CardDiceGame

Seat = Literal[0, 1]
DieName = Literal["fire", "earth", "water", "nature", "magic", "gold", "utility"]
AmpName = Literal["fire", "earth", "water", "nature", "magic", "gold", "utility", "non-combo"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class DiceSpec(_Model):
    """The seven dice's faces, each from 1 to the ``die_sides`` option."""

    fire: StrictInt = Field(ge=1)
    earth: StrictInt = Field(ge=1)
    water: StrictInt = Field(ge=1)
    nature: StrictInt = Field(ge=1)
    magic: StrictInt = Field(ge=1)
    gold: StrictInt = Field(ge=1)
    utility: StrictInt = Field(ge=1)


class FaceDownSpec(_Model):
    """A face-down action: the card, the turn it was placed and whether the opponent has seen it."""

    card: str
    placed_turn: StrictInt = Field(ge=1)
    seen_by_opponent: StrictBool = False


class PlayerSpec(_Model):
    """One seat's side of the table (the module docstring shows one)."""

    health: StrictInt
    gold: StrictInt = Field(ge=0)
    hand: list[str] = []
    hand_seen_by_opponent: list[StrictBool] | None = None
    deck_top: list[str] = []
    known_top: list[StrictInt] = Field([0, 0], min_length=2, max_length=2)
    deck: list[str] = []
    discard: list[str] = []
    face_down: list[FaceDownSpec] = []
    passives: list[str] = []
    amplifiers: dict[AmpName, StrictInt] = {}
    bought: list[str] = []
    reshuffled: StrictInt | None = Field(None, ge=1)


class ShopSpec(_Model):
    """A shop: on display (oldest first), its deck (unordered; ``None``: the rest of its cards), the
    cards returned under its deck (Recycling, in order) and the removed ones (in order)."""

    row: list[str] = Field([], max_length=SHOP_SIZE)
    deck: list[str] | None = None
    returned: list[str] = []
    removed: list[str] = []


class ShopsSpec(_Model):
    """Both shops."""

    cheap: ShopSpec
    expensive: ShopSpec


class TurnStateSpec(_Model):
    """What the active seat has used of its turn."""

    actions_left: StrictInt = Field(1, ge=0)
    gained_gold: StrictBool = False
    drew: StrictBool = False
    bid_done: StrictBool = False


class ChainLinkSpec(_Model):
    """An action on the response chain: the card, its owner and where it was played from."""

    card: str
    player: Seat
    source: Literal["hand", "face down"] = Field(alias="from")


class AuctionSpec(_Model):
    """The auction under way: the card, the bid's level (the bid is level x cost) and its stage
    (``raise``: the opponent may raise; ``match``: the active player may match)."""

    card: str
    level: StrictInt = Field(1, ge=1)
    stage: Literal["raise", "match"] = "raise"


class StepSpec(_Model):
    """A pending step of the flow: ``draw`` (``seat``, ``count``: 1 if left out), ``refill``
    (``shop``), ``begin`` (``seat``) or ``roll`` (``die``)."""

    step: Literal["draw", "refill", "begin", "roll"]
    seat: Seat | None = None
    count: StrictInt | None = Field(None, ge=1)
    shop: Literal["cheap", "expensive"] | None = None
    die: DieName | None = None


class LogLine(_Model):
    """A line of the log: for everyone, for seat ``to`` alone, or for every seat but ``but``."""

    text: str
    to: Seat | None = None
    but: Seat | None = None


class CardDicePosition(_Model):
    """The schema of an Elemental Card-Dice position (the module docstring shows one)."""

    turn: StrictInt = Field(ge=1)
    active: Seat
    dice: DiceSpec
    players: list[PlayerSpec] = Field(min_length=2, max_length=2)
    shops: ShopsSpec
    turn_state: TurnStateSpec = Field(default_factory=lambda: TurnStateSpec(actions_left=1))
    chain: list[ChainLinkSpec] = []
    priority: Seat | None = None
    auction: AuctionSpec | None = None
    flow: list[StepSpec] = []
    over: StrictBool = False
    winner: Seat | None = None
    log: list[LogLine] = Field([], max_length=MAX_EVENTS)


_STEP_FIELDS = {"draw": ("seat", "count"), "refill": ("shop",), "begin": ("seat",), "roll": ("die",)}
"""The fields each kind of step takes."""
HELD = ("action", "blessing")
"""The kinds of card a hand, deck or discard pile holds: a passive is activated when bought
(elemental-card-dice.txt, bidding; a passive cannot start in a deck, see ``cards._check_effect``)."""


class _Cards:
    """The card list of a game as a position names it: names to ids, and the supply of each card
    (one of each shop card in its shop, ``start_copies`` in each starting deck) against the copies
    the position places."""

    def __init__(self, game: CardDiceGame) -> None:
        self.cards = game.cards
        self.ids = {c.name: c.id for c in game.cards}
        self.supply = [(1 if c.shop >= 0 else 0) + 2 * c.start_copies for c in game.cards]
        self.placed: Counter[int] = Counter()

    def id(self, field: str, name: str) -> int:
        """Return the id of the card called ``name``.

        Raises:
            PositionError: no card has that name (the closest name suggested).
        """
        return card_id(field, name, self.ids)

    def place(self, field: str, names: list[str], kinds: tuple[str, ...] = (), why: str = "") -> list[int]:
        """Return the ids of the cards lying at ``field`` (a list of names), counting them (see
        :meth:`one`)."""
        return [self.one(f"{field}[{i}]", name, kinds, why) for i, name in enumerate(names)]

    def one(self, field: str, name: str, kinds: tuple[str, ...] = (), why: str = "") -> int:
        """Return the id of the card lying at ``field``, counting it.

        Args:
            field: the card's path in the position.
            name: the card's name.
            kinds: the kinds of card the place holds (empty: any); why: the rule, for the refusal.

        Raises:
            PositionError: at the field: an unknown name, a kind the place does not hold, or a copy
                beyond the game's supply of that card (elemental-card-dice.txt: one of each shop card
                is shuffled into its shop, each seat starts with its starting cards; no rule takes a
                card out of the game).
        """
        c = self.id(field, name)
        card = self.cards[c]
        if kinds and card.kind not in kinds:
            raise PositionError(field, f"{name} is a{'n' * (card.kind == 'action')} {card.kind}: {why}")
        self.placed[c] += 1
        if self.placed[c] > self.supply[c]:
            raise PositionError(field, f"one {name} too many: the game has {self.supply[c]}")
        return c

    def missing(self, c: int) -> int:
        """Return how many copies of card ``c`` the position places nowhere."""
        return self.supply[c] - self.placed[c]


def new_position(game: CardDiceGame, data: Mapping[str, Any], seed: int | None) -> CardDiceState:
    """Return the Elemental Card-Dice state of a position (see the module docstring for its JSON).

    Args:
        game: the game (its options: the card list, the dice's sides, the turn limit...).
        data: the position's JSON object.
        seed: the seed the run loop resolves the chance nodes from here with.

    Returns:
        the state, at the decision or chance node the position names.

    Raises:
        PositionError: a field of the wrong shape, or one that breaks a rule (each check names its
            source): an unknown card (the closest name suggested), more copies of a card than the
            game has or a card that is nowhere, a card where its kind never goes (a passive in a
            hand, a blessing face down), a die beyond its sides, a health at 0 in a game that goes
            on, a chain, priority, auction or flow the turn does not give, an end that does not
            follow from the healths and the turn limit.
    """
    pos = validate(CardDicePosition, data)
    o = game.options
    s = CardDiceState(game, seed)
    cards = _Cards(game)
    s.turn, s.active = pos.turn, pos.active
    for d, name in enumerate(DICE):  # ruling ECD-A4: each die has die_sides faces
        face = getattr(pos.dice, name)
        if face > o.die_sides:
            raise PositionError(f"dice.{name}", f"should be at most {o.die_sides} (die_sides)")
        s.dice[d] = face
    s.sides = [_side(s, cards, p, spec) for p, spec in enumerate(pos.players)]
    s.amps = [_amps(p, spec) for p, spec in enumerate(pos.players)]
    s.bought = [[cards.id(f"players[{p}].bought[{i}]", n) for i, n in enumerate(spec.bought)]
                for p, spec in enumerate(pos.players)]  # fmt: skip
    s.shops = [_shop(cards, i, getattr(pos.shops, name)) for i, name in enumerate(SHOP_NAMES)]
    s.chain = [
        (
            cards.one(f"chain[{i}].card", x.card, ("action",), "only actions go on the chain"),
            x.player,
            x.source,
        )
        for i, x in enumerate(pos.chain)
    ]
    _fill_shop_decks(s, cards, pos)
    t = pos.turn_state
    s.actions_left, s.gained, s.drew, s.bid_done = t.actions_left, t.gained_gold, t.drew, t.bid_done
    s.priority = -1 if pos.priority is None else pos.priority
    s.over, s.winner, s.last_dealer = pos.over, pos.winner, -1
    s.events = deque(((x.to, x.but, x.text) for x in pos.log), MAX_EVENTS)
    _check_turn(s, pos)
    _check_chain(s, pos)
    _check_auction(s, cards, pos)
    _check_flow(s, pos)
    _check_end(s, pos)
    return s


def _side(s: CardDiceState, cards: _Cards, p: int, spec: PlayerSpec) -> Side:
    """Read seat ``p``'s side, its cards counted against the supply."""
    field = f"players[{p}]"
    never = "it is activated when bought, never held"
    side = Side(spec.health, spec.gold, [])
    side.hand = cards.place(f"{field}.hand", spec.hand, HELD, never)
    if spec.hand_seen_by_opponent is None:
        side.seen = [False] * len(side.hand)
    elif len(spec.hand_seen_by_opponent) != len(side.hand):
        raise PositionError(
            f"{field}.hand_seen_by_opponent",
            f"has {len(spec.hand_seen_by_opponent)} entries for {len(side.hand)} cards in hand",
        )
    else:
        side.seen = list(spec.hand_seen_by_opponent)
    side.top = cards.place(f"{field}.deck_top", spec.deck_top, HELD, never)
    for q, k in enumerate(spec.known_top):
        if not 0 <= k <= len(side.top):
            raise PositionError(
                f"{field}.known_top[{q}]", f"counts 0 to the {len(side.top)} cards of deck_top"
            )
    side.known = list(spec.known_top)
    side.rest = sorted(cards.place(f"{field}.deck", spec.deck, HELD, never))
    side.discard = cards.place(f"{field}.discard", spec.discard, HELD, never)
    side.facedown = []
    for i, f in enumerate(spec.face_down):
        c = cards.one(
            f"{field}.face_down[{i}].card", f.card, ("action",), "only actions are placed face down"
        )
        side.facedown.append((c, f.placed_turn, f.seen_by_opponent))
    side.passives = cards.place(
        f"{field}.passives", spec.passives, ("passive",), "only passives are activated"
    )
    side.reshuffled = -1 if spec.reshuffled is None else spec.reshuffled
    if spec.reshuffled is not None and spec.reshuffled > s.turn:
        raise PositionError(f"{field}.reshuffled", f"is a turn played so far (turn {s.turn} now)")
    return side


def _amps(p: int, spec: PlayerSpec) -> tuple[int, ...]:
    """Seat ``p``'s amplifiers as the state keeps them: a multiplier per die, then non-combo
    (amplifiers multiply by factors of 2 or more, so each is at least 1)."""
    amps = list(NO_AMPS)
    for name, factor in spec.amplifiers.items():
        if factor < 1:
            raise PositionError(f"players[{p}].amplifiers.{name}", "should be at least 1 (a multiplier)")
        amps[_AMP_NAMES.index(name)] = factor
    return NO_AMPS if tuple(amps) == NO_AMPS else tuple(amps)


def _shop(cards: _Cards, i: int, spec: ShopSpec) -> Shop:
    """Read shop ``i``; every card in it belongs to it (elemental-card-dice.txt: the cheap deck holds
    the cards costing 3 or 7 gold, the expensive one those costing 12 or 18; a card the file puts in
    no shop is recycled to the shop of its cost)."""
    field = f"shops.{SHOP_NAMES[i]}"
    parts = []
    for part, names in (("row", spec.row), ("deck", spec.deck or []), ("returned", spec.returned),
                        ("removed", spec.removed)):  # fmt: skip
        ids = cards.place(f"{field}.{part}", names)
        for k, c in enumerate(ids):
            home = cards.cards[c].home
            if home != i:
                raise PositionError(
                    f"{field}.{part}[{k}]", f"{names[k]} belongs to the {SHOP_NAMES[home]} shop"
                )
        parts.append(ids)
    shop = Shop([])
    shop.row, shop.deck, shop.bottom, shop.removed = parts[0], sorted(parts[1]), parts[2], parts[3]
    return shop


def _fill_shop_decks(s: CardDiceState, cards: _Cards, pos: CardDicePosition) -> None:
    """Put each card the position places nowhere in its shop's deck where that deck is left out
    (null), and refuse a card still missing: no rule takes a card out of the game."""
    for i, name in enumerate(SHOP_NAMES):
        if getattr(pos.shops, name).deck is None:
            rest = [c.id for c in cards.cards if c.shop == i for _ in range(cards.missing(c.id))]
            cards.placed.update(rest)
            s.shops[i].deck = sorted(rest)
    for c in cards.cards:
        k = cards.missing(c.id)
        if not k:
            continue
        if c.shop >= 0:
            why = f"{c.name} is nowhere: list it, or leave the deck out to hold the rest"
            raise PositionError(f"shops.{SHOP_NAMES[c.shop]}.deck", why)
        raise PositionError(
            "players",
            f"{k} {c.name} {'is' if k == 1 else 'are'} nowhere: each seat starts with {c.start_copies}",
        )


def _check_turn(s: CardDiceState, pos: CardDicePosition) -> None:
    """The turn: who plays it, the face-down actions placed so far, the card bought.

    Sources: elemental-card-dice.txt ("players take turns"; "placing it face down on the table for a
    later turn"; "bid for one card" a turn); the first_player and turn_limit options (ruling ECD-E6).
    """
    o, a = s.game.options, s.active
    if o.first_player != "random":
        first = int(o.first_player) - 1
        if (first + s.turn - 1) % 2 != a:
            raise PositionError("active", f"turn {s.turn} is player {(first + s.turn - 1) % 2 + 1}'s")
    for p, side in enumerate(s.sides):
        for i, (_, placed, _) in enumerate(side.facedown):
            field = f"players[{p}].face_down[{i}].placed_turn"
            if placed > s.turn:
                raise PositionError(field, f"turn {placed} is still to come (turn {s.turn} now)")
            if placed == s.turn and p != a:
                raise PositionError(field, "only the active player places actions, in its own turn")
    buyers = [p for p in (0, 1) if s.bought[p]]
    if sum(len(b) for b in s.bought) > 1:
        raise PositionError(f"players[{buyers[-1]}].bought", "one bid a turn buys one card at most")
    if buyers and not s.bid_done:
        raise PositionError("turn_state.bid_done", "a card was bought this turn, so the bid was made")


def _check_chain(s: CardDiceState, pos: CardDicePosition) -> None:
    """The response chain: the active player's action first; a response answers an action of the
    active player; the seat holding priority (responses.py; elemental-card-dice.txt, "A player may
    respond to their opponent's action...")."""
    a, chain = s.active, s.chain
    if not chain:
        if pos.priority is not None:
            raise PositionError("priority", "is null while the chain is empty")
        return
    if pos.priority is None:
        raise PositionError("priority", "names the seat to answer or pass while the chain holds cards")
    if chain[0][1] != a:
        raise PositionError("chain[0].player", "the chain starts with an action of the active player")
    for i in range(1, len(chain)):
        if chain[i][1] != a and chain[i - 1][1] != a:
            raise PositionError(f"chain[{i}].player", "a response answers an action of the active player")
    if s.priority != a and chain[-1][1] != a:
        raise PositionError("priority", "the opponent answers only an action of the active player")


def _check_auction(s: CardDiceState, cards: _Cards, pos: CardDicePosition) -> None:
    """The auction: for a card on display, after the turn's bid, in multiples of the card's cost;
    the active player plays actions during it only when it is theirs to match (elemental-card-
    dice.txt, "Bidding for a card..."; ``CardDiceState._auction_actions``)."""
    x = pos.auction
    if x is None:
        return
    c = cards.id("auction.card", x.card)
    shops = [i for i, shop in enumerate(s.shops) if c in shop.row]
    if not shops:
        raise PositionError("auction.card", f"{x.card} is not on display: a bid is for a shop card")
    if not s.bid_done:
        raise PositionError("turn_state.bid_done", "an auction is under way: the turn's bid is made")
    if any(s.bought):
        raise PositionError("auction", "the turn's one bid has bought its card already")
    if x.stage == "match" and x.level < 2:
        raise PositionError("auction.level", "the active player matches a raised bid (level 2 or more)")
    if s.chain and x.stage == "raise":
        raise PositionError("auction.stage", "actions are played in an auction only when the bid is to match")
    s.auction = (shops[0], c, x.level, MATCH if x.stage == "match" else RAISE)


def _step(field: str, x: StepSpec) -> Step:
    """Return the flow step of a step's JSON (its fields checked against its kind)."""
    wanted = _STEP_FIELDS[x.step]
    for name in ("seat", "count", "shop", "die"):
        value = getattr(x, name)
        if value is not None and name not in wanted:
            raise PositionError(f"{field}.{name}", f"is not part of a {x.step} step")
        if value is None and name in wanted and name != "count":
            raise PositionError(f"{field}.{name}", "is missing")
    if x.step == "draw":
        return Draw(x.seat or 0, x.count or 1)
    if x.step == "refill":
        return Refill(SHOP_NAMES.index(x.shop or ""))
    if x.step == "begin":
        return Begin(x.seat or 0, 1)
    return Roll(DICE.index(x.die or ""))


def _check_flow(s: CardDiceState, pos: CardDicePosition) -> None:
    """The pending steps: the chance of the turn's draw, of a shop refill at the turn's end, or of
    the turn's dice roll; each waits for chance only where the next card or face is unknown.

    Sources: elemental-card-dice.txt ("draw one card"; "At the end of a player's turn, the oldest
    card in each of the two card shops is removed. Then both shops are refilled"); ruling ECD-A3
    (``reroll_dice_each_turn``).
    """
    steps = [_step(f"flow[{i}]", x) for i, x in enumerate(pos.flow)]
    s.flow = Flow(steps[::-1])
    if not steps:
        return
    kinds = [x.step for x in pos.flow]
    a, side = s.active, s.sides[s.active]
    if pos.over:
        raise PositionError("flow", "the game is over: nothing is pending")
    if s.chain or s.auction is not None:
        raise PositionError("flow", "a draw, a refill or a roll waits outside a response or an auction")
    if kinds == ["draw"]:
        draw = steps[0]
        assert isinstance(draw, Draw)
        if draw.seat != a:
            raise PositionError("flow[0].seat", f"the turn's draw is the active player's, player {a + 1}")
        if not s.drew:
            raise PositionError("turn_state.drew", "the turn's draw is under way")
        most = 1 + sum(
            s.game.cards[c].draws for c in side.passives if s.game.cards[c].effect == "always_lucky"
        )
        if draw.count > most:
            raise PositionError(
                "flow[0].count", f"the turn's draw takes {most} card{'s' * (most > 1)} at most"
            )
    elif kinds in (["refill", "refill", "begin"], ["refill", "begin"]):
        shops = [x.shop for x in pos.flow[:-1]]
        if shops != ["cheap", "expensive"][-len(shops) :]:
            raise PositionError("flow", "the shops refill cheap first, then expensive; then a turn begins")
        if pos.flow[-1].seat != 1 - a:
            raise PositionError(f"flow[{len(steps) - 1}].seat", f"player {2 - a}'s turn begins next")
        limit = s.hand_limit(a)
        if len(side.hand) > limit:
            raise PositionError(f"players[{a}].hand", f"a turn ends with at most {limit} cards in hand")
    elif set(kinds) == {"roll"}:
        dice = [x.die for x in pos.flow]
        if dice != list(DICE[len(DICE) - len(dice) :]):
            raise PositionError("flow", "the turn's dice roll in die order, fire first: list those left")
        if not s.game.options.reroll_dice_each_turn:
            raise PositionError("flow", "dice roll at the start of a turn only with reroll_dice_each_turn")
        if s.turn < 2:
            raise PositionError("turn", "the first turn's dice are rolled in the setup")
        fresh = (s.actions_left, s.gained, s.drew, s.bid_done, s.amps, s.bought) == (
            1, False, False, False, [NO_AMPS, NO_AMPS], [[], []])  # fmt: skip
        if not fresh:
            raise PositionError("turn_state", "the dice roll before anything else happens in the turn")
    else:
        raise PositionError(
            "flow", "positions wait at a turn's draw, a shop refill or a turn's dice roll: not inside a "
            "card's resolution or the setup"
        )  # fmt: skip
    top = steps[0]
    if top.actor(s) != CHANCE:
        what = (
            f"player {a + 1}'s next card is known (deck_top, a deck of one card alike, or none)"
            if isinstance(top, Draw)
            else f"the {pos.flow[0].shop} shop is full or its deck holds no two different cards"
        )
        raise PositionError("flow[0]", f"{what}: the step runs by itself, it waits for no chance")


def _check_end(s: CardDiceState, pos: CardDicePosition) -> None:
    """The end: a player at 0 health loses; both at once is settled by ``simultaneous_zero`` (ruling
    ECD-A7); a game out of turns is a draw (``turn_limit``, ruling ECD-E6). Health has no maximum
    (ruling ECD-A19). Source: elemental-card-dice.txt, "The player whose health reaches zero first
    loses and the other wins"."""
    o = s.game.options
    dead = [p for p in (0, 1) if s.sides[p].health <= 0]
    limit = o.turn_limit
    if not s.over:
        if s.winner is not None:
            raise PositionError("winner", "the game is not over")
        if dead:
            raise PositionError(f"players[{dead[0]}].health", "should be at least 1 while the game goes on")
        if limit and s.turn > limit:
            raise PositionError("turn", f"the game ends in a draw after turn {limit} (turn_limit)")
        return
    if not dead:
        if s.winner is not None:
            raise PositionError("winner", "both players have health left: the game ended at the turn limit")
        if not limit or s.turn != limit + 1:
            raise PositionError(
                "over", f"with both players alive, the game ends at turn {limit + 1} (turn_limit)"
            )
    elif len(dead) == 1:
        if s.winner != 1 - dead[0]:
            raise PositionError(
                "winner", f"player {dead[0] + 1} has no health left: player {2 - dead[0]} wins"
            )
    else:
        rule = o.simultaneous_zero
        if (rule == "draw") != (s.winner is None):
            raise PositionError("winner", f"both players are at 0 health: simultaneous_zero is {rule!r}")
        if s.winner is not None:  # who dealt last decided it
            s.last_dealer = s.winner if rule == "dealer_wins" else 1 - s.winner


def position(s: CardDiceState) -> dict[str, Any]:
    """Return the JSON position of an Elemental Card-Dice state (the inverse of :func:`new_position`).

    Raises:
        PositionError: the state is inside a card's resolution or the setup (field ``flow``).
    """
    names = s.game.names

    def nm(ids: list[int]) -> list[str]:
        return [names[c] for c in ids]

    flow: list[dict[str, Any]] = []
    for step in reversed(s.flow.steps):  # the next first
        if isinstance(step, Draw):
            flow.append({"step": "draw", "seat": step.seat, "count": step.count})
        elif isinstance(step, Refill):
            flow.append({"step": "refill", "shop": SHOP_NAMES[step.shop]})
        elif isinstance(step, Begin) and step.seat >= 0:
            flow.append({"step": "begin", "seat": step.seat})
        elif isinstance(step, Roll):
            flow.append({"step": "roll", "die": DICE[step.die]})
        else:
            what = " > ".join(type(x).__name__ for x in reversed(s.flow.steps))
            raise PositionError(
                "flow", f"positions wait at a turn's decision or chance, not inside one ({what})"
            )
    players = [
        {
            "health": side.health,
            "gold": side.gold,
            "hand": nm(side.hand),
            "hand_seen_by_opponent": list(side.seen),
            "deck_top": nm(side.top),
            "known_top": list(side.known),
            "deck": nm(side.rest),
            "discard": nm(side.discard),
            "face_down": [
                {"card": names[c], "placed_turn": t, "seen_by_opponent": seen} for c, t, seen in side.facedown
            ],
            "passives": nm(side.passives),
            "amplifiers": _amplifiers(s, p),
            "bought": nm(s.bought[p]),
            "reshuffled": None if side.reshuffled < 0 else side.reshuffled,
        }
        for p, side in enumerate(s.sides)
    ]
    auction = None
    if s.auction is not None:
        _, card, level, stage = s.auction
        auction = {"card": names[card], "level": level, "stage": "match" if stage == MATCH else "raise"}
    return {
        "turn": s.turn,
        "active": s.active,
        "dice": dict(zip(DICE, s.dice, strict=True)),
        "players": players,
        "shops": {
            name: {
                "row": nm(shop.row),
                "deck": nm(shop.deck),
                "returned": nm(shop.bottom),
                "removed": nm(shop.removed),
            }
            for name, shop in zip(SHOP_NAMES, s.shops, strict=True)
        },
        "turn_state": {
            "actions_left": s.actions_left,
            "gained_gold": s.gained,
            "drew": s.drew,
            "bid_done": s.bid_done,
        },
        "chain": [{"card": names[c], "player": o, "from": src} for c, o, src in s.chain],
        "priority": s.priority if s.chain else None,
        "auction": auction,
        "flow": flow,
        "over": s.over,
        "winner": s.winner,
        "log": [
            {
                "text": text,
                **({"to": to} if to is not None else {}),
                **({"but": but} if but is not None else {}),
            }
            for to, but, text in s.events
        ],
    }
