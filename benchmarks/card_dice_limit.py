"""How many Elemental Card-Dice games end at the turn limit, per matchup of the default opponents.

A script, not a test (issue 40: 121 of 300 games ended at the limit)::

    python benchmarks/card_dice_limit.py -n 100
    python benchmarks/card_dice_limit.py -n 100 -o sudden_death=150

Each matchup (greedy vs greedy, random vs greedy, greedy vs random) plays games ``0..n-1``, seeded
as ``elementa simulate --seed 0`` seeds them (:func:`elementa.sim.runner.derive_seed`), with events off, and
prints how many reached the turn limit, how many reached sudden death (option ``sudden_death``, ruling
ECD-E14), how many were drawn, the mean number of turns and each
seat's wins.
"""

from __future__ import annotations

import argparse
import sys
import time

from elementa.agents import make_agent
from elementa.core import load_game, play_game
from elementa.sim.runner import derive_seed

MATCHUPS = (("greedy", "greedy"), ("random", "greedy"), ("greedy", "random"))


def main(argv: list[str] | None = None) -> int:
    """Print the turn-limit figures of each matchup; return 0."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("-n", type=int, default=100, help="games per matchup (seeds 0..n-1)")
    parser.add_argument("-o", "--option", action="append", default=[], help="a game option, name=value")
    parser.add_argument("--matchup", action="append", help="a matchup such as greedy,greedy (repeatable)")
    args = parser.parse_args(argv)
    options: dict[str, object] = {}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = int(value) if value.isdigit() else value
    game = load_game("elemental-card-dice", **options)
    limit = game.options.turn_limit  # type: ignore[attr-defined]
    sudden_turn = getattr(game.options, "sudden_death", 0)  # 0 before the option existed
    matchups = [tuple(m.split(",")) for m in args.matchup] if args.matchup else MATCHUPS
    for specs in matchups:
        at_limit = drawn = turns = sudden = 0
        wins = [0, 0]
        start = time.perf_counter()
        for i in range(args.n):
            seed = derive_seed(0, "game", i)
            agents = [
                make_agent(spec, game, p, derive_seed(0, "agent", i, p)) for p, spec in enumerate(specs)
            ]
            state = play_game(game, agents, seed=seed, events=False)
            t = state.turn  # type: ignore[attr-defined]
            at_limit += bool(limit) and t > limit
            sudden += bool(sudden_turn) and t >= sudden_turn
            turns += min(t, limit) if limit else t
            winner = state.winner  # type: ignore[attr-defined]
            if winner is None:
                drawn += 1
            else:
                wins[winner] += 1
        took = time.perf_counter() - start
        print(
            f"{specs[0]} vs {specs[1]}: {at_limit}/{args.n} at the turn limit "
            f"({100 * at_limit / args.n:.1f}%), "
            f"{sudden} reached sudden death, {drawn} drawn, wins {wins[0]}-{wins[1]}, "
            f"mean {turns / args.n:.1f} turns ({took:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
