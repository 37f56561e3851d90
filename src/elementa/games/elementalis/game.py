"""ElementaliS: options, the action space and the Game class.

source: elementalis.txt (the whole rulebook); rulings in docs/rulings/elementalis.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from elementa.core import Action, ActionSpace, Game, GameInfo, Part, option
from elementa.core.tensor import ObservationEncoder
from elementa.games.elementalis.casting import MAX_DICE, NO_DIE, NO_FACE, NO_PLAYER
from elementa.games.elementalis.elements import ARCANA_NAMES, ELEMENT_NAMES, FACE_NAMES, NUM_ARCANA, NUM_FACES
from elementa.games.elementalis.spells import NUM_SPELLS, SPELLS
from elementa.games.elementalis.state import ElementalisState, claim_actions, draft_actions, fixed_actions

if TYPE_CHECKING:
    from elementa.core import Agent

MANA_RADIX = 50
"""A Mana choice's amounts of a colour are at most 49 (24 dice, two wild symbols per Ether)."""


@dataclass(frozen=True)
class ElementalisOptions:
    """The options of ElementaliS; each contested reading of the rulebook is one of them."""

    players: int = option(4, "number of mages", minimum=2, maximum=7)
    rounds: int = option(6, "rounds (the Round Marker is a d6: 6 in the rulebook)", minimum=1, maximum=6)
    standard_dice: int = option(
        5, "dice rolled besides the Sun die (ELS-A1: the worked examples need 5)", minimum=1, maximum=8
    )
    chance_bust_any_sun: bool = option(
        False, "a Sun on any die, not only the Sun die, busts a Chance Roll (ELS-A3)"
    )
    creationist_opposition: str = option(
        "mutual_pairs",
        "what reduces a Creationist's Minor: Fire/Water, Earth/Air pairs or the element beating it (ELS-A4)",
        choices=("mutual_pairs", "beater"),
    )
    creationist_ether_double: bool = option(
        True, "a Creationist's Ether gives Mana of choice and also boosts the Minor (ELS-A26)"
    )
    mana_supply_limit: bool = option(True, "the Flux holds a limited supply of each colour (ELS-A17)")
    mana_supply: int = option(20, "Mana counters of each colour in the Flux", minimum=5, maximum=40)
    guardian_sets: str = option(
        "every",
        "which sets of a kind a Guardian or Luminary scores: every one, or only the largest "
        "(ELS-B1, a balance proposal)",
        choices=("every", "best"),
    )
    luminary_wild: int = option(
        2, "wild symbols each Ether gives a Luminary (2 in the rulebook; ELS-B1)", minimum=1, maximum=2
    )
    first_seat_setup_mana: bool = option(
        False, "the youngest mage (seat 1, who starts each round) also takes the two set-up Mana (ELS-B2)"
    )


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class ElementalisGame(Game):
    """ElementaliS for 2-7 players: draft two Arcana, roll for Mana, cast spells out of turn.

    Returns: the mage(s) with the most Mana after the last round share 1.0, the others get 0.
    """

    info = GameInfo(
        name="elementalis",
        title="ElementaliS",
        min_players=2,
        max_players=7,
        summary="dice game of elemental mages: roll for Mana, push your luck, cast spells out of turn",
        chance=True,
        simultaneous=True,
        perfect_information=False,
    )
    options_class = ElementalisOptions
    action_format = 2
    """Format 2 chooses Mana colour by colour (kind ``mana``: element, amount); format 1 numbered every
    Mana vector (see :func:`make_action_space` and :meth:`upgrade_history`)."""
    evaluation_horizon = 15
    """Search rollouts are scored with ``State.evaluate`` after 15 decisions: about a round of two players."""
    action_texts: ClassVar[dict[str, str]] = {
        "major": "choose your Major element: click one of the elements",
        "minor": "choose your Minor element: click one of the elements",
        "chaos": "choose this round's Major element",
        "mana": "choose your starting Mana",
        "pass": "take no Flux Tap",
        "reroll_sun": "reroll the Sun die",
        "declare": "declare a spell",
        "cast": "cast a spell: click the spell, then its die",
        "insight": "cast Insight: click the spell and die",
        "break_link": "break a link",
        "target_mana": "choose the Mana to target",
        "react": "react with a spell",
        "roll": "take the Chance Roll",
        "bank": "stop and bank the Channel",
        "claim": "choose the dice to claim",
    }
    """What each decision asks, for the web table's instructions (:attr:`Game.action_texts`)."""

    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "four-dice": {"standard_dice": 4},
        "variant-readings": {
            "chance_bust_any_sun": True,
            "creationist_opposition": "beater",
            "creationist_ether_double": False,
            "mana_supply_limit": False,
        },
        "short": {"rounds": 2, "players": 7},
        "balance-b1": {"guardian_sets": "best", "luminary_wild": 1},
    }

    def __init__(self, options: ElementalisOptions) -> None:
        super().__init__(options)
        self.roll_outcomes: dict[int, tuple[tuple[Action, float], ...]] = {}
        """Chance outcomes of rolling each die (by die index), built once by the states."""
        self.cast_memo: dict[tuple[str, tuple[int, ...], int, int | None], Action] = {}
        """Cast actions by (kind, args, cost, face of the targeted die), built once (labels are costly)."""
        self.choice_memo: dict[tuple[str, int, int], Action] = {}
        """Mana choice steps by (purpose, colour, amount), built once (the label depends on those alone)."""
        self.fixed_actions = fixed_actions(self.action_space)
        """The choices of the decisions that never vary (see :func:`~.state.fixed_actions`)."""
        self.claim_actions = claim_actions(self.action_space)
        """Elemental Opposition's claims by element and dice (see :func:`~.state.claim_actions`)."""
        self.draft_actions = draft_actions(self.action_space)
        """The draft's Majors and Minors (see :func:`~.state.draft_actions`)."""

    def _make_action_space(self) -> ActionSpace:
        return make_action_space(self.action_format)

    def upgrade_history(self, fmt: int, history: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Return a history of action format ``fmt`` as ids of today's format (2).

        Format 1 (saves written before the colour-by-colour choice) chose a Mana vector in one
        action. The history is replayed: every action is decoded with the old action space
        (:func:`make_action_space`) and encoded again in today's, since every kind after ``mana``
        has new ids; each old Mana vector becomes its colour steps, Fire first, leaving out the
        colours the options force (as play does). A Flux Tap's pass stays a pass.

        Args:
            fmt: 1 or 2 (today's: the history is returned as it is).
            history: ``(player, action id)`` pairs, chance outcomes included, from a new state.

        Returns:
            the ``(player, action id)`` pairs of the same game in today's ids.

        Raises:
            ValueError: an unknown format, or an id the old action space does not know.
            IllegalActionError: an action that is not legal where it stands in the replay.
        """
        if fmt == self.action_format:
            return history
        if fmt != 1:
            raise ValueError(f"ElementaliS has no action format {fmt} (it knows 1 and 2)")
        old, new = make_action_space(1), self.action_space
        state = self.new_initial_state(0)  # chance outcomes are in the history: the seed plays no part
        state.record_events(False)
        out: list[tuple[int, int]] = []

        def play(player: int, action_id: int) -> None:
            state.apply_action(action_id, player)
            out.append((player, action_id))

        for player, action_id in history:
            kind, args = old.decode(action_id)
            if kind != "mana" or state.choice is None:  # not a Mana choice (or one refused below)
                play(player, new.encode(kind, *args))
                continue
            while (choice := state.choice) is not None:  # the colours still to choose
                c = len(choice.picked)
                last = len({v for v in choice.options if v[c] == args[c]}) <= 1
                play(player, new.encode("mana", c, args[c]))
                if last:
                    break
        return out

    def _new_position(self, data: Mapping[str, Any], seed: int | None) -> ElementalisState:
        """Set up a position (:mod:`elementa.games.elementalis.position` documents its JSON)."""
        from elementa.games.elementalis.position import new_position

        return new_position(self, data, seed)

    def new_initial_state(self, seed: int | None = None) -> ElementalisState:
        return ElementalisState(self, seed)

    def utility_sum(self) -> float:
        """The winners share 1 (ties split it evenly) and the others get 0: the returns sum to 1."""
        return 1.0

    def max_game_length(self) -> int:
        """Return a bound on the decisions and chance outcomes of a game (always bounded).

        The game is ``rounds`` rounds of one turn per mage (elementalis.txt, End of Turn / Round;
        Ending the Game), after a draft of a Major and a Minor per mage and the others' two Mana
        of choice, chosen colour by colour (at most three steps: Air is then forced): at most
        ``5 * players`` decisions. A turn has at most three rolls (Power,
        Chance, Cosmic; elementalis.txt, Structure of a Turn), a chance outcome per die, and each
        mage casts each spell at most once a turn, so a turn is finite, but its worst case (every
        spell, reaction and reroll at once) is far beyond play. It is allowed ``30 + 15 * players``:
        random and rule-based playouts measure at most 30 in a 2-player turn and 55 in a 7-player
        one (Mana chosen colour by colour; 29 and 53 when a vector was one decision). The defaults
        (4 mages, 6 rounds) give 2,180; playouts measure up to about 600.
        """
        n, rounds = self.num_players, int(self.options.rounds)
        return 5 * n + rounds * n * (30 + 15 * n)

    def rule_based_agent(self, player: int, seed: int = 0) -> Agent:
        from elementa.games.elementalis.agent import GreedyAgent

        return GreedyAgent(player, seed)

    def _make_observation_encoder(self) -> ObservationEncoder:
        from elementa.games.elementalis.tensor import encoder

        return encoder(self)


def make_action_space(fmt: int = 2) -> ActionSpace:
    """Return ElementaliS's action space in an action format (the same for every option).

    Args:
        fmt: 2 (today's): a Mana choice is one step per colour, kind ``mana`` with parts ``element``
            (Fire, Water, Earth, Air) and ``amount`` (0-49), 42,416 ids in all; 1: the format of saves
            written before, where kind ``mana`` numbered every Mana vector (parts ``fire``, ``water``,
            ``earth``, ``air``, 50 each: 6,292,216 ids in all). Kept to read those saves.

    Returns:
        the action space; every kind but ``mana`` is declared the same in both formats, in the same
        order (so their ids differ only by the size of ``mana``).

    Raises:
        ValueError: for another format.
    """
    if fmt not in (1, 2):
        raise ValueError(f"ElementaliS has no action format {fmt}")
    n = 8  # seats 0-6, 7 = none
    seat = Part("seat", n, none=NO_PLAYER)
    spell = Part("spell", NUM_SPELLS, values=tuple(s.name for s in SPELLS))
    die = Part("die", MAX_DICE + 1, none=NO_DIE)  # an index into the observation's dice: 0 is the Sun die
    to_face = Part("face", NUM_FACES + 1, none=NO_FACE, values=FACE_NAMES)
    cast = (spell, die, to_face, seat)
    if fmt == 1:
        mana = tuple(Part(name.lower(), MANA_RADIX, type="amount") for name in ELEMENT_NAMES)
    else:
        mana = (Part("element", 4, values=ELEMENT_NAMES), Part("amount", MANA_RADIX, type="amount"))
    return ActionSpace(
        [
            ("face", (Part("face", NUM_FACES, values=FACE_NAMES),)),
            ("major", (Part("arcana", NUM_ARCANA, values=ARCANA_NAMES),)),
            ("minor", (Part("arcana", NUM_ARCANA, values=ARCANA_NAMES),)),
            ("chaos", (Part("element", 4, values=ELEMENT_NAMES),)),
            ("mana", mana),
            ("pass", ()),
            ("reroll_sun", ()),
            ("declare", ()),
            ("cast", cast),
            ("insight", cast),
            (
                "break_link",
                (
                    Part("spell", 2, type="breaker", values=("Burn", "Fortitude")),
                    Part("owner", n, type="seat"),
                    Part("linked", n, type="seat"),
                ),
            ),
            ("target_mana", (Part("seat", n), Part("element", 4, values=ELEMENT_NAMES))),
            ("react", (Part("spell", 2, type="answer", values=("Counter Spell", "Fortitude")),)),
            ("roll", ()),
            ("bank", ()),
            ("claim", (Part("dice", MAX_DICE + 1, type="amount"),)),
        ]
    )
