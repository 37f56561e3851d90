"""``elementa tournament``: a round robin between agents, with win rates, head-to-head scores and ratings."""

from __future__ import annotations

import csv
import json
from dataclasses import asdict
from pathlib import Path

from rich.console import Console
from rich.table import Table

from elementa.cli.common import EXIT_INTERRUPTED, build_game, play_games, split_specs, user_errors
from elementa.sim.tournament import (
    HeadToHead,
    Standing,
    Tournament,
    TournamentGame,
    head_to_head,
    iter_tournament,
    standings,
)

TOURNAMENT_HELP = (
    "Seats are rotated: with at least as many agents as seats, every combination of agents plays in "
    "every cyclic rotation of the seats; with fewer agents than seats, the agents fill the seats in "
    "turn (seat s of table r holds agent r+s), so that each sits in every seat once. Game i is played "
    "at table i modulo the number of tables, and every table of a round gets the same deal (game seed: "
    "duplicate play). Win rate: the agent's win shares over the seats it held, "
    "with a 95% Wilson interval. Head to head: the share of meetings in which the row agent's return "
    "was higher (ties count half). Ratings: openskill Plackett-Luce, mu ± sigma and mu - 3 sigma. "
    "The table is sorted by win rate."
)


def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def standings_table(rows: list[Standing]) -> Table:
    """Return the standings as a rich table (best win rate first)."""
    table = Table(
        "#", "agent", "seats", "wins", "win rate", "95% CI", "rating", "mu - 3σ",
        title="Standings", title_justify="left",
    )  # fmt: skip
    for i, r in enumerate(rows, 1):
        table.add_row(
            str(i),
            r.agent,
            str(r.seats),
            _num(r.wins),
            f"{r.rate:.3f}",
            f"{r.low:.3f}-{r.high:.3f}",
            f"{r.mu:.1f} ± {r.sigma:.1f}",
            f"{r.ordinal:.1f}",
        )
    return table


def head_to_head_table(agents: list[str], rows: list[HeadToHead]) -> Table:
    """Return the head-to-head scores as a matrix: row agent's score against column agent (meetings)."""
    cells = {(r.agent, r.opponent): r for r in rows}
    table = Table("vs", *agents, title="Head to head (row's score, meetings)", title_justify="left")
    for a in agents:
        line = []
        for b in agents:
            r = cells.get((a, b))
            line.append("" if r is None else f"{r.rate:.2f} ({r.meetings})")
        table.add_row(a, *line)
    return table


def write_json(
    path: Path,
    tournament: Tournament,
    tables: list[tuple[str, ...]],
    rows: list[Standing],
    pairs: list[HeadToHead],
    games: list[TournamentGame],
) -> None:
    """Write the settings, seatings, standings, head-to-head scores and every game as JSON.

    ``games`` is the number of games played and counted, ``planned`` the number asked for (more when
    the run was interrupted).
    """
    data = {
        "game": tournament.game,
        "options": tournament.options,
        "agents": list(tournament.agents),
        "games": len(games),
        "planned": tournament.games,
        "seed": tournament.seed,
        "seatings": [list(t) for t in tables],
        "standings": [asdict(r) for r in rows],
        "head_to_head": [asdict(p) for p in pairs],
        "results": [{"seating": list(g.seating), **asdict(g.record)} for g in games],
    }
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def write_csv(path: Path, rows: list[Standing]) -> None:
    """Write the standings, one row per agent, best win rate first."""
    fields = ["rank", "agent", "seats", "wins", "rate", "low", "high", "mu", "sigma", "ordinal"]
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(fields)
        for i, r in enumerate(rows, 1):
            writer.writerow([i, *(getattr(r, k) for k in fields[1:])])


def tournament_command(
    game_name: str,
    *,
    agents: str,
    games: int,
    players: int | None,
    seed: int,
    options: list[str],
    workers: int,
    json_path: Path | None,
    csv_path: Path | None,
) -> int:
    """Run ``elementa tournament`` and return the exit status (errors exit through :func:`user_errors`)."""
    console = Console()
    with user_errors():
        game = build_game(game_name, options, players)
        specs = tuple(s.strip().lower() for s in split_specs(agents))
        tournament = Tournament(game.name, game.options_dict(), specs, games, seed)
        tables = tournament.check(workers)
        uneven = "" if games % len(tables) == 0 else f" (not a multiple of {len(tables)}: seats unbalanced)"
        console.print(
            f"{game.info.title}: {games} games{uneven}, {game.num_players} players, "
            f"agents {','.join(specs)}, {len(tables)} seatings, seed {seed}",
            markup=False,
            soft_wrap=True,
        )
        played, interrupted = play_games(iter_tournament(tournament, workers), games, "playing")
        rows = standings(played, specs)
        pairs = head_to_head(played, specs)
        console.print(standings_table(rows))
        console.print(head_to_head_table(list(specs), pairs))
        if json_path:
            write_json(json_path, tournament, tables, rows, pairs, played)
            console.print(f"wrote {json_path}", markup=False, soft_wrap=True)
        if csv_path:
            write_csv(csv_path, rows)
            console.print(f"wrote {csv_path}", markup=False, soft_wrap=True)
    return EXIT_INTERRUPTED if interrupted else 0
