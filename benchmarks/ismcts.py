"""ISMCTS speed per game: iterations per second and the decision time of each level (median, 95th percentile).

A script, not a test::

    python benchmarks/ismcts.py                                  # every game, every level
    python benchmarks/ismcts.py --game elementalis --level medium --seconds 120
    python benchmarks/ismcts.py --game warriors --level medium:horizon=none  # full rollouts
    python benchmarks/ismcts.py --register tests.support.toy:ToyGame --game toy-dice
    python benchmarks/ismcts.py --level medium --fixed 12 --iterations 300 --rounds 3


Per game and level, games are played with the level's agent in seat 1 and the game's rule-based
agent (random when it has none) in the other seats, until ``--seconds`` of wall-clock time have gone
(at least one decision, and the game under way is finished). Every decision of seat 1 with more than
one legal action is timed (forced moves answer at once and are left out). Iterations per second are
the iterations of all timed decisions over their summed time; "it/CPU s" divides them by this
process's CPU time in those decisions instead, the figure to compare on a machine whose cores other
work shares. The default level is meant to answer
within about one second per decision on a 2-core machine.

``--fixed N`` measures instead N fixed decisions of seat 1, taken from seeded games between the
game's rule-based agents, each searched for ``--iterations`` iterations with no time cap: every run
does the same searches, so its iterations per CPU second compare between runs and between versions
of the code, where a time cap would make each run play its own game. It keeps each game's best of
``--rounds`` and prints a fingerprint of the searches (each decision's chosen action and root
statistics): two versions of the code with equal fingerprints searched alike, so their speeds
compare like for like. Only calls older versions also have are used, so the script can time an
older checkout: ``PYTHONPATH=<checkout>/src python benchmarks/ismcts.py --fixed 12 ...``.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import random
import sys
import time
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table

import elementa.agents.ismcts as search_module
from elementa.agents import DEFAULT_LEVEL, LEVELS, IsmctsAgent, make_agent
from elementa.core import (
    CHANCE,
    SIMULTANEOUS,
    Agent,
    ConfigError,
    Game,
    State,
    list_games,
    load_game,
    register_games_from,
)
from elementa.core.runner import resolve_chance


@dataclass
class Result:
    """One game and level: decisions timed, iterations per second, decision times in seconds."""

    game: str
    level: str
    games: int
    decisions: int
    capped: int
    iterations_per_s: float
    iterations_per_cpu_s: float
    median_s: float
    p95_s: float
    max_s: float


def percentile(values: list[float], q: float) -> float:
    """Return the ``q`` quantile (0..1) of the values by the nearest-rank method."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def opponents(game: Game, seed: int) -> list[Agent]:
    """Return the agents of seats 2..N: the game's rule-based agent, else random."""
    spec = "random" if game.rule_based_agent(0, 0) is None else "greedy"
    return [make_agent(spec, game, p, seed + p) for p in range(1, game.num_players)]


def bench(game: Game, level: str, seconds: float, seed: int) -> Result:
    """Play timed games of one level in seat 1 for about ``seconds`` and measure its decisions."""
    times: list[float] = []
    cpu = 0.0  # this process's CPU seconds in timed decisions (the search runs in this process)
    iterations = capped = 0
    games = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or not times:
        agent = make_agent(level, game, 0, seed + games)
        assert isinstance(agent, IsmctsAgent)
        agents = [agent, *opponents(game, seed + games)]
        state = game.new_initial_state(seed + games)
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                resolve_chance(state)
                continue
            for q in state.players_to_move() if p == SIMULTANEOUS else [p]:
                cpu0 = time.process_time()
                action = agents[q].step(state)
                if q == 0 and agent.last is not None and agent.last.iterations:
                    cpu += time.process_time() - cpu0
                    times.append(agent.last.seconds)
                    iterations += agent.last.iterations
                    stopped = getattr(agent.last, "settled", False)  # early on purpose (issue 41)
                    capped += agent.last.iterations < (agent.iterations or 0) and not stopped
                state.apply_action(action, q)
        games += 1
    return Result(
        game=game.name,
        level=level,
        games=games,
        decisions=len(times),
        capped=capped,
        iterations_per_s=iterations / sum(times),
        iterations_per_cpu_s=iterations / cpu if cpu else 0.0,
        median_s=percentile(times, 0.5),
        p95_s=percentile(times, 0.95),
        max_s=max(times),
    )


def fixed_decisions(game: Game, count: int, seed: int) -> list[State]:
    """Return ``count`` states where seat 1 decides between two or more actions (or as many as 40
    seeded games give), about one decision in twenty of games between the rule-based agents."""
    rng = random.Random(seed)
    states: list[State] = []
    for k in range(40):
        agents = [make_agent("greedy", game, 0, seed + k), *opponents(game, seed + k)]
        state = game.new_initial_state(seed + k)
        while not state.is_terminal() and len(states) < count:
            p = state.current_player()
            if p == CHANCE:
                resolve_chance(state)
                continue
            movers = state.players_to_move() if p == SIMULTANEOUS else [p]
            if 1 in movers and len(state.legal_actions(1)) > 1 and rng.random() < 0.05:
                states.append(state.clone())
            picks = [(q, agents[q].step(state)) for q in movers]  # all sealed before any is applied
            for q, action in picks:
                if p != SIMULTANEOUS or q in state.players_to_move():
                    state.apply_action(action, q)
        if len(states) >= count:
            break
    return states


def bench_fixed(game: Game, level: str, states: list[State], iterations: int) -> tuple[float, str]:
    """Search each state for seat 1 with ``iterations`` iterations of ``level`` and no time cap.

    Returns:
        (iterations per CPU second of this process, a fingerprint of every decision's chosen action
        and root statistics).
    """
    digest = hashlib.sha256()
    cpu = 0.0
    for i, state in enumerate(states):
        # every search runs the whole budget (settle, issue 41, is not a parameter in older code)
        whole = ":settle=none" if "settle" in getattr(search_module, "LEVEL_PARAMS", {}) else ""
        agent = make_agent(f"{level}:seconds=none:iterations={iterations}{whole}", game, 1, seed=i)
        assert isinstance(agent, IsmctsAgent)
        cpu0 = time.process_time()
        action = agent.step(state)
        cpu += time.process_time() - cpu0
        digest.update(repr((action.id, sorted(agent.root_statistics(state).items()))).encode())
    return len(states) * iterations / cpu, digest.hexdigest()[:16]


def main_fixed(names: list[str], levels: list[str], args: argparse.Namespace) -> int:
    """Run the ``--fixed`` measurement and print its table; return the exit status."""
    table = Table(
        "game",
        "level",
        "decisions",
        "iterations each",
        "it/CPU s (best)",
        "it/CPU s (each round)",
        "fingerprint",
        title=f"ISMCTS on {args.fixed} fixed decisions of seat 1, best of {args.rounds} rounds",
    )
    for name in names:
        game = load_game(name, **({} if args.players is None else {"players": args.players}))
        states = fixed_decisions(game, args.fixed, args.seed)
        for level in levels:
            runs = [bench_fixed(game, level, states, args.iterations) for _ in range(args.rounds)]
            speeds = [speed for speed, _ in runs]
            table.add_row(
                name,
                level,
                str(len(states)),
                str(args.iterations),
                f"{max(speeds):,.0f}",
                ", ".join(f"{v:,.0f}" for v in speeds),
                runs[0][1],
            )
    Console(width=max(130, Console().width)).print(table)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a table; return the exit status."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", action="append", help="benchmark only this game (repeatable)")
    parser.add_argument(
        "--level",
        action="append",
        help="only this level, or a level spec such as hard:horizon=none (repeatable; default: all levels)",
    )
    parser.add_argument("--players", type=int, help="number of players (default: each game's default)")
    parser.add_argument("--seconds", type=float, default=60.0, help="time per game and level (default 60)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the games and agents")
    parser.add_argument(
        "--register", action="append", default=[], metavar="MODULE:CLASS", help="register an extra Game class"
    )
    parser.add_argument(
        "--fixed", type=int, metavar="N", help="time N fixed decisions instead of whole games (see above)"
    )
    parser.add_argument("--iterations", type=int, default=300, help="iterations per fixed decision")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the fixed decisions (the best kept)")
    args = parser.parse_args(argv)
    try:
        register_games_from(args.register)
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    names = args.game or [g.info.name for g in list_games()]
    levels = args.level or [lv.name for lv in LEVELS]
    if args.fixed:
        return main_fixed(names, levels, args)
    table = Table(
        "game",
        "level",
        "games",
        "decisions",
        "capped",
        "iterations/s",
        "it/CPU s",
        "median s",
        "p95 s",
        "max s",
        title=f"ISMCTS decisions, seat 1 against the rule-based agent, ~{args.seconds:g} s per row",
        caption=f"the default level is {DEFAULT_LEVEL}; forced moves are not timed; "
        "capped: decisions stopped by the level's time cap before its iterations",
    )
    failed = 0
    for name in names:
        for level in levels:
            try:
                options = {} if args.players is None else {"players": args.players}
                r = bench(load_game(name, **options), level, args.seconds, args.seed)
            except Exception as e:  # one broken game must not stop the others' measurements
                table.add_row(name, level, f"failed: {type(e).__name__}: {e}")
                failed += 1
                continue
            table.add_row(
                r.game,
                r.level,
                str(r.games),
                str(r.decisions),
                str(r.capped),
                f"{r.iterations_per_s:,.0f}",
                f"{r.iterations_per_cpu_s:,.0f}",
                f"{r.median_s:.3f}",
                f"{r.p95_s:.3f}",
                f"{r.max_s:.3f}",
            )
    Console(width=max(100, Console().width)).print(table)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
