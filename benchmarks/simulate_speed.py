"""Games per second of ``elementa simulate`` (random players, or another agent) with one and two workers.

A script, not a test::

    python benchmarks/simulate_speed.py                     # every game, 1000 games per run
    python benchmarks/simulate_speed.py --game warriors -n 10000 --workers 1,2
    python benchmarks/simulate_speed.py --game warriors --rounds 3   # runs 1,2,1,2,1,2; best of each
    python benchmarks/simulate_speed.py --agent easy:seconds=none -n 4 --workers 1  # CPU s a search game

Each run plays games ``0..n-1`` of a seeded random-player matchup through the simulator's own loop
(:func:`elementa.sim.runner.iter_games`, what ``elementa simulate`` calls). For each worker count it
prints the wall-clock seconds, the CPU seconds of this process (the parent: the pool, collecting
results) and of its worker processes (``resource.getrusage``: on a machine whose cores other work
shares, wall-clock time alone undercounts what the workers did), the projected wall-clock time of
10,000 games, and against the first count: the speed-up by wall clock, the CPU time per game (above
1: the extra processes cost work), and the speed-up the workers would give with a core each to
themselves (workers times the first count's CPU time over this count's, an estimate for a machine
whose cores are busy). With ``--rounds``, the counts take turns (so a machine whose load changes
slows them alike) and each keeps its least wall-clock and its least CPU time, from any round.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table

from elementa.core import ConfigError, list_games, load_game
from elementa.sim.runner import Matchup, iter_games


def cpu_seconds() -> tuple[float, float]:
    """Return the user and system CPU seconds of this process, and of its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, kids.ru_utime + kids.ru_stime


@dataclass
class Run:
    """The seconds one worker count took: wall clock, CPU of this process and of its workers."""

    wall: float
    parent: float
    workers: float

    @property
    def cpu(self) -> float:
        """The CPU seconds of this process and its workers together."""
        return self.parent + self.workers

    def best(self, other: Run | None) -> Run:
        """Return the least wall-clock and the least CPU times of this run and ``other``."""
        if other is None:
            return self
        least = other if other.cpu < self.cpu else self
        return Run(min(self.wall, other.wall), least.parent, least.workers)


def run(name: str, games: int, workers: int, seed: int, agent: str = "random") -> Run:
    """Play ``games`` games of ``name``, ``agent`` (an agent spec) in every seat, with ``workers``
    processes; return its times."""
    game = load_game(name)
    matchup = Matchup(name, game.options_dict(), (agent,) * game.num_players, seed)
    wall = time.perf_counter()
    parent, kids = cpu_seconds()
    for _ in iter_games(matchup, games, workers):
        pass
    parent_after, kids_after = cpu_seconds()
    return Run(time.perf_counter() - wall, parent_after - parent, kids_after - kids)


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table; return the exit status."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", action="append", help="a game to time (repeatable; default: all)")
    parser.add_argument("-n", type=int, default=1000, help="games per run")
    parser.add_argument("--workers", default="1,2", help="comma list of worker counts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=1, help="runs of each worker count, taken in turn")
    parser.add_argument("--agent", default="random", help="the agent spec of every seat (easy:seconds=none)")
    args = parser.parse_args(argv)
    names = args.game or [g.info.name for g in list_games()]
    counts = [int(w) for w in args.workers.split(",")]
    table = Table(
        "game",
        "workers",
        "wall s",
        "CPU s",
        "of which parent",
        "games/s",
        "CPU s per game",
        "10,000 games (wall s)",
        "speed-up (wall)",
        "CPU per game (× first)",
        "speed-up on idle cores (est.)",
        title=f"elementa simulate, {args.agent} players, {args.n} games per run, best of {args.rounds}",
        caption="CPU s: this process (the parent) and its workers; × first, speed-up: against the first "
        "worker count",
    )
    for name in names:
        best: dict[int, Run] = {}
        for _ in range(max(1, args.rounds)):
            for workers in counts:
                try:
                    best[workers] = run(name, args.n, workers, args.seed, args.agent).best(best.get(workers))
                except ConfigError as exc:
                    print(exc, file=sys.stderr)
                    return 2
        first = best[counts[0]]
        for workers in counts:
            r = best[workers]
            table.add_row(
                name,
                str(workers),
                f"{r.wall:.1f}",
                f"{r.cpu:.1f}",
                f"{r.parent:.2f}",
                f"{args.n / r.wall:,.2f}",
                f"{r.cpu / args.n:,.2f}",
                f"{r.wall * 10_000 / args.n:,.0f}",
                f"{first.wall / r.wall:.2f}",
                f"{r.cpu / first.cpu:.2f}",
                f"{workers / counts[0] * first.cpu / r.cpu:.2f}",
            )
    Console(width=max(140, Console().width)).print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
