"""Bots' moves in worker processes, each with a deadline, so one table's search cannot starve another's.

The server sends a worker a :class:`BotRequest`: the table's game, options, seed and history (the
same record a stored table is), the seat and its agent spec. The worker keeps, per table, the state
and the agents it built (an ISMCTS agent keeps its random generator and its tree from one move to
the next), advances the state by the moves it has not seen, and answers the chosen action's id. On
a miss (a worker started afresh, or history it did not see coming, after an undo) it rebuilds the
state by replaying the history and the agent from its seed (the table's seed plus the seat, as the
in-process agents), so a table's bots are deterministic given its seed and the moves.

A table always goes to the same worker (by its id), and a worker serves one move at a time. When a
move is not answered within the deadline (the wait for a busy worker included), :meth:`BotPool.move`
returns ``None``, the worker process is killed and started again on next use, and the caller plays
:func:`fallback_move` instead: a random legal move seeded by the table's seed, the seat and the step.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import zlib
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from elementa.core import Agent, ConfigError, State

log = logging.getLogger("elementa.server")

WORKER_TABLES = 256
"""The tables whose state and agents one worker keeps (the least recently used are forgotten)."""


@dataclass(frozen=True)
class BotRequest:
    """One bot move to compute.

    Attributes:
        table: the table id (the worker's cache key).
        game: the game's registry name.
        options: the game's options as ``Game.options_dict()`` returns them (files resolved).
        seed: the table's seed.
        history: the applied actions, ``(player, action id)`` each, chance outcomes included.
        seat: the seat to move.
        spec: the seat's agent spec (a bot seat's, or the zombie agent's).
        agent_seed: the seed an agent built for this seat gets.
    """

    table: str
    game: str
    options: dict[str, Any]
    seed: int
    history: tuple[tuple[int, int], ...]
    seat: int
    spec: str
    agent_seed: int


@dataclass
class _Cached:
    key: str
    state: State
    agents: dict[tuple[int, str], Agent] = field(default_factory=dict)


def _key(request: BotRequest) -> str:
    return json.dumps([request.game, request.options, request.seed], sort_keys=True, default=str)


def _make(spec: str, state: State, seat: int, seed: int) -> Agent:
    from elementa.agents import make_agent

    try:
        return make_agent(spec, state.game, seat, seed=seed)
    except ConfigError:  # a zombie agent the game lacks (greedy without a rule-based player)
        return make_agent("random", state.game, seat, seed=seed)


def compute_move(cache: OrderedDict[str, _Cached], request: BotRequest) -> int:
    """Return the action id the seat's agent chooses, reusing and updating the worker's cache.

    Args:
        cache: the worker's tables, most recently used last.
        request: the move to compute.

    Raises:
        Exception: whatever the game or agent raises (the worker reports it; the server falls back).
    """
    from elementa.core import load_game

    key = _key(request)
    entry = cache.pop(request.table, None)
    seen = [] if entry is None else entry.state.history()
    if entry is None or entry.key != key or list(request.history[: len(seen)]) != list(seen):
        game = load_game(request.game, **request.options)
        entry = _Cached(key, game.new_initial_state(request.seed))
        seen = []
    for player, action_id in request.history[len(seen) :]:
        entry.state.apply_action(action_id, player)
    cache[request.table] = entry
    while len(cache) > WORKER_TABLES:
        cache.popitem(last=False)
    agent = entry.agents.get((request.seat, request.spec))
    if agent is None:
        agent = entry.agents[request.seat, request.spec] = _make(
            request.spec, entry.state, request.seat, request.agent_seed
        )
    return agent.step(entry.state.clone()).id


def _serve(conn: Connection) -> None:  # pragma: no cover - runs in the worker process
    """A worker's loop: say ``("ready", None)`` once its imports are done, then answer each request
    with ``("ok", action id)`` or ``("error", text)``."""
    import elementa.agents  # noqa: F401  (imported before "ready": a start is not a move's time)
    from elementa.core import list_games

    list_games()  # imports every game package
    cache: OrderedDict[str, _Cached] = OrderedDict()
    conn.send(("ready", None))
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            conn.send(("ok", compute_move(cache, request)))
        except Exception as e:
            cache.pop(getattr(request, "table", ""), None)
            conn.send(("error", f"{type(e).__name__}: {e}"))


START_TIMEOUT = 60.0
"""Seconds a worker process may take to start (spawn and imports) before its move is given up."""


class _Worker:
    """One worker process (started on first use) and the lock that gives it one move at a time."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.process: BaseProcess | None = None
        self.conn: Connection | None = None
        self.lock = asyncio.Lock()

    def start(self) -> Connection:
        context = multiprocessing.get_context("spawn")  # no fork of a threaded server
        parent, child = context.Pipe()
        process = context.Process(target=_serve, args=(child,), name=self.name, daemon=True)
        process.start()
        child.close()
        self.process, self.conn = process, parent
        return parent

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.join(5)
            self.process.close()
        if self.conn is not None:
            self.conn.close()
        self.process = self.conn = None


class BotPool:
    """Worker processes for the bots' searches, each move with a deadline.

    Args:
        processes: how many worker processes (started on first use).
        deadline: seconds a move may take, the wait for its worker included (not the start of a
            worker process, which has :data:`START_TIMEOUT`).
    """

    def __init__(self, processes: int, deadline: float) -> None:
        self.deadline = deadline
        self.workers = [_Worker(f"elementa-bot-{i}") for i in range(processes)]
        self.waiters = ThreadPoolExecutor(max_workers=processes, thread_name_prefix="elementa-bot-wait")

    async def move(self, request: BotRequest) -> int | None:
        """Return the action id the worker computed, or ``None`` past the deadline or on a failure.

        A worker that misses the deadline or breaks is killed (it is started again on next use).
        """
        worker = self.workers[zlib.crc32(request.table.encode()) % len(self.workers)]
        loop = asyncio.get_running_loop()
        end = loop.time() + self.deadline
        try:
            await asyncio.wait_for(worker.lock.acquire(), self.deadline)
        except TimeoutError:
            log.warning("bot move of table %s: no worker free within %g s", request.table, self.deadline)
            return None
        try:
            conn = worker.conn if worker.process is not None and worker.process.is_alive() else None
            if conn is None:
                worker.stop()
                conn = worker.start()
                # A process start (spawn and imports: seconds on a loaded machine) is the server's
                # cost, not the bot's thinking: the move's deadline counts from the worker's "ready".
                if not await loop.run_in_executor(self.waiters, conn.poll, START_TIMEOUT):
                    raise OSError(f"no worker started within {START_TIMEOUT:g} s")
                conn.recv()
                end = loop.time() + self.deadline
            conn.send(request)
            ready = await loop.run_in_executor(self.waiters, conn.poll, max(0.0, end - loop.time()))
            if not ready:
                log.warning("bot move of table %s: past the %g s deadline", request.table, self.deadline)
                worker.stop()
                return None
            status, value = conn.recv()
        except (OSError, EOFError, ValueError) as e:
            log.warning("bot move of table %s: worker failed (%s)", request.table, e)
            worker.stop()
            return None
        finally:
            worker.lock.release()
        if status != "ok":
            log.warning("bot move of table %s: %s", request.table, value)
            return None
        return int(value)

    def close(self) -> None:
        """Stop every worker process."""
        for worker in self.workers:
            worker.stop()
        self.waiters.shutdown(wait=False, cancel_futures=True)


def fallback_move(state: State, seat: int, legal: Sequence[int] | None = None) -> int:
    """Return a cheap legal move for a seat: uniform among its legal actions, seeded by the table's
    seed, the seat and the step (so a replayed table falls back the same way).

    Raises:
        ValueError: the seat has no legal action.
    """
    import random

    ids = list(legal) if legal is not None else [a.id for a in state.legal_actions(seat)]
    if not ids:
        raise ValueError(f"seat {seat} has no legal action")
    rng = random.Random(f"{state.seed}:{seat}:{len(state.history())}")
    return ids[rng.randrange(len(ids))]
