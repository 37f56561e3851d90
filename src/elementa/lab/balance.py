"""The designer lab's job: play a game many times and gather the balance report's data.

:func:`run_balance` plays the main run (resumable from a checkpoint), then the optional skill trace,
option sweeps and parameter tuning, and returns the data that :func:`elementa.lab.html.render` turns
into a page. Ctrl-C during any stage keeps what was played: the report then covers those games and
says it was interrupted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from elementa.core import load_game
from elementa.lab.explore import RECHECK, Target, check_targets, compare, tune
from elementa.lab.report import build_report
from elementa.lab.run import (
    Checkpoint,
    iter_lab_games,
    lab_matchup,
    lab_spec,
    run_with_checkpoint,
    sigterm_as_interrupt,
)
from elementa.lab.skill import DEFAULT_LEVELS, skill_trace
from elementa.sim import Matchup, derive_seed

Progress = Callable[[str, int], Callable[[], None]]
"""``progress(label, total)`` starts a progress bar and returns the function that advances it."""


def _no_progress(label: str, total: int) -> Callable[[], None]:
    return lambda: None


@dataclass
class BalanceJob:
    """Everything a balance run needs.

    Attributes:
        matchup: the game, options, one agent spec per seat and the base seed.
        games: games in the main run (and in each sweep value).
        workers: worker processes (local) or CPUs of a local Ray instance.
        backend: ``"local"`` or ``"ray"``.
        address: a Ray cluster's address, or ``None``.
        command: the command line, shown in the report.
        checkpoint: the checkpoint of the main run (``path=None``: none).
        sweeps: ``(option, values)`` pairs, each compared value by value.
        tune_space: tuning parameters (see :func:`elementa.lab.explore.parse_space`); empty: no tuning.
        targets: the tuning targets.
        trials: tuning trials.
        tune_games: games per tuning trial.
        skill_levels: agent specs from weakest to strongest.
        skill_games: games per skill rung (0: no skill trace).
        variants: option changes played in turn, game ``i`` with ``variants[i % len(variants)]``
            (see :func:`elementa.lab.explore.parse_vary`); empty: the matchup's options only.
    """

    matchup: Matchup
    games: int
    workers: int = 1
    backend: str = "local"
    address: str | None = None
    command: str = ""
    checkpoint: Checkpoint | None = None
    sweeps: list[tuple[str, list[str]]] = field(default_factory=list)
    tune_space: dict[str, tuple[str, Any]] = field(default_factory=dict)
    targets: list[Target] = field(default_factory=list)
    trials: int = 20
    tune_games: int = 200
    skill_levels: Sequence[str] = DEFAULT_LEVELS
    skill_games: int = 0
    variants: list[dict[str, Any]] = field(default_factory=list)

    def matchups(self, changes: dict[str, Any] | None = None) -> list[Matchup]:
        """Return the matchups the run plays in turn, each with ``changes`` to its options.

        Raises:
            ConfigError: a change or variant the game refuses.
        """
        return [_with(self.matchup, {**v, **(changes or {})}) for v in self.variants or [{}]]


def _settings(job: BalanceJob, matchups: Sequence[Matchup]) -> dict[str, Any]:
    matchup = matchups[0]
    game = load_game(matchup.game, **matchup.options)
    varied = sorted({k for v in job.variants for k in v})
    return {
        "game": game.name,
        "title": game.info.title,
        "options": {k: v for k, v in game.options_dict().items() if k not in varied},
        "varied": [{k: m.options[k] for k in varied} for m in matchups] if varied else [],
        "agents": list(matchup.agents),
        "seed": matchup.seed,
        "command": job.command,
    }


def play_report(
    job: BalanceJob, matchups: Sequence[Matchup], games: int, progress: Progress, label: str
) -> dict[str, Any]:
    """Play ``games`` games of the matchups in turn (no checkpoint) on the job's backend; their report."""
    tick = progress(label, games)
    played = []
    for g in iter_lab_games(matchups, range(games), job.workers, job.backend, job.address):
        played.append(g)
        tick()
    return build_report(played, matchups[0].agents, _settings(job, matchups))


def _with(matchup: Matchup, changes: dict[str, Any]) -> Matchup:
    options = {**matchup.options, **changes}
    game = load_game(matchup.game, **options)  # validates: a bad value is refused before any game
    return Matchup(matchup.game, game.options_dict(), matchup.agents, matchup.seed)


def run_balance(job: BalanceJob, progress: Progress = _no_progress) -> dict[str, Any]:
    """Run a balance job and return the report's data.

    Returns:
        ``{"report": build_report(...), "interrupted": bool, "skill": [...], "sweeps": [...],
        "tuning": {...}}`` (the last three only when asked for).

    Search levels play on their iteration budgets alone unless their spec sets ``seconds`` (see
    :func:`elementa.lab.run.lab_spec`); SIGTERM is handled as Ctrl-C (see
    :func:`elementa.lab.run.sigterm_as_interrupt`).

    Raises:
        ConfigError: a bad game, option, agent, sweep or tuning setting (checked before playing).
        KeyboardInterrupt: Ctrl-C or SIGTERM before the first game of the main run ended.
    """
    with sigterm_as_interrupt():
        return _run_balance(job, progress)


def _run_balance(job: BalanceJob, progress: Progress) -> dict[str, Any]:
    job = replace(job, matchup=lab_matchup(job.matchup), skill_levels=[lab_spec(s) for s in job.skill_levels])
    matchup = job.matchup
    matchups = job.matchups()
    if job.tune_space:
        seeds = [derive_seed(matchup.seed, "game", i) for i in range(8)]
        check_targets(job.targets, matchup.game, matchups[0].options, seeds)
    checkpoint = job.checkpoint or Checkpoint(None, {}, {})
    sweeps = [(name, values, [job.matchups({name: v}) for v in values]) for name, values in job.sweeps]
    todo = [i for i in range(job.games) if i not in checkpoint.games]
    tick = progress("main run", job.games)
    for _ in range(job.games - len(todo)):
        tick()
    data: dict[str, Any] = {"interrupted": False}
    try:
        run_with_checkpoint(
            iter_lab_games(matchups, todo, job.workers, job.backend, job.address),
            checkpoint,
            lambda g: tick(),
        )
    except KeyboardInterrupt:
        if not checkpoint.games:
            raise
        data["interrupted"] = True
    games = [checkpoint.games[i] for i in sorted(checkpoint.games) if i < job.games]
    data["report"] = build_report(games, matchup.agents, _settings(job, matchups))
    if data["interrupted"]:
        return data
    try:
        if job.skill_games > 0 and len(job.skill_levels) > 1:
            rung = progress("skill trace", job.skill_games * (len(job.skill_levels) - 1))
            data["skill"] = skill_trace(
                matchup.game,
                matchup.options,
                job.skill_levels,
                job.skill_games,
                matchup.seed,
                job.workers,
                rung,
            )
        data["sweeps"] = []
        for name, values, runs in sweeps:
            reports = [
                data["report"]
                if run == matchups
                else play_report(job, run, job.games, progress, f"sweep {name}={value}")
                for value, run in zip(values, runs, strict=True)
            ]
            data["sweeps"].append(
                {
                    "option": name,
                    "values": values,
                    "games": job.games,
                    "comparisons": [compare(reports[0], other) for other in reports[1:]],
                }
            )
        if job.tune_space:
            trial = progress("tuning", job.trials + min(RECHECK, job.trials))

            def evaluate(params: dict[str, Any], round_: int) -> dict[str, Any]:
                runs = job.matchups(params)
                if round_:  # fresh games for the re-check: another seed
                    runs = [replace(m, seed=derive_seed(m.seed, "recheck", round_)) for m in runs]
                report = play_report(job, runs, job.tune_games, _no_progress, "")
                trial()
                return report

            data["tuning"] = tune(job.tune_space, job.targets, evaluate, job.trials, matchup.seed)
            data["tuning"]["games"] = job.tune_games
    except KeyboardInterrupt:
        data["interrupted"] = True
    return data


__all__ = ["BalanceJob", "run_balance"]
