"""A tiny game that exercises every node type of the protocol, for testing the core and the tools.

Hidden Dice: each player is dealt a secret die (chance), then all bid 0-2 at once (simultaneous,
sealed until everyone has bid), then in seat order each may keep or reroll their die once. Highest
die plus bid wins; ties share.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from elementa.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    ActionSpace,
    Changed,
    Game,
    GameInfo,
    Noted,
    Part,
    Place,
    State,
    option,
)
from elementa.core.tensor import ObservationEncoder, TensorField, scaled


@dataclass(frozen=True)
class ToyOptions:
    players: int = option(2, "number of players", minimum=2, maximum=4)
    sides: int = option(6, "sides of each die", choices=(4, 6))


class ToyState(State):
    game: ToyGame

    def __init__(self, game: ToyGame, seed: int | None) -> None:
        super().__init__(game, seed)
        n = game.num_players
        self.dice: list[int | None] = [None] * n
        self.bids: list[int | None] = [None] * n
        self.turn = 0  # seat deciding keep/reroll, n when done
        self.rerolling: int | None = None

    def current_player(self) -> int:
        n = self.game.num_players
        if None in self.dice or self.rerolling is not None:
            return CHANCE
        if None in self.bids:
            return SIMULTANEOUS
        return self.turn if self.turn < n else TERMINAL

    def players_to_move(self) -> list[int]:
        if self.current_player() == SIMULTANEOUS:
            return [p for p, b in enumerate(self.bids) if b is None]
        return super().players_to_move()

    def _legal_actions(self, player: int) -> list[Action]:
        sp = self.game.action_space
        if self.current_player() == SIMULTANEOUS:
            return [sp.make("bid", b, label=f"bid {b}") for b in range(3)]
        return [sp.make("keep", label="keep"), sp.make("reroll", label="reroll")]

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        k = self.game.options.sides
        sp = self.game.action_space
        return [(sp.make("face", f, label=f"roll {f + 1}"), 1 / k) for f in range(k)]

    def _apply(self, action: Action, player: int) -> None:
        if action.kind == "face":
            target = self.rerolling if self.rerolling is not None else self.dice.index(None)
            self.dice[target] = action.args[0] + 1
            self.rerolling = None
            self.emit(Changed("die", Place("dice", target), str(action.args[0] + 1)), (target,))
            self.emit(Noted(f"player {target + 1} rolls a die"))
        elif action.kind == "bid":
            self.bids[player] = action.args[0]
        elif action.kind == "keep":
            self.turn += 1
        else:
            self.rerolling = player
            self.turn += 1

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.game.num_players
        scores = [int(d or 0) + int(b or 0) for d, b in zip(self.dice, self.bids, strict=True)]
        best = max(scores)
        winners = [p for p, s in enumerate(scores) if s == best]
        return [1 / len(winners) if p in winners else 0.0 for p in range(len(scores))]

    def observation(self, player: int | None) -> dict[str, Any]:
        sealed = None in self.bids
        return {
            "dice": [d if (p == player or self.is_terminal()) else None for p, d in enumerate(self.dice)],
            "bids": [b if (p == player or not sealed) else (b is not None) for p, b in enumerate(self.bids)],
            "turn": self.turn,
        }

    def resample_from_infostate(self, player: int, rng: random.Random) -> ToyState:
        s = self.clone()
        assert isinstance(s, ToyState)
        for p in range(self.game.num_players):
            if p != player and s.dice[p] is not None and not self.is_terminal():
                s.dice[p] = rng.randint(1, self.game.options.sides)
            if p != player and None in self.bids and s.bids[p] is not None:
                s.bids[p] = rng.randrange(3)
        return s

    def __str__(self) -> str:
        return f"dice={self.dice} bids={self.bids} turn={self.turn}"


class ToyGame(Game):
    info = GameInfo("toy-dice", "Hidden Dice (test game)", 2, 4, "a test game", simultaneous=True)
    options_class = ToyOptions

    def _make_action_space(self) -> ActionSpace:
        return ActionSpace(
            [("face", (Part("face", 6),)), ("bid", (Part("amount", 3),)), ("keep", ()), ("reroll", ())]
        )

    def new_initial_state(self, seed: int | None = None) -> ToyState:
        return ToyState(self, seed)

    def _make_observation_encoder(self) -> ObservationEncoder:
        n, k = self.num_players, self.options.sides
        return ObservationEncoder(
            [
                TensorField("dice", n, "die / sides", lambda o, v: [scaled(d, k) for d in o["dice"]]),
                TensorField("bids", n, "bid / 2 (0 sealed)", lambda o, v: [scaled(b, 2) for b in o["bids"]]),
                TensorField("turn", 1, "turn / players", lambda o, v: [scaled(o["turn"], n)]),
            ]
        )
