"""The ``elementa`` command: list games, play in the terminal, learn a game, replay and analyse saves,
simulate, run tournaments, verify a server table's dealing.

Every refused input (an unknown game or option, a bad save file, a missing file, bad ``-o`` syntax,
a usage error) prints one ``error: ...`` line on stderr and exits with status 2.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from elementa.agents import DEFAULT_LEVEL, agent_specs, spec_names
from elementa.agents.analysis import ANALYSIS_ITERATIONS
from elementa.cli.balance import BALANCE_HELP, balance_command
from elementa.cli.common import EXIT_USAGE, fail
from elementa.cli.encoding import degrade_streams
from elementa.cli.games import games_command
from elementa.cli.play import play_command
from elementa.cli.replay import replay_command
from elementa.cli.simulate import WIN_SHARE_HELP, simulate_command
from elementa.cli.tournament import TOURNAMENT_HELP, tournament_command
from elementa.core import ElementaError

app = typer.Typer(
    name="elementa",
    help="Elementa: play, replay and simulate five elemental tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

OptionPairs = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="a game option as name=value (repeatable); see: elementa games"),
]


def _agents_help() -> str:
    tunable = [s for s in agent_specs() if s.params]
    extra = ""
    if tunable:
        extra = (
            f"; {', '.join(s.name for s in tunable)} take :key=value overrides of "
            f"{', '.join(tunable[0].params)} (for example {tunable[-1].name}:iterations=1000)"
        )
    return "agent specs: " + ", ".join(spec_names()) + extra


@app.command("games")
def games() -> None:
    """List every game with its number of players and its options."""
    raise typer.Exit(games_command())


@app.command("play")
def play(
    game: Annotated[
        str | None,
        typer.Argument(help="the game to play (see: elementa games), or with --resume a save file"),
    ] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of players")] = None,
    seat: Annotated[
        int | None,
        typer.Option("--seat", "-s", help="your seat, 1-based; 0 to watch (default: 1, or the saved seat)"),
    ] = None,
    ai: Annotated[
        str | None,
        typer.Option(
            "--ai",
            help="the computer players: one spec for all, or a comma list, one per computer seat "
            f"(default: {DEFAULT_LEVEL} against a person; greedy, else random, when watching)",
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="seed of the chance nodes (default: random)")
    ] = None,
    option: OptionPairs = None,
    watch: Annotated[bool, typer.Option("--watch", help="computer players only; you watch")] = False,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="continue a game: --resume FILE (a save file), --resume GAME or --resume alone (the "
            "last unfinished game, autosaved after each of your moves); game, options, seed and computer "
            "players come from the save",
        ),
    ] = False,
    table_dice: Annotated[
        bool, typer.Option("--table-dice", help="you type every chance outcome (for physical dice or cards)")
    ] = False,
    confirm: Annotated[
        bool, typer.Option("--confirm", help="ask even when you have a single choice")
    ] = False,
    delay: Annotated[
        float | None,
        typer.Option(
            "--delay",
            help="when watching, seconds between moves (default: 1 on a terminal, 0 into a pipe or file)",
        ),
    ] = None,
    hints: Annotated[
        bool,
        typer.Option(
            "--hints/--no-hints", help="allow 'hint' at the prompt (off for a rated or competitive game)"
        ),
    ] = True,
) -> None:
    """Play a game in the terminal against computer players (or watch them)."""
    status = play_command(
        game,
        players=players,
        seat=seat,
        ai=ai,
        seed=seed,
        options=option or [],
        watch=watch,
        resume=resume,
        table_dice=table_dice,
        confirm=confirm,
        delay=delay,
        allow_hints=hints,
    )
    raise typer.Exit(status)


play.__doc__ = f"{play.__doc__}\n\n{_agents_help()}."


@app.command("learn")
def learn(
    game: Annotated[
        str | None, typer.Argument(help="the game to learn (leave out to list the tutorials)")
    ] = None,
) -> None:
    """Learn a game with its interactive tutorial: the set-up and the rulebook's worked examples,
    step by step (type 'hint' for the move a step asks for)."""
    from elementa.cli.learn import learn_command

    raise typer.Exit(learn_command(game))


@app.command("replay")
def replay(
    file: Annotated[Path, typer.Argument(help="a save file")],
    step: Annotated[
        bool | None,
        typer.Option(
            "--step/--all",
            help="wait for Enter after each move or draw, or print all (default: wait on a terminal)",
        ),
    ] = None,
    seat: Annotated[int | None, typer.Option("--seat", "-s", help="show this seat's view (1-based)")] = None,
) -> None:
    """Step through a saved game, showing each action and the board."""
    raise typer.Exit(replay_command(file, step=step, seat=seat))


@app.command("analyse")
def analyse(
    file: Annotated[Path, typer.Argument(help="a save file")],
    seat: Annotated[
        int | None, typer.Option("--seat", "-s", help="analyse this seat only (1-based; default: every seat)")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="the win-chance chart, a PNG (default: SAVE-analysis.png)")
    ] = None,
    iterations: Annotated[
        int, typer.Option("--iterations", "-i", help="searches per decision (more: slower and steadier)")
    ] = ANALYSIS_ITERATIONS,
    seed: Annotated[int, typer.Option("--seed", help="seed of the searches")] = 0,
) -> None:
    """Judge every decision of a saved game from its seat's information: win chances, turning
    points, largest mistakes, and a win-chance chart."""
    from elementa.cli.analyse import analyse_command

    raise typer.Exit(analyse_command(file, seat=seat, out=out, iterations=iterations, seed=seed))


@app.command("verify")
def verify(
    file: Annotated[Path, typer.Argument(help="a finished table's record (GET /api/tables/{id}/record)")],
) -> None:
    """Check a server table's record: the seed matches its commitment, every roll and move replays."""
    from elementa.cli.verify import verify_command

    raise typer.Exit(verify_command(file))


@app.command("simulate")
def simulate(
    game: Annotated[str, typer.Argument(help="the game to simulate (see: elementa games)")],
    games: Annotated[int, typer.Option("--games", "-n", help="number of games")] = 100,
    agents: Annotated[
        str, typer.Option("--agents", "-a", help="comma list of agent specs, one per seat (or one for all)")
    ] = "random",
    seed: Annotated[
        int, typer.Option("--seed", help="base seed; each game's and agent's seed derive from it")
    ] = 0,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="number of players (default: the number of agents)")
    ] = None,
    option: OptionPairs = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="worker processes")] = 1,
    json_path: Annotated[
        Path | None, typer.Option("--json", help="write the summary and every game as JSON")
    ] = None,
    csv_path: Annotated[Path | None, typer.Option("--csv", help="write one CSV row per game")] = None,
) -> None:
    """Play many games between agents; print win rates by seat and by role, and game lengths."""
    status = simulate_command(
        game,
        games=games,
        agents=agents,
        seed=seed,
        players=players,
        options=option or [],
        workers=workers,
        json_path=json_path,
        csv_path=csv_path,
    )
    raise typer.Exit(status)


simulate.__doc__ = f"{simulate.__doc__}\n\n{WIN_SHARE_HELP}\n\n{_agents_help()}."


@app.command("tournament")
def tournament(
    game: Annotated[str, typer.Argument(help="the game to play (see: elementa games)")],
    agents: Annotated[
        str, typer.Option("--agents", "-a", help="comma list of two or more different agent specs")
    ],
    games: Annotated[int, typer.Option("--games", "-n", help="number of games in all")] = 200,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="number of players (default: the game's)")
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", help="base seed; each game's and agent's seed derive from it")
    ] = 0,
    option: OptionPairs = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="worker processes")] = 1,
    json_path: Annotated[
        Path | None, typer.Option("--json", help="write the tables and every game as JSON")
    ] = None,
    csv_path: Annotated[Path | None, typer.Option("--csv", help="write the standings as CSV")] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="keep the games saved in the --json file and play the rest")
    ] = False,
) -> None:
    """Play a round robin between agents with seats rotated; print win rates, head to head and ratings."""
    status = tournament_command(
        game,
        agents=agents,
        games=games,
        players=players,
        seed=seed,
        options=option or [],
        workers=workers,
        json_path=json_path,
        csv_path=csv_path,
        resume=resume,
    )
    raise typer.Exit(status)


tournament.__doc__ = f"{tournament.__doc__}\n\n{TOURNAMENT_HELP}\n\n{_agents_help()}."


@app.command("serve")
def serve(
    host: Annotated[str, typer.Option("--host", help="the address to listen on")] = "127.0.0.1",
    port: Annotated[
        int | None, typer.Option("--port", help="the port (default: 8000, else a free one)")
    ] = None,
    database: Annotated[
        str | None,
        typer.Option(
            "--database", help="a SQLAlchemy URL (default: a SQLite file in your per-user data folder)"
        ),
    ] = None,
    config: Annotated[
        Path | None,
        typer.Option(
            "--config",
            help="a TOML file of the server's limits (docs/server.md); ELEMENTA_<FIELD> overrides it",
        ),
    ] = None,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-host",
            help="a Host name to serve besides --host and localhost (repeatable; needed with --host 0.0.0.0)",
        ),
    ] = None,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option("--allowed-origin", help="another origin whose pages may open websockets (repeatable)"),
    ] = None,
) -> None:
    """Run the game server and its browser client: tables with seats for people and bots."""
    try:
        from elementa.server.limits import load_config
        from elementa.server.serve import serve as run_server
    except ImportError as e:
        fail(f"the server needs the server extra ({e.name} is missing): pip install 'elementa[server]'")
    try:
        limits = load_config(config)
    except ElementaError as e:
        fail(str(e))
    try:
        run_server(
            host,
            port,
            database,
            limits,
            allowed_hosts=allowed_host,
            allowed_origins=allowed_origin,
        )
    except OSError as e:
        fail(f"cannot listen on {host}:{port}: {e.strerror or e}")
    except ElementaError as e:  # database/in-use: another server has this SQLite file
        fail(str(e))
    except Exception as e:  # a bad --database URL or an unreachable database
        if type(e).__module__.startswith("sqlalchemy"):
            fail(f"database {_without_password(database)}: {e}")
        raise


def _without_password(url: str | None) -> str | None:
    """The database URL as an error message may show it: any password replaced by ``***``."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True) if url else url
    except ArgumentError:
        return url


@app.command("balance")
def balance(
    game: Annotated[str, typer.Argument(help="the game to study (see: elementa games)")],
    games: Annotated[
        int, typer.Option("--games", "-n", help="games in the main run (and per sweep value)")
    ] = 1000,
    agents: Annotated[
        str, typer.Option("--agents", "-a", help="comma list of agent specs, one per seat (or one for all)")
    ] = "greedy",
    seed: Annotated[int, typer.Option("--seed", help="base seed")] = 0,
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of players")] = None,
    option: OptionPairs = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="worker processes (or Ray CPUs)")] = 2,
    backend: Annotated[str, typer.Option("--backend", help="local (processes) or ray")] = "local",
    address: Annotated[
        str | None, typer.Option("--ray-address", help="a Ray cluster's address (default: a local instance)")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="the HTML report (default GAME-balance.html)")
    ] = None,
    resume: Annotated[bool, typer.Option("--resume", help="go on from the checkpoint beside --out")] = False,
    sweep: Annotated[
        list[str] | None, typer.Option("--sweep", help="option=v1,v2,... compared side by side (repeatable)")
    ] = None,
    tune: Annotated[
        list[str] | None, typer.Option("--tune", help="tune option=LOW:HIGH or option=a,b (repeatable)")
    ] = None,
    target: Annotated[
        list[str] | None, typer.Option("--target", help="tuning target: role<=X, role>=X, first=X+-Y")
    ] = None,
    trials: Annotated[int, typer.Option("--trials", help="tuning trials")] = 20,
    tune_games: Annotated[int, typer.Option("--tune-games", help="games per tuning trial")] = 200,
    skill_games: Annotated[
        int, typer.Option("--skill-games", help="games per rung of the skill trace (0: none)")
    ] = 20,
    skill_levels: Annotated[
        str, typer.Option("--skill-levels", help="agent specs, weakest first, for the skill trace")
    ] = "random,greedy",
    vary: Annotated[
        list[str] | None,
        typer.Option("--vary", help="option=v1|v2|...: games play the values in turn (repeatable)"),
    ] = None,
    vary_pairs: Annotated[
        list[str] | None,
        typer.Option(
            "--vary-pairs", help="option=a,b,c: games play every ordered pair 'a,b' in turn (Warriors decks)"
        ),
    ] = None,
) -> None:
    """Write a balance report: seats, lengths, game metrics, components, skill, sweeps, tuning."""
    status = balance_command(
        game,
        games=games,
        agents=agents,
        seed=seed,
        players=players,
        options=option or [],
        workers=workers,
        backend=backend,
        address=address,
        out=out,
        resume=resume,
        sweeps=sweep or [],
        tune_params=tune or [],
        targets=target or [],
        trials=trials,
        tune_games=tune_games,
        skill_games=skill_games,
        skill_levels=skill_levels,
        varies=vary or [],
        vary_pairs=vary_pairs or [],
    )
    raise typer.Exit(status)


balance.__doc__ = f"{balance.__doc__}\n\n{BALANCE_HELP}\n\n{_agents_help()}."


def main(argv: list[str] | None = None) -> None:
    """Run the ``elementa`` command line (the console-script entry point) and exit.

    Usage errors found by the argument parser are printed as one ``error:`` line, like every other
    refused input, with exit status 2. Output whose encoding is not UTF-8 gets ASCII stand-ins for
    the symbols it lacks (:mod:`elementa.cli.encoding`).
    """
    degrade_streams()  # a terminal or pipe that is not UTF-8 gets ASCII stand-ins, not a traceback
    command = typer.main.get_command(app)
    try:
        result: Any = command.main(args=argv, prog_name="elementa", standalone_mode=False)
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as e:
        # the argument parser's usage errors carry a formatted message and an exit code
        message = getattr(e, "format_message", None)
        if message is None or not hasattr(e, "exit_code"):
            raise
        try:
            fail(f"{message()} (see: elementa --help)", EXIT_USAGE)
        except typer.Exit as exit_:
            sys.exit(exit_.exit_code)
    sys.exit(result if isinstance(result, int) else 0)
