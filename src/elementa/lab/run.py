"""Running lab games on a backend (local processes or a Ray cluster), with a resumable checkpoint.

Game ``i`` depends only on the matchup and ``i`` (see :mod:`elementa.lab.play`), so a run split over
processes, machines or sessions (``--resume``) gives the games one uninterrupted run would.
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from elementa.agents import parse_spec
from elementa.core import ConfigError
from elementa.lab.play import LabGame, play_lab_game
from elementa.sim import Matchup
from elementa.sim.runner import pool_imap

BACKENDS = ("local", "ray")
"""The backends: ``local`` worker processes (the sim's pool) and ``ray`` (a local or remote cluster)."""


def lab_spec(spec: str) -> str:
    """Return an agent spec with an iteration budget only: ``seconds=none`` added to a search level
    (a spec whose agent takes ``seconds``) that does not set ``seconds`` itself.

    A level's wall-clock cap (``easy``: 0.2 s a decision) binds first on a loaded machine, so a
    lab run's results would depend on the machine's load and differ between runs of the same
    seed; without it the level's iterations alone bound each search, and game ``i`` is the same
    everywhere. A spec that sets ``seconds`` keeps it (the designer asked for a timed player).

    Example:
        >>> lab_spec("easy"), lab_spec("easy:seconds=1"), lab_spec("greedy")
        ('easy:seconds=none', 'easy:seconds=1', 'greedy')

    Raises:
        ConfigError: a bad spec (see :func:`elementa.agents.parse_spec`).
    """
    entry, params = parse_spec(spec)
    if "seconds" in entry.params and "seconds" not in params:
        return f"{spec}:seconds=none"
    return spec


def lab_matchup(matchup: Matchup) -> Matchup:
    """Return the matchup with :func:`lab_spec` applied to every seat's agent."""
    return Matchup(matchup.game, matchup.options, tuple(map(lab_spec, matchup.agents)), matchup.seed)


class Terminated(KeyboardInterrupt):
    """SIGTERM received during a lab run: handled as Ctrl-C (games kept, workers stopped)."""


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """While the block runs, make SIGTERM raise :class:`Terminated` (a ``KeyboardInterrupt``), so a
    terminated run ends as Ctrl-C does: the worker pool is terminated (no process is left playing),
    the checkpoint saved and the report of the games played written. Outside the main thread,
    where no handler can be set, nothing changes.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    owner = os.getpid()

    def handler(signum: int, frame: object) -> None:
        if os.getpid() != owner:  # a forked worker inherits the handler: it just stops, quietly
            os._exit(128 + signum)
        raise Terminated

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@dataclass(frozen=True)
class Rotation:
    """Matchups played in turn: game ``i`` is game ``i`` of ``matchups[i % len(matchups)]``.

    One matchup for a plain run; several to spread a run over option settings (``--vary``: every
    Warriors deck pairing, for a deck-against-deck matrix). Picklable, for worker processes.
    """

    matchups: tuple[Matchup, ...]

    def __call__(self, index: int) -> LabGame:
        return play_lab_game(self.matchups[index % len(self.matchups)], index)

    def chunk(self, indices: Sequence[int]) -> list[dict[str, Any]]:
        """Play several games and return them as JSON dicts (one Ray task)."""
        return [self(i).to_json() for i in indices]


def rotation(matchups: Matchup | Sequence[Matchup]) -> Rotation:
    """Return the :class:`Rotation` of one matchup or several."""
    return Rotation((matchups,) if isinstance(matchups, Matchup) else tuple(matchups))


def _play_chunk(plan: Rotation, indices: Sequence[int]) -> list[dict[str, Any]]:
    return plan.chunk(indices)


def ray_imap(
    plan: Rotation, indices: Sequence[int], workers: int, address: str | None = None
) -> Iterator[LabGame]:
    """Yield the games of ``indices`` in order, played as Ray tasks (chunks of games per task).

    Args:
        plan: what to play.
        indices: the game indices.
        workers: the CPUs a new local Ray instance gets (ignored when connecting to a cluster).
        address: a cluster's address (``"auto"``, ``"ray://host:10001"``); ``None`` starts a local
            instance unless Ray is already initialised.

    Raises:
        ConfigError: Ray is not installed (``pip install elementa[ray]``).
    """
    try:
        import ray
    except ImportError as e:
        raise ConfigError("the ray backend needs Ray: pip install 'elementa[ray]'", option="backend") from e
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(_play_chunk)
    chunk = max(1, len(indices) // (workers * 8))
    parts = [list(indices[k : k + chunk]) for k in range(0, len(indices), chunk)]
    futures = [remote.remote(plan, part) for part in parts]
    fetched = 0
    try:
        for future in futures:
            chunk_games = ray.get(future)
            fetched += 1
            for data in chunk_games:
                yield LabGame.from_json(data)
    finally:
        for future in futures[fetched:]:  # stopped early: drop the tasks not yet fetched
            ray.cancel(future)


def check_backend(backend: str, workers: int) -> None:
    """Refuse an unknown backend or fewer than one worker.

    Raises:
        ConfigError: naming the setting and what is allowed.
    """
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r}; use one of {', '.join(BACKENDS)}", option="backend")
    if workers < 1:
        raise ConfigError(f"the number of workers must be at least 1, got {workers}", option="workers")


def iter_lab_games(
    matchups: Matchup | Sequence[Matchup],
    indices: Sequence[int],
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
) -> Iterator[LabGame]:
    """Yield the lab games of ``indices``, in order, from a backend.

    Args:
        matchups: what to play (checked first, in this process): one matchup, or several played in
            turn (see :class:`Rotation`).
        indices: the game indices to play.
        workers: processes (local) or CPUs of a new local Ray instance.
        backend: one of :data:`BACKENDS`.
        address: a Ray cluster's address (ray backend only).

    Raises:
        ConfigError: a bad matchup, backend or number of workers.
    """
    check_backend(backend, workers)
    plan = rotation(matchups)
    for matchup in plan.matchups:
        matchup.load()
    if backend == "ray":
        yield from ray_imap(plan, indices, workers, address)
    elif workers == 1:
        for i in indices:
            yield plan(i)
    else:
        chunk = max(1, len(indices) // (workers * 16))
        yield from pool_imap(plan, indices, workers, chunk)


@dataclass
class Checkpoint:
    """The games of a run played so far, saved as JSON so that ``--resume`` can go on from them.

    Attributes:
        path: the checkpoint file, or ``None`` to keep the games in memory only.
        key: what identifies the run (game, options, agents, seed); a checkpoint of another run is refused.
        games: the games played, by index.
    """

    path: Path | None
    key: dict[str, Any]
    games: dict[int, LabGame]

    @classmethod
    def open(cls, path: Path | None, key: dict[str, Any], resume: bool) -> Checkpoint:
        """Return the checkpoint at ``path``: its games when resuming, else an empty one.

        Raises:
            ConfigError: resuming from a file that is missing, unreadable or of another run.
        """
        if not resume or path is None:
            return cls(path, key, {})
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            saved_key = data["key"]
            games = [LabGame.from_json(g) for g in data["games"]]
        except FileNotFoundError as e:
            raise ConfigError(
                f"{path}: no checkpoint to resume; run without --resume", option="resume"
            ) from e
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise ConfigError(
                f"{path}: not a lab checkpoint ({e}); delete it or run without --resume", option="resume"
            ) from e
        if saved_key != key:
            raise ConfigError(
                f"{path} holds another run ({saved_key}); use the same game, options, agents and seed",
                option="resume",
            )
        return cls(path, key, {g.record.index: g for g in games})

    def save(self) -> None:
        """Write the games played so far (atomically: a temporary file, then a rename); no file or no
        games: nothing."""
        if self.path is None or not self.games:
            return
        data = {"key": self.key, "games": [self.games[i].to_json() for i in sorted(self.games)]}
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
        tmp.replace(self.path)


def run_with_checkpoint(
    games: Iterator[LabGame],
    checkpoint: Checkpoint,
    on_game: Callable[[LabGame], None] | None = None,
    every: float = 30.0,
) -> None:
    """Add the games a run yields to a checkpoint, saving it every ``every`` seconds and when the run
    stops (at the end, on an error or on Ctrl-C, which is then re-raised for the caller)."""
    last = time.monotonic()
    try:
        for g in games:
            checkpoint.games[g.record.index] = g
            if time.monotonic() - last > every:
                checkpoint.save()
                last = time.monotonic()
            if on_game:
                on_game(g)
    finally:
        close = getattr(games, "close", None)
        if close is not None:
            close()
        checkpoint.save()
