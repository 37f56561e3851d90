"""Warriors: options, card and deck loading, deck groups, the action space and the Game class.

source: warriors.txt (the whole rulebook); rulings in docs/rulings/warriors.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from elementa.core import Action, ActionSpace, ConfigError, Game, GameInfo, Part, option
from elementa.core.tensor import ObservationEncoder
from elementa.games.warriors.actions import (
    Sequence,
    equip_actions,
    fighter_actions,
    fixed_actions,
    location_actions,
)
from elementa.games.warriors.cards import (
    DECK_EDITIONS,
    LATEST_EDITION,
    Catalog,
    Deck,
    card_sheet,
    load_catalog,
)
from elementa.games.warriors.rules import MAX_BEASTS, MAX_EQUIP, MAX_HELD, Load
from elementa.games.warriors.state import WarriorsState

if TYPE_CHECKING:
    from elementa.core import Agent

DEFAULT_DECKS = ("draconian-rifles", "corrupted-gang", "arcane-circle", "iron-vanguard", "wild-hunt")
"""The ready-made decks given to the seats in turn when the ``decks`` option is empty."""


@dataclass(frozen=True)
class WarriorsOptions:
    """The options of Warriors: variants, contested readings (WAR-A#) and the card and deck files."""

    players: int = option(2, "number of players", minimum=2, maximum=6)
    decks: str = option(
        "",
        "deck of each seat, comma-separated (one name: every seat); empty: "
        + ", ".join(DEFAULT_DECKS)
        + " in turn",
    )
    edition: int = option(
        LATEST_EDITION,
        "edition of the ready-made decks: 1 the first lists (games saved before editions), "
        "2 issue 40's rebalance for rule-based players, 3 and 4 Wild Hunt changed "
        "for search players too",
        choices=tuple(DECK_EDITIONS),
        fix=f"use 1 for the first deck lists or {LATEST_EDITION} for the newest; a game saved with a "
        "later edition needs a newer Elementa (pip install -U elementa)",
    )
    card_file: str = option("", "a TOML file of your own cards, added to the built-in ones (as in Card-Dice)")
    deck_files: str = option("", "TOML files of your own decks, comma-separated")
    beasts: bool = option(True, "play with the Beasts in the decks (7.1: optional by agreement)")
    deathmatch: bool = option(False, "Deathmatch (8.1): no locations; the first to five lethal blows wins")
    teams: int = option(
        0, "Teams (8.2): number of equal teams, seats alternating; 0 = no teams", minimum=0, maximum=3
    )
    team_deck: bool = option(False, "Teams: each team shares one deck and discard pile")
    revolving_door: bool = option(False, "Revolving Door (8.3): players may leave and rejoin between battles")
    monodeck: bool = option(False, "Monodeck (8.4): all players share one deck and discard pile")
    mulligan_requires_weapon: bool = option(
        True, "WAR-A2: a hand needs a fighter and a weapon or attack spell it can use, else a mulligan"
    )
    min_damage_mode: str = option(
        "clamp",
        "WAR-A3: min damage raises a low roll (clamp) or the roll is uniform from min to max",
        choices=("clamp", "uniform_range"),
    )
    legend_penalty: str = option(
        "discard_that_card",
        "WAR-A7: two fighters using the same Legendary card: both copies are discarded, or any card each",
        choices=("discard_that_card", "any_card"),
    )
    max_turns: int = option(
        400,
        "fighter and Beast turns after which the game ends in a draw (0: no limit)",
        minimum=0,
        maximum=100_000,
    )


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class WarriorsGame(Game):
    """Warriors for 2-6 players: fighters equipped from your hand battle over locations.

    Returns: the player (or team) who first controls three locations (Deathmatch: five lethal
    blows) shares 1.0; the others get 0. A game that reaches ``max_turns`` is a draw shared by the
    players still in it.

    Attributes:
        catalog: every card (ids are indices) and deck.
        seat_decks: the :class:`Deck` of each seat.
        deck_of: the deck group each seat draws from (Monodeck: one group; ``team_deck``: one per team).
        start_decks: the starting draw pile of each group, card id -> copies.
        team_of: each seat's team, or ``None`` without Teams.
    """

    info = GameInfo(
        name="warriors",
        title="Warriors",
        min_players=2,
        max_players=6,
        summary="card game of equipped fighters battling over locations; three locations win",
        chance=True,
        simultaneous=True,
        perfect_information=False,
    )
    options_class = WarriorsOptions
    legacy_options: ClassVar[dict[str, Any]] = {"edition": 1}
    """Saves and server tables made before deck editions were played with the first deck lists
    (:attr:`Game.legacy_options`; docs/rulings/warriors.md, WAR-A1)."""
    evaluation_horizon = 10
    """Search rollouts are scored with ``State.evaluate`` after 10 decisions: a few turns of a battle."""
    action_texts: ClassVar[dict[str, str]] = {
        "take": "draw a card",
        "decline": "do not draw",
        "stay": "stay in the battle",
        "leave": "leave the battle",
        "join": "join the battle",
        "no_location": "fight over no location",
        "location": "choose the battle's location: click a card in your hand",
        "held": "fight over a location already held",
        "field": "enter a fighter: click it in your hand",
        "forfeit": "forfeit the battle",
        "equip": "equip a card from your hand",
        "remove": "take an equipment back to your hand",
        "ready": "fight with your fighter as equipped",
        "done": "finish equipping",
        "attack": "attack: click your weapon, then the fighter to hit",
        "volley": "split an attack: click your weapon, then the first fighter",
        "next_target": "choose the next fighter to hit",
        "stop": "make no more attacks",
        "use": "use an ability: click its source, then its target",
        "retreat": "retreat: your fighter and cards go back to your hand",
        "pass": "do nothing this turn",
        "break": "roll for breakage",
        "discard": "discard a card from your hand",
    }
    """What each decision asks, for the web table's instructions (:attr:`Game.action_texts`)."""

    action_confirm: ClassVar[dict[str, str]] = {
        "retreat": "Retreat? Your fighter leaves the battle, its cards go back to your hand.",
    }
    """The moves the web table asks about first (:attr:`Game.action_confirm`)."""

    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "deathmatch": {"deathmatch": True},
        "teams": {"players": 4, "teams": 2},
        "teams-shared-decks": {"players": 4, "teams": 2, "team_deck": True},
        "revolving-door": {"players": 3, "revolving_door": True},
        "monodeck": {"players": 3, "monodeck": True},
        "no-beasts": {"beasts": False, "decks": "wild-hunt,arcane-circle"},
        "other-readings": {
            "decks": "corrupted-gang,iron-vanguard",
            "mulligan_requires_weapon": False,
            "min_damage_mode": "uniform_range",
            "legend_penalty": "any_card",
        },
        "all-variants": {
            "players": 4,
            "deathmatch": True,
            "teams": 2,
            "revolving_door": True,
            "monodeck": True,
        },
    }
    locations_to_win = 3
    """Controlled locations that win the game (source: warriors.txt, 3.1)."""
    tokens_to_win = 5
    """Deathmatch tokens that win the game (source: warriors.txt, 8.1)."""

    def __init__(self, options: WarriorsOptions) -> None:
        files = [f.strip() for f in options.deck_files.split(",") if f.strip()]
        self.catalog: Catalog = load_catalog(options.card_file, files, options.edition)
        n = options.players
        if options.teams == 1 or (options.teams and n % options.teams):
            raise ConfigError(
                f"warriors: option teams={options.teams} needs equal teams of at least one player "
                f"from players={n}; fix: use 0 or a number of teams that divides {n} (2 or 3)",
                option="teams",
            )
        if options.teams and n // options.teams < 1:
            raise ConfigError("warriors: too few players for the teams", option="teams")
        self.seat_decks = self._seat_decks(options)
        self.team_of = [p % options.teams for p in range(n)] if options.teams else None
        if options.monodeck:
            self.deck_of = [0] * n
        elif self.team_of is not None and options.team_deck:
            self.deck_of = list(self.team_of)
        else:
            self.deck_of = list(range(n))
        self.start_decks = [self._group_deck(options, g) for g in range(max(self.deck_of) + 1)]
        self.seat_deck_titles = [d.title for d in self.seat_decks]
        self.card_names = [c.name for c in self.catalog.cards]
        """Each card's name, by card id (what observations show of a card)."""
        self.beast_ids = frozenset(c.id for c in self.catalog.cards if c.type == "beast")
        """The ids of the Beast cards (never in a hand)."""
        whens = {c.id: c.ability.when for c in self.catalog.cards if c.ability is not None}
        self.trigger_ids = {w: frozenset(c for c in whens if whens[c] == w) for w in ("begin", "end")}
        """The ids of the cards whose ability works at a turn's begin or end step, by ``when``."""
        self.action_cache: dict[tuple[Any, ...], Action] = {}
        """Actions whose label depends only on their key, shared by every state (they are immutable)."""
        self.roll_cache: dict[tuple[int, int], tuple[tuple[Action, float], ...]] = {}
        """The chance outcomes of a hit roll by ``(min, max)`` damage, shared by every state."""
        self.hit_values: dict[tuple[int, int], tuple[int | None, ...]] = {}
        """The hit roll of each face of the die for ``(min, max)`` damage (see :func:`.combat.hit_values`)."""
        self.breakage_dice: dict[str, tuple[tuple[Action, float], ...]] = {}
        """The chance outcomes of a breakage d10 by digit (``"tens"``, ``"units"``), shared by every state."""
        super().__init__(options)
        self.equip_actions = equip_actions(self)
        """The ``equip`` action of each equipment card, by card id (derived once from the catalog)."""
        self.draw_actions = [
            [
                self.action_space.make("draw", c.id, label=f"player {p + 1} draws {c.name}")
                for c in self.catalog.cards
            ]
            for p in range(n)
        ]
        """Per seat, the chance outcome of drawing each card, by card id, shared by every state."""
        self.field_actions, self.ready_actions = fighter_actions(self)
        """The ``field`` and ``ready`` actions of each fighter card, by card id."""
        self.fighter_ids = frozenset(self.field_actions)
        """The ids of the fighter cards."""
        self.fixed = fixed_actions(self)
        """The shared action of each kind without arguments whose label never changes, by kind."""
        self.location_actions = location_actions(self)
        """The ``location`` action of each location card (chosen from the hand), by card id."""
        self.location_ids = frozenset(self.location_actions)
        """The ids of the location cards."""
        self.gear_memo: dict[tuple[int, ...], Sequence] = {}
        """The remove actions, load and names of :func:`.actions.gear` by equipped card ids (every state)."""
        self.fits_memo: dict[tuple[int, Load], frozenset[int]] = {}
        """The equipment card ids a fighter card may equip, by fighter card id and :func:`.rules.load`."""

    def _seat_decks(self, options: WarriorsOptions) -> list[Deck]:
        names = [d.strip() for d in options.decks.split(",") if d.strip()]
        n = options.players
        if not names:
            names = [DEFAULT_DECKS[p % len(DEFAULT_DECKS)] for p in range(n)]
        elif len(names) == 1:
            names = names * n
        elif len(names) != n:
            raise ConfigError(
                f"warriors: option decks names {len(names)} decks for {n} players; "
                "fix: give one deck name, or one per seat",
                option="decks",
            )
        for name in names:
            if name not in self.catalog.decks:
                known = ", ".join(sorted(self.catalog.decks))
                raise ConfigError(
                    f"warriors: option decks: unknown deck {name!r}; known decks: {known}",
                    option="decks",
                    choices=sorted(self.catalog.decks),
                )
        return [self.catalog.decks[name] for name in names]

    def _group_deck(self, options: WarriorsOptions, group: int) -> dict[int, int]:
        """The draw pile of a deck group: its seats' distinct decks together, each Legendary card once,
        without Beasts (``beasts`` off) or locations (Deathmatch)."""
        decks = {
            self.seat_decks[p].name: self.seat_decks[p]
            for p in range(options.players)
            if self.deck_of[p] == group
        }
        pile: dict[int, int] = {}
        for deck in decks.values():
            for cid, k in deck.cards:
                pile[cid] = pile.get(cid, 0) + k
        out = {}
        for cid, k in pile.items():
            card = self.catalog.cards[cid]
            if (card.type == "beast" and not options.beasts) or (
                card.type == "location" and options.deathmatch
            ):
                continue
            out[cid] = 1 if card.legendary else k
        return dict(sorted(out.items()))  # a draw pile keeps card id order (WarriorsState.decks)

    def card_id(self, name: str) -> int:
        """Return the id of a card by its exact name.

        Raises:
            KeyError: no card has that name.
        """
        return self.catalog.by_name[name].id

    def card_text(self, name: str) -> str | None:
        """Return a card's stats and text (see :func:`.cards.card_sheet`), or ``None`` for no such card."""
        wanted = name.strip().lower()
        for card in self.catalog.cards:
            if card.name.lower() == wanted:
                return card_sheet(card)
        return None

    def _make_action_space(self) -> ActionSpace:
        cards = len(self.catalog)
        n = self.options.players
        c = n + MAX_BEASTS  # combatants: each seat's fighter (0..n-1), then the Beasts
        e = MAX_EQUIP
        card = Part("card", cards, values=tuple(k.name for k in self.catalog.cards))
        target = Part("target", c, type="combatant")
        slot = Part("slot", e)  # an index into the fighter's equipment
        weapon = Part("slot", e + 1, none=e)  # none: unarmed
        return ActionSpace(
            [
                ("draw", (card,)),
                ("roll", (Part("roll", 100, type="face"),)),  # a die's face minus one, or a d10 digit
                ("pick", (Part("choice", c),)),  # an index into the outcome's candidates
                ("take", ()),
                ("decline", ()),
                ("stay", ()),
                ("leave", ()),
                ("join", ()),
                ("no_location", ()),
                ("location", (card,)),
                ("held", (Part("seat", n), Part("held", MAX_HELD))),
                ("field", (card,)),
                ("forfeit", ()),
                ("equip", (card,)),
                ("remove", (slot,)),
                ("ready", ()),
                ("done", ()),
                ("attack", (weapon, target)),
                ("volley", (weapon, target)),
                ("next_target", (target,)),
                ("stop", ()),
                # source: an equipment slot, e for the fighter's own ability, e + 1 the location's
                (
                    "use",
                    (Part("source", e + 2, type="slot"), Part("target", c + 1, type="combatant", none=c)),
                ),
                ("retreat", ()),
                ("pass", ()),
                ("break", (slot,)),
                ("discard", (card,)),
            ]
        )

    def new_initial_state(self, seed: int | None = None) -> WarriorsState:
        return WarriorsState(self, seed)

    def _new_position(self, data: Mapping[str, Any], seed: int | None) -> WarriorsState:
        """Return the state of a position (:mod:`elementa.games.warriors.position`)."""
        from elementa.games.warriors.position import new_position

        return new_position(self, data, seed)

    def max_game_length(self) -> int | None:
        """Return a bound on the decisions and chance outcomes of a game; ``None`` without a turn
        limit (``max_turns`` 0).

        The game is a draw after ``max_turns`` fighter and Beast turns, or that many battles
        (ruling WAR-E9). A turn is finite (an attack, proficiency's extra targets, breakage rolls),
        and so is a battle's start (a hand of 8, at most five mulligans: WAR-A2; equipping from the
        hand). Setup is allowed 50 decisions and chance outcomes per player, and each turn, with a
        share of the battles' starts, ``100 + 20 * players``: random and rule-based playouts measure
        at most 120 between two turns of a 2-player game and 133 of a 6-player one, and about 6 a
        turn over a whole game. The defaults (2 players, 400 turns) give 56,100; playouts measure up
        to about 3,100.
        """
        turns = int(self.options.max_turns)
        if not turns:
            return None
        n = self.num_players
        return 50 * n + turns * (100 + 20 * n)

    def rule_based_agent(self, player: int, seed: int = 0) -> Agent:
        from elementa.games.warriors.agent import WarriorsAgent

        return WarriorsAgent(player, seed)

    def _make_observation_encoder(self) -> ObservationEncoder:
        from elementa.games.warriors.tensor import encoder

        return encoder(self)
