"""The web layer of the game server: lobby REST routes, one websocket per viewer, bots, static client.

REST (JSON):

- ``GET /api/games``: each game's name, title, player range, options and presets.
- ``GET /api/games/{game}/rules``: the game's rules summary (markdown text).
- ``POST /api/tables``: create a table (:class:`CreateTable`); returns its id, its commitment and
  the invite codes and links of its reserved seats (a code is claimed once for the seat's token).
- ``GET /api/tables?status=open&status=playing&limit=50&offset=0``: the tables, newest first (with
  statuses, only those), one page of at most ``limit`` (:attr:`ServerConfig.max_lobby_page`).
- ``GET /api/tables/mine``: the tables whose seat cookies the browser holds (:func:`tables_held`).
- ``GET /api/tables/{id}``: one table's public summary.
- ``POST /api/tables/{id}/join``: take a free open seat (:class:`JoinSeat`); returns the seat's token
  and sets it as the table's HttpOnly seat cookie (:mod:`elementa.server.security`).
- ``POST /api/tables/{id}/claim``: claim a reserved seat with its invite code (:class:`ClaimSeat`);
  returns the seat's token and sets the cookie; a second claim is refused (``invite/claimed``).
- ``GET /api/tables/{id}/record``: a finished table's record, seed and salt revealed, for
  ``elementa verify`` (:mod:`elementa.server.fairness`).
- ``GET /api/tables/{id}/actions``: the table's action kinds with their part declarations and the
  text of its cards (:meth:`TableService.actions`); the same for every viewer, fetched once.
- ``GET /api/tables/{id}/replay`` (the seat cookie or header ``X-Seat-Token`` for a seat's view): a
  finished table's frames and its revealed seed.
- ``POST /api/tables/{id}/hint`` (the seat's cookie or ``X-Seat-Token``; no body): the search's best
  moves for the seat to move, from its information only (:mod:`elementa.server.coach`).
- ``GET /api/tables/{id}/analysis`` (likewise): a finished table's analysis for the seat: its win
  chance at each of its decisions, the turning points and the largest mistakes.

Tutorials (:mod:`elementa.server.lessons`): ``GET /api/tutorials``, ``GET /api/tutorials/{game}/actions``,
``POST /api/lessons``, ``GET /api/lessons/{id}``, ``POST /api/lessons/{id}/attempt``,
``GET /api/lessons/{id}/hint``; the page ``/learn/{game}``.

Websocket ``/ws/{id}``: the client first sends ``{"type": "hello", "token": "..."}`` (``null`` to
spectate; no ``token`` field: the table's seat cookie, if any), then ``{"type": "move", "action":
id, "step": n}`` or ``{"type": "undo", "step": n}`` where ``n`` is the ``step`` of the view the
choice was made on (a stale one is refused with ``action/stale``). The server sends
``{"type": "view", ...}`` (:meth:`TableService.view`, with only the new log lines and ``log_from``,
the index of the first, ``log_actors``, the seat (or ``CHANCE``) whose action each of them tells, and
the new typed events from ``events_from``) after every change, and
``{"type": "error", "code", "message"}`` for a refused message, which changes nothing. A wrong
token is refused with an ``auth/bad-token`` error and the socket is closed (code 4401); a browser
page of another origin with ``auth/origin`` (code 4403).

Errors of the REST routes are ``{"detail": {"code", "message"}}`` with status 400 (404 for an
unknown table, 429 for a client over a rate or quota of :mod:`elementa.server.limits`).

Every limit (message size and depth, messages per second, sockets and tables per client, bot
budgets, the shortest zombie timeout, the card and deck sets clients may name) comes from the
:class:`~elementa.server.limits.ServerConfig` given to :func:`create_app`.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from importlib import resources
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Query, Request, Response, WebSocket
from fastapi.responses import FileResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.middleware.trustedhost import TrustedHostMiddleware

from elementa.core import ElementaError, list_games, load_game
from elementa.server.accounts import (
    AccountError,
    AccountService,
    accounts_router,
    current_user,
    refuse,
    watch_deadlines,
)
from elementa.server.bots import BotPool, BotRequest, fallback_move
from elementa.server.cluster import Cluster
from elementa.server.coach import Coach
from elementa.server.db import SeatRow, hash_token, open_database
from elementa.server.lessons import LessonStore, lessons_router
from elementa.server.limits import (
    ClientLimits,
    FileSets,
    LimitError,
    ServerConfig,
    check_bot_budget,
    client_address,
    parse_frame,
)
from elementa.server.security import (
    SecurityHeaders,
    default_hosts,
    is_secure,
    origin_allowed,
    seat_cookie,
    set_seat_cookie,
)
from elementa.server.tables import (
    MAX_DEADLINE,
    MAX_TIMEOUT,
    ZOMBIE_AGENT,
    SeatSpec,
    ServerError,
    TableService,
    Viewer,
)

STATIC = resources.files("elementa.server") / "static"
HELD_ELSEWHERE_CHECK = 5.0
"""Least seconds between two checks that a seat held by another cluster process still is."""
log = logging.getLogger("elementa.server")


class SeatRequest(BaseModel):
    """One seat of a new table: ``open``, ``bot`` (with ``agent``) or ``reserved``."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["open", "bot", "reserved"]
    agent: str | None = None
    name: str | None = Field(default=None, max_length=64)
    account: bool = False
    """A reserved seat for the signed-in creator's account (see :mod:`elementa.server.accounts`)."""


class CreateTable(BaseModel):
    """The body of ``POST /api/tables``."""

    model_config = ConfigDict(extra="forbid")
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRequest] = Field(min_length=1, max_length=16)
    seed: int | None = None
    practice: bool = False
    timeout: int = Field(default=120, ge=0, le=MAX_TIMEOUT)
    rated: bool = False
    deadline_hours: int | None = Field(default=None, ge=1, le=MAX_DEADLINE // 3600)
    """A correspondence table's move deadline in hours (``None``: a live table)."""


class JoinSeat(BaseModel):
    """The body of ``POST /api/tables/{id}/join``: a 0-based seat (``None``: the first free one)."""

    model_config = ConfigDict(extra="forbid")
    seat: int | None = None
    name: str | None = Field(default=None, max_length=64)


class ClaimSeat(BaseModel):
    """The body of ``POST /api/tables/{id}/claim``: a reserved seat's invite code."""

    model_config = ConfigDict(extra="forbid")
    code: str = Field(max_length=128)
    name: str | None = Field(default=None, max_length=64)


class Hello(BaseModel):
    """The first websocket message: the seat token, ``None`` to spectate, absent for the seat cookie."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["hello"]
    token: str | None = None


class Move(BaseModel):
    """Take the action with this id, chosen on the view of this ``step`` (JSON integers: ``true``,
    ``"3"`` and ``1.0`` are refused).

    The step is required: without it a move chosen on an old view (a click that crossed another
    seat's move, a bot's or the chance outcome that followed) would be applied to a state its sender
    never saw, whenever the same id happens to be legal there too.
    """

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["move"]
    action: int
    step: int


class Undo(BaseModel):
    """Take back the seat's last move (see :meth:`TableService.undo`), asked on the view of ``step``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["undo"]
    step: int


ClientMessage = TypeAdapter(Annotated[Move | Undo | Hello, Field(discriminator="type")])


def error_message(code: str, message: str) -> dict[str, str]:
    """Return the websocket error message ``{"type": "error", "code", "message"}``."""
    return {"type": "error", "code": code, "message": message}


class _Gone(Exception):
    """The client of a websocket went away (closed, or the connection dropped)."""


class Hub:
    """The connected websockets of every table, the bot workers, the zombie timers and the per-client limits.

    Args:
        service: the table service.
        config: the limits (:class:`~elementa.server.limits.ServerConfig`).
    """

    def __init__(
        self, service: TableService, config: ServerConfig, allowed_origins: tuple[str, ...] = ()
    ) -> None:
        self.service = service
        self.allowed_origins = allowed_origins
        self.config = config
        self.limits = ClientLimits(config)
        self.bots = BotPool(config.bot_processes, config.bot_deadline)
        self.sockets: dict[str, list[tuple[WebSocket, Viewer]]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.timers: dict[tuple[str, int], asyncio.TimerHandle] = {}
        """The zombie clock of each (table, seat), one at a time (:meth:`arm`)."""
        self.log_sent: dict[WebSocket, tuple[int, int]] = {}
        """Per socket: how many log lines and typed events it has had."""

    async def broadcast(self, table_id: str) -> None:
        """Send every viewer of a table its current view.

        The log goes in pieces: each message carries ``log_from``, the index of its first log line,
        and only the lines that socket has not had yet (all of them after an undo, from 0), with
        ``log_actors``, who took each of those lines' actions (a seat, or ``CHANCE``); the typed events
        likewise, from ``events_from``.
        """
        views: dict[Viewer, dict[str, Any]] = {}
        sockets = list(self.sockets.get(table_id, []))
        # who took each logged action (a seat, or CHANCE), the log's lines being one per history entry
        actors = [player for player, _ in self.service.table(table_id).state.history()] if sockets else []
        for ws, viewer in sockets:
            if viewer not in views:
                views[viewer] = self.service.view(table_id, viewer)
            view = views[viewer]
            sent, events_sent = self.log_sent.get(ws, (0, 0))
            start = sent if sent <= len(view["log"]) else 0
            events_start = events_sent if events_sent <= len(view["events"]) else 0
            self.log_sent[ws] = (len(view["log"]), len(view["events"]))
            piece = {"log": view["log"][start:], "log_from": start, "log_actors": actors[start:]}
            piece |= {"events": view["events"][events_start:], "events_from": events_start}
            with contextlib.suppress(Exception):  # a socket closing meanwhile is dropped by its reader
                await ws.send_json({**view, **piece})

    def spawn(self, coro: Any) -> None:
        """Run a coroutine in the background, keeping a reference until it ends; log what it raises."""
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    async def drive(self, table_id: str) -> None:
        """Resolve chance and let the computers move until a person must move or the game ends.

        Each bot move is computed in a worker process (:class:`~elementa.server.bots.BotPool`) with
        a deadline, falling back to a seeded random legal move past it, then applied under the
        table's lock, committed and broadcast like a person's move. In a cluster only the process
        holding the table's driver lock drives it (another one is already on it: this returns); after
        letting the lock go it catches up and looks again, so a move that another process made
        meanwhile (whose own drive found the lock taken) is not left without its bot's answer.
        """
        cluster = self.service.cluster
        if cluster is None:
            await self._drive(table_id)
            return
        live = self.service.table(table_id)
        # nothing for a computer to do here (the live state is fresh after this process's own change):
        # no lock to take; a change made by another process is driven by that process
        if not live.state.is_chance_node() and self.service.bot_to_move(table_id) is None:
            return
        while cluster.try_drive(table_id):
            try:
                await self._drive(table_id)
            finally:
                cluster.release_drive(table_id)
            async with live.lock:
                if self.service.catch_up(table_id):
                    await self.broadcast(table_id)
                if not live.state.is_chance_node() and self.service.bot_to_move(table_id) is None:
                    return

    async def _drive(self, table_id: str) -> None:
        live = self.service.table(table_id)
        async with live.lock:
            if self.service.catch_up(table_id):  # a cluster's other processes moved meanwhile
                await self.broadcast(table_id)
            while True:
                changed = self.service.resolve_chance(table_id)
                if changed:
                    await self.broadcast(table_id)
                turn = self.service.bot_to_move(table_id)
                if turn is None:
                    return
                seat, _agent = turn
                state = live.state
                step = len(state.history())
                kind, spec = live.seats[seat]["kind"], live.seats[seat]["agent"]
                request = BotRequest(
                    table=table_id,
                    game=live.game.name,
                    options=live.game.options_dict(),
                    seed=state.seed,
                    history=tuple(state.history()),
                    seat=seat,
                    spec=(spec or "random") if kind == "bot" else ZOMBIE_AGENT,
                    agent_seed=state.seed + seat,
                )
                action_id = await self.bots.move(request)
                if action_id is None:
                    action_id = fallback_move(state, seat)
                try:
                    self.service.apply(table_id, seat, action_id, step=step)
                except ElementaError as e:
                    # action/stale: another process moved first; apply caught the state up: show it,
                    # look again. Anything else: the worker's move was refused; a legal one stands in
                    if e.code != "action/stale":
                        self.service.apply(table_id, seat, fallback_move(state, seat), step=step)
                await self.broadcast(table_id)

    async def on_change(self, kind: str, table_id: str) -> None:
        """Take another cluster process's notification: catch a live table up and show it to its sockets.

        Args:
            kind: ``"move"`` (its actions changed) or ``"seat"`` (a seat's client came or went there).
            table_id: the table (one this process has not loaded is read fresh when needed).
        """
        live = self.service.live.get(table_id)
        if live is None or kind not in ("move", "seat"):
            return
        if kind == "move" and not self.sockets.get(table_id):
            live.behind = True  # nobody here is watching: catch up when it is next used
            return
        async with live.lock:
            if kind == "move":
                self.service.catch_up(table_id)
            else:
                self.service.refresh_presence(table_id)
            await self.broadcast(table_id)
        if kind == "seat":
            self.watch_absent(table_id)

    async def on_reconnect(self) -> None:
        """Catch every live table up after the notification connection was lost (notices were missed).

        The database may have restarted: this process's seat locks are taken again first.
        """
        if self.service.cluster is not None:
            self.service.cluster.restore()
        for table_id in list(self.service.live):
            await self.on_change("move", table_id)
            await self.on_change("seat", table_id)

    def watch_absent(self, table_id: str) -> None:
        """Start the zombie clock of every joined seat of a table that nobody holds here."""
        live = self.service.table(table_id)
        for seat in {*live.away_since, *live.elsewhere}:
            self.arm(table_id, seat)

    def evict_idle(self) -> int:
        """Drop from memory the live tables nobody needs now; return how many went.

        A table goes when no socket of this process watches it and its lock is free: a finished one
        at once (its seats' clocks are stopped), an unfinished one once unused for
        :attr:`ServerConfig.idle_table_seconds` and only if no seat of it is connected or away here
        or held by another process (a live table's away clocks are in memory only; a correspondence
        table's deadlines are stored, so its away seats do not keep it). It is rebuilt from the
        database, transparently, the next time anything asks for it (:meth:`TableService.table`).
        """
        service = self.service
        idle_since = time.monotonic() - self.config.idle_table_seconds
        timed: dict[str, list[tuple[str, int]]] = {}
        for key in self.timers:
            timed.setdefault(key[0], []).append(key)
        gone = 0
        for table_id, live in list(service.live.items()):
            if self.sockets.get(table_id) or live.lock.locked():
                continue
            if live.state.is_terminal():
                for key in timed.get(table_id, ()):  # a finished table's clocks would only stop
                    self.timers.pop(key).cancel()
            elif (
                table_id in timed
                or live.used > idle_since
                or (live.deadline is None and live.away_since)
                or live.elsewhere
                or live.connected
            ):
                continue
            gone += service.evict(table_id)
        return gone

    def housekeep(self) -> int:
        """One sweep: evict the idle tables (:meth:`evict_idle`), then hand the memory freed since the
        last sweep back to the system (:func:`trim_memory`); return how many tables went."""
        gone = self.evict_idle()
        if gone:
            log.debug("%d idle tables dropped from memory", gone)
        trim_memory()
        return gone

    async def sweep(self) -> None:
        """Run :meth:`housekeep` every half :attr:`ServerConfig.idle_table_seconds` (at least every
        second, at most every minute)."""
        every = max(1.0, min(60.0, self.config.idle_table_seconds / 2))
        while True:
            await asyncio.sleep(every)
            self.housekeep()

    def arm(self, table_id: str, seat: int) -> None:
        """(Re)start a seat's zombie clock, replacing the one running.

        A clock is one timer handle of the event loop (no task, no coroutine), so a thousand idle
        tables cost a thousand small handles: it rings when the seat's player has been away for the
        table's timeout, and then a bot plays the seat (:meth:`drive`). The clock stops when the
        seat's client is connected to this process or the game is over. While another process of a
        cluster holds the seat, it looks again every timeout (every :data:`HELD_ELSEWHERE_CHECK`
        seconds at least): that process may die, and then the seat is away from the moment this one
        notices.
        """
        old = self.timers.pop((table_id, seat), None)
        if old is not None:
            old.cancel()
        self._schedule(table_id, seat)

    def _schedule(self, table_id: str, seat: int) -> None:
        """Set the seat's clock to ring at its next check, or let a bot take the seat now."""
        live = self.service.table(table_id)
        if seat in live.connected or live.state.is_terminal() or live.deadline is not None:
            return  # a correspondence table's seats have deadlines instead (accounts.watch_deadlines)
        if seat in live.elsewhere:
            delay: float = max(live.timeout, HELD_ELSEWHERE_CHECK)
        else:
            since = live.away_since.get(seat)
            if since is None:
                return
            delay = since + live.timeout - time.monotonic()
            if delay <= 0 and live.is_zombie(seat):
                self.spawn(self._take_over(table_id))
                return
        loop = asyncio.get_running_loop()
        self.timers[(table_id, seat)] = loop.call_later(max(delay, 0.01), self._ring, table_id, seat)

    def _ring(self, table_id: str, seat: int) -> None:
        """A seat's clock rang: look at the other processes' seats, then at the seat again."""
        self.timers.pop((table_id, seat), None)
        try:
            self.service.refresh_presence(table_id)
            self._schedule(table_id, seat)
        except Exception:  # a clock must not take the loop down; the seat is checked on its next event
            log.exception("the zombie clock of table %s seat %d failed", table_id, seat)

    async def _take_over(self, table_id: str) -> None:
        """Show a seat turned zombie to everyone, then let the bots move."""
        await self.broadcast(table_id)
        self.spawn(self.drive(table_id))  # its own task: re-arming a clock never cuts it off

    async def session(self, ws: WebSocket, table_id: str) -> None:
        """Serve one websocket: authenticate, send views, take moves and undos until it closes.

        A client over its open sockets is refused (``rate/sockets``, close code 4429); every message
        goes through the client's token bucket, shared by its sockets (``rate/messages``), and
        :func:`~elementa.server.limits.parse_frame` (size, depth, binary frames); a client that goes
        away ends the session quietly. A browser page of a foreign origin is refused (``auth/origin``,
        close code 4403).
        """
        peer = ws.client.host if ws.client else None
        client = client_address(peer, ws.headers.get("x-forwarded-for"), self.config.trusted_proxies)
        try:
            await ws.accept()
            if not origin_allowed(ws.headers, self.allowed_origins):
                await _send(ws, error_message("auth/origin", "this page's origin may not open the table"))
                await _close(ws, 4403)
                return
            try:
                self.limits.open_socket(client)
            except LimitError as e:
                await _send(ws, error_message(e.code, str(e)))
                await _close(ws, 4429)
                return
            try:
                await self._serve(ws, table_id, client)
            finally:
                self.limits.close_socket(client)
        except _Gone:
            pass

    async def _serve(self, ws: WebSocket, table_id: str, client: str) -> None:
        try:
            hello = Hello.model_validate(parse_frame(await _receive(ws), self.config))
            self.service.table(table_id)
            token = (
                hello.token if "token" in hello.model_fields_set else ws.cookies.get(seat_cookie(table_id))
            )
            seat = self.service.seat_of(table_id, token)
        except ValidationError as e:
            await _send(ws, error_message("message/invalid", _first_error(e)))
            await _close(ws, 4400)
            return
        except ElementaError as e:
            await _send(ws, error_message(e.code, str(e)))
            closing = {"table/unknown": 4404, "message/invalid": 4400}
            await _close(ws, closing.get(e.code, 4401))
            return
        self.sockets.setdefault(table_id, []).append((ws, seat))
        if seat is not None:
            self.service.set_connected(table_id, seat, True)
        refused = 0
        try:
            await self.broadcast(table_id)
            self.spawn(self.drive(table_id))
            while True:
                text = await _receive(ws)
                if not self.limits.take_message(client):
                    refused += 1
                    if refused > self.config.message_burst:  # a flood: the client is not listening
                        await _close(ws, 4429)
                        return
                    await _send(ws, error_message("rate/messages", "too many messages; slow down"))
                    continue
                refused = 0
                try:
                    raw = parse_frame(text, self.config)
                except LimitError as e:
                    await _send(ws, error_message(e.code, str(e)))
                    continue
                await self.handle(ws, table_id, seat, raw)
        finally:
            watching = self.sockets[table_id]
            watching.remove((ws, seat))
            if not watching:
                del self.sockets[table_id]  # no empty list left behind per table ever watched
            self.log_sent.pop(ws, None)
            if seat is not None and not any(v == seat for _, v in watching):
                self.service.set_connected(table_id, seat, False)
                self.arm(table_id, seat)
                with contextlib.suppress(Exception):
                    await self.broadcast(table_id)

    async def handle(self, ws: WebSocket, table_id: str, seat: Viewer, raw: Any) -> None:
        """Apply one client message; answer a refused one with an error and change nothing."""
        try:
            message = ClientMessage.validate_python(raw)
        except ValidationError as e:
            await _send(ws, error_message("message/invalid", _first_error(e)))
            return
        if isinstance(message, Hello):
            await _send(ws, error_message("message/invalid", "hello is sent once, first"))
            return
        if seat is None:
            await _send(ws, error_message("auth/spectator", "spectators cannot move"))
            return
        live = self.service.table(table_id)
        async with live.lock:
            try:
                if isinstance(message, Move):
                    self.service.apply(table_id, seat, message.action, step=message.step)
                else:
                    self.service.undo(table_id, seat, step=message.step)
            except ElementaError as e:
                await _send(ws, error_message(e.code, str(e)))
                return
            await self.broadcast(table_id)
        self.spawn(self.drive(table_id))


async def _receive(ws: WebSocket) -> str | None:
    """Return the next frame's text (``None`` for a binary frame).

    Raises:
        _Gone: the client closed the socket or the connection dropped.
    """
    try:
        message = await ws.receive()
    except Exception:  # the connection dropped under the read
        raise _Gone from None
    if message["type"] == "websocket.disconnect":
        raise _Gone
    text = message.get("text")
    return text if isinstance(text, str) else None


async def _send(ws: WebSocket, message: dict[str, Any]) -> None:
    """Send a JSON message.

    Raises:
        _Gone: the client is gone.
    """
    try:
        await ws.send_json(message)
    except Exception:
        raise _Gone from None


async def _close(ws: WebSocket, code: int) -> None:
    with contextlib.suppress(Exception):
        await ws.close(code=code)


def _find_malloc_trim() -> Callable[[int], int] | None:
    """Return glibc's ``malloc_trim``, or ``None`` where the C library has none (musl, macOS, Windows)."""
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError, TypeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


_MALLOC_TRIM = _find_malloc_trim()


def trim_memory() -> bool:
    """Hand the C allocator's free memory back to the system: glibc's ``malloc_trim(0)``.

    glibc keeps the memory that freed objects (evicted tables, closed connections) leave in its heap
    and returns only the heap's top; ``malloc_trim`` releases every free page (under a millisecond for
    a heap of tens of MiB). Called by :meth:`Hub.housekeep`, never per request.

    Returns:
        Whether it trimmed: ``False`` where the C library has no ``malloc_trim``, where it does nothing.
    """
    if _MALLOC_TRIM is None:
        return False
    _MALLOC_TRIM(0)
    return True


_SETS = {"card_file": "card_files", "deck_files": "deck_files"}
"""The file options of the games and the config field holding the sets a client may name for each."""


def _first_error(e: ValidationError) -> str:
    err = e.errors()[0]
    where = ".".join(str(x) for x in err["loc"])
    return f"{where}: {err['msg']}" if where else err["msg"]


def _finished(service: TableService, table_id: str) -> bool:
    """Whether a table is finished or gone (it no longer counts against its creator's open tables)."""
    try:
        return bool(service.summary(table_id)["status"] == "finished")
    except ServerError:
        return True


MAX_HELD = 50
"""The most seat cookies of one request that :func:`tables_held` reads."""


def tables_held(service: TableService, cookies: Mapping[str, str]) -> list[dict[str, Any]]:
    """Return the tables whose seat cookies a browser sends, for the lobby's "your tables".

    A cookie counts only where its token holds a seat of the table it is named for (the stored
    token hash, read in one query; no table is loaded into memory for it).

    Args:
        service: the table service.
        cookies: the request's cookies (``seat-<table id>``: the seat's token; others are ignored).

    Returns:
        The tables' public summaries (:meth:`TableService.summary`) with ``seat``, the browser's seat
        there (0-based): playing tables first, then open, then finished ones, at most :data:`MAX_HELD`.
    """
    prefix = seat_cookie("")
    named = [(name[len(prefix) :], token) for name, token in cookies.items() if name.startswith(prefix)]
    held = {table_id: hash_token(token) for table_id, token in named[:MAX_HELD]}
    if not held:
        return []
    with Session(service.engine) as session:
        columns = select(SeatRow.table_id, SeatRow.seat, SeatRow.token_hash)
        rows = session.execute(columns.where(SeatRow.token_hash.in_(held.values()))).all()
    out = []
    for table_id, seat, token_hash in rows:
        if held.get(table_id) != token_hash:
            continue  # a token of another table than the cookie's name says
        with contextlib.suppress(ServerError):
            out.append({**service.summary(table_id), "seat": seat})
    order = {"playing": 0, "open": 1}
    return sorted(out, key=lambda t: order.get(t["status"], 2))


def check_new_table(body: CreateTable, config: ServerConfig) -> None:
    """Refuse a new table that breaks a limit of the config (before anything is stored).

    Raises:
        LimitError: ``table/timeout`` for a zombie timeout under ``min_timeout``, ``bot/budget``
            for a bot over the search caps (:func:`~elementa.server.limits.check_bot_budget`).
        ConfigError: an unknown game or a bad agent spec.
    """
    if body.timeout < config.min_timeout:
        raise LimitError(
            f"the timeout before a bot plays an absent seat is at least {config.min_timeout} s "
            "(a shorter one hands a seat to a bot on any network blip)",
            code="table/timeout",
        )
    bots = [s.agent or "" for s in body.seats if s.kind == "bot"]
    if bots:
        from elementa.agents import make_agent

        probe = load_game(body.game)  # the budgets of the agent specs do not depend on the options
        for spec in bots:
            check_bot_budget(make_agent(spec, probe, 0), config)


def create_app(
    database: str | None = None,
    config: ServerConfig | None = None,
    *,
    allowed_hosts: list[str] | None = None,
    allowed_origins: list[str] | None = None,
) -> FastAPI:
    """Build the server application.

    Args:
        database: a SQLAlchemy URL; ``None`` for the SQLite file in the per-user data folder
            (:func:`elementa.server.db.default_database_url`). Migrations run at start-up.
        config: the limits (default: :class:`~elementa.server.limits.ServerConfig`'s defaults).
        allowed_hosts: the ``Host`` values served (``"*.example.org"`` patterns, ``"*"`` for any);
            others get 400. ``None``: the local names (:func:`elementa.server.security.default_hosts`).
        allowed_origins: origins whose pages may open websockets besides the server's own
            (``"https://play.example.org"``; ``"*"`` for any).

    Returns:
        The FastAPI application (serve it with uvicorn).
    """
    config = config or ServerConfig()
    engine = open_database(database)
    # on PostgreSQL other server processes may share the tables (see elementa.server.cluster)
    cluster = Cluster(engine) if engine.dialect.name == "postgresql" else None
    service = TableService(engine, cluster, files=FileSets.from_config(config))
    hub = Hub(service, config, tuple(allowed_origins or ()))
    coach = Coach(config, hub.limits)
    accounts = AccountService(service)

    def client_of(request: Request) -> str:
        peer = request.client.host if request.client else None
        return client_address(peer, request.headers.get("x-forwarded-for"), config.trusted_proxies)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if cluster is not None:
            hub.spawn(cluster.listen(hub.on_change, hub.on_reconnect))
        # resume every unfinished table: the bots of a table whose people are away carry on
        for summary in service.list_tables():
            if summary["status"] != "finished":
                hub.spawn(hub.drive(summary["id"]))
                hub.watch_absent(summary["id"])  # nobody is connected yet: the zombie clocks start now
        hub.spawn(watch_deadlines(hub, accounts))
        hub.spawn(hub.sweep())
        yield
        for task in list(hub.tasks):
            task.cancel()
        for timer in hub.timers.values():
            timer.cancel()
        hub.bots.close()
        coach.close()
        if cluster is not None:
            cluster.close()

    app = FastAPI(title="Elementa", lifespan=lifespan)
    app.state.service = service
    app.state.hub = hub
    app.state.coach = coach
    app.state.accounts = accounts
    app.include_router(
        accounts_router(accounts, lambda request, name: hub.limits.check_sign_in(client_of(request), name))
    )
    app.state.config = config
    lessons = LessonStore(config)
    app.state.lessons = lessons
    app.include_router(lessons_router(lessons, client_of, refuse))
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts or default_hosts(None))
    app.add_middleware(SecurityHeaders)  # outermost: a refused host's answer has the headers too

    @app.get("/api/games")
    def games() -> list[dict[str, Any]]:
        return [
            {
                "name": g.info.name,
                "title": g.info.title,
                "summary": g.info.summary,
                "min_players": g.info.min_players,
                "max_players": g.info.max_players,
                "options": [
                    {
                        "name": o.name,
                        "type": o.type,
                        "default": o.default,
                        "allowed": (
                            ", ".join(sorted(getattr(config, _SETS[o.name]))) or "none on this server"
                            if o.name in _SETS
                            else o.allowed()
                        ),
                        "help": o.help,
                    }
                    for o in g.options
                ],
                "presets": type(load_game(g.info.name)).presets,
            }
            for g in list_games()
        ]

    @app.get("/api/games/{name}/rules", response_class=PlainTextResponse)
    def rules(name: str) -> str:
        try:
            return type(load_game(name)).rules_summary()
        except ElementaError as e:
            raise refuse(e) from None

    @app.post("/api/tables")
    async def create(body: CreateTable, request: Request) -> dict[str, Any]:
        user = current_user(accounts, request)
        mine = [i for i, s in enumerate(body.seats) if s.account and s.kind == "reserved"]
        if mine and user is None:
            raise refuse(
                AccountError(
                    "sign in to take a seat with your account", code="account/signed-out", status=401
                )
            )
        client = client_of(request)
        try:
            check_new_table(body, config)
            hub.limits.check_table(client, lambda t: _finished(service, t))
            table_id, codes = service.create_table(
                body.game,
                body.options,
                [
                    SeatSpec(s.kind, s.agent, s.name or (user.username if s.account and user else None))
                    for s in body.seats
                ],
                seed=body.seed,
                timeout=body.timeout,
                rated=body.rated,
                deadline=body.deadline_hours * 3600 if body.deadline_hours else None,
                users={i: user.id for i in mine} if user else None,
                practice=body.practice,
            )
        except ElementaError as e:
            raise refuse(e) from None
        hub.limits.table_created(client, table_id)
        hub.spawn(hub.drive(table_id))
        hub.watch_absent(table_id)  # an invited player who never comes is played by a bot in time
        summary = service.summary(table_id)
        return {
            "id": table_id,
            "url": f"/table/{table_id}",
            "practice": summary["practice"],
            "commitment": summary["commitment"],
            "invites": [
                {"seat": seat, "code": code, "url": f"/table/{table_id}#invite={code}"}
                for seat, code in codes.items()
            ],
        }

    @app.get("/api/tables")
    def tables(
        status: Annotated[list[str] | None, Query()] = None,
        limit: Annotated[int | None, Query(ge=1)] = None,
        offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
    ) -> list[dict[str, Any]]:
        # one page: a limit over the configured largest page gets the largest page
        page = min(limit or config.lobby_page_size, config.max_lobby_page)
        return service.list_tables(status[:4] if status else None, limit=page, offset=offset)

    @app.get("/api/tables/mine")
    def my_tables(request: Request) -> list[dict[str, Any]]:
        """The tables this browser holds a seat at (its seat cookies), playing ones first."""
        return tables_held(service, request.cookies)

    @app.get("/api/tables/{table_id}")
    def table(table_id: str) -> dict[str, Any]:
        try:
            return service.summary(table_id)
        except ElementaError as e:
            raise refuse(e) from None

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: JoinSeat, request: Request, response: Response) -> dict[str, Any]:
        user = current_user(accounts, request)
        try:
            name = body.name or (user.username if user else None)
            seat, token = service.join(table_id, body.seat, name, user.id if user else None)
        except ElementaError as e:
            raise refuse(e) from None
        await hub.broadcast(table_id)
        hub.arm(table_id, seat)  # loads an evicted table: the new seat's away clock starts now
        set_seat_cookie(response, table_id, token, secure=is_secure(request.scope))
        return {"seat": seat, "token": token, "url": f"/table/{table_id}"}

    @app.post("/api/tables/{table_id}/claim")
    async def claim(table_id: str, body: ClaimSeat, request: Request, response: Response) -> dict[str, Any]:
        try:
            user = current_user(accounts, request)
            seat, token = service.claim(table_id, body.code, body.name or (user.username if user else None))
            if user is not None:
                accounts.claim(user, table_id, token)  # a signed-in player's seat is linked to the account
        except ElementaError as e:
            raise refuse(e) from None
        if table_id in service.live:
            await hub.broadcast(table_id)
        set_seat_cookie(response, table_id, token, secure=is_secure(request.scope))
        return {"seat": seat, "token": token, "url": f"/table/{table_id}"}

    @app.get("/api/tables/{table_id}/record")
    def record(table_id: str) -> dict[str, Any]:
        try:
            return service.record(table_id)
        except ElementaError as e:
            raise refuse(e) from None

    @app.get("/api/tables/{table_id}/actions")
    def actions(table_id: str, response: Response) -> dict[str, Any]:
        try:
            body = service.actions(table_id)
        except ElementaError as e:
            raise refuse(e) from None
        response.headers["Cache-Control"] = "private, max-age=3600"  # fixed by the table's game and options
        return body

    def asking_seat(table_id: str, request: Request, header: str | None) -> int | None:
        """The seat whose token the request carries (the ``X-Seat-Token`` header, else the table's
        seat cookie), or ``None`` for a spectator. Raises the service's error for a wrong token."""
        token = header if header is not None else request.cookies.get(seat_cookie(table_id))
        return service.seat_of(table_id, token)

    @app.get("/api/tables/{table_id}/replay")
    def replay(
        table_id: str, request: Request, x_seat_token: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        try:
            frames = service.replay(table_id, asking_seat(table_id, request, x_seat_token))
            return {"frames": frames, "fairness": service.fairness(service.table(table_id))}
        except ElementaError as e:
            raise refuse(e) from None

    @app.post("/api/tables/{table_id}/hint")
    async def hint(
        table_id: str, request: Request, x_seat_token: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        try:
            seat = asking_seat(table_id, request, x_seat_token)
            return await coach.hint(service.table(table_id), seat, client_of(request))
        except ElementaError as e:
            raise refuse(e) from None

    @app.get("/api/tables/{table_id}/analysis")
    async def analysis(
        table_id: str, request: Request, x_seat_token: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        try:
            seat = asking_seat(table_id, request, x_seat_token)
            return await coach.analysis(service.table(table_id), seat, client_of(request))
        except ElementaError as e:
            raise refuse(e) from None

    @app.websocket("/ws/{table_id}")
    async def websocket(ws: WebSocket, table_id: str) -> None:
        await hub.session(ws, table_id)

    @app.get("/", include_in_schema=False)
    def lobby_page() -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))

    @app.get("/learn", include_in_schema=False)
    @app.get("/learn/{game}", include_in_schema=False)
    def learn_page(game: str = "") -> FileResponse:
        return FileResponse(str(STATIC / "learn.html"))

    @app.get("/table/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> FileResponse:
        return FileResponse(str(STATIC / "table.html"))

    @app.get("/table/{table_id}/analysis", include_in_schema=False)
    def analysis_page(table_id: str) -> FileResponse:
        return FileResponse(str(STATIC / "analysis.html"))

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    return app
