"""Running many games between agents, reproducibly, optionally in several processes.

Game ``i`` of a run with seed ``s`` is seeded with ``derive_seed(s, "game", i)`` (its *deal*: the chance
outcomes, drawn by step from that seed, see :func:`elementa.core.play_game`) and the agent at seat ``p``
with ``derive_seed(s, "agent", i, p)``, so a run's results depend only on its matchup and seed, never on
the number of worker processes. A tournament may give several games one deal (duplicate play).
"""

from __future__ import annotations

import json
import multiprocessing
import multiprocessing.pool
import random
import signal
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any, TypeVar

from elementa.agents import make_agent
from elementa.core import CHANCE, Agent, ConfigError, Game, State, load_game, play_game
from elementa.sim.stats import GameRecord, win_shares


def derive_seed(base: int, *keys: int | str) -> int:
    """Return a seed in ``range(2**31)`` derived from a base seed and keys, stable across runs and machines.

    Example: ``derive_seed(1, "game", 0)`` seeds the first game of a run with seed 1.
    """
    return random.Random(":".join(str(k) for k in (base, *keys))).randrange(2**31)


T = TypeVar("T")


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def pool_imap(
    fn: Callable[[int], T], indices: Iterable[int], workers: int, chunksize: int = 1
) -> Iterator[T]:
    """Yield ``fn(i)`` for each index, in order, computed by ``workers`` processes.

    Workers ignore Ctrl-C, which is the caller's to handle. When the caller stops early (an interrupt,
    an error, or closing the generator) the workers are terminated at once, the games they were
    playing abandoned: a stopped run keeps the results already yielded and leaves no process behind.

    Args:
        fn: a picklable function of a game index (it runs in the workers).
        indices: the game indices.
        workers: the number of processes (at least 1).
        chunksize: indices handed to a worker at a time.

    Raises:
        Exception: whatever ``fn`` raised in a worker, re-raised here.
    """
    with _Pool(workers, initializer=_ignore_interrupts) as pool:  # leaving terminates
        yield from pool.imap(fn, indices, chunksize)


class _Pool(multiprocessing.pool.Pool):
    """:class:`multiprocessing.pool.Pool`, whose worker-handler thread no longer wakes for results.

    That thread of the parent restarts workers that exit and ends with the pool, so it needs to
    wake only when a worker exits or the pool notifies it (closed, terminated, its cache emptied).
    CPython's also waits on the result pipe, and while a result sits there until the
    result-handler thread takes it, its wait returns at once: it spun dozens of times per result
    message (70 in a run of ElementaliS games), about 0.7 ms of the parent's CPU time per message,
    taken from the workers' cores. These sentinels are the ones ``multiprocessing.pool.ThreadPool``
    uses (``tests/sim/test_runner.py`` counts the thread's wakes).
    """

    def _get_sentinels(self) -> list[Any]:
        return [self._change_notifier._reader]  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Matchup:
    """What to simulate: a game with options, one agent spec per seat, and a base seed.

    Attributes:
        game: the registered game name.
        options: the game's options (``players`` must match the number of agents).
        agents: one agent spec per seat, in seat order.
        seed: the base seed of the run.
    """

    game: str
    options: dict[str, Any] = field(hash=False)
    agents: tuple[str, ...]
    seed: int = 0

    def load(self) -> Game:
        """Return the game and check that every agent can play it.

        Raises:
            ConfigError: a bad game or option, an unknown agent spec, or the wrong number of agents.
        """
        game = load_game(self.game, **self.options)
        if len(self.agents) != game.num_players:
            raise ConfigError(
                f"{game.num_players} players need {game.num_players} agents, got {len(self.agents)}",
                option="agents",
            )
        for p, spec in enumerate(self.agents):
            make_agent(spec, game, p, 0)
        return game


def make_agents(matchup: Matchup, game: Game, index: int) -> list[Agent]:
    """Return the agents of game ``index`` of a run, with their derived seeds."""
    return [
        make_agent(spec, game, p, derive_seed(matchup.seed, "agent", index, p))
        for p, spec in enumerate(matchup.agents)
    ]


@lru_cache(maxsize=4)
def _loaded(name: str, options: str) -> Game:
    """Return the game ``name`` with these options (JSON), loaded once per run and process: a game
    is fixed by its options and files, and loading one (Warriors parses its card files) costs as
    much as playing it. Each run starts afresh (:func:`new_run`), so it reads the files as they are."""
    return load_game(name, **json.loads(options))


def new_run() -> None:
    """Forget the games loaded by earlier runs (call before a run's first game; workers start empty)."""
    _loaded.cache_clear()


def play_one(matchup: Matchup, index: int, deal: int | None = None) -> GameRecord:
    """Play game ``index`` of a run and return its record.

    Args:
        matchup: what to play.
        index: the game's number in the run (seeds its agents).
        deal: the number whose game seed it gets (default ``index``); games with one deal start
            alike and draw the same chance outcomes while their histories have the same length.

    Raises:
        ConfigError: see :meth:`Matchup.load`.
        RuntimeError: the game did not end within the run loop's step limit.
    """
    game = _loaded(matchup.game, json.dumps(matchup.options, sort_keys=True))
    seed = derive_seed(matchup.seed, "game", index if deal is None else deal)
    state = play_game(game, make_agents(matchup, game, index), seed=seed, events=False)
    return record_game(game, state, index)


def record_game(game: Game, state: State, index: int) -> GameRecord:
    """Return the :class:`GameRecord` of a finished game (its seed is the state's)."""
    history = state.history()
    returns = tuple(state.returns())
    roles = state.roles()
    return GameRecord(
        index=index,
        seed=state.seed,
        returns=returns,
        shares=tuple(win_shares(returns, game.utility_range())),
        roles=None if roles is None else tuple(roles),
        decisions=sum(1 for player, _ in history if player != CHANCE),
        steps=len(history),
    )


def iter_games(matchup: Matchup, n: int, workers: int = 1) -> Iterator[GameRecord]:
    """Yield the records of games ``0 .. n-1`` of a run, in order.

    Args:
        matchup: what to play (checked first, in this process).
        n: the number of games.
        workers: the number of processes; 1 plays in this process.

    Raises:
        ConfigError: see :meth:`Matchup.load`; also for ``n < 1`` or ``workers < 1``.
    """
    if n < 1:
        raise ConfigError(f"the number of games must be at least 1, got {n}", option="games")
    if workers < 1:
        raise ConfigError(f"the number of workers must be at least 1, got {workers}", option="workers")
    matchup.load()
    new_run()
    # Loaded here, before the pool starts: forked workers inherit it instead of each loading it.
    _loaded(matchup.game, json.dumps(matchup.options, sort_keys=True))
    if workers == 1:
        for i in range(n):
            yield play_one(matchup, i)
        return
    # Small chunks, so that the workers finish nearly together (a worker left alone at the end has
    # at most one chunk to play); a chunk costs a message of a few hundred bytes each way.
    chunk = max(1, n // (workers * 64))
    yield from pool_imap(partial(play_one, matchup), range(n), workers, chunk)


def run_games(
    matchup: Matchup, n: int, workers: int = 1, on_game: Callable[[GameRecord], None] | None = None
) -> list[GameRecord]:
    """Play ``n`` games and return their records in order (see :func:`iter_games`).

    Args:
        on_game: called after each game, for example to advance a progress bar.
    """
    records = []
    for record in iter_games(matchup, n, workers):
        records.append(record)
        if on_game:
            on_game(record)
    return records
