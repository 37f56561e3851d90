"""Games per second of the designer lab's runs: local worker processes against a local Ray instance.

A script, not a test::

    python benchmarks/lab.py elementalis --games 400
    python benchmarks/lab.py warriors --games 200 --workers 1,2 --no-ray

For each worker count it plays the same ``--games`` rule-based games (``greedy`` in every seat, with
the lab's score trace and component extractor, exactly as ``elementa balance`` does) in local
processes, then on a Ray instance started with that many CPUs (its start-up time is timed apart and
not counted), and prints games per second of wall time. The machine's other load changes the
figures: run it on an idle machine, and say the load (printed) when you quote them.

Units: games per second (wall time); seconds for Ray's start-up.
"""

from __future__ import annotations

import argparse
import os
import time

from elementa.core import load_game
from elementa.lab.run import iter_lab_games
from elementa.sim import Matchup


def rate(matchup: Matchup, games: int, workers: int, backend: str) -> float:
    """Return the games per second of one run."""
    start = time.perf_counter()
    played = sum(1 for _ in iter_lab_games(matchup, range(games), workers, backend))
    return played / (time.perf_counter() - start)


def main() -> None:
    """Parse the arguments, time the runs, print one line per backend and worker count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", default="1,2", help="comma list of worker counts")
    parser.add_argument("--no-ray", action="store_true", help="time the local processes only")
    args = parser.parse_args()
    game = load_game(args.game)
    matchup = Matchup(game.name, game.options_dict(), ("greedy",) * game.num_players, seed=0)
    print(
        f"{game.info.title}: {args.games} games, load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs"
    )
    for workers in (int(w) for w in args.workers.split(",")):
        print(
            f"local processes, {workers} worker(s): "
            f"{rate(matchup, args.games, workers, 'local'):7.1f} games/s"
        )
    if args.no_ray:
        return
    import ray

    for workers in (int(w) for w in args.workers.split(",")):
        start = time.perf_counter()
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        started = time.perf_counter() - start
        print(
            f"ray, {workers} CPU(s):                {rate(matchup, args.games, workers, 'ray'):7.1f} games/s "
            f"(start-up {started:.1f} s)"
        )
        ray.shutdown()


if __name__ == "__main__":
    main()
