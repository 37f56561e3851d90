"""Random-playout speed of every game beside OpenSpiel's pure-Python games, measured in one run.

A script, not a test::

    python benchmarks/speed.py                      # every game, ~1 s a round, 3 rounds
    python benchmarks/speed.py --game warriors --game elementalis:players=7 --rounds 5

Each entry plays random playouts (chance outcomes drawn with their probabilities, decisions uniformly
at random, through ``apply_unchecked``; OpenSpiel's through ``apply_action``) for ``--seconds`` per
round. The rounds take the entries in turn, so a machine shared with other work slows them all
alike, and each entry keeps its round with the most steps per CPU second (on shared cores the
wall clock also counts other processes' turns). Steps per second are given per second of wall-clock
time and per second of this process's CPU time (``time.process_time``), and as a ratio to
OpenSpiel's ``python_kuhn_poker`` measured in the same run: the figure to compare between machines.
Elementa's playouts run with event recording off (``State.record_events(False)``), as search and
simulation run them; ``--events`` keeps it on, to measure what recording costs.

``--profile N`` then plays one more round of each Elementa entry under :mod:`cProfile` and prints
its N most expensive functions by own time (after the table, so the timings are not skewed)::

    python benchmarks/speed.py --game warriors --profile 25

OpenSpiel is the optional ``openspiel`` extra (``pip install -e .[openspiel]``); without it the
ratios are left out.

The script uses only calls that older versions of Elementa also have (a chance node is drawn from
its ``chance_outcomes`` where the state has no ``sample_chance_outcome``), so it times an older
checkout too, for before-and-after figures: ``PYTHONPATH=<checkout>/src python benchmarks/speed.py``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import random_step

from elementa.core import ConfigError, list_games, load_game, sample_outcome

KUHN = "openspiel:python_kuhn_poker"
OPENSPIEL_GAMES = (KUHN, "openspiel:python_liars_poker")
DEFAULT_EXTRA = ("elementalis:players=2", "elementalis:players=7")
"""Entries measured besides each game's defaults (ElementaliS plays 4 by default; the speed goal
names 2 and 7 players)."""


@dataclass
class Figure:
    """One entry's fastest round: steps, and the wall-clock and CPU seconds they took."""

    steps: int = 0
    wall: float = 0.0
    cpu: float = 0.0

    @property
    def per_wall(self) -> float:
        """Steps per wall-clock second."""
        return self.steps / self.wall if self.wall else 0.0

    @property
    def per_cpu(self) -> float:
        """Steps per CPU second of this process."""
        return self.steps / self.cpu if self.cpu else 0.0


Playout = Callable[[random.Random], int]
"""Plays one random playout with the generator given; returns its steps."""


def elementa_playout(entry: str, events: bool = False) -> Playout:
    """Return the playout function of ``name`` or ``name:opt=value,opt=value`` (an Elementa game).

    Raises:
        ConfigError: an unknown game or a bad option.
    """
    name, _, opts = entry.partition(":")
    options = dict(kv.partition("=")[::2] for kv in opts.split(",")) if opts else {}
    game = load_game(name, **options)

    def play(rng: random.Random) -> int:
        state = game.new_initial_state(rng.randrange(2**31))
        if not events and hasattr(state, "record_events"):  # as search and simulation play them
            state.record_events(False)  # (older checkouts have no events)
        steps = 0
        while not state.is_terminal():
            steps += random_step(state, rng)
        return steps

    return play


def openspiel_playout(entry: str) -> Playout | None:
    """Return the playout function of ``openspiel:<game>``, or None when OpenSpiel is not installed."""
    try:
        import pyspiel
        from open_spiel.python import games  # noqa: F401  (registers the python_* games)
    except ImportError:
        return None
    game = pyspiel.load_game(entry.partition(":")[2])

    def play(rng: random.Random) -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return play


def time_round(play: Playout, rng: random.Random, seconds: float) -> Figure:
    """Play whole playouts for at least ``seconds`` of wall-clock time; return the steps and times."""
    steps = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    deadline = wall0 + seconds
    while time.perf_counter() < deadline:
        steps += play(rng)
    return Figure(steps, time.perf_counter() - wall0, time.process_time() - cpu0)


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table; return the exit status."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--game", action="append", help="an entry: GAME or GAME:opt=value,... (repeatable; default: all)"
    )
    parser.add_argument("--seconds", type=float, default=1.0, help="time per entry and round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; each entry keeps its fastest")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--events", action="store_true", help="record the games' events (off by default)")
    parser.add_argument(
        "--profile", type=int, default=0, metavar="N", help="then profile a round of each entry: top N"
    )
    args = parser.parse_args(argv)
    entries = args.game or [g.info.name for g in list_games()] + list(DEFAULT_EXTRA)
    plays: dict[str, Playout] = {}
    try:
        for entry in entries:
            plays[entry] = elementa_playout(entry, args.events)
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    missing = []
    for entry in OPENSPIEL_GAMES:
        play = openspiel_playout(entry)
        if play is None:
            missing.append(entry)
        else:
            plays[entry] = play
    best: dict[str, Figure] = {}
    rngs = {entry: random.Random(args.seed) for entry in plays}
    for _ in range(max(1, args.rounds)):
        for entry, play in plays.items():
            fig = time_round(play, rngs[entry], args.seconds)
            if entry not in best or fig.per_cpu > best[entry].per_cpu:
                best[entry] = fig
    kuhn = best.get(KUHN)
    table = Table(
        "entry",
        "steps/s (wall)",
        "steps/s (CPU)",
        "× kuhn (wall)",
        "× kuhn (CPU)",
        title=f"Random playouts: fastest (by CPU) of {args.rounds} rounds of {args.seconds:g} s",
        caption="× kuhn: ratio to OpenSpiel's python_kuhn_poker in this run"
        + (f"; not installed: {', '.join(missing)}" if missing else ""),
    )
    for entry, fig in best.items():
        table.add_row(
            entry,
            f"{fig.per_wall:,.0f}",
            f"{fig.per_cpu:,.0f}",
            f"{fig.per_wall / kuhn.per_wall:.2f}" if kuhn else "-",
            f"{fig.per_cpu / kuhn.per_cpu:.2f}" if kuhn else "-",
        )
    Console(width=max(100, Console().width)).print(table)
    if args.profile:
        for entry in entries:
            profile_round(entry, plays[entry], args.seconds, args.profile)
    return 0


def profile_round(entry: str, play: Playout, seconds: float, top: int) -> None:
    """Play one round of ``entry`` under cProfile and print its ``top`` functions by own time."""
    profiler = cProfile.Profile()
    profiler.enable()
    fig = time_round(play, random.Random(0), seconds)
    profiler.disable()
    print(f"\n{entry}: {fig.steps:,} steps under the profiler; the {top} functions with the most own time")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


if __name__ == "__main__":
    sys.exit(main())
