"""Speed of every registered game: random playouts per second and the cost of the calls search makes.

A script, not a test::

    python benchmarks/bench.py                       # every registered game: about a minute in all
    python benchmarks/bench.py --game elementalis --seconds 20
    python benchmarks/bench.py --register tests.support.toy:ToyGame --game toy-dice

Per game, half of ``--seconds`` goes to timing random playouts (chance outcomes drawn with their
probabilities, decisions uniformly at random), the rest to sampling states along such playouts and
timing, on them, the calls an ISMCTS iteration makes: ``clone()``, ``legal_actions()``,
``apply_unchecked()`` of the first legal action (the time of a clone subtracted),
``resample_from_infostate()``, ``observation()`` and ``information_state_key()`` (what the search
keys its nodes by) for the seat to move, and one ``step`` of the
game's rule-based agent (its rollout policy). Times are means of this process's CPU time
(``time.process_time``) in microseconds, so that other work on shared cores does not count.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table

from elementa.core import (
    CHANCE,
    SIMULTANEOUS,
    ConfigError,
    Game,
    State,
    list_games,
    load_game,
    register_games_from,
    sample_outcome,
)

MAX_STEPS = 100_000
"""A playout longer than this is abandoned (and reported) as a game that does not end."""
MAX_SAMPLES = 500
"""The most states kept for the clone/legal_actions timings."""


@dataclass
class Result:
    """One game's measurements (rates per CPU second of this process, costs in CPU microseconds)."""

    game: str
    playouts: int
    playouts_per_s: float
    steps_per_s: float
    mean_steps: float
    clone_us: float
    legal_us: float
    apply_us: float
    resample_us: float
    observe_us: float
    key_us: float
    rule_us: float | None
    unfinished: int


def random_step(state: State, rng: random.Random) -> int:
    """Advance a state by one node at random (all movers of a simultaneous node); return the action count."""
    p = state.current_player()
    if p >= 0:  # one seat to move: most steps
        state.apply_unchecked(rng.choice(state.legal_actions(p)), p)
        return 1
    if p == CHANCE:
        draw = getattr(state, "sample_chance_outcome", None)  # None in checkouts older than this call
        state.apply_unchecked(draw(rng) if draw else sample_outcome(state.chance_outcomes(), rng), CHANCE)
        return 1
    movers = state.players_to_move()  # a simultaneous node: every seat in turn
    for q in movers:
        state.apply_unchecked(rng.choice(state.legal_actions(q)), q)
    return len(movers)


def legal_actions_any(state: State) -> object:
    """Call ``legal_actions`` the way a search would at this node (a named player at simultaneous nodes)."""
    if state.current_player() == SIMULTANEOUS:
        return state.legal_actions(state.players_to_move()[0])
    return state.legal_actions()


def mover(state: State) -> int:
    """Return the seat that acts next (the first mover at a simultaneous node; 0 at chance nodes)."""
    return max(
        0, state.players_to_move()[0] if state.current_player() == SIMULTANEOUS else state.current_player()
    )


def apply_first(state: State) -> None:
    """Apply the first legal action (a chance outcome at chance nodes) to a clone of ``state``."""
    copy = state.clone()
    p = state.current_player()
    if p == CHANCE:
        copy.apply_unchecked(copy.chance_outcomes()[0][0], CHANCE)
    else:
        q = mover(state)
        copy.apply_unchecked(copy.legal_actions(q)[0], q)


def time_per_call(fn: object, states: list[State], budget: float) -> float:
    """Return the mean time of ``fn(state)`` over the sampled states, in microseconds, within ``budget`` s."""
    assert callable(fn)
    calls = 0
    start = time.process_time()
    deadline = start + budget
    while True:
        for s in states:
            fn(s)
        calls += len(states)
        now = time.process_time()
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
    """Measure one game within about ``seconds`` of this process's CPU time.

    15% of the budget samples states, 50% times playouts, 35% times ``clone`` and ``legal_actions``.
    """
    rng = random.Random(seed)
    samples = sample_states(game, rng, 0.15 * seconds)
    playouts = steps = unfinished = 0
    start = time.process_time()
    deadline = start + 0.5 * seconds
    while time.process_time() < deadline or playouts == 0:
        state = game.new_initial_state(rng.randrange(2**31))
        n = 0
        while not state.is_terminal() and n < MAX_STEPS:
            n += random_step(state, rng)
        unfinished += not state.is_terminal()
        playouts += 1
        steps += n
    elapsed = time.process_time() - start
    rest = 0.35 * seconds / 7
    decisions = [st for st in samples if st.current_player() != CHANCE]
    rules = [game.rule_based_agent(p, seed) for p in range(game.num_players)]
    draw = random.Random(seed)

    def timed(fn: object, states: list[State]) -> float:
        return time_per_call(fn, states, rest) if states else 0.0

    clone_us = timed(lambda st: st.clone(), samples)
    return Result(
        game=game.name,
        playouts=playouts,
        playouts_per_s=playouts / elapsed,
        steps_per_s=steps / elapsed,
        mean_steps=steps / playouts,
        clone_us=clone_us,
        legal_us=timed(legal_actions_any, samples),
        apply_us=max(0.0, timed(apply_first, samples) - clone_us),
        resample_us=timed(lambda st: st.resample_from_infostate(mover(st), draw), samples),
        observe_us=timed(lambda st: st.observation(mover(st)), samples),
        key_us=timed(lambda st: st.information_state_key(mover(st)), samples),
        rule_us=None
        if any(a is None for a in rules)
        else timed(lambda st: rules[mover(st)].step(st), decisions),  # type: ignore[union-attr]
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
    try:
        register_games_from(args.register)
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
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
        "apply µs",
        "resample µs",
        "observe µs",
        "key µs",
        "rule agent µs",
        title=f"Random playouts, default options, ~{seconds:.3g} s per game",
        caption="µs: mean time of one call on states sampled from random playouts (see --help)",
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
            f"{r.apply_us:,.1f}",
            f"{r.resample_us:,.1f}",
            f"{r.observe_us:,.1f}",
            f"{r.key_us:,.1f}",
            "-" if r.rule_us is None else f"{r.rule_us:,.1f}",
        )
    Console(width=max(150, Console().width)).print(table)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
