"""Games per second of ``elementa simulate`` (random players) with one and with two worker processes.

A script, not a test::

    python benchmarks/simulate_speed.py                     # every game, 1000 games per run
    python benchmarks/simulate_speed.py --game warriors -n 10000 --workers 1,2

Each run plays games ``0..n-1`` of a seeded random-player matchup through the simulator's own loop
(:func:`elementa.sim.runner.iter_games`, what ``elementa simulate`` calls). For each run it prints
the wall-clock seconds, the CPU seconds of this process and its worker processes together
(``resource.getrusage``: on a machine whose cores other work shares, wall-clock time alone
undercounts what the workers did), the projected wall-clock time of 10,000 games, and against the
first run: the speed-up by wall clock, the CPU time per game (above 1: the extra processes cost
work), and the speed-up the workers would give with a core each to themselves (workers times
the first run's CPU time over this run's, an estimate for a machine whose cores are busy).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time

from rich.console import Console
from rich.table import Table

from elementa.core import ConfigError, list_games, load_game
from elementa.sim.runner import Matchup, iter_games


def cpu_seconds() -> float:
    """Return the user and system CPU seconds of this process and its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def run(name: str, games: int, workers: int, seed: int) -> tuple[float, float]:
    """Play ``games`` random-player games of ``name`` with ``workers`` processes; return (wall, CPU) s."""
    game = load_game(name)
    matchup = Matchup(name, game.options_dict(), ("random",) * game.num_players, seed)
    wall, cpu = time.perf_counter(), cpu_seconds()
    for _ in iter_games(matchup, games, workers):
        pass
    return time.perf_counter() - wall, cpu_seconds() - cpu


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table; return the exit status."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", action="append", help="a game to time (repeatable; default: all)")
    parser.add_argument("-n", type=int, default=1000, help="games per run")
    parser.add_argument("--workers", default="1,2", help="comma list of worker counts")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    names = args.game or [g.info.name for g in list_games()]
    counts = [int(w) for w in args.workers.split(",")]
    table = Table(
        "game",
        "workers",
        "wall s",
        "CPU s",
        "games/s",
        "10,000 games (wall s)",
        "speed-up (wall)",
        "CPU per game (× first)",
        "speed-up on idle cores (est.)",
        title=f"elementa simulate, random players, {args.n} games per run",
        caption="CPU s: this process and its workers; × first, speed-up: against the first worker count",
    )
    for name in names:
        first: tuple[float, float] | None = None
        for workers in counts:
            try:
                wall, cpu = run(name, args.n, workers, args.seed)
            except ConfigError as exc:
                print(exc, file=sys.stderr)
                return 2
            first = first or (wall, cpu)
            table.add_row(
                name,
                str(workers),
                f"{wall:.1f}",
                f"{cpu:.1f}",
                f"{args.n / wall:,.0f}",
                f"{wall * 10_000 / args.n:,.0f}",
                f"{first[0] / wall:.2f}",
                f"{cpu / first[1]:.2f}",
                f"{workers / counts[0] * first[1] / cpu:.2f}",
            )
    Console(width=max(120, Console().width)).print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
