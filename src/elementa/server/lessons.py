"""Tutorials in the browser ("Learn to play"): lessons kept per client, small, bounded and expiring.

The engine is :mod:`elementa.tutorials` (the terminal's ``elementa learn`` runs the same one); this
module only keeps lessons for web clients, under the server's limits:

- a client names a tutorial by its game's registered name, which must be one of the tutorials loaded
  at start-up (:func:`elementa.tutorials.tutorial_games`): no client value ever names a file;
- a lesson is kept as its tutorial's name and the ids of the intended moves played (``Lesson.played``),
  a few bytes, and rebuilt with :meth:`~elementa.tutorials.Lesson.resume` when it is not among the
  ``lesson_cache`` most recently used live ones;
- a client holds at most ``max_lessons_per_client`` lessons (a new one replaces its least recently
  used), starts at most ``lessons_per_hour``, and all clients together at most ``max_lessons``; a
  lesson unused for ``lesson_idle_seconds`` is forgotten; every lesson request takes a token from the
  client's bucket (``messages_per_second``, ``message_burst``, as websocket messages do);
- a lesson is never a table: nothing is stored in the database, nothing is rated.

A refusal raises :class:`LessonError` (or :class:`~elementa.server.limits.LimitError`) whose ``code``
says why and whose ``status`` is the HTTP status. The routes are in :func:`lessons_router`.
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from elementa.core import ElementaError, Game
from elementa.core.registry import game_class
from elementa.server.limits import LimitError, ServerConfig, TokenBucket, parse_frame
from elementa.server.tables import declarations
from elementa.tutorials import Lesson, Tutorial, load_tutorial, tutorial_games

LESSON_ID_BYTES = 18
"""Random bytes of a lesson id (24 URL-safe characters): an id is the lesson's only key."""
MAX_LESSON_ID = 64
"""The longest lesson id looked up (longer ones are ``lesson/unknown`` at once)."""
HOUR = 3600.0
_M = TypeVar("_M", bound=BaseModel)


class LessonError(ElementaError):
    """A lesson request refused: ``code`` says why (``lesson/unknown``, ``lesson/no-tutorial``,
    ``lesson/invalid``, ``action/stale``, ``quota/lessons``, ``rate/lessons``) and ``status`` is the
    HTTP status (404, 400, 409 or 429/503)."""

    default_code = "lesson/invalid"

    def __init__(self, message: str, *, code: str, status: int = 400) -> None:
        super().__init__(message, code=code)
        self.status = status


class MoveParts(BaseModel):
    """A move named by its kind and parts (``Action.to_json`` without ``id`` and ``label``)."""

    model_config = ConfigDict(extra="ignore", strict=True)
    kind: StrictStr = Field(max_length=64)
    parts: dict[Annotated[str, Field(max_length=64)], StrictInt | None] = Field(
        default_factory=dict, max_length=32
    )


class AttemptBody(BaseModel):
    """The body of ``POST /api/lessons/{id}/attempt``: the move (an action id, or its kind and parts)
    and the ``step`` of the view it was chosen on (a move chosen on another step is ``action/stale``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    move: StrictInt | MoveParts
    step: StrictInt


class NewLesson(BaseModel):
    """The body of ``POST /api/lessons``: the game whose tutorial to start."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: StrictStr = Field(max_length=64)


@dataclass
class _Kept:
    """One lesson as the store keeps it: whose, which tutorial, the intended moves played, last use."""

    client: str
    game: str
    played: list[int]
    used: float


class LessonStore:
    """The lessons of every client, in memory (a restart forgets them, as it forgets the limits' counters).

    Args:
        config: the limits (``max_lessons``, ``max_lessons_per_client``, ``lessons_per_hour``,
            ``lesson_idle_seconds``, ``lesson_cache``, ``messages_per_second``, ``message_burst``).
        clock: seconds from any origin (``time.monotonic`` by default).

    Raises:
        TutorialError: a packaged tutorial is malformed (the tests walk every one).
    """

    CLIENTS = 10_000
    """Past this many clients counted, those with nothing left to count (a full bucket, no lesson started
    within the hour) are forgotten."""

    def __init__(self, config: ServerConfig, clock: Callable[[], float] = time.monotonic) -> None:
        self.config = config
        self.clock = clock
        self.tutorials: dict[str, Tutorial] = {game: load_tutorial(game) for game in tutorial_games()}
        self.games: dict[str, Game] = {}
        """Each tutorial's game (its options applied), for the declarations of its actions."""
        self.kept: OrderedDict[str, _Kept] = OrderedDict()
        """Every lesson by id, least recently used first."""
        self.live: OrderedDict[str, Lesson] = OrderedDict()
        """The lessons held live, by id, least recently used first (at most ``lesson_cache``)."""
        self.started: dict[str, deque[float]] = {}
        self.buckets: dict[str, TokenBucket] = {}

    # ------------------------------------------------------------------------------ the list
    def catalogue(self) -> list[dict[str, Any]]:
        """Return the tutorials: ``[{"game", "game_title", "title", "intro", "steps"}]`` by game name."""
        return [
            {
                "game": name,
                "game_title": game_class(name).info.title,
                "title": t.title,
                "intro": t.intro,
                "steps": len(t.steps),
            }
            for name, t in sorted(self.tutorials.items())
        ]

    def tutorial(self, game: str) -> Tutorial:
        """Return a game's tutorial.

        Raises:
            LessonError: ``lesson/no-tutorial`` (404): not the name of a game with a tutorial.
        """
        tutorial = self.tutorials.get(game)
        if tutorial is None:
            known = ", ".join(sorted(self.tutorials))
            raise LessonError(
                f"no tutorial for that game; tutorials: {known}", code="lesson/no-tutorial", status=404
            )
        return tutorial

    def actions(self, game: str) -> dict[str, Any]:
        """Return the declarations of a tutorial's actions (as a table's ``/actions``).

        Raises:
            LessonError: ``lesson/no-tutorial``.
        """
        tutorial = self.tutorial(game)
        if game not in self.games:
            self.games[game] = Lesson(tutorial).game
        return declarations(self.games[game])

    # ------------------------------------------------------------------------------ lessons
    def check_request(self, client: str) -> None:
        """Take a token from the client's bucket of lesson requests.

        Raises:
            LimitError: ``rate/messages`` (429) when it is empty.
        """
        if len(self.buckets) > self.CLIENTS:
            for key in [k for k, b in self.buckets.items() if b.full()]:
                del self.buckets[key]
        bucket = self.buckets.get(client)
        if bucket is None:
            bucket = self.buckets[client] = TokenBucket(
                self.config.messages_per_second, self.config.message_burst, self.clock
            )
        if not bucket.take():
            raise LimitError("too many lesson requests; slow down", code="rate/messages", status=429)

    def start(self, client: str, game: str) -> tuple[str, Lesson]:
        """Start a lesson of a game's tutorial for a client.

        Returns:
            ``(lesson id, lesson)``.

        Raises:
            LessonError: ``lesson/no-tutorial`` (404); ``rate/lessons`` (429) past ``lessons_per_hour``
                for the client; ``quota/lessons`` (503) when ``max_lessons`` lessons of all clients are
                in use. Nothing is kept then.
        """
        tutorial = self.tutorial(game)
        self.expire()
        now = self.clock()
        times = self.started.get(client, deque())  # kept only once a lesson is started
        while times and now - times[0] >= HOUR:
            times.popleft()
        if len(times) >= self.config.lessons_per_hour:
            wait = int(HOUR - (now - times[0])) + 1
            raise LessonError(
                f"at most {self.config.lessons_per_hour} new lessons an hour; try again in {wait} s",
                code="rate/lessons",
                status=429,
            )
        mine = [k for k, kept in self.kept.items() if kept.client == client]
        if len(mine) >= self.config.max_lessons_per_client:
            self._drop(mine[0])  # the client's least recently used lesson makes room
        elif len(self.kept) >= self.config.max_lessons:
            raise LessonError(
                "the server is teaching too many lessons now; try again later",
                code="quota/lessons",
                status=503,
            )
        lesson = Lesson(tutorial)
        lesson_id = secrets.token_urlsafe(LESSON_ID_BYTES)
        times.append(now)
        self.started[client] = times
        self.kept[lesson_id] = _Kept(client, game, [], now)
        self._hold(lesson_id, lesson)
        return lesson_id, lesson

    def get(self, lesson_id: str) -> Lesson:
        """Return a lesson by id (rebuilt from its played moves when not held live), marking it used.

        Raises:
            LessonError: ``lesson/unknown`` (404): no such lesson, or it expired.
        """
        self.expire()
        kept = self.kept.get(lesson_id) if len(lesson_id) <= MAX_LESSON_ID else None
        if kept is None:
            raise LessonError(
                "no such lesson (lessons end after a while unused): start the tutorial again",
                code="lesson/unknown",
                status=404,
            )
        kept.used = self.clock()
        self.kept.move_to_end(lesson_id)
        lesson = self.live.get(lesson_id)
        if lesson is None:
            lesson = Lesson.resume(self.tutorials[kept.game], kept.played)
        self._hold(lesson_id, lesson)
        return lesson

    def attempt(self, lesson_id: str, move: int | dict[str, Any], step: int) -> tuple[Lesson, dict[str, Any]]:
        """Try a move in a lesson (see :meth:`elementa.tutorials.Lesson.attempt`).

        Args:
            lesson_id: the lesson.
            move: an action id, or ``{"kind", "parts"}``.
            step: the step of the view the move was chosen on.

        Returns:
            ``(lesson, outcome JSON)``; an intended move advances the lesson and its kept ``played``.

        Raises:
            LessonError: ``lesson/unknown``; ``action/stale`` (409) when ``step`` is not the lesson's
                step (a second click that crossed the first one's answer); nothing changes then.
            TutorialError: the next step cannot be set up (see :meth:`Lesson.attempt`); the lesson
                stays at the step it was at.
        """
        lesson = self.get(lesson_id)
        if step != lesson.index:
            raise LessonError(
                f"that move was chosen at step {step + 1}, and the lesson is at step {lesson.index + 1}",
                code="action/stale",
                status=409,
            )
        try:
            outcome = lesson.attempt(move)
        except ElementaError:  # a broken next step (a tutorial being written): rebuild it when next used
            self.live.pop(lesson_id, None)
            raise
        self.kept[lesson_id].played = list(lesson.played)
        return lesson, outcome.to_json()

    def expire(self) -> None:
        """Forget the lessons unused for ``lesson_idle_seconds`` (the oldest are first in :attr:`kept`)."""
        now = self.clock()
        while self.kept:
            lesson_id, kept = next(iter(self.kept.items()))
            if now - kept.used < self.config.lesson_idle_seconds:
                break
            self._drop(lesson_id)
        if len(self.started) > self.CLIENTS:
            for client in [c for c, times in self.started.items() if not times or now - times[-1] >= HOUR]:
                del self.started[client]

    def _drop(self, lesson_id: str) -> None:
        del self.kept[lesson_id]
        self.live.pop(lesson_id, None)

    def _hold(self, lesson_id: str, lesson: Lesson) -> None:
        """Hold a lesson live as the most recently used, letting the least recently used ones go past
        ``lesson_cache`` (they are rebuilt from their played moves when next used)."""
        self.live[lesson_id] = lesson
        self.live.move_to_end(lesson_id)
        while len(self.live) > self.config.lesson_cache:
            self.live.popitem(last=False)


def lesson_json(lesson_id: str, lesson: Lesson) -> dict[str, Any]:
    """Return a lesson's view for the page: :meth:`Lesson.view` with ``id``."""
    return {"id": lesson_id, **lesson.view()}


async def read_json(request: Request, config: ServerConfig) -> Any:
    """Read a request's JSON body, at most ``max_message_bytes`` and ``max_json_depth`` deep.

    Raises:
        LimitError: ``message/invalid``: too long (the reading stops there), too deep, not JSON.
    """
    cap = config.max_message_bytes
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > cap:
        raise LimitError(f"requests are at most {cap} bytes", code="message/invalid")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > cap:
            raise LimitError(f"requests are at most {cap} bytes", code="message/invalid")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise LimitError("requests are UTF-8 JSON", code="message/invalid") from None
    return parse_frame(text, config)


def _validated(model: type[_M], data: Any) -> _M:
    try:
        return model.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(x) for x in err["loc"])
        raise LessonError(f"{where}: {err['msg']}" if where else err["msg"], code="lesson/invalid") from None


def lessons_router(
    store: LessonStore,
    client_of: Callable[[Request], str],
    refuse: Callable[[ElementaError], HTTPException],
) -> APIRouter:
    """The routes of the tutorials (see ``docs/server.md``, Tutorials).

    Args:
        store: the lessons.
        client_of: the client address of a request.
        refuse: turns an error into its HTTP error ``{"detail": {"code", "message"}}``.
    """
    router = APIRouter()
    config = store.config

    # every route is async and awaits nothing while it uses the store: requests use it one at a time,
    # on the event loop (a plain def would run in a thread pool, beside another request's move)
    @router.get("/api/tutorials")
    async def tutorials() -> list[dict[str, Any]]:
        return store.catalogue()

    @router.get("/api/tutorials/{game}/actions")
    async def tutorial_actions(game: str, response: Response) -> dict[str, Any]:
        try:
            body = store.actions(game)
        except ElementaError as e:
            raise refuse(e) from None
        response.headers["Cache-Control"] = "public, max-age=3600"  # fixed by the tutorial's game
        return body

    @router.post("/api/lessons")
    async def new_lesson(request: Request) -> dict[str, Any]:
        client = client_of(request)
        try:
            store.check_request(client)
            body = _validated(NewLesson, await read_json(request, config))
            lesson_id, lesson = store.start(client, body.game)
        except ElementaError as e:
            raise refuse(e) from None
        return lesson_json(lesson_id, lesson)

    @router.get("/api/lessons/{lesson_id}")
    async def lesson_view(lesson_id: str, request: Request) -> dict[str, Any]:
        try:
            store.check_request(client_of(request))
            return lesson_json(lesson_id, store.get(lesson_id))
        except ElementaError as e:
            raise refuse(e) from None

    @router.post("/api/lessons/{lesson_id}/attempt")
    async def attempt(lesson_id: str, request: Request) -> dict[str, Any]:
        try:
            store.check_request(client_of(request))
            store.get(lesson_id)  # an unknown lesson is refused before its body is read
            body = _validated(AttemptBody, await read_json(request, config))
            move = body.move if isinstance(body.move, int) else body.move.model_dump()
            lesson, outcome = store.attempt(lesson_id, move, body.step)
        except ElementaError as e:
            raise refuse(e) from None
        return {"outcome": outcome, "view": lesson_json(lesson_id, lesson)}

    @router.get("/api/lessons/{lesson_id}/hint")
    async def hint(lesson_id: str, request: Request) -> dict[str, Any]:
        try:
            store.check_request(client_of(request))
            lesson = store.get(lesson_id)
        except ElementaError as e:
            raise refuse(e) from None
        return {"step": lesson.index, "moves": [a.to_json() for a in lesson.intended()]}

    return router
