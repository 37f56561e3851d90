"""The Elemental Card-Dice Game's typed observation: :class:`CardDiceView` and its parts.

``CardDiceState.view(player)`` builds it (:func:`.view.observation_view`); ``observation(player)`` is
its JSON form (see :mod:`elementa.core.views`). Seats count from 0; cards are named by their names
(unique in a game), and ``cards`` gives the summary of every card the view names.

:class:`BriefView` is the part of the view the rule-based agent reads, built alone at each of its
decisions (a search's rollouts ask for one at every decision): its sides and the view itself are
plain (not frozen) slotted dataclasses, which cost a tenth as much to build; every field equals the
full view's field of the same name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from elementa.core import View


@dataclass(frozen=True, slots=True)
class CardSummary(View):
    """What every player may know of a card: its name, kind, cost and rules text (one per card id,
    built once per game and shared by every view)."""

    name: str
    kind: str
    """``"action"``, ``"blessing"`` or ``"passive"``."""
    cost: int
    """The printed cost in gold."""
    text: str
    """The rules text in our words."""


@dataclass(frozen=True, slots=True)
class DecisionView(View):
    """A pending decision inside a resolution: its kind (the step's name: ``"pick_reroll"``,
    ``"militia"``, ``"discard_hand"``...), who makes it, and what it counts: rerolls left, the most a
    die may change, the damage to pay against, the cards to order or discard (0 where nothing is
    counted). :class:`AgainView` and :class:`OrderView` add fields of their kinds."""

    kind: str
    player: int
    count: int

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DecisionView:
        """Read a decision back, as the class its ``kind`` has (:class:`AgainView`, :class:`OrderView`)."""
        if cls is DecisionView:
            kind = _DECISION_VIEWS.get(data["kind"])
            if kind is not None:
                return kind.from_json(data)
            return DecisionView(data["kind"], data["player"], data["count"])
        return super(DecisionView, cls).from_json(data)


@dataclass(frozen=True, slots=True)
class AgainView(DecisionView):
    """Reroll the same die again, or keep it (``kind`` ``"again"``)."""

    die: str
    """The die's name."""


@dataclass(frozen=True, slots=True)
class OrderView(DecisionView):
    """Put back the top cards of a deck in an order (``kind`` ``"order"``)."""

    deck_of: int
    """Whose deck."""
    cards: tuple[str, ...] | None
    """The cards still to place, shown to the seat ordering them alone (``None`` for others)."""


_DECISION_VIEWS: dict[str, type[DecisionView]] = {"again": AgainView, "order": OrderView}
"""The decision kinds whose views add fields, and their classes."""


@dataclass(frozen=True, slots=True)
class FaceDownView(View):
    """An action placed face down: the card only where the viewer is shown it."""

    card: str | None
    placed_turn: int
    seen_by_opponent: bool


@dataclass(frozen=True, slots=True)
class SideView(View):
    """What the viewer sees of one seat's side: health, gold, hand, deck, discard pile, passives."""

    health: int
    gold: int
    hand: tuple[str, ...] | None
    """The viewer's own hand, in hand order; ``None`` for another seat's."""
    hand_size: int
    known_hand: tuple[str, ...]
    """Cards of the opponent's hand the viewer was shown (a Mirror), in hand order."""
    hand_seen_by_opponent: tuple[bool, ...] | None
    """For the viewer's own hand: whether the opponent was shown each card; else ``None``."""
    deck_size: int
    known_top: tuple[str, ...]
    """The top cards of the deck the viewer knows, top first."""
    discard: tuple[str, ...]
    face_down: tuple[FaceDownView, ...]
    passives: tuple[str, ...]
    """Passive cards in play."""
    hand_limit: int
    amplifiers: dict[str, int]
    """Amplifiers other than 1, by die or effect name."""
    bought: tuple[str, ...]
    """Cards bought this turn."""


@dataclass(frozen=True, slots=True)
class ShopView(View):
    """A shop: its row of cards for sale and its deck."""

    name: str
    cards: tuple[str, ...]
    deck_size: int
    returned: tuple[str, ...]
    """Cards put back under its deck."""
    removed: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TurnStateView(View):
    """The active seat's turn so far."""

    actions_left: int
    gained_gold: bool
    drew: bool
    bid_done: bool


@dataclass(frozen=True, slots=True)
class ChainLink(View):
    """A card on the response chain. Its JSON form names ``source`` ``"from"``."""

    card: str
    player: int
    source: str
    """Where it was played from."""

    def to_json(self) -> dict[str, Any]:
        """Return ``{"card", "player", "from"}``."""
        return {"card": self.card, "player": self.player, "from": self.source}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ChainLink:
        """Read ``{"card", "player", "from"}`` back."""
        return cls(data["card"], data["player"], data["from"])


@dataclass(frozen=True, slots=True)
class AuctionView(View):
    """A running auction."""

    card: str
    shop: str
    bid: int
    """The bid in gold: the level times the card's cost."""
    level: int
    to_move: str
    """``"raise"`` or ``"match"``."""


@dataclass(frozen=True, slots=True)
class CardDiceView(View):
    """What one seat (or a spectator, ``viewer`` ``None``) sees of a Card-Dice position.

    Hidden: the opponent's hand (but its size and the cards a Mirror showed), deck order (but the
    known top cards), and the opponent's face-down actions until shown.
    """

    turn: int
    turn_limit: int
    active: int
    """The seat whose turn it is."""
    to_move: int | str
    """The seat deciding, ``"chance"`` or ``"over"``."""
    viewer: int | None
    dice: dict[str, int]
    """Each die's face, by die name."""
    die_sides: int
    shops: tuple[ShopView, ...]
    players: tuple[SideView, ...]
    turn_state: TurnStateView
    chain: tuple[ChainLink, ...]
    """The response chain, oldest first."""
    priority: int | None
    """The seat with priority while the chain is open."""
    auction: AuctionView | None
    decision: DecisionView | None
    """The pending decision (the steps of :mod:`.steps` write it), or ``None``."""
    log: tuple[str, ...]
    """The latest events the viewer sees, oldest first."""
    over: bool
    winner: int | None
    cards: dict[str, CardSummary]
    """The summary of every card the view names, by name."""


@dataclass(slots=True)
class BriefSide(View):
    """What the rule-based agent reads of the opponent's side (and the start of its own)."""

    health: int
    amplifiers: dict[str, int]
    """As :attr:`SideView.amplifiers`."""
    passives: tuple[str, ...]
    discard: tuple[str, ...]
    """As :attr:`SideView.discard` (face up for everyone, ruling ECD-E5)."""


@dataclass(slots=True)
class BriefOwnSide(BriefSide):
    """What the rule-based agent reads of its own side; each field as in :class:`SideView`."""

    gold: int
    hand: tuple[str, ...]
    face_down: tuple[FaceDownView, ...]
    hand_limit: int


@dataclass(slots=True)
class BriefView(View):
    """The part of :class:`CardDiceView` the rule-based agent reads: each field equals the full
    view's (``players``: per seat its :class:`BriefSide`, the viewer's own a :class:`BriefOwnSide`)."""

    dice: dict[str, int]
    die_sides: int
    players: tuple[BriefSide, ...]
    chain: tuple[ChainLink, ...]
    auction: AuctionView | None
    decision: DecisionView | None
