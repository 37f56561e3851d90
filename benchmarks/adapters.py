"""Steps per second of random play through each research adapter, against the native game API.

A script, not a test::

    python benchmarks/adapters.py                     # every game, 3 seconds per row: about a minute
    python benchmarks/adapters.py --game elemenders --seconds 10

Per game (with the short options the adapter tests use), random games are played for ``--seconds``
(CPU time) through each interface and the steps (actions applied, chance outcomes included) counted:

- ``native``: ``State.legal_actions`` / ``apply_action``, chance drawn with ``sample_outcome``;
  no observations (the floor every adapter adds to);
- ``native+tensor``: the same, plus the seat to move's observation tensor each decision (what
  a learning agent needs);
- ``openspiel``: a ``pyspiel`` state (``legal_actions``, ``apply_action`` / ``apply_actions``,
  ``chance_outcomes``) plus ``observation_tensor`` of each seat to move each decision (in the
  joint view of the games with simultaneous moves every decision is a joint action, where the seats
  not to move play the no-op);
- ``pettingzoo-aec``: ``env.last()`` (tensor and action mask) and ``env.step``, the action drawn
  from the mask; ``pettingzoo-par``: the Parallel environment, for games with simultaneous moves.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np
from rich.console import Console
from rich.table import Table

from elementa.core import CHANCE, list_games, load_game, sample_outcome

SHORT = {
    "elemenders": {"max_turns": 30},
    "elemental-card-dice": {"start_health": 20, "turn_limit": 40},
    "elemental-warriors-ii": {"max_rounds": 6},
    "elementalis": {"players": 2, "rounds": 1},
    "warriors": {"max_turns": 40},
}
"""The options each game runs with (the adapter tests' short settings)."""


def timed(play_one: Callable[[int], int], seconds: float) -> float:
    """Play games with seeds 0, 1, ... for about ``seconds`` of this process's CPU time; return steps
    per CPU second (CPU time, not wall-clock time, so that other programs on a shared machine
    disturb the figures less)."""
    start, steps, seed = time.process_time(), 0, 0
    while time.process_time() - start < seconds:
        steps += play_one(seed)
        seed += 1
    return steps / (time.process_time() - start)


def native(name: str, options: dict, tensor: bool) -> Callable[[int], int]:
    game = load_game(name, **options)

    def play_one(seed: int) -> int:
        rng, state, steps = random.Random(seed), game.new_initial_state(seed), 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_outcome(state.chance_outcomes(), rng), CHANCE)
            else:
                p = state.players_to_move()[0]
                if tensor:
                    state.observation_tensor(p)
                state.apply_action(rng.choice(state.legal_actions(p)), p)
            steps += 1
        return steps

    return play_one


def openspiel(name: str, options: dict) -> Callable[[int], int]:
    from elementa.adapters import openspiel as eos

    game = eos.load(name, **options)
    noop = [game.noop] if game.noop is not None else None  # a seat not to move, in the joint view

    def play_one(seed: int) -> int:
        rng, state, steps = np.random.default_rng(seed), game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
            elif state.is_simultaneous_node():
                joint = []
                for p in range(game.num_players()):
                    legal = state.legal_actions(p)
                    if legal and legal != noop:
                        state.observation_tensor(p)
                    joint.append(int(rng.choice(legal)) if legal else 0)
                state.apply_actions(joint)
            else:
                state.observation_tensor(state.current_player())
                state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
        return steps

    return play_one


def pettingzoo_aec(name: str, options: dict) -> Callable[[int], int]:
    from elementa.adapters import pettingzoo as ez

    env = ez.env(name, **options)

    def play_one(seed: int) -> int:
        env.reset(seed=seed)
        rng, before = np.random.default_rng(seed), len(env.table.history())
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        return len(env.table.history()) - before

    return play_one


def pettingzoo_parallel(name: str, options: dict) -> Callable[[int], int]:
    from elementa.adapters import pettingzoo as ez

    env = ez.parallel_env(name, **options)

    def play_one(seed: int) -> int:
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while env.agents:
            actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()
                       if o["action_mask"].any()}  # fmt: skip
            obs, *_ = env.step(actions)
        return len(env.table.history())

    return play_one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game to time (repeatable; default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per interface and game")
    args = parser.parse_args()
    names = args.game or [g.info.name for g in list_games()]
    table = Table(title="steps per CPU second (random play, short options)")
    for column in ("game", "native", "native+tensor", "openspiel", "pettingzoo-aec", "pettingzoo-par"):
        table.add_column(column, justify="right" if column != "game" else "left")
    for name in names:
        options = SHORT.get(name, {})
        simultaneous = load_game(name, **options).info.simultaneous
        rows = [
            timed(native(name, options, False), args.seconds),
            timed(native(name, options, True), args.seconds),
            timed(openspiel(name, options), args.seconds),
            timed(pettingzoo_aec(name, options), args.seconds),
        ]
        par = f"{timed(pettingzoo_parallel(name, options), args.seconds):,.0f}" if simultaneous else "-"
        table.add_row(name, *(f"{r:,.0f}" for r in rows), par)
    Console(width=110).print(table)


if __name__ == "__main__":
    main()
