"""OpenSpiel's CFR on an Elementa game small enough to solve: the tree's size, then NashConv by iteration.

Usage (``python benchmarks/cfr_curve.py --help``)::

    PYTHONPATH=src python benchmarks/cfr_curve.py elemental-warriors-ii --preset tiny --iterations 64

Walks the game once through the OpenSpiel adapter (the sequential view for games with simultaneous
moves) into Gambit's ``.efg`` text (:func:`elementa.adapters.openspiel.to_efg`), counting nodes
(decisions, chance nodes and terminals) and each seat's information states (distinct perfect-recall
information state strings), then runs OpenSpiel's CFR (or CFR+) on the game ``pyspiel.load_efg_game``
makes of it (the same tree, in C++; ``--direct`` runs it through the adapter instead, many times
slower) and prints the average policy's NashConv after 1, 2, 4, ... iterations with the seconds spent
so far (measured, never asserted: give the load average with any timing). ``--plot FILE`` also draws
the curve (matplotlib); ``--plot FILE --plot-from TABLE...`` draws saved tables' curves together.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import pyspiel
from open_spiel.python.algorithms import cfr, exploitability

import elementa
from elementa.adapters import openspiel as eos


def tree_size(efg: str, players: int) -> tuple[int, int, int, list[int]]:
    """Return ``(nodes, decision nodes, terminals, information states per seat)`` of a game tree
    from its ``.efg`` text (one line per node: ``p`` a decision, ``c`` chance, ``t`` a terminal)."""
    nodes = decisions = terminals = 0
    infosets = [0] * players
    for line in efg.splitlines()[2:]:
        nodes += 1
        if line.startswith("t"):
            terminals += 1
        elif line.startswith("p"):
            decisions += 1
            _, _, seat, number, *_ = line.split()
            infosets[int(seat) - 1] = max(infosets[int(seat) - 1], int(number))
    return nodes, decisions, terminals, infosets


def curve(game: pyspiel.Game, iterations: int, plus: bool) -> list[tuple[int, float, float]]:
    """Run CFR (``plus``: CFR+) for ``iterations``; return ``(iteration, NashConv, seconds)`` at
    iteration 0 (the uniform policy) and at each power of two up to ``iterations``."""
    solver = cfr.CFRPlusSolver(game) if plus else cfr.CFRSolver(game)
    start = time.perf_counter()
    rows = [(0, float(exploitability.nash_conv(game, solver.average_policy())), 0.0)]
    print(f"{0:6d}  {rows[0][1]:10.4f}  {0.0:8.1f}", flush=True)
    done, mark = 0, 1
    while done < iterations:
        solver.evaluate_and_update_policy()
        done += 1
        if done in (mark, iterations):
            value = float(exploitability.nash_conv(game, solver.average_policy()))
            rows.append((done, value, time.perf_counter() - start))
            print(f"{done:6d}  {value:10.4f}  {rows[-1][2]:8.1f}", flush=True)
            mark *= 2
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="", help="an Elementa game, e.g. elemental-warriors-ii")
    parser.add_argument("--preset", default="", help="one of the game's presets, for example tiny")
    parser.add_argument("-o", "--option", action="append", default=[], help="an option as name=value")
    parser.add_argument("--iterations", type=int, default=32, help="CFR iterations (default 32)")
    parser.add_argument("--plus", action="store_true", help="CFR+ instead of CFR")
    parser.add_argument("--count-only", action="store_true", help="count the tree, run no CFR")
    parser.add_argument("--direct", action="store_true", help="run CFR through the adapter, not the .efg")
    parser.add_argument("--plot", default="", help="draw the curve into this PNG file")
    parser.add_argument(
        "--plot-from",
        nargs="+",
        default=[],
        metavar="TABLE",
        help="with --plot: draw the curves of tables this script printed, named by file; run nothing",
    )
    args = parser.parse_args(argv)
    if args.plot_from:
        plot({Path(path).stem: read_table(path) for path in args.plot_from}, args.plot)
        return 0

    options: dict[str, Any] = {}
    if args.preset:
        options.update(elementa.load_game(args.game).presets[args.preset])
    for text in args.option:
        name, _, value = text.partition("=")
        options[name] = value
    listing = elementa.load_game(args.game, **options)  # validates, and types the values given as text
    typed = {k: getattr(listing.options, k) for k in options}
    game = eos.load(args.game, sequential=listing.info.simultaneous, **typed)
    print(f"# {game}")
    start = time.perf_counter()
    efg = eos.to_efg(game)
    nodes, decisions, terminals, infosets = tree_size(efg, game.num_players())
    print(
        f"# nodes {nodes}, decisions {decisions}, terminals {terminals}, information states per seat "
        f"{infosets} (walked in {time.perf_counter() - start:.1f} s)"
    )
    if args.count_only:
        return 0
    if not args.direct:
        game = pyspiel.load_efg_game(efg)
    print(f"# {'CFR+' if args.plus else 'CFR'}: iteration, NashConv of the average policy, seconds")
    rows = curve(game, args.iterations, args.plus)
    if args.plot:
        plot({f"{args.game} {args.preset}".strip(): rows}, args.plot)
    return 0


def read_table(path: str) -> list[tuple[int, float, float]]:
    """Return the rows of a table this script printed (its ``#`` lines skipped)."""
    with open(path, encoding="utf-8") as f:
        return [
            (int(a), float(b), float(c))
            for a, b, c in (line.split() for line in f if line.strip() and not line.startswith("#"))
        ]


def plot(curves: dict[str, list[tuple[int, float, float]]], path: str) -> None:
    """Draw NashConv against iterations (log-log, from iteration 1) for each named curve into a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4))
    for label, rows in curves.items():
        ax.loglog([r[0] for r in rows[1:]], [max(r[1], 1e-6) for r in rows[1:]], marker="o", label=label)
    ax.set_xlabel("CFR iterations")
    ax.set_ylabel("NashConv of the average policy")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)


if __name__ == "__main__":
    sys.exit(main())
