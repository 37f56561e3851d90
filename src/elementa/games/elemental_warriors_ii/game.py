"""Elemental Warriors II: options (contested readings and variants), the action space, the Game.

Action encoding (``kind``: arguments): chance ``card``: card id, ``d10``: face 0-9 (rolls 1-10);
setup ``preset``: layout, ``place``: coin (0 penny, 1 nickel, 2 dime), row, column, ``clear``;
Activate ``play``: card id, ``play_top``, ``play_random``, ``roll``, ``no_card``, ``adjust``:
0 minus one / 1 keep / 2 plus one, ``declare``: column, ``target``: seat, ``power``: element, entry
(0 p, 1 n, 2 nn, 3 d, 4 nd, 5 dd, 6 second dd), ``emulate``: element, ``air_nd``: 0 draw five / 1 take
two; ``add``: row, column (one cent); ``discard``: card id; ``forfeit``: element token, harmful token
(0 Landslide, 1 Whirlwind, 2 Inferno, 3 Flood), column (Flood only); ``recompile``: element,
column, nickels, dimes; ``rebalance``: coin, row, column, destination (a row of the same column, or
rows+0 left, rows+1 right); ``draw``; ``surrender``; ``pay``: coin, row, column; ``flood``: column;
``decline``. Rows are numbered as in ``observation()["rows"]``; columns 0-9 stand for 1-10.

source: elemental-warriors-ii.txt; rulings in docs/rulings/elemental-warriors-ii.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from elementa.core import Action, ActionSpace, Game, GameInfo, Part, option
from elementa.core.tensor import ObservationEncoder
from elementa.games.elemental_warriors_ii.actions import SquareMoves, make_action
from elementa.games.elemental_warriors_ii.cards import CARDS_PER_DECK, ELEMENTS
from elementa.games.elemental_warriors_ii.cards import name as card_name
from elementa.games.elemental_warriors_ii.effects import HARMS, TOKEN_NAMES
from elementa.games.elemental_warriors_ii.sheet import (
    COIN_NAMES,
    COLUMNS,
    ENTRY_NAMES,
    MAX_DIMES,
    MAX_NICKELS,
    PRESET_NAMES,
    Layout,
    layout_ids,
)
from elementa.games.elemental_warriors_ii.state import WIN_POINTS, EW2State

if TYPE_CHECKING:
    from elementa.core import Agent


@dataclass(frozen=True)
class EW2Options:
    """The options of Elemental Warriors II: contested readings (defaults from the rulings) and the
    rulebook's variants, which combine freely."""

    players: int = option(
        2, "number of players; three or more play the Assault variant", minimum=2, maximum=6
    )
    combat_model: str = option(
        "split",
        "the lost sheet's combat rows: separate Attack and Defense rows, or one Combat row (R1)",
        choices=("split", "single"),
    )
    elim_on_last_penny: bool = option(
        False, "a player who removes their last penny is out even with nickels or dimes left (R5)"
    )
    empty_hand_policy: str = option(
        "top_of_deck",
        "a player with no card to play plays the deck's top card, or activates no column (R6)",
        choices=("top_of_deck", "no_column"),
    )
    noharm_trigger: str = option(
        "any",
        "Earth/Air (dd) 'an attack dealing no damage': any attack, or only hits fully prevented (R10)",
        choices=("any", "hit_only"),
    )
    randomizer: bool = option(False, "variant Randomizer: a d10 picks the column instead of a card")
    cumulative: bool = option(False, "variant Cumulative Effects: a square gives every level its coins hold")
    blind_mans_bluff: bool = option(
        False, "variant Blind Man's Bluff: you may play the deck's top card instead of one from your hand"
    )
    assault_targeting: str = option(
        "free_for_all",
        "Assault: declare targets (lowest Defense first), or attack the next player (Jyhad)",
        choices=("free_for_all", "jyhad"),
    )
    assault_multi: str = option(
        "sum",
        "Assault, several attackers on one player: add the attacks, or highest plus one per extra",
        choices=("sum", "max_plus"),
    )
    independence: bool = option(False, "variant Independence: each player has their own deck")
    independent_panic: bool = option(
        False, "variant Independent Panic: own decks, no reshuffle, a d10 when you cannot play a card"
    )
    endgame: bool = option(False, "variant Endgame: when a deck runs out, the most change wins")
    setup: str = option(
        "coins",
        "how sheets are built: coin by coin or a named layout, or only by naming a layout (R38, a miniature)",
        choices=("coins", "layouts"),
    )
    layouts: str = option(
        "",
        "the named layouts the setup offers, comma-separated, from balanced, bulwark, onslaught, "
        "elements, duelist (empty: all; R38)",
    )
    max_rounds: int = option(
        100,
        "end after this many rounds, the most change winning (0: no limit; R28)",
        minimum=0,
        maximum=10_000,
    )
    last_recovery: bool = option(
        True,
        "the last round (max_rounds) has its Recovery and End of Turn; false: the game ends after its "
        "Allocate Damage, where the most change wins (R38, a miniature for research)",
    )


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class EW2Game(Game):
    """Elemental Warriors II: duel with coins on a character sheet, cards choosing the column.

    Returns are the rulebook's points: 25 for the last player with change, 25 less the change of a
    player who surrenders for their opponent, 0 otherwise (more in Assault, where points add up).
    """

    info = GameInfo(
        name="elemental-warriors-ii",
        title="Elemental Warriors II",
        min_players=2,
        max_players=6,
        summary="simultaneous duel of coins on a character sheet: cards pick the column, coins the powers",
        chance=True,
        simultaneous=True,
        perfect_information=False,
    )
    options_class = EW2Options
    evaluation_horizon = 10
    """Search rollouts are scored with ``State.evaluate`` after 10 decisions, about one simultaneous
    turn of both players."""
    action_texts: ClassVar[dict[str, str]] = {
        "preset": "lay out your coins: choose a layout",
        "place": "place a coin: click a square of your sheet",
        "clear": "take every coin back and start again",
        "play": "play a card from your hand",
        "play_top": "play the top card of the deck",
        "play_random": "play a card at random",
        "no_card": "play no card",
        "forfeit": "forfeit a token",
        "add": "add a cent: click a square of your sheet",
        "decline": "take no Recovery action",
        "declare": "activate a column: click it on your sheet",
        "adjust": "adjust your change",
        "target": "choose whom to attack",
        "power": "choose the power of an element square",
        "emulate": "choose the element to emulate",
        "discard": "discard a card from your hand",
        "recompile": "recompile a square's coins",
        "rebalance": "move a coin on your sheet",
        "draw": "draw cards",
        "surrender": "surrender",
        "air_nd": "choose the Air power's effect",
        "pay": "pay damage: click a coin on your sheet to remove",
        "flood": "choose the column to flood",
    }
    """What each decision asks, for the web table's instructions (:attr:`Game.action_texts`)."""

    action_confirm: ClassVar[dict[str, str]] = {
        "surrender": "Surrender? You leave the game for good: your coins and cards are out of play.",
    }
    """The moves the web table asks about first (:attr:`Game.action_confirm`)."""

    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "single-combat-row": {"combat_model": "single", "empty_hand_policy": "no_column"},
        "strict-readings": {"elim_on_last_penny": True, "noharm_trigger": "hit_only"},
        "randomizer": {"randomizer": True},
        "cumulative": {"cumulative": True},
        "blind-mans-bluff": {"blind_mans_bluff": True},
        "independence": {"independence": True, "endgame": True},
        "independent-panic": {"independent_panic": True, "cumulative": True},
        "endgame": {"endgame": True, "blind_mans_bluff": True},
        "assault-free-for-all": {"players": 3},
        "assault-jyhad": {
            "players": 4,
            "assault_targeting": "jyhad",
            "assault_multi": "max_plus",
            "independence": True,
        },
        "tiny": {
            "randomizer": True,
            "max_rounds": 1,
            "setup": "layouts",
            "layouts": "bulwark,onslaught",
            "last_recovery": False,
        },
        "small": {
            "randomizer": True,
            "max_rounds": 1,
            "setup": "layouts",
            "layouts": "balanced,bulwark,onslaught",
            "last_recovery": False,
        },
    }
    """The variants and readings above; ``tiny`` and ``small``, miniatures small enough for CFR to
    solve (ruling R38: one round with the Randomizer's d10, each sheet one of two or three named
    layouts, the game over after Allocate Damage; 25,205 and 54,795 nodes in the sequential view,
    ``benchmarks/cfr_curve.py``)."""

    def __init__(self, options: Any) -> None:
        self.layout = Layout(options.combat_model)
        self.layout_ids = layout_ids(options.layouts)
        """The ids of the named layouts the setup offers (option ``layouts``), in ``PRESET_NAMES`` order."""
        self.num_decks = options.players if options.independence or options.independent_panic else 1
        self.seat_decks = tuple(range(options.players)) if self.num_decks > 1 else (0,) * options.players
        """The deck each seat draws from, by seat: its own with the Independence variants."""
        self.action_cache: dict[tuple[str, tuple[int, ...]], Action] = {}
        """Actions made so far, by ``(kind, args)``: their labels depend on nothing else."""
        self.action_lists: dict[tuple[Any, ...], list[Action]] = {}
        """Choices that depend on a few step arguments alone, by key (see :func:`.actions.fixed`)."""
        self.declines: dict[str, Action] = {}
        """The ``decline`` actions made so far, by label."""
        self.square_moves = [SquareMoves(self, i) for i in range(self.layout.size)]
        """Each square's Recompiles and Rebalances by its coins (see :func:`.actions.rearrangements`)."""
        super().__init__(options)
        self.card_actions = [make_action(self, "card", (c,)) for c in range(CARDS_PER_DECK * self.num_decks)]
        """The chance outcome of drawing each card, by card id."""
        self.card_names = [a.label for a in self.card_actions]
        """Each card's name (:func:`.cards.name`), by card id: the label of its draw outcome."""
        self.draw_action = make_action(self, "draw", ())
        self.surrender_action = make_action(self, "surrender", ())
        """The Recovery actions Draw and Surrender, made once (offered at every Recovery menu)."""
        self.die_actions = [make_action(self, "d10", (x,)) for x in range(COLUMNS)]
        """The chance outcome of each face of the d10 (0 rolls 1)."""
        self.play_actions = [make_action(self, "play", (c,)) for c in range(CARDS_PER_DECK * self.num_decks)]
        """The action of playing each card face down (Activate), by card id."""
        self.pay_actions = [
            [make_action(self, "pay", (coin, *divmod(i, COLUMNS))) for coin in range(3)]
            for i in range(self.layout.size)
        ]
        """The actions of paying a cent with each coin (penny, nickel, dime) of each square, by the
        square's index (Allocate Damage, Inferno)."""
        self._card_outcomes: dict[int, list[tuple[Action, float]]] = {}

    def card_outcomes(self, size: int) -> list[tuple[Action, float]]:
        """Return, by card id, the chance outcome of drawing that card from ``size`` cards:
        ``(card action, 1 / size)``, made once per size and game (the list is shared: only read)."""
        found = self._card_outcomes.get(size)
        if found is None:
            found = self._card_outcomes[size] = [(a, 1 / size) for a in self.card_actions]
        return found

    def utility_range(self) -> tuple[float, float]:
        """Points run from 0 to 25 per opponent (Assault points add up over the game)."""
        return (0.0, float(WIN_POINTS * (self.num_players - 1)))

    def _make_action_space(self) -> ActionSpace:
        cards, rows, n = 52 * self.num_decks, len(self.layout.rows), self.num_players
        card = Part("card", cards, values=tuple(card_name(c, self.num_decks) for c in range(cards)))
        coin = Part("coin", 3, values=COIN_NAMES)
        row = Part("row", rows, values=self.layout.rows)
        column = Part("column", COLUMNS)  # 0-9 stand for the sheet's columns 1-10
        element = Part("element", 4, values=ELEMENTS)
        return ActionSpace(
            [
                ("card", (card,)),
                ("d10", (Part("roll", COLUMNS, type="face"),)),  # 0-9 stand for rolls 1-10
                ("preset", (Part("layout", len(PRESET_NAMES), values=PRESET_NAMES),)),
                ("place", (coin, row, column)),
                ("clear", ()),
                ("play", (card,)),
                ("play_top", ()),
                ("play_random", ()),
                ("roll", ()),
                ("no_card", ()),
                (
                    "forfeit",
                    (
                        Part("token", 4, values=TOKEN_NAMES[:4]),
                        Part("harm", 4, type="token", values=HARMS),
                        column,  # for a Flood token only
                    ),
                ),
                ("add", (row, column)),
                ("decline", ()),
                ("declare", (column,)),
                ("adjust", (Part("change", 3, type="choice", values=("minus one", "keep", "plus one")),)),
                ("target", (Part("seat", n),)),
                ("power", (element, Part("entry", 7, values=ENTRY_NAMES))),
                ("emulate", (element,)),
                ("discard", (card,)),
                (
                    "recompile",
                    (
                        element,
                        column,
                        Part("nickels", MAX_NICKELS + 1, type="amount"),
                        Part("dimes", MAX_DIMES + 1, type="amount"),
                    ),
                ),
                # destination: a row of the same column, or rows + 0 for the left, rows + 1 the right
                ("rebalance", (coin, row, column, Part("destination", rows + 2))),
                ("draw", ()),
                ("surrender", ()),
                (
                    "air_nd",
                    (Part("choice", 2, values=("draw five cards", "take two of the opponent's cards")),),
                ),
                ("pay", (coin, row, column)),
                ("flood", (column,)),
            ]
        )

    def new_initial_state(self, seed: int | None = None) -> EW2State:
        return EW2State(self, seed)

    def _new_position(self, data: Mapping[str, Any], seed: int | None) -> EW2State:
        """Return the state of a position (:mod:`elementa.games.elemental_warriors_ii.position`)."""
        from elementa.games.elemental_warriors_ii.position import new_position

        return new_position(self, data, seed)

    def max_game_length(self) -> int | None:
        """Return a bound on the decisions and chance outcomes of a game; ``None`` without a round
        limit (``max_rounds`` 0).

        The game ends after ``max_rounds`` rounds (ruling R28). A round is one simultaneous turn:
        each player plays a card, the columns' powers and the skirmish resolve, and the coins move
        (elemental-warriors-ii.txt); it is finite, each player acting on a fixed sheet of squares.
        Setup and each round are allowed 20 decisions and chance outcomes per player: random and
        rule-based playouts measure at most 16 in a 2-player round and 42 in a 6-player one, and
        under 80 for a 6-player setup. The defaults (2 players, 100 rounds) give 4,040; playouts
        measure up to about 800.
        """
        rounds = int(self.options.max_rounds)
        if not rounds:
            return None
        return 20 * self.num_players * (rounds + 1)

    def rule_based_agent(self, player: int, seed: int = 0) -> Agent:
        from elementa.games.elemental_warriors_ii.agent import WarriorAgent

        return WarriorAgent(player, seed)

    def _make_observation_encoder(self) -> ObservationEncoder:
        from elementa.games.elemental_warriors_ii.tensor import encoder

        return encoder(self)
