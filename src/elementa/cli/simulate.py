"""``elementa simulate``: many games between agents, then win rates by seat and role, and game lengths."""

from __future__ import annotations

import csv
import json
from dataclasses import asdict
from pathlib import Path

from rich.console import Console
from rich.table import Table

from elementa.agents import check_spec
from elementa.cli.common import EXIT_INTERRUPTED, CliError, build_game, play_games, split_specs, user_errors
from elementa.sim import GameRecord, Matchup, RateRow, Summary, iter_games, summarize

WIN_SHARE_HELP = (
    "A seat's win share in one game is its return rescaled from the game's utility range to 0..1; "
    "with the usual returns (winners share 1.0) a two-way tie counts half a win for each. "
    "Intervals are 95% Wilson score intervals."
)


def _rate_table(title: str, first: str, rows: list[RateRow]) -> Table:
    table = Table(first, "games", "wins", "win rate", "95% CI", title=title, title_justify="left")
    for r in rows:
        label = r.label if r.agent is None else f"{r.label} ({r.agent})"
        wins = f"{r.wins:.2f}".rstrip("0").rstrip(".")
        table.add_row(label, str(r.games), wins, f"{r.rate:.3f}", f"{r.low:.3f}-{r.high:.3f}")
    return table


def print_summary(console: Console, summary: Summary) -> None:
    """Print the win-rate tables and the game lengths."""
    console.print(_rate_table("Win rate by seat", "seat (agent)", summary.seats))
    if summary.roles:
        console.print(_rate_table("Win rate by role", "role", summary.roles))
    console.print(f"Games with a shared win: {summary.shared} of {summary.games}")
    (dm, ds), (sm, ss) = summary.decisions, summary.steps
    console.print(f"Game length: {dm:.1f} ± {ds:.1f} decisions, {sm:.1f} ± {ss:.1f} steps (mean ± sd)")


def write_json(path: Path, matchup: Matchup, summary: Summary, records: list[GameRecord]) -> None:
    """Write the run's settings, summary and every game's record as JSON."""
    data = {
        "game": matchup.game,
        "options": matchup.options,
        "agents": list(matchup.agents),
        "seed": matchup.seed,
        "summary": asdict(summary),
        "results": [asdict(r) for r in records],
    }
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def write_csv(path: Path, records: list[GameRecord], players: int) -> None:
    """Write one row per game: index, seed, lengths, and per seat its return, win share and role."""
    seats = range(1, players + 1)
    header = ["game", "seed", "decisions", "steps"]
    header += [f"{what}_{p}" for p in seats for what in ("return", "share", "role")]
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        for r in records:
            row: list[object] = [r.index, r.seed, r.decisions, r.steps]
            for p in range(players):
                row += [r.returns[p], r.shares[p], "" if r.roles is None else r.roles[p]]
            writer.writerow(row)


def simulate_command(
    game_name: str,
    *,
    games: int,
    agents: str,
    seed: int,
    players: int | None,
    options: list[str],
    workers: int,
    json_path: Path | None,
    csv_path: Path | None,
) -> int:
    """Run ``elementa simulate`` and return the exit status (errors exit through :func:`user_errors`)."""
    console = Console()
    with user_errors():
        if games < 1:  # before the heading, so that the refusal is the only line
            raise CliError(f"the number of games must be at least 1, got {games}")
        if workers < 1:
            raise CliError(f"the number of workers must be at least 1, got {workers}")
        specs = [check_spec(s) for s in split_specs(agents)]
        if players is None and len(specs) > 1:
            players = len(specs)
        game = build_game(game_name, options, players)
        n = game.num_players
        if len(specs) == 1:
            specs = specs * n
        if len(specs) != n:
            raise CliError(f"--agents lists {len(specs)} agents for {n} players")
        matchup = Matchup(game.name, game.options_dict(), tuple(specs), seed)
        matchup.load()
        console.print(
            f"{game.info.title}: {games} games, {n} players, agents {','.join(specs)}, seed {seed}",
            markup=False,
            soft_wrap=True,
        )
        records, interrupted = play_games(iter_games(matchup, games, workers), games, "simulating")
        summary = summarize(records, specs)
        print_summary(console, summary)
        if json_path:
            write_json(json_path, matchup, summary, records)
            console.print(f"wrote {json_path}", markup=False, soft_wrap=True)
        if csv_path:
            write_csv(csv_path, records, n)
            console.print(f"wrote {csv_path}", markup=False, soft_wrap=True)
    return EXIT_INTERRUPTED if interrupted else 0
