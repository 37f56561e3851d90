"""The web layer of the game server: lobby REST routes, one websocket per viewer, bots, static client.

REST (JSON):

- ``GET /api/games``: each game's name, title, player range, options and presets.
- ``GET /api/games/{game}/rules``: the game's rules summary (markdown text).
- ``POST /api/tables``: create a table (:class:`CreateTable`); returns its id, its commitment and
  the invite codes and links of its reserved seats (a code is claimed once for the seat's token).
- ``GET /api/tables?status=open``: the tables (with a status, only those).
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

Websocket ``/ws/{id}``: the client first sends ``{"type": "hello", "token": "..."}`` (``null`` to
spectate; no ``token`` field: the table's seat cookie, if any), then ``{"type": "move", "action":
id, "step": n}`` or ``{"type": "undo", "step": n}`` where ``n`` is the ``step`` of the view the
choice was made on (a stale one is refused with ``action/stale``). The server sends
``{"type": "view", ...}`` (:meth:`TableService.view`, with only the new log lines and ``log_from``,
the index of the first, and the new typed events from ``events_from``) after every change, and
``{"type": "error", "code", "message"}`` for a refused message, which changes nothing. A wrong
token is refused with an ``auth/bad-token`` error and the socket is closed (code 4401); a browser
page of another origin with ``auth/origin`` (code 4403).

Errors of the REST routes are ``{"detail": {"code", "message"}}`` with status 400 (404 for an
unknown table).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib import resources
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, HTTPException, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from starlette.middleware.trustedhost import TrustedHostMiddleware

from elementa.core import ElementaError, list_games, load_game
from elementa.server.db import open_database
from elementa.server.security import (
    SecurityHeaders,
    default_hosts,
    is_secure,
    origin_allowed,
    seat_cookie,
    set_seat_cookie,
)
from elementa.server.tables import MAX_TIMEOUT, SeatSpec, ServerError, TableService, Viewer

STATIC = resources.files("elementa.server") / "static"
log = logging.getLogger("elementa.server")


class SeatRequest(BaseModel):
    """One seat of a new table: ``open``, ``bot`` (with ``agent``) or ``reserved``."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["open", "bot", "reserved"]
    agent: str | None = None
    name: str | None = Field(default=None, max_length=64)


class CreateTable(BaseModel):
    """The body of ``POST /api/tables``."""

    model_config = ConfigDict(extra="forbid")
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRequest] = Field(min_length=1, max_length=16)
    seed: int | None = None
    practice: bool = False
    timeout: int = Field(default=120, ge=0, le=MAX_TIMEOUT)


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

    model_config = ConfigDict(extra="forbid")
    type: Literal["hello"]
    token: str | None = None


class Move(BaseModel):
    """Take the action with this id, chosen on the view of this ``step``.

    The step is required: without it a move chosen on an old view (a click that crossed another
    seat's move, a bot's or the chance outcome that followed) would be applied to a state its sender
    never saw, whenever the same id happens to be legal there too.
    """

    model_config = ConfigDict(extra="forbid")
    type: Literal["move"]
    action: int
    step: int


class Undo(BaseModel):
    """Take back the seat's last move (see :meth:`TableService.undo`), asked on the view of ``step``."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["undo"]
    step: int


ClientMessage = TypeAdapter(Annotated[Move | Undo | Hello, Field(discriminator="type")])


def error_message(code: str, message: str) -> dict[str, str]:
    """Return the websocket error message ``{"type": "error", "code", "message"}``."""
    return {"type": "error", "code": code, "message": message}


class Hub:
    """The connected websockets of every table, the bot pool, and the zombie timers.

    Args:
        service: the table service.
        workers: threads that run bots' searches off the event loop.
    """

    def __init__(
        self, service: TableService, workers: int = 2, allowed_origins: tuple[str, ...] = ()
    ) -> None:
        self.service = service
        self.allowed_origins = allowed_origins
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="elementa-bot")
        self.sockets: dict[str, list[tuple[WebSocket, Viewer]]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.log_sent: dict[WebSocket, tuple[int, int]] = {}
        """Per socket: how many log lines and typed events it has had."""

    async def broadcast(self, table_id: str) -> None:
        """Send every viewer of a table its current view.

        The log goes in pieces: each message carries ``log_from``, the index of its first log line,
        and only the lines that socket has not had yet (all of them after an undo, from 0); the
        typed events likewise, from ``events_from``.
        """
        views: dict[Viewer, dict[str, Any]] = {}
        for ws, viewer in list(self.sockets.get(table_id, [])):
            if viewer not in views:
                views[viewer] = self.service.view(table_id, viewer)
            view = views[viewer]
            sent, events_sent = self.log_sent.get(ws, (0, 0))
            start = sent if sent <= len(view["log"]) else 0
            events_start = events_sent if events_sent <= len(view["events"]) else 0
            self.log_sent[ws] = (len(view["log"]), len(view["events"]))
            piece = {"log": view["log"][start:], "log_from": start}
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

        Each bot move is computed in the worker pool on a clone, then applied under the table's lock,
        committed and broadcast like a person's move.
        """
        live = self.service.table(table_id)
        loop = asyncio.get_running_loop()
        async with live.lock:
            while True:
                changed = self.service.resolve_chance(table_id)
                if changed:
                    await self.broadcast(table_id)
                turn = self.service.bot_to_move(table_id)
                if turn is None:
                    return
                seat, agent = turn
                action = await loop.run_in_executor(self.pool, agent.step, live.state.clone())
                self.service.apply(table_id, seat, action.id)
                await self.broadcast(table_id)

    def watch_absent(self, table_id: str) -> None:
        """Start the zombie clock of every joined seat of a table that nobody holds now."""
        live = self.service.table(table_id)
        for seat in list(live.away_since):
            self.spawn(self.zombie_timer(table_id, seat, live.timeout))

    async def zombie_timer(self, table_id: str, seat: int, delay: float) -> None:
        """After ``delay`` seconds, let a bot play the seat if its player is still away."""
        await asyncio.sleep(delay)
        live = self.service.table(table_id)
        if live.is_zombie(seat):
            await self.broadcast(table_id)
            await self.drive(table_id)

    async def session(self, ws: WebSocket, table_id: str) -> None:
        """Serve one websocket: check its origin, authenticate, send views, take moves and undos."""
        await ws.accept()
        if not origin_allowed(ws.headers, self.allowed_origins):
            await ws.send_json(error_message("auth/origin", "this page's origin may not open the table"))
            await ws.close(code=4403)
            return
        try:
            hello = Hello.model_validate(await ws.receive_json())
            self.service.table(table_id)
            token = (
                hello.token if "token" in hello.model_fields_set else ws.cookies.get(seat_cookie(table_id))
            )
            seat = self.service.seat_of(table_id, token)
        except ValidationError as e:
            await ws.send_json(error_message("message/invalid", _first_error(e)))
            await ws.close(code=4400)
            return
        except ServerError as e:
            await ws.send_json(error_message(e.code, str(e)))
            await ws.close(code=4404 if e.code == "table/unknown" else 4401)
            return
        except (WebSocketDisconnect, ValueError):
            return
        self.sockets.setdefault(table_id, []).append((ws, seat))
        if seat is not None:
            self.service.set_connected(table_id, seat, True)
        try:
            await self.broadcast(table_id)
            self.spawn(self.drive(table_id))
            while True:
                try:
                    raw = await ws.receive_json()
                except (ValueError, KeyError):
                    await ws.send_json(error_message("message/invalid", "messages are JSON objects"))
                    continue
                await self.handle(ws, table_id, seat, raw)
        except WebSocketDisconnect:
            pass
        finally:
            self.sockets[table_id].remove((ws, seat))
            self.log_sent.pop(ws, None)
            if seat is not None and not any(v == seat for _, v in self.sockets[table_id]):
                self.service.set_connected(table_id, seat, False)
                live = self.service.table(table_id)
                self.spawn(self.zombie_timer(table_id, seat, live.timeout))
                with contextlib.suppress(Exception):
                    await self.broadcast(table_id)

    async def handle(self, ws: WebSocket, table_id: str, seat: Viewer, raw: Any) -> None:
        """Apply one client message; answer a refused one with an error and change nothing."""
        try:
            message = ClientMessage.validate_python(raw)
        except ValidationError as e:
            await ws.send_json(error_message("message/invalid", _first_error(e)))
            return
        if isinstance(message, Hello):
            await ws.send_json(error_message("message/invalid", "hello is sent once, first"))
            return
        if seat is None:
            await ws.send_json(error_message("auth/spectator", "spectators cannot move"))
            return
        live = self.service.table(table_id)
        async with live.lock:
            try:
                if isinstance(message, Move):
                    self.service.apply(table_id, seat, message.action, step=message.step)
                else:
                    self.service.undo(table_id, seat, step=message.step)
            except ElementaError as e:
                await ws.send_json(error_message(e.code, str(e)))
                return
            await self.broadcast(table_id)
        self.spawn(self.drive(table_id))


def _first_error(e: ValidationError) -> str:
    err = e.errors()[0]
    where = ".".join(str(x) for x in err["loc"])
    return f"{where}: {err['msg']}" if where else err["msg"]


def _refuse(e: ElementaError) -> HTTPException:
    status = 404 if e.code == "table/unknown" else 400
    return HTTPException(status, detail={"code": e.code, "message": str(e)})


def create_app(
    database: str | None = None,
    *,
    workers: int = 2,
    allowed_hosts: list[str] | None = None,
    allowed_origins: list[str] | None = None,
) -> FastAPI:
    """Build the server application.

    Args:
        database: a SQLAlchemy URL; ``None`` for the SQLite file in the per-user data folder
            (:func:`elementa.server.db.default_database_url`). Migrations run at start-up.
        workers: threads for the bots' searches.
        allowed_hosts: the ``Host`` values served (``"*.example.org"`` patterns, ``"*"`` for any);
            others get 400. ``None``: the local names (:func:`elementa.server.security.default_hosts`).
        allowed_origins: origins whose pages may open websockets besides the server's own
            (``"https://play.example.org"``; ``"*"`` for any).

    Returns:
        The FastAPI application (serve it with uvicorn).
    """
    service = TableService(open_database(database))
    hub = Hub(service, workers, tuple(allowed_origins or ()))

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # resume every unfinished table: the bots of a table whose people are away carry on
        for summary in service.list_tables():
            if summary["status"] != "finished":
                hub.spawn(hub.drive(summary["id"]))
                hub.watch_absent(summary["id"])  # nobody is connected yet: the zombie clocks start now
        yield
        for task in list(hub.tasks):
            task.cancel()
        hub.pool.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(title="Elementa", lifespan=lifespan)
    app.state.service = service
    app.state.hub = hub
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
                        "allowed": o.allowed(),
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
            raise _refuse(e) from None

    @app.post("/api/tables")
    async def create(body: CreateTable) -> dict[str, Any]:
        try:
            table_id, codes = service.create_table(
                body.game,
                body.options,
                [SeatSpec(s.kind, s.agent, s.name) for s in body.seats],
                seed=body.seed,
                timeout=body.timeout,
                practice=body.practice,
            )
        except ElementaError as e:
            raise _refuse(e) from None
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
    def tables(status: str | None = None) -> list[dict[str, Any]]:
        return service.list_tables(status)

    @app.get("/api/tables/{table_id}")
    def table(table_id: str) -> dict[str, Any]:
        try:
            return service.summary(table_id)
        except ElementaError as e:
            raise _refuse(e) from None

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: JoinSeat, request: Request, response: Response) -> dict[str, Any]:
        try:
            seat, token = service.join(table_id, body.seat, body.name)
        except ElementaError as e:
            raise _refuse(e) from None
        if table_id in service.live:
            await hub.broadcast(table_id)
            hub.spawn(hub.zombie_timer(table_id, seat, service.live[table_id].timeout))
        set_seat_cookie(response, table_id, token, secure=is_secure(request.scope))
        return {"seat": seat, "token": token, "url": f"/table/{table_id}"}

    @app.post("/api/tables/{table_id}/claim")
    async def claim(table_id: str, body: ClaimSeat, request: Request, response: Response) -> dict[str, Any]:
        try:
            seat, token = service.claim(table_id, body.code, body.name)
        except ElementaError as e:
            raise _refuse(e) from None
        if table_id in service.live:
            await hub.broadcast(table_id)
        set_seat_cookie(response, table_id, token, secure=is_secure(request.scope))
        return {"seat": seat, "token": token, "url": f"/table/{table_id}"}

    @app.get("/api/tables/{table_id}/record")
    def record(table_id: str) -> dict[str, Any]:
        try:
            return service.record(table_id)
        except ElementaError as e:
            raise _refuse(e) from None

    @app.get("/api/tables/{table_id}/actions")
    def actions(table_id: str, response: Response) -> dict[str, Any]:
        try:
            body = service.actions(table_id)
        except ElementaError as e:
            raise _refuse(e) from None
        response.headers["Cache-Control"] = "private, max-age=3600"  # fixed by the table's game and options
        return body

    @app.get("/api/tables/{table_id}/replay")
    def replay(
        table_id: str, request: Request, x_seat_token: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        token = x_seat_token if x_seat_token is not None else request.cookies.get(seat_cookie(table_id))
        try:
            frames = service.replay(table_id, service.seat_of(table_id, token))
            return {"frames": frames, "fairness": service.fairness(service.table(table_id))}
        except ElementaError as e:
            raise _refuse(e) from None

    @app.websocket("/ws/{table_id}")
    async def websocket(ws: WebSocket, table_id: str) -> None:
        await hub.session(ws, table_id)

    @app.get("/", include_in_schema=False)
    def lobby_page() -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))

    @app.get("/table/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> FileResponse:
        return FileResponse(str(STATIC / "table.html"))

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    return app
