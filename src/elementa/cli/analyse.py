"""``elementa analyse``: replay a save and judge every decision from its seat's information.

For each decision of each seat analysed, the search of :mod:`elementa.agents.analysis` estimates the
seat's win chance from that seat's information state alone (no other seat's hidden cards); the
command prints the turning points (the largest swings of a seat's win chance between two of its
decisions) and the largest mistakes (the move played against the search's best, by estimated win
chance), and draws each seat's win chance over the game to a PNG (matplotlib, Agg backend; the
``lab`` extra).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

import elementa
from elementa.agents.analysis import Analysis, Decision, analyse
from elementa.cli.common import CliError, games_progress, user_errors
from elementa.core import describe_player

MAX_ITERATIONS = 100_000
"""The largest ``--iterations`` accepted (a bigger budget would run for days on a long game)."""


def analyse_command(path: Path, *, seat: int | None, out: Path | None, iterations: int, seed: int = 0) -> int:
    """Run ``elementa analyse`` and return the exit status (errors exit through :func:`user_errors`).

    Args:
        path: the save file.
        seat: the seat to analyse (1-based), or ``None`` for every seat.
        out: the chart's PNG file, or ``None`` for ``SAVE-analysis.png`` in the current folder.
        iterations: the search's iteration budget per decision.
        seed: the base seed of the searches.
    """
    console = Console()
    with user_errors():
        if not 1 <= iterations <= MAX_ITERATIONS:
            raise CliError(f"--iterations must be 1..{MAX_ITERATIONS}, got {iterations}")
        chart = out if out is not None else Path(f"{path.stem}-analysis.png")
        if chart.suffix.lower() != ".png":
            raise CliError(f"--out {chart} must name a .png file")
        plot = _pyplot()
        final = elementa.load(path)
        game = final.game
        if seat is not None and not 1 <= seat <= game.num_players:
            raise CliError(f"--seat must be 1..{game.num_players}, got {seat}")
        seats = None if seat is None else [seat - 1]
        progress = games_progress("analysing")
        with progress:
            task = progress.add_task("steps", total=len(final.history()))
            result = analyse(
                final,
                seats=seats,
                iterations=iterations,
                seed=seed,
                progress=lambda done, _: progress.update(task, completed=done),
            )
        report(console, result, iterations)
        draw(plot, result, chart)
        console.print(Text(f"Win-chance chart: {chart}"), soft_wrap=True)
    return 0


def _pyplot() -> Any:
    """Return ``matplotlib.pyplot`` on the Agg backend.

    Raises:
        CliError: matplotlib is not installed.
    """
    try:
        import matplotlib
    except ImportError:
        raise CliError("the chart needs matplotlib (the lab extra): pip install 'elementa[lab]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _move(d: Decision) -> str:
    return f"move {d.move + 1}"


def report(console: Console, result: Analysis, iterations: int) -> None:
    """Print the analysis: each seat's estimates, the turning points and the largest mistakes."""
    end = "not finished" if result.returns is None else "finished"
    console.print(
        Text(
            f"{result.title}: {result.moves} moves ({end}), {len(result.decisions)} decisions judged "
            f"with {iterations} searches each, every seat from its own information"
        ),
        soft_wrap=True,
    )
    table = Table("seat", "decisions", "first", "last", "best moves played", show_edge=False)
    for s in result.seats:
        mine = result.of(s)
        if not mine:
            table.add_row(str(s + 1), "0", "-", "-", "-")
            continue
        played_best = sum(1 for d in mine if d.loss == 0.0)
        table.add_row(
            str(s + 1),
            str(len(mine)),
            f"{100 * mine[0].win_chance:.0f}%",
            f"{100 * mine[-1].win_chance:.0f}%",
            f"{played_best} of {len(mine)}",
        )
    console.print(table)
    turns = result.turning_points()
    console.print(Text("Turning points:", style="bold"))
    if not turns:
        console.print(Text("  none: no seat's win chance moved by 10 points between two of its decisions"))
    for before, after in turns:
        change = 100 * (after.win_chance - before.win_chance)
        console.print(
            Text(
                f"  {describe_player(after.seat)}: {100 * before.win_chance:.0f}% at {_move(before)} -> "
                f"{100 * after.win_chance:.0f}% at {_move(after)} ({change:+.0f} points)"
            ),
            soft_wrap=True,
        )
    mistakes = result.mistakes()
    console.print(Text("Largest mistakes:", style="bold"))
    if not mistakes:
        console.print(Text("  none: no move gave up 5 points of win chance against the search's best"))
    for d in mistakes:
        best = d.judgement.moves[0]
        played = d.judgement.estimate(d.played)
        console.print(
            Text(
                f"  {describe_player(d.seat)}, {_move(d)}: played {d.played} "
                f"({100 * played.win_chance:.0f}%); the search's best: {best.action} "
                f"({100 * best.win_chance:.0f}%)"
            ),
            soft_wrap=True,
        )


def draw(plt: Any, result: Analysis, chart: Path) -> None:
    """Draw each analysed seat's win chance over the game's moves to ``chart`` (a PNG).

    Raises:
        CliError: no decision to draw (the save ends before any seat had a choice).
        OSError: the file cannot be written.
    """
    if not result.decisions:
        raise CliError("no decision to analyse: the save ends before any seat had a choice to make")
    fig, ax = plt.subplots(figsize=(8, 4), dpi=100)
    try:
        for s in result.seats:
            mine = result.of(s)
            if mine:
                ax.plot(
                    [d.move + 1 for d in mine],
                    [100 * d.win_chance for d in mine],
                    marker=".",
                    label=describe_player(s),
                )
        for d in result.mistakes():
            ax.annotate("?", (d.move + 1, 100 * d.win_chance), color="red", ha="center", va="bottom")
        ax.set_ylim(0, 100)
        ax.set_xlabel("move (? marks the largest mistakes)" if result.mistakes() else "move")
        ax.set_ylabel("estimated win chance (%)")
        ax.set_title(f"{result.title}: win chance from each seat's information")
        ax.axhline(50, color="grey", linewidth=0.5)
        ax.legend(loc="best")
        fig.tight_layout()
        fig.savefig(chart, format="png")
    finally:
        plt.close(fig)
