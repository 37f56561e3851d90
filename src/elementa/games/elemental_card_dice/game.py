"""The Elemental Card-Dice Game: its options, action space and initial state.

Action encoding (ids stable for given options and card file; ``K`` = cards in the card list):

=========================  ==============  ====================================================
kind                       arguments       meaning
=========================  ==============  ====================================================
face / seat / card         face, seat, id  chance: a die's face (0-based), who starts, a card drawn
gain_gold, draw            -               the turn's one gold, the turn's draw
discard                    card            discard a card from hand
play / place               card            execute an action from hand / place it face down
execute                    card            execute a face-down action from an earlier turn
bless                      card            play a blessing
bid                        card            start the auction for a shop card
end_turn                   -               end the turn (hand within its limit)
respond / respond_facedown card            answer the opponent's action (from hand / face down)
pass, raise, match         -               let a chain entry resolve / raise / match a bid
die / change / swap        die(s), delta   choose a die for a reroll or flip / change / swap
again, stop                -               reroll again / stop (also: stop recycling)
militia                    gold            pay this much gold to Paid Militia
order                      card            next card placed on a deck being reordered
forced_discard(_facedown)  card            a discard Weak Hands / Faulty Table forces
recycle, tutor, ship       card            Recycling / Magnetic Hands / Express Shipping choices
=========================  ==============  ====================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from mypy_extensions import mypyc_attr

from elementa.core import Action, ActionSpace, Agent, Game, GameInfo, Part, option
from elementa.core.tensor import ObservationEncoder
from elementa.games.elemental_card_dice.cards import DICE, Card, card_summary, load_cards
from elementa.games.elemental_card_dice.effects import describe
from elementa.games.elemental_card_dice.state import NEEDS_TARGET, CardDiceState
from elementa.games.elemental_card_dice.steps import MILITIA_MAX


@dataclass(frozen=True)
class CardDiceOptions:
    """Options of the Elemental Card-Dice Game (rulings in docs/rulings/elemental-card-dice.md)."""

    players: int = option(2, "number of players (the game is for two)", minimum=2, maximum=2)
    card_file: str = option(
        "", "a TOML file of your own cards, added to the packaged ones (as in Warriors); see replace_cards"
    )
    replace_cards: bool = option(
        False, "play with the card_file's cards alone, not added to the packaged ones"
    )
    start_health: int = option(100, "health each player starts with", minimum=1, maximum=10_000)
    start_gold: int = option(6, "gold each player starts with", minimum=0, maximum=10_000)
    die_sides: int = option(6, "faces of each die (ruling ECD-A4)", choices=(4, 6, 8, 10, 12, 20))
    reroll_dice_each_turn: bool = option(
        False, "roll all seven dice again at the start of every turn (ECD-A3)"
    )
    sneak_peek_die: str = option(
        "magic",
        "the die Sneak Peek and Reconnaissance count cards with (ECD-A2)",
        choices=("magic", "utility"),
    )
    elemental_shield_vs_combo: bool = option(False, "elemental shields also stop combo damage (ECD-A5)")
    simultaneous_zero: str = option(
        "draw",
        "who wins when both players reach zero health at once (ECD-A7)",
        choices=("draw", "dealer_loses", "dealer_wins"),
    )
    response_whitelist: str = option(
        "affecting", "which actions may answer an opponent's action (ECD-A9)", choices=("affecting", "any")
    )
    first_player: str = option("random", "who takes the first turn", choices=("random", "1", "2"))
    turn_limit: int = option(
        200,
        "turns (both players' together) after which the game ends in a draw; 0: no limit",
        minimum=0,
        maximum=100_000,
    )
    sudden_death: int = option(
        0,
        "from this turn on, each turn begins with its player losing 5 health, doubled every round "
        "(ECD-E14); 0: never (the rulebook)",
        minimum=0,
        maximum=100_000,
    )


_CARD_KINDS = {
    "discard": "discard {}",
    "play": "play {}",
    "place": "place {} face down",
    "execute": "play face-down {}",
    "bless": "play the blessing {}",
    "bid": "bid for {}",
    "respond": "answer with {}",
    "respond_facedown": "answer with face-down {}",
    "order": "put {} next",
    "forced_discard": "discard {}",
    "forced_discard_facedown": "discard face-down {}",
    "recycle": "return {} to the shop",
    "tutor": "take {} into your hand",
    "ship": "move {} to your hand",
    "card": "{}",
}
_PLAIN = {
    "gain_gold": "gain 1 gold",
    "draw": "draw",
    "end_turn": "end the turn",
    "pass": "pass",
    "raise": "raise the bid",
    "match": "match the bid",
    "again": "reroll again",
    "stop": "stop",
}


HAND_MENUS_MAX = 10_000
"""The most hands whose menus a game keeps (see ``CardDiceGame.hand_menu``); past it they start over."""


class HandMenu(NamedTuple):
    """What a hand offers in the main phase, by its distinct cards (see ``CardDiceGame.hand_menu``).

    Attributes:
        actions: the ids of its action cards, sorted.
        plays, places: playing each of its action cards, and placing it face down (card id order).
        blesses, discards: playing each of its blessings, and discarding each of its cards.
        conditional: whether one of its action cards can be played only with something to act on
            (``NEEDS_TARGET``): then each play needs ``CardDiceState.playable``, else none does.
    """

    actions: tuple[int, ...]
    plays: tuple[Action, ...]
    places: tuple[Action, ...]
    blesses: tuple[Action, ...]
    discards: tuple[Action, ...]
    conditional: bool


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class CardDiceGame(Game):
    """The Elemental Card-Dice Game by Emil Indzhev, for two players.

    Attributes:
        cards: the card list in use (ids are positions): the packaged cards and those of the
            ``card_file`` option, or with ``replace_cards`` the file's alone.
        max_by: the largest "change a die by up to N" among the cards (sets the ``change`` radix).
        summaries: per card id, what a player may know of the card (a ``views.CardSummary``, see
            ``cards.card_summary``).
        names: per card id, the card's name.
        costs: per card id, the card's cost in gold; cheapest: the least of them.
        card_actions: per card action kind (``"play"``, ``"bid"``...), the action for each card id,
            with its standard label (the same objects :meth:`act` returns).
        plain_actions: per action kind without arguments (``"draw"``, ``"pass"``...), the action
            with its standard label.
        face_actions, seat_actions: the chance actions of a die's faces (by face index) and of the
            first player (by seat).
    """

    info = GameInfo(
        "elemental-card-dice",
        "Elemental Card-Dice Game",
        2,
        2,
        "card and dice duel: buy cards at auction; seven shared dice set how hard they hit, heal and pay",
        chance=True,
        perfect_information=False,
    )
    options_class = CardDiceOptions
    evaluation_horizon = 120
    """Search rollouts are scored with ``State.evaluate`` after 120 decisions, about 17 turns of
    play (a turn with the other player's answers takes about seven decisions): a card bought or a
    heal played pays off over several turns. At 40 decisions the easy level scored 0.47 of 16 games
    against the rule-based player; at 120, 0.81 of 21 (30 health, seed 61)."""
    root_widening = 0.0
    """A search tries every legal move at its root (issue 40): a main-phase decision offers up to 30
    moves, and under progressive unpruning an easy search (100 iterations) tried 10 of them, so the
    others, the moves the rule-based player would not make among them, could never be chosen."""
    action_texts: ClassVar[dict[str, str]] = {
        "discard": "discard a card from your hand",
        "play": "play a card from your hand",
        "place": "place a card face down",
        "execute": "play one of your face-down cards",
        "bless": "play a blessing",
        "bid": "buy a shop card: bid for it",
        "respond": "answer with a card from your hand",
        "respond_facedown": "answer with one of your face-down cards",
        "order": "choose which effect resolves next",
        "forced_discard": "discard a card from your hand",
        "forced_discard_facedown": "discard one of your face-down cards",
        "recycle": "return a card to the shop",
        "tutor": "take a card from the deck",
        "ship": "choose a card to send",
        "card": "choose a card",
        "gain_gold": "gain 1 gold",
        "draw": "draw a card",
        "end_turn": "end your turn",
        "pass": "let the bid stand",
        "raise": "raise the bid",
        "match": "match the bid",
        "again": "do it again",
        "stop": "stop",
        "die": "reroll a die: click it",
        "change": "change a die's value",
        "swap": "swap two dice: click them",
        "militia": "choose the gold to pay Paid Militia",
    }
    """What each decision asks, for the web table's instructions (:attr:`Game.action_texts`)."""

    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "dice-each-turn": {"reroll_dice_each_turn": True},
        "utility-peek": {"sneak_peek_die": "utility"},
        "open-responses": {"response_whitelist": "any", "elemental_shield_vs_combo": True},
        "sudden-death": {"sudden_death": 150},
        "short": {
            "start_health": 30,
            "simultaneous_zero": "dealer_loses",
            "turn_limit": 60,
            "first_player": "1",
        },
    }

    def __init__(self, options: CardDiceOptions) -> None:
        self.cards: tuple[Card, ...] = load_cards(
            options.card_file, options.sneak_peek_die, options.replace_cards
        )
        self.max_by = max([c.by for c in self.cards if c.effect == "change"] + [1])
        self.summaries = tuple(card_summary(c) for c in self.cards)
        self.names = tuple(c.name for c in self.cards)
        self.costs = tuple(c.cost for c in self.cards)
        self.cheapest = min(self.costs)
        self._actions: dict[tuple[str, tuple[int, ...]], Action] = {}
        self._hand_menus: dict[frozenset[int], HandMenu] = {}
        super().__init__(options)
        self.card_actions = {kind: tuple(self.act(kind, c.id) for c in self.cards) for kind in _CARD_KINDS}
        self.plain_actions = {kind: self.act(kind) for kind in _PLAIN}
        self.face_actions = tuple(self.act("face", f) for f in range(options.die_sides))
        self.seat_actions = (self.act("seat", 0), self.act("seat", 1))

    def _make_action_space(self) -> ActionSpace:
        k, nd = len(self.cards), len(DICE)
        card = Part("card", k, values=tuple(c.name for c in self.cards))
        die = Part("die", nd, values=DICE)
        kinds: list[tuple[str, tuple[Part, ...]]] = [
            ("face", (Part("face", self.options.die_sides),)),  # 0-based: 0 is a roll of 1
            ("seat", (Part("seat", 2),)),
        ]
        kinds += [(c, (card,)) for c in _CARD_KINDS]
        kinds += [(p, ()) for p in _PLAIN]
        kinds += [
            ("die", (die,)),
            # by: the change plus max_by (0 lowers the die by max_by)
            ("change", (die, Part("by", 2 * self.max_by + 1, type="amount"))),
            ("swap", (die, Part("other", nd, type="die", values=DICE))),
            ("militia", (Part("gold", MILITIA_MAX, type="amount"),)),
        ]
        return ActionSpace(kinds)

    def _label(self, kind: str, args: tuple[int, ...]) -> str:
        if kind in _CARD_KINDS:
            card = self.cards[args[0]]
            text = _CARD_KINDS[kind].format(card.name)
            return f"{text} ({card.cost} gold)" if kind in ("bid", "respond") else text
        if kind == "face":
            return f"roll {args[0] + 1}"
        if kind == "seat":
            return f"player {args[0] + 1} goes first"
        if kind == "militia":
            return f"pay {args[0]} gold to Paid Militia"
        return _PLAIN.get(kind, kind)

    def act(self, kind: str, *args: int, label: str = "") -> Action:
        """Return the action ``kind(*args)`` with its standard label, or with ``label``; each is made
        once and shared (actions are immutable; see ``ActionSpace.make``)."""
        if label:
            return self.action_space.make(kind, *args, label=label)
        key = (kind, args)
        a = self._actions.get(key)
        if a is None:
            a = self._actions[key] = self.action_space.make(kind, *args, label=self._label(kind, args))
        return a

    def hand_menu(self, hand: list[int]) -> HandMenu:
        """Return :meth:`make_hand_menu` of ``hand`` (card ids), kept per set of distinct cards: it
        depends on nothing else, and every main-phase action list reads it."""
        key = frozenset(hand)
        menu = self._hand_menus.get(key)
        if menu is None:
            if len(self._hand_menus) >= HAND_MENUS_MAX:
                self._hand_menus.clear()
            menu = self._hand_menus[key] = self.make_hand_menu(hand)
        return menu

    def make_hand_menu(self, hand: list[int]) -> HandMenu:
        """Return the :class:`HandMenu` of a hand of card ids (duplicates count once)."""
        ids = sorted(set(hand))
        cards, by_card = self.cards, self.card_actions
        actions = tuple(c for c in ids if cards[c].kind == "action")
        return HandMenu(
            actions=actions,
            plays=tuple(by_card["play"][c] for c in actions),
            places=tuple(by_card["place"][c] for c in actions),
            blesses=tuple(by_card["bless"][c] for c in ids if cards[c].kind == "blessing"),
            discards=tuple(by_card["discard"][c] for c in ids),
            conditional=any(cards[c].effect in NEEDS_TARGET for c in actions),
        )

    def new_initial_state(self, seed: int | None = None) -> CardDiceState:
        """Return a new game: dice rolled, first player drawn and shops dealt as chance outcomes."""
        return CardDiceState(self, seed)

    def _new_position(self, data: Mapping[str, Any], seed: int | None) -> CardDiceState:
        """Return the state of a position (:mod:`elementa.games.elemental_card_dice.position`)."""
        from elementa.games.elemental_card_dice.position import new_position

        return new_position(self, data, seed)

    def card_text(self, name: str) -> str | None:
        """Return a card's kind, cost and rules text in words, or ``None`` for no card of that name."""
        wanted = name.strip().lower()
        for card in self.cards:
            if card.name.lower() == wanted:
                return f"{card.name} - {card.kind}, costs {card.cost} gold: {describe(card)}"
        return None

    def utility_sum(self) -> float:
        """The winner gets 1 and the loser 0, or 0.5 each for a draw: the returns sum to 1."""
        return 1.0

    def max_game_length(self) -> int | None:
        """Return a bound on the decisions and chance outcomes of a game; ``None`` without a turn
        limit (``turn_limit`` 0) or with a card costing 0 gold (its auction could be raised forever).

        The game ends after ``turn_limit`` turns, a draw. A turn is finite: one gold, one draw and one
        bid a turn, a hand limit of 5, the discard pile reshuffled at most once a turn (ruling
        ECD-E3), an auction raised and matched only while the bidder can pay ``level * cost``. It is
        allowed 100 decisions and chance outcomes, plus 2 per ``start_gold // cheapest cost`` for
        the auction: random and rule-based playouts measure at most 54 in a turn. Setup (dice,
        shops, hands, the first player) is allowed 60; playouts measure under 30. The defaults (200
        turns, 6 gold, cheapest card 3) give 20,860; playouts measure up to about 3,500.
        """
        cheapest = self.cheapest
        limit = int(self.options.turn_limit)
        if not limit or cheapest <= 0:
            return None
        return 60 + limit * (100 + 2 * (int(self.options.start_gold) // cheapest))

    def rule_based_agent(self, player: int, seed: int = 0) -> Agent:
        """Return the rule-based agent (see ``agent.py``) for a seat."""
        from elementa.games.elemental_card_dice.agent import CardDiceAgent

        return CardDiceAgent(player, seed)

    def _make_observation_encoder(self) -> ObservationEncoder:
        from elementa.games.elemental_card_dice.tensor import encoder

        return encoder(self)
