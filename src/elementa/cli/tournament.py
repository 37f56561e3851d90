"""``elementa tournament``: a round robin between agents, with win rates, head-to-head scores and ratings."""

from __future__ import annotations

import csv
import json
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from elementa.cli.common import EXIT_INTERRUPTED, CliError, build_game, play_games, split_specs, user_errors
from elementa.sim.stats import GameRecord
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
    "The table is sorted by win rate. With --json the file is also saved every "
    "half minute while the games run, and --resume continues the run saved there: its games are kept "
    "and only the missing ones are played (a larger -n extends it)."
)

SAVE_EVERY = 30.0
"""Seconds between saves of the ``--json`` file while a tournament runs (and once at the end)."""


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
    part = path.with_name(path.name + ".part")
    part.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    os.replace(part, path)  # a run killed while writing leaves the last whole file


def read_saved(path: Path, tournament: Tournament, tables: list[tuple[str, ...]]) -> list[TournamentGame]:
    """Return the games of ``tournament`` saved in a JSON file by an earlier run (for ``--resume``).

    Games numbered ``n`` or more are left out (a run resumed with a smaller ``-n``).

    Args:
        path: the file written by ``--json``; a missing file holds no games.
        tournament: the run being resumed: the file must have the same game, options, agents and seed.
        tables: its seatings (each saved game must have been played at its index's table).

    Returns:
        The saved games, by index.

    Raises:
        CliError: the file is not a tournament's JSON, was played with other settings (the message
            names the setting and both values), or a saved game is malformed.
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise CliError(f"{path}: not a tournament's JSON file ({e}); give another --json file") from None
    if not isinstance(data, dict):
        raise CliError(f"{path}: not a tournament's JSON file; give another --json file")
    wanted: dict[str, Any] = {
        "game": tournament.game,
        "options": json.loads(json.dumps(tournament.options)),
        "agents": list(tournament.agents),
        "seed": tournament.seed,
    }
    for key, value in wanted.items():
        if data.get(key) != value:
            raise CliError(
                f"{path} holds a run with {key} {data.get(key)!r}, not {value!r}: "
                f"give the same {key} to resume it, or another --json file"
            )
    games: dict[int, TournamentGame] = {}
    for i, r in enumerate(data.get("results", [])):
        try:
            roles = r["roles"]
            record = GameRecord(
                index=int(r["index"]),
                seed=int(r["seed"]),
                returns=tuple(float(x) for x in r["returns"]),
                shares=tuple(float(x) for x in r["shares"]),
                roles=None if roles is None else tuple(str(x) for x in roles),
                decisions=int(r["decisions"]),
                steps=int(r["steps"]),
            )
            seating = tuple(str(x) for x in r["seating"])
        except (KeyError, TypeError, ValueError) as e:
            raise CliError(f"{path}: saved game {i} is malformed ({e!r}); give another --json file") from None
        if record.index < 0 or seating != tables[record.index % len(tables)]:
            raise CliError(
                f"{path}: saved game {i} (index {record.index}) was not played at its table "
                f"{list(tables[record.index % len(tables)])}; give another --json file"
            )
        if record.index < tournament.games:
            games[record.index] = TournamentGame(seating, record)
    return [games[i] for i in sorted(games)]


def saving(
    games: Iterator[TournamentGame],
    kept: list[TournamentGame],
    save: Callable[[list[TournamentGame]], None],
    every: float,
) -> Iterator[TournamentGame]:
    """Yield the games of a run, calling ``save`` with every game so far (``kept`` too, by index)
    whenever ``every`` seconds have passed since the last save, so that a killed run loses little."""
    done = list(kept)
    last = time.monotonic()
    try:
        for game in games:
            done.append(game)
            if time.monotonic() - last >= every:
                save(sorted(done, key=lambda g: g.record.index))
                last = time.monotonic()
            yield game
    finally:
        close = getattr(games, "close", None)
        if close is not None:
            close()


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
    resume: bool = False,
) -> int:
    """Run ``elementa tournament`` and return the exit status (errors exit through :func:`user_errors`).

    With ``resume``, the games saved in ``json_path`` by an earlier run of the same tournament are
    kept and only the others are played (see :func:`read_saved`).
    """
    console = Console()
    with user_errors():
        if resume and json_path is None:
            raise CliError("--resume continues the run saved in the --json file: give --json FILE")
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
        kept = read_saved(json_path, tournament, tables) if resume and json_path else []
        if resume:
            note = f"resuming {json_path}: {len(kept)} of {games} games kept"
            console.print(note, markup=False, soft_wrap=True)
        run = iter_tournament(tournament, workers, skip={g.record.index for g in kept})
        if json_path is not None:
            out = json_path

            def save(done: list[TournamentGame]) -> None:
                write_json(out, tournament, tables, standings(done, specs), head_to_head(done, specs), done)

            run = saving(run, kept, save, SAVE_EVERY)
        new, interrupted = play_games(run, games - len(kept), "playing")
        played = sorted(kept + new, key=lambda g: g.record.index)
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
