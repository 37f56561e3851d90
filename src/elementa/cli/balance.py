"""``elementa balance``: the designer lab's balance report (HTML with plots, and JSON beside it)."""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from elementa.agents import check_spec
from elementa.cli.common import EXIT_INTERRUPTED, CliError, build_game, split_specs, user_errors
from elementa.sim import Matchup

BALANCE_HELP = (
    "Writes OUT (default GAME-balance.html) and its data beside it (.json). The main run saves a "
    "checkpoint (OUT with .checkpoint.json) every half minute and on Ctrl-C; --resume plays only "
    "the games it lacks (a checkpoint holding more games than -n is kept). Ctrl-C or SIGTERM writes "
    "the report of the games played so far. Search levels play on iterations only "
    "(seconds=none) unless their spec sets seconds."
)


@contextmanager
def _bars() -> Iterator[Callable[[str, int], Callable[[], None]]]:
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )

    def start(label: str, total: int) -> Callable[[], None]:
        task = progress.add_task(label, total=total)
        return lambda: progress.advance(task)

    with progress:
        yield start


def balance_command(
    game_name: str,
    *,
    games: int,
    agents: str,
    seed: int,
    players: int | None,
    options: list[str],
    workers: int,
    backend: str,
    address: str | None,
    out: Path | None,
    resume: bool,
    sweeps: list[str],
    tune_params: list[str],
    targets: list[str],
    trials: int,
    tune_games: int,
    skill_games: int,
    skill_levels: str,
    varies: list[str],
    vary_pairs: list[str],
) -> int:
    """Run ``elementa balance`` and return the exit status (errors exit through :func:`user_errors`)."""
    console = Console()
    with user_errors():
        try:
            from elementa.lab import BalanceJob, run_balance
            from elementa.lab.explore import Target, parse_space, parse_sweep, parse_vary
            from elementa.lab.html import render
            from elementa.lab.run import Checkpoint, check_backend, lab_spec
        except ImportError as e:
            raise CliError(
                f"the lab needs its extra: pip install 'elementa[lab]' ({e.name} is missing)"
            ) from e
        check_backend(backend, workers)
        specs = [lab_spec(check_spec(s)) for s in split_specs(agents)]
        if players is None and len(specs) > 1:
            players = len(specs)
        game = build_game(game_name, options, players)
        if len(specs) == 1:
            specs = specs * game.num_players
        if len(specs) != game.num_players:
            raise CliError(f"--agents lists {len(specs)} agents for {game.num_players} players")
        if games < 1:
            raise CliError(f"--games must be at least 1, got {games}")
        matchup = Matchup(game.name, game.options_dict(), tuple(specs), seed)
        matchup.load()
        html_path = out or Path(f"{game.name}-balance.html")
        try:  # before any game is played, so that no run is lost to a missing folder
            html_path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise CliError(f"--out {html_path}: cannot create its folder ({e.strerror or e})") from None
        json_path = html_path.with_suffix(".json")
        variants = parse_vary(varies, vary_pairs)
        key = {
            "game": game.name,
            "options": matchup.options,
            "variants": variants,
            "agents": list(specs),
            "seed": seed,
        }
        checkpoint = Checkpoint.open(html_path.with_suffix(".checkpoint.json"), key, resume)
        if tune_params and not targets:
            raise CliError("--tune needs at least one --target (for example --target 'role<=0.6')")
        job = BalanceJob(
            matchup=matchup,
            games=games,
            workers=workers,
            backend=backend,
            address=address,
            command=" ".join(["elementa", *map(shlex.quote, sys.argv[1:])])
            if sys.argv[1:2] == ["balance"]
            else f"elementa balance {game.name} -n {games}",
            checkpoint=checkpoint,
            sweeps=[parse_sweep(s) for s in sweeps],
            tune_space=parse_space(game.name, tune_params) if tune_params else {},
            targets=[Target.parse(t) for t in targets],
            trials=trials,
            tune_games=tune_games,
            skill_levels=[check_spec(s) for s in split_specs(skill_levels)],
            skill_games=skill_games,
            variants=variants,
        )
        job.matchups()  # every variant is a valid setting, before any game
        console.print(
            f"{game.info.title}: {games} games, agents {','.join(specs)}, seed {seed}, {backend} backend",
            markup=False,
            soft_wrap=True,
        )
        with _bars() as progress:
            data = run_balance(job, progress)
        html_path.write_text(render(data), encoding="utf-8")
        json_path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        report = data["report"]
        fp = report["first_player"]
        if fp["games"]:
            who = "seat 1" if fp["always_seat_1"] else "the first mover"
            console.print(
                f"{who} wins {fp['rate']:.3f} ({fp['low']:.3f}-{fp['high']:.3f}) of {fp['games']} games",
                markup=False,
            )
        else:
            console.print(f"simultaneous start: no first mover in {report['games']} games", markup=False)
        for cat, entry in report["attributes"].items():
            top = entry["rates"][0]
            console.print(f"highest {cat}: {top['value']} {top['rate']:.3f}", markup=False)
        console.print(f"wrote {html_path} and {json_path}", markup=False, soft_wrap=True)
        if data["interrupted"]:
            console.print(
                f"interrupted: the report counts {report['games']} games; --resume goes on", markup=False
            )
            return EXIT_INTERRUPTED
        if checkpoint.path is not None:
            kept = sum(1 for i in checkpoint.games if i >= games)
            if kept:  # a larger run's games: never thrown away by a smaller -n
                console.print(
                    f"kept {checkpoint.path}: it holds {len(checkpoint.games)} games, {kept} more than the "
                    f"{games} this report counts (--resume with -n {max(checkpoint.games) + 1} uses them)",
                    markup=False,
                    soft_wrap=True,
                )
            else:
                checkpoint.path.unlink(missing_ok=True)
    return 0
