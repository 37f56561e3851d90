"""Speed of every registered game: random playouts and steps per second, clone() and legal_actions() cost.

A script, not a test::

    python benchmarks/bench.py                       # every registered game: about a minute in all
    python benchmarks/bench.py --game elementalis --seconds 20
    python benchmarks/bench.py --register tests.support.toy:ToyGame --game toy-dice

Per game, half of ``--seconds`` goes to timing random playouts (chance outcomes drawn with their
probabilities, decisions uniformly at random), the rest to sampling states along such playouts and
timing ``clone()`` and ``legal_actions()`` on them. Times are wall-clock means in microseconds.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import sys
import time
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table

from elementa.core import CHANCE, SIMULTANEOUS, Game, State, list_games, load_game, register_game
from elementa.core.runner import sample_outcome

MAX_STEPS = 100_000
"""A playout longer than this is abandoned (and reported) as a game that does not end."""
MAX_SAMPLES = 500
"""The most states kept for the clone/legal_actions timings."""


@dataclass
class Result:
    """One game's measurements (rates per second of wall-clock time, costs in microseconds)."""

    game: str
    playouts: int
    playouts_per_s: float
    steps_per_s: float
    mean_steps: float
    clone_us: float
    legal_us: float
    unfinished: int


def random_step(state: State, rng: random.Random) -> int:
    """Advance a state by one node at random (all movers of a simultaneous node); return the action count."""
    p = state.current_player()
    if p == CHANCE:
        state.apply_unchecked(sample_outcome(state.chance_outcomes(), rng), CHANCE)
        return 1
    movers = state.players_to_move() if p == SIMULTANEOUS else [p]
    for q in movers:
        state.apply_unchecked(rng.choice(state.legal_actions(q)), q)
    return len(movers)


def legal_actions_any(state: State) -> object:
    """Call ``legal_actions`` the way a search would at this node (a named player at simultaneous nodes)."""
    if state.current_player() == SIMULTANEOUS:
        return state.legal_actions(state.players_to_move()[0])
    return state.legal_actions()


def time_per_call(fn: object, states: list[State], budget: float) -> float:
    """Return the mean time of ``fn(state)`` over the sampled states, in microseconds, within ``budget`` s."""
    assert callable(fn)
    calls = 0
    start = time.perf_counter()
    deadline = start + budget
    while True:
        for s in states:
            fn(s)
        calls += len(states)
        now = time.perf_counter()
        if now >= deadline:
            return (now - start) / calls * 1e6


def sample_states(game: Game, rng: random.Random, budget: float) -> list[State]:
    """Return up to MAX_SAMPLES non-terminal states drawn uniformly from ``budget`` s of random playouts."""
    samples: list[State] = []
    seen = 0
    deadline = time.perf_counter() + budget
    while time.perf_counter() < deadline or not seen:
        state = game.new_initial_state(rng.randrange(2**31))
        n = 0
        while not state.is_terminal() and n < MAX_STEPS:
            seen += 1  # reservoir sampling
            if len(samples) < MAX_SAMPLES:
                samples.append(state.clone())
            elif (j := rng.randrange(seen)) < MAX_SAMPLES:
                samples[j] = state.clone()
            n += random_step(state, rng)
        if n >= MAX_STEPS:
            break
    return samples


def bench_game(game: Game, seconds: float, seed: int) -> Result:
    """Measure one game within about ``seconds`` of wall-clock time.

    15% of the budget samples states, 50% times playouts, 35% times ``clone`` and ``legal_actions``.
    """
    rng = random.Random(seed)
    samples = sample_states(game, rng, 0.15 * seconds)
    playouts = steps = unfinished = 0
    start = time.perf_counter()
    deadline = start + 0.5 * seconds
    while time.perf_counter() < deadline or playouts == 0:
        state = game.new_initial_state(rng.randrange(2**31))
        n = 0
        while not state.is_terminal() and n < MAX_STEPS:
            n += random_step(state, rng)
        unfinished += not state.is_terminal()
        playouts += 1
        steps += n
    elapsed = time.perf_counter() - start
    rest = 0.175 * seconds
    return Result(
        game=game.name,
        playouts=playouts,
        playouts_per_s=playouts / elapsed,
        steps_per_s=steps / elapsed,
        mean_steps=steps / playouts,
        clone_us=time_per_call(lambda s: s.clone(), samples, rest) if samples else 0.0,
        legal_us=time_per_call(legal_actions_any, samples, rest) if samples else 0.0,
        unfinished=unfinished,
    )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a table; return the exit status."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", action="append", help="benchmark only this game (repeatable)")
    parser.add_argument(
        "--seconds", type=float, help="time budget per game (default: one minute shared by the games)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the random playouts")
    parser.add_argument(
        "--register", action="append", default=[], metavar="MODULE:CLASS", help="register an extra Game class"
    )
    args = parser.parse_args(argv)
    sys.path.insert(0, os.getcwd())  # so that --register finds modules of the current checkout
    for target in args.register:
        module, _, cls = target.partition(":")
        register_game(getattr(importlib.import_module(module), cls))
    names = args.game or [g.info.name for g in list_games()]
    if not names:
        print("no games are registered", file=sys.stderr)
        return 1
    seconds = args.seconds if args.seconds is not None else max(1.0, 60.0 / len(names))
    table = Table(
        "game",
        "playouts",
        "playouts/s",
        "steps/s",
        "steps/game",
        "clone µs",
        "legal µs",
        title=f"Random playouts, default options, ~{seconds:.3g} s per game",
        caption="clone µs, legal µs: mean time of one clone() and one legal_actions() on sampled states",
    )
    failed = 0
    for name in names:
        try:
            r = bench_game(load_game(name), seconds, args.seed)
        except Exception as e:  # one broken game must not stop the others' measurements
            table.add_row(name, f"failed: {type(e).__name__}: {e}")
            failed += 1
            continue
        note = f" ({r.unfinished} cut at {MAX_STEPS} steps)" if r.unfinished else ""
        table.add_row(
            r.game,
            f"{r.playouts}{note}",
            f"{r.playouts_per_s:,.1f}",
            f"{r.steps_per_s:,.0f}",
            f"{r.mean_steps:,.1f}",
            f"{r.clone_us:,.1f}",
            f"{r.legal_us:,.1f}",
        )
    Console(width=max(100, Console().width)).print(table)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
