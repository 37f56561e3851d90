"""The Elemenders game: its options, presets and the factory of initial states."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from elementa.core import ActionSpace, Agent, ConfigError, Game, GameInfo, option
from elementa.core.tensor import ObservationEncoder
from elementa.games.elemenders.actions import ActionMaker, make_action_space
from elementa.games.elemenders.board import board
from elementa.games.elemenders.movement import attack_reach
from elementa.games.elemenders.state import ElemendersState


@dataclass(frozen=True)
class ElemendersOptions:
    """The options of Elemenders; each contested reading of the rulebook is one (docs/rulings)."""

    players: int = option(2, "number of players", choices=(2,))
    board_rows: int = option(
        10,
        "rows of the board, 10 (Setup) or 12 (the '12x11' of Movement); ruling ELM-1; 3: a miniature, ELM-22",
        choices=(3, 10, 12),
    )
    board_cols: int = option(
        11,
        "columns of the board: 11 (Setup), or 3 for a miniature with two monoliths a side (ELM-22)",
        choices=(3, 11),
    )
    units: str = option(
        "2,2,2", "starting units of each player: fire,water,plant (Setup: two of each; ELM-22)"
    )
    spawning: bool = option(
        True, "a coin after every round may spawn a unit for each player (Spawning; ELM-22)"
    )
    adjacency: int = option(
        4, "squares a unit can attack: 4 orthogonal neighbours, or 8 with diagonals; ELM-4", choices=(4, 8)
    )
    straight_line_moves: bool = option(False, "a unit's steps and slides must keep one direction; ELM-5")
    pass_friendly_monolith: bool = option(True, "units may pass through their own monoliths; ELM-13")
    first_turn: str = option(
        "first_placer",
        "who takes the first turn: the player who placed first, or the other; ELM-3",
        choices=("first_placer", "second_placer"),
    )
    max_turns: int = option(
        200, "turns (both players') before the game is a draw, 0 for none; ELM-15", minimum=0
    )


def starting_units(text: str, room: int) -> tuple[int, int, int]:
    """Return the starting units of each element, fire, water, plant, from the option ``units``
    (``"2,2,2"``: the rulebook's two of each, source: elemenders.txt, Setup; ruling ELM-22).

    Args:
        text: three counts, comma-separated.
        room: the squares of a home row left free by the monoliths.

    Raises:
        ConfigError: not three whole numbers of 0 or more, none at all, or more than the home row holds
            (naming the option ``units``).
    """
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise ConfigError(
            f"elemenders: option units={text!r} is not three counts fire,water,plant (for example 2,2,2)",
            option="units",
        )
    fire, water, plant = (int(p) for p in parts)
    if not 1 <= fire + water + plant <= room:
        raise ConfigError(
            f"elemenders: option units={text!r}: a player starts with 1 to {room} units on this board "
            f"(its home row's free squares)",
            option="units",
        )
    return fire, water, plant


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class ElemendersGame(Game):
    """Elemenders by Nick Robison: terraform the board with fire, water and plant units and destroy the
    opponent's true monolith (source: elemenders.txt)."""

    info = GameInfo(
        "elemenders",
        "Elemenders",
        2,
        2,
        "Move, fight and terraform with fire, water and plant units; destroy the hidden true monolith.",
        chance=True,
        simultaneous=False,
        perfect_information=False,
    )
    options_class = ElemendersOptions
    evaluation_horizon = 40
    """Search rollouts are scored with ``State.evaluate`` after 40 decisions: a round, both players'
    turns (a turn takes 12 to 18 decisions: a unit's activation, move, attack and terraforming). At
    20 the rollout ended before the opponent's answer, so an exposed attack looked free: the easy
    level with 40 beat the easy level with 20 in all 16 games (seed 61)."""
    evaluation_cut = "turn"
    """Rollouts are scored at the searcher's next turn, after the opponent's answer. Counted in
    decisions, a line that ends the turn at once reached the searcher's own next attacks before the
    cut while a line of moves stopped at the opponent's: in the first 300 decisions of `medium`
    against itself (seed 5), 195 were ended turns and none an attack (such games drew at the turn
    limit); cut by turn, 35 were ended turns and 29 attacks."""
    action_texts: ClassVar[dict[str, str]] = {
        "mark": "mark your true monolith: click one of your monoliths",
        "place": "place a unit: choose its element, then click a square of your home row",
        "select": "choose the unit to act: click one of your units",
        "move": "move the unit: click a square it can reach",
        "attack": "attack: click the enemy to hit",
        "terraform": "terraform: choose the shape of the new terrain",
        "hold": "let the unit do nothing",
        "end_turn": "end your turn",
    }
    """What each decision asks, for the web table's instructions (:attr:`Game.action_texts`)."""

    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "board-12x11": {"board_rows": 12},
        "other-readings": {
            "adjacency": 8,
            "straight_line_moves": True,
            "pass_friendly_monolith": False,
            "first_turn": "second_placer",
        },
        "quick": {"max_turns": 40},
        "tiny": {"board_rows": 3, "board_cols": 3, "units": "1,0,0", "spawning": False, "max_turns": 4},
    }
    """The 12-row board; every other contested reading at once (rulings ELM-3, 4, 5, 13); short games;
    ``tiny``, a miniature small enough for CFR to solve (ruling ELM-22: a 3x3 board, two monoliths and
    one fire unit a side, no spawning, four turns: 99,191 nodes)."""

    def __init__(self, options: ElemendersOptions) -> None:
        self.board = board(options.board_rows, options.board_cols)
        """The board's geometry (options ``board_rows``, ``board_cols``)."""
        self.starting_units = starting_units(options.units, self.board.cols - len(self.board.monolith_cols))
        """Each player's starting units of each element, fire, water, plant (option ``units``)."""
        super().__init__(options)
        self.actions = ActionMaker(self.action_space, self.board)
        """Makes (and reuses) the labelled actions of this game."""
        self.reach = attack_reach(self.board, options.adjacency)
        """The squares a unit can attack from each square (``movement.attack_reach``)."""

    def _make_action_space(self) -> ActionSpace:
        return make_action_space(self.options.board_rows, self.options.board_cols)

    def new_initial_state(self, seed: int | None = None) -> ElemendersState:
        return ElemendersState(self, seed)

    def _new_position(self, data: Mapping[str, Any], seed: int | None) -> ElemendersState:
        """Set up a position (:mod:`elementa.games.elemenders.position` documents its JSON)."""
        from elementa.games.elemenders.position import new_position

        return new_position(self, data, seed)

    def utility_sum(self) -> float:
        """The returns are 1 for the winner and 0 for the loser, or 0.5 each for a draw: they sum to 1."""
        return 1.0

    def max_game_length(self) -> int | None:
        """Return a proven bound on the decisions and chance outcomes of a game; ``None`` without a
        turn limit (``max_turns`` 0).

        The game ends after ``max_turns`` turns (ruling ELM-15). Setup takes 15: two monolith marks,
        the coin for the first placer and twelve placements (elemenders.txt, Setup). A turn takes at
        most three per unit (select; move; attack, terraform or hold) and one end of turn
        (elemenders.txt, Actions). Each player starts with six units and gains at most one per spawn
        flip, which comes after each round of two turns (elemenders.txt, Spawning), so the mover of
        turn ``k`` (from 0) has at most ``6 + k // 2`` units, and never more than the board's squares
        less the ten monoliths; each flip is one chance outcome and at most two placements. The
        default 200 turns give 33,725; random playouts measure up to about 3,400.
        """
        turns = int(self.options.max_turns)
        if not turns:
            return None
        squares = self.board.size - 2 * len(self.board.monolith_cols)
        units = sum(self.starting_units)
        spawns = 1 if self.options.spawning else 0
        play = sum(3 * min(units + spawns * (k // 2), squares) + 1 for k in range(turns))
        return 2 + 1 + 2 * units + play + 3 * spawns * (turns // 2)

    def rule_based_agent(self, player: int, seed: int = 0) -> Agent:
        """Return the greedy agent: it advances on the enemy monoliths, attacks and terraforms to its
        advantage (see ``elementa.games.elemenders.agent``)."""
        from elementa.games.elemenders.agent import GreedyAgent

        return GreedyAgent(player, seed)

    def _make_observation_encoder(self) -> ObservationEncoder:
        from elementa.games.elemenders.tensor import encoder

        return encoder(self)
