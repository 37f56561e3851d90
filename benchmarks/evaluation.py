"""How well a game's heuristic ``State.evaluate()`` predicts the result of play from the position.

A script, not a test: a diagnostic for the evaluations that score the search's cut-short rollouts::

    python benchmarks/evaluation.py elemenders --games 100
    python benchmarks/evaluation.py elementalis --games 200 -o players=3 --every 5

It plays ``--games`` games with the game's rule-based agent in every seat (game ``g`` seeded ``seed +
g``). At every ``--every``-th decision it records what ``evaluate()`` says of the true state, and when
the game ends it compares each record with the seat's actual return (both rescaled from
``game.utility_range()`` to [0, 1]; a draw of two is 0.5 each). Printed per fifth of the game's
length: the records, the Brier score of the evaluation (mean squared error over seats; lower is
better), the Brier score of always guessing an even share (1 / players), and the *skill*, one minus
their ratio: 0 means the evaluation tells no more than a coin, 1 a perfect forecast, below 0 worse
than a coin. An evaluation that predicts rule-based play badly misleads a search that trusts it, and
more so the more iterations the search spends (the ``hard`` level).

Units: Brier scores in squared shares of the prize ([0, 1]); seconds of wall time in the footer.
"""

from __future__ import annotations

import argparse
import sys
import time

from rich.console import Console
from rich.table import Table

from elementa.cli.common import CliError, build_game
from elementa.core import CHANCE, Action, ConfigError, Game, State, play_game

STAGES = 5
Record = tuple[float, list[float], list[float]]
"""One position: ``(progress in [0, 1), the evaluation's shares, the seats' actual shares)``."""


def record_game(game: Game, seed: int, every: int, max_steps: int) -> list[Record]:
    """Play one rule-based game; return ``(progress, evaluation, result)`` per recorded position.

    ``progress`` is the position's decision number over the game's decisions, in [0, 1);
    ``evaluation`` and ``result`` are per-seat shares of the prize in [0, 1]. A game not over after
    ``max_steps`` actions (chance outcomes included) records nothing (its result is unknown).

    Raises:
        ConfigError: the game has no rule-based agent or no evaluation.
    """
    made = [game.rule_based_agent(p, seed * 31 + p) for p in range(game.num_players)]
    rules = [a for a in made if a is not None]
    if len(rules) < len(made):
        raise ConfigError(f"{game.name} has no rule-based agent to play the games with")
    lo, hi = game.utility_range()
    span = (hi - lo) or 1.0
    seen: list[tuple[int, list[float]]] = []
    decisions = 0

    def record(state: State, player: int, _action: Action) -> None:
        nonlocal decisions
        if player == CHANCE:
            return
        if decisions % every == 0:
            estimate = state.evaluate()
            if estimate is None:
                raise ConfigError(f"{game.name} has no evaluate() to measure")
            seen.append((decisions, [(v - lo) / span for v in estimate]))
        decisions += 1

    try:
        end = play_game(game, rules, seed=seed, max_steps=max_steps, on_step=record)
    except RuntimeError:  # no end within max_steps
        return []
    result = [(v - lo) / span for v in end.returns()]
    return [(n / decisions, ev, result) for n, ev in seen]


def mean_brier(forecasts: list[list[float]], results: list[list[float]]) -> float:
    """Return the mean over positions and seats of the squared error of forecast shares."""
    errors = [
        (f - r) ** 2 for fs, rs in zip(forecasts, results, strict=True) for f, r in zip(fs, rs, strict=True)
    ]
    return sum(errors) / len(errors)


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, play the games and print the table; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=100, help="rule-based games to play (default 100)")
    parser.add_argument("-o", "--option", action="append", default=[], help="a game option as name=value")
    parser.add_argument("--every", type=int, default=10, help="record every N-th decision (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--max-steps", type=int, default=5000, help="give up a game after this many actions")
    args = parser.parse_args(argv)
    console = Console()
    try:
        game = build_game(args.game, args.option, None)
        start = time.perf_counter()
        records = [
            r for g in range(args.games) for r in record_game(game, args.seed + g, args.every, args.max_steps)
        ]
    except (CliError, ConfigError) as err:
        console.print(f"error: {err}")
        return 2
    n = game.num_players
    table = Table(title=f"{game.name}: evaluate() against the result of rule-based play")
    for column in ("stage of the game", "positions", "Brier, evaluate()", "Brier, even share", "skill"):
        table.add_column(column, justify="right")
    width = 100 // STAGES
    stages = [
        (f"{k * width}-{(k + 1) * width}%", [r for r in records if int(r[0] * STAGES) == k])
        for k in range(STAGES)
    ]
    for label, rows in [*stages, ("all", records)]:
        if not rows:
            continue
        brier = mean_brier([ev for _, ev, _ in rows], [res for _, _, res in rows])
        even = mean_brier([[1 / n] * n] * len(rows), [res for _, _, res in rows])
        skill = 1 - brier / even if even else float("nan")
        table.add_row(label, str(len(rows)), f"{brier:.3f}", f"{even:.3f}", f"{skill:+.2f}")
    console.print(table)
    console.print(f"{args.games} games, {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
