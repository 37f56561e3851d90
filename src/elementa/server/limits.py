"""The server's limits: its configuration, per-client quotas and rate limits, and checks of hostile input.

Everything a network client sends is hostile. This module holds what bounds it:

- :class:`ServerConfig`: every limit, with its default, read from a TOML file (``elementa serve
  --config FILE``) and ``ELEMENTA_<FIELD>`` environment variables (:func:`load_config`);
- :func:`client_address`: whom a request comes from (the peer address; ``X-Forwarded-For`` only
  from a configured trusted proxy);
- :class:`TokenBucket` and :class:`ClientLimits`: tables per hour and open at once, open websockets
  and websocket messages per second, per client; sign-in attempts per client and per account name;
  hints and analyses computed per client (one at a time);
- :func:`parse_frame`: a websocket frame's size and nesting depth checked before it is parsed;
- :class:`FileSets`: the card and deck files the operator offers by name; a client never names a file;
- :func:`check_bot_budget`: a bot's search budget within the configured caps.

A refusal raises :class:`LimitError`, whose ``code`` says which limit (``rate/tables``, ...) and whose
``status`` is the HTTP status of a refused REST request (429 for a rate or quota, else 400). The
counters live in the memory of one server process: a restart forgets them.
"""

from __future__ import annotations

import ipaddress
import json
import os
import time
import tomllib
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from elementa.core import Agent, ConfigError, ElementaError

ENV_PREFIX = "ELEMENTA_"
"""Environment variables ``ELEMENTA_<FIELD>`` (upper case) set the field ``<field>`` of the config."""


class LimitError(ElementaError):
    """A request refused by a limit; ``code`` names it and ``status`` is its HTTP status (400 or 429)."""

    default_code = "limit/exceeded"

    def __init__(self, message: str, *, code: str, status: int = 400) -> None:
        super().__init__(message, code=code)
        self.status = status


class ServerConfig(BaseModel):
    """Every limit of the server, each with its default (docs/server.md lists them).

    Attributes:
        trusted_proxies: addresses or networks (``"10.0.0.0/8"``) of reverse proxies whose
            ``X-Forwarded-For`` header names the client; from anyone else the header is ignored.
        max_message_bytes: the largest websocket message, in bytes (bigger ones are refused unread).
        max_json_depth: the deepest nesting of arrays and objects in a websocket message.
        messages_per_second: websocket messages a client (all its sockets) may send per second, on average.
        message_burst: websocket messages a client may send at once (the token bucket's size).
        max_sockets_per_client: websockets one client may hold open at once.
        tables_per_hour: tables one client may create per hour.
        max_open_tables_per_client: tables one client created that may be unfinished at once.
        sign_ins_per_minute: sign-in and sign-up attempts one client address may make per minute
            (each costs the server an argon2 hash), on average; as many may come at once.
        sign_ins_per_account_per_minute: sign-in attempts per minute against one account name, from
            any address (password guessing spread over many addresses); as many may come at once.
        lobby_page_size: tables ``GET /api/tables`` returns when no ``limit`` is given.
        max_lobby_page: the largest ``limit`` of ``GET /api/tables``.
        min_timeout: the shortest zombie timeout a client may ask for, in seconds.
        bot_max_iterations: the largest search budget (iterations per move) a bot seat may have.
        bot_max_seconds: the largest time budget per move a bot seat may have, in seconds.
        bot_deadline: seconds a bot's move may take, waiting for a worker included; past it the
            move is a seeded random legal move and the worker is restarted.
        bot_processes: worker processes that run the bots' searches.
        idle_table_seconds: a live table unused this long is dropped from memory (and rebuilt from
            the database when next needed), if no socket of this process watches it, no bot is
            moving on it and no seat's away clock runs; a finished table goes at the next sweep.
        card_files: card sets for the ``card_file`` option: name -> TOML file on the server.
        deck_files: deck sets for the ``deck_files`` option: name -> TOML file on the server.
        hint_iterations: the search's iteration budget of one hint (:mod:`elementa.server.coach`).
        analysis_iterations: the most iterations per decision of a finished game's analysis.
        analysis_budget: the most iterations of one analysis in all: a game with many decisions gets
            ``analysis_budget // decisions`` per decision (at least 1, at most ``analysis_iterations``).
        searches_per_minute: hints and analyses one client may have the server compute per minute, on
            average; as many at once (an answer from the cache costs nothing); one at a time.
        search_processes: worker processes that run the hints' and analyses' searches.
        max_queued_searches: searches waiting for or running in those workers, all clients together;
            past it a new one is refused (``rate/busy``).
        search_deadline: seconds a client waits for a search (the wait for a worker included).
        lessons_per_hour: tutorial lessons one client may start per hour (:mod:`elementa.server.lessons`).
        max_lessons_per_client: lessons one client holds at once; a new one replaces its least
            recently used.
        max_lessons: lessons of all clients held at once; past it a new one is refused.
        lesson_idle_seconds: a lesson unused this long is forgotten.
        lesson_cache: lessons held live in memory; the others are rebuilt from their moves on use.
        ws_compression: whether websockets may use per-message compression (``permessage-deflate``):
            views are 4 to 9 times smaller on the wire, but each socket then holds about 45 KiB of
            zlib state, kept after it closes until a full garbage collection (docs/server.md, Load).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    trusted_proxies: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = ()
    max_message_bytes: int = Field(default=16_384, ge=256, le=1_048_576)
    max_json_depth: int = Field(default=16, ge=2, le=256)
    messages_per_second: float = Field(default=20.0, gt=0)
    message_burst: int = Field(default=100, ge=1)
    max_sockets_per_client: int = Field(default=32, ge=1)
    tables_per_hour: int = Field(default=60, ge=1)
    max_open_tables_per_client: int = Field(default=20, ge=1)
    sign_ins_per_minute: int = Field(default=10, ge=1)
    sign_ins_per_account_per_minute: int = Field(default=5, ge=1)
    lobby_page_size: int = Field(default=50, ge=1)
    max_lobby_page: int = Field(default=200, ge=1)
    min_timeout: int = Field(default=30, ge=0, le=86_400)
    bot_max_iterations: int = Field(default=5_000, ge=1)
    bot_max_seconds: float = Field(default=5.0, gt=0)
    bot_deadline: float = Field(default=15.0, gt=0)
    bot_processes: int = Field(default=2, ge=1, le=64)
    idle_table_seconds: float = Field(default=600.0, ge=0)
    card_files: dict[str, Path] = Field(default_factory=dict)
    deck_files: dict[str, Path] = Field(default_factory=dict)
    hint_iterations: int = Field(default=300, ge=1, le=100_000)
    analysis_iterations: int = Field(default=50, ge=1, le=100_000)
    analysis_budget: int = Field(default=20_000, ge=1, le=10_000_000)
    searches_per_minute: int = Field(default=6, ge=1)
    search_processes: int = Field(default=1, ge=1, le=64)
    max_queued_searches: int = Field(default=8, ge=1)
    search_deadline: float = Field(default=120.0, gt=0)
    lessons_per_hour: int = Field(default=120, ge=1)
    max_lessons_per_client: int = Field(default=8, ge=1)
    max_lessons: int = Field(default=10_000, ge=1)
    lesson_idle_seconds: float = Field(default=3600.0, gt=0)
    lesson_cache: int = Field(default=256, ge=1)
    ws_compression: bool = False

    @model_validator(mode="after")
    def _consistent(self) -> ServerConfig:
        if self.bot_deadline <= self.bot_max_seconds:
            raise ValueError(
                f"bot_deadline ({self.bot_deadline:g}) must be longer than bot_max_seconds "
                f"({self.bot_max_seconds:g}); fix: raise bot_deadline or lower bot_max_seconds"
            )
        if self.lobby_page_size > self.max_lobby_page:
            raise ValueError("lobby_page_size must be at most max_lobby_page; fix: lower lobby_page_size")
        for field in ("card_files", "deck_files"):
            for name in getattr(self, field):
                if not name or not all(c.isalnum() or c in "-_" for c in name):
                    raise ValueError(f"{field}: set name {name!r} must be letters, digits, - or _")
        return self


_LIST_FIELDS = {"trusted_proxies"}
_TABLE_FIELDS = {"card_files", "deck_files"}


def load_config(path: str | Path | None = None, environ: Mapping[str, str] | None = None) -> ServerConfig:
    """Read the server's config: a TOML file's values, then ``ELEMENTA_<FIELD>`` variables over them.

    Args:
        path: a TOML file whose top-level keys are :class:`ServerConfig` fields; ``None`` for none.
        environ: the environment (default ``os.environ``); ``ELEMENTA_TRUSTED_PROXIES`` is
            comma-separated; ``card_files`` and ``deck_files`` come from the file only.

    Returns:
        The validated config.

    Raises:
        ConfigError: ``config/server`` with one line naming the file or variable, the field and the fix.
    """
    environ = os.environ if environ is None else environ
    data: dict[str, Any] = {}
    if path is not None:
        try:
            data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as e:
            raise ConfigError(
                f"server config {path}: cannot read ({e.strerror or e})", code="config/server"
            ) from None
        except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as e:
            why = "nested too deeply" if isinstance(e, RecursionError) else str(e)
            raise ConfigError(f"server config {path}: not valid TOML ({why})", code="config/server") from None
    from_env = set()
    for name in ServerConfig.model_fields:
        value = environ.get(ENV_PREFIX + name.upper())
        if value is None or name in _TABLE_FIELDS:
            continue
        data[name] = [v.strip() for v in value.split(",") if v.strip()] if name in _LIST_FIELDS else value
        from_env.add(name)
    try:
        return ServerConfig.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        field = ".".join(str(x) for x in err["loc"])
        top = str(err["loc"][0]) if err["loc"] else ""
        where = f"${ENV_PREFIX}{top.upper()}" if top in from_env else f"server config {path or '(defaults)'}"
        if err["type"] == "extra_forbidden":
            fix = f"remove it or use one of {', '.join(ServerConfig.model_fields)}"
        else:
            fix = "see the Limits section of docs/server.md"
        message = err["msg"].removeprefix("Value error, ")
        fixed = message if "; fix: " in message else f"{message}; fix: {fix}"
        raise ConfigError(f"{where}: {field or 'config'}: {fixed}", code="config/server") from None


# ------------------------------------------------------------------------------------ clients
def client_address(
    peer: str | None,
    forwarded_for: str | None,
    trusted: Iterable[ipaddress.IPv4Network | ipaddress.IPv6Network],
) -> str:
    """Return the address the limits count a request against.

    Args:
        peer: the connection's peer address (``None`` when unknown).
        forwarded_for: the ``X-Forwarded-For`` header, or ``None``.
        trusted: the trusted proxies' networks.

    Returns:
        The peer; when the peer is a trusted proxy, the right-most address of ``X-Forwarded-For``
        that is not itself a trusted proxy (addresses left of it could be forged by the client).
    """
    trusted = tuple(trusted)

    def is_trusted(text: str) -> bool:
        try:
            address = ipaddress.ip_address(text)
        except ValueError:
            return False
        return any(address in net for net in trusted)

    client = peer or "unknown"
    if not forwarded_for or not is_trusted(client):
        return client
    for hop in reversed([h.strip() for h in forwarded_for.split(",")][:32]):
        try:
            ipaddress.ip_address(hop)
        except ValueError:
            return client  # a malformed hop: count against the proxy itself
        if not is_trusted(hop):
            return hop
    return client


class TokenBucket:
    """A token bucket: ``burst`` tokens at first, refilled at ``rate`` per second.

    Args:
        rate: tokens added per second.
        burst: the most tokens held.
        clock: seconds from any origin (``time.monotonic`` by default).
    """

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()

    def take(self) -> bool:
        """Take a token; return whether there was one (``False``: the caller refuses the message)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def full(self) -> bool:
        """Whether the bucket has refilled to ``burst`` (a full bucket may be forgotten)."""
        return self.tokens + (self.clock() - self.stamp) * self.rate >= self.burst


class ClientLimits:
    """Per-client quotas: tables created (per hour and unfinished at once), open websockets, and one
    token bucket of websocket messages shared by all of a client's sockets.

    Args:
        config: the limits.
        clock: seconds from any origin (``time.monotonic`` by default).
    """

    HOUR = 3600.0

    def __init__(self, config: ServerConfig, clock: Callable[[], float] = time.monotonic) -> None:
        self.config = config
        self.clock = clock
        self.created: dict[str, deque[float]] = {}
        self.open_tables: dict[str, set[str]] = {}
        self.sockets: dict[str, int] = {}
        self.buckets: dict[str, TokenBucket] = {}
        self.sign_in_buckets: dict[str, TokenBucket] = {}
        """Sign-in attempts: ``"client:<address>"`` and ``"account:<name in lower case>"``."""
        self.search_buckets: dict[str, TokenBucket] = {}
        """Hints and analyses computed for each client (:meth:`start_search`)."""
        self.searching: set[str] = set()
        """The clients with a search running now."""

    def check_table(self, client: str, finished: Callable[[str], bool]) -> None:
        """Refuse a new table when the client is over its quotas (call :meth:`table_created` after).

        Args:
            client: the client's address.
            finished: whether a table (by id) is finished (or gone), so it no longer counts as open.

        Raises:
            LimitError: ``rate/tables`` (status 429) past ``tables_per_hour``, ``quota/open-tables``
                (429) past ``max_open_tables_per_client``.
        """
        times = self.created.get(client)
        now = self.clock()
        if times is not None:
            while times and now - times[0] >= self.HOUR:
                times.popleft()
            if len(times) >= self.config.tables_per_hour:
                wait = int(self.HOUR - (now - times[0])) + 1
                raise LimitError(
                    f"at most {self.config.tables_per_hour} new tables an hour; try again in {wait} s",
                    code="rate/tables",
                    status=429,
                )
        ids = self.open_tables.get(client)
        if ids:
            ids -= {t for t in ids if finished(t)}
            if len(ids) >= self.config.max_open_tables_per_client:
                raise LimitError(
                    f"at most {self.config.max_open_tables_per_client} unfinished tables of yours at once;"
                    " finish one first",
                    code="quota/open-tables",
                    status=429,
                )

    def table_created(self, client: str, table_id: str) -> None:
        """Count a table the client created."""
        self.created.setdefault(client, deque()).append(self.clock())
        self.open_tables.setdefault(client, set()).add(table_id)

    def open_socket(self, client: str) -> None:
        """Count a websocket the client opens (call :meth:`close_socket` when it closes).

        Raises:
            LimitError: ``rate/sockets`` (429) past ``max_sockets_per_client``; nothing is counted.
        """
        count = self.sockets.get(client, 0)
        if count >= self.config.max_sockets_per_client:
            raise LimitError(
                f"at most {self.config.max_sockets_per_client} open connections per client",
                code="rate/sockets",
                status=429,
            )
        self.sockets[client] = count + 1
        if client not in self.buckets:
            self.buckets[client] = TokenBucket(
                self.config.messages_per_second, self.config.message_burst, self.clock
            )

    def take_message(self, client: str) -> bool:
        """Take a token from the client's message bucket; ``False``: refuse it (``rate/messages``)."""
        bucket = self.buckets.get(client)
        return bucket is None or bucket.take()

    SIGN_IN_BUCKETS = 10_000
    """Past this many sign-in buckets, the full ones (nobody tried for a while) are forgotten."""

    def check_sign_in(self, client: str, username: str | None = None) -> None:
        """Count a sign-in (or sign-up, ``username`` ``None``) attempt against the client and the name.

        Both buckets are checked before either is taken from, so an attempt refused for the name does
        not also spend the client's allowance (and the reverse).

        Raises:
            LimitError: ``rate/sign-in`` (status 429) past ``sign_ins_per_minute`` for the client's
                address or ``sign_ins_per_account_per_minute`` for the account name.
        """
        config = self.config
        wanted = [(f"client:{client}", config.sign_ins_per_minute)]
        if username is not None:
            wanted.append((f"account:{username.lower()[:64]}", config.sign_ins_per_account_per_minute))
        buckets = self.sign_in_buckets
        if len(buckets) > self.SIGN_IN_BUCKETS:
            for key in [k for k, b in buckets.items() if b.full()]:
                del buckets[key]
        taken = []
        for key, per_minute in wanted:
            bucket = buckets.get(key)
            if bucket is None:
                bucket = buckets[key] = TokenBucket(per_minute / 60, per_minute, self.clock)
            taken.append(bucket)
        took: list[TokenBucket] = []
        for bucket in taken:
            if not bucket.take():
                for given in took:  # give back what was taken: only a whole attempt counts
                    given.tokens = min(given.burst, given.tokens + 1)
                raise LimitError("too many sign-in attempts; wait a minute", code="rate/sign-in", status=429)
            took.append(bucket)

    def start_search(self, client: str) -> None:
        """Count a hint or analysis the server computes for the client (call :meth:`end_search` after).

        A client has one search at a time and at most ``searches_per_minute`` a minute (as many at
        once); answers from the cache are not counted.

        Raises:
            LimitError: ``rate/searches`` (status 429): a search of the client's is running, or its
                bucket is empty; nothing is counted.
        """
        if client in self.searching:
            raise LimitError(
                "one hint or analysis at a time: wait for the one asked for", code="rate/searches", status=429
            )
        buckets = self.search_buckets
        if len(buckets) > self.SIGN_IN_BUCKETS:
            for key in [k for k, b in buckets.items() if b.full()]:
                del buckets[key]
        per_minute = self.config.searches_per_minute
        bucket = buckets.get(client)
        if bucket is None:
            bucket = buckets[client] = TokenBucket(per_minute / 60, per_minute, self.clock)
        if not bucket.take():
            raise LimitError(
                f"at most {per_minute} hints or analyses a minute; wait a little",
                code="rate/searches",
                status=429,
            )
        self.searching.add(client)

    def end_search(self, client: str) -> None:
        """Uncount a search counted by :meth:`start_search` (it ended, or it was refused after all)."""
        self.searching.discard(client)

    def close_socket(self, client: str) -> None:
        """Uncount a websocket counted by :meth:`open_socket`."""
        count = self.sockets.get(client, 0) - 1
        if count > 0:
            self.sockets[client] = count
        else:
            self.sockets.pop(client, None)
            self.buckets.pop(client, None)


# ------------------------------------------------------------------------------------- frames
def _too_deep(text: str, max_depth: int) -> bool:
    """Whether arrays and objects nest deeper than ``max_depth`` in JSON text (brackets in strings skipped).

    A linear scan without recursion, so any depth is measured safely; the count of opening brackets
    bounds the depth and spares the scan for ordinary messages.
    """
    if text.count("[") + text.count("{") <= max_depth:
        return False
    depth = 0
    in_string = escaped = False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            if depth > max_depth:
                return True
        elif c in "]}":
            depth -= 1
    return False


def parse_frame(text: str | None, config: ServerConfig) -> Any:
    """Parse one websocket message after checking its size and depth.

    Args:
        text: the frame's text, ``None`` for a binary frame.
        config: the limits (``max_message_bytes``, ``max_json_depth``).

    Returns:
        The parsed JSON value (any shape: the caller validates it).

    Raises:
        LimitError: ``message/invalid`` for a binary frame, a frame over ``max_message_bytes``, one
            nested deeper than ``max_json_depth``, or text that is not JSON.
    """
    if text is None:
        raise LimitError("messages are JSON text, not binary frames", code="message/invalid")
    if len(text) > config.max_message_bytes or len(text.encode("utf-8")) > config.max_message_bytes:
        raise LimitError(f"messages are at most {config.max_message_bytes} bytes", code="message/invalid")
    if _too_deep(text, config.max_json_depth):
        raise LimitError(f"messages nest at most {config.max_json_depth} levels", code="message/invalid")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except ValueError:
        raise LimitError("messages are JSON objects", code="message/invalid") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


# -------------------------------------------------------------------------------------- files
FILE_OPTION_SUFFIXES = ("_file", "_files")
"""A game option whose name ends so names files on the machine that runs the game (``card_file``,
``deck_files``); a server client names an operator's set instead (:class:`FileSets`)."""


def is_file_option(name: str) -> bool:
    """Whether a game option names files (see :data:`FILE_OPTION_SUFFIXES`)."""
    return name.endswith(FILE_OPTION_SUFFIXES)


class FileSets:
    """The files the server's operator offers for file options, by set name.

    A client's value for a file option (``card_file``, ``deck_files``) is a set name (``deck_files``:
    comma-separated names), never a path; the tables store the names and :meth:`resolve` turns them
    into the operator's paths when a game is built. Nothing touches the file system for a name that
    is not configured, and no message says anything about a file.

    Args:
        sets: per option (``"card_file"``, ``"deck_files"``), set name -> file.
    """

    def __init__(self, sets: Mapping[str, Mapping[str, Path]] | None = None) -> None:
        self.sets = {option: dict(named) for option, named in (sets or {}).items()}

    @classmethod
    def from_config(cls, config: ServerConfig) -> FileSets:
        """The sets of a config's ``card_files`` and ``deck_files``."""
        return cls({"card_file": config.card_files, "deck_files": config.deck_files})

    def resolve(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Return the options with each file option's set names replaced by the operator's paths.

        Raises:
            ConfigError: ``option/file`` for a file option whose value is not a configured set name
                (or not text); the message lists the configured names only.
        """
        out = dict(options)
        for name, value in options.items():
            if not is_file_option(name) or value in ("", None):
                continue
            named = self.sets.get(name, {})
            wanted = value.split(",") if isinstance(value, str) else None
            if wanted is None or any(w.strip() not in named for w in wanted):
                offered = ", ".join(sorted(named)) or "none on this server"
                raise ConfigError(
                    f"option {name} takes the name of a set this server offers ({offered}), not a file",
                    option=name,
                    code="option/file",
                )
            out[name] = ",".join(str(named[w.strip()]) for w in wanted)
        return out


# --------------------------------------------------------------------------------------- bots
def check_bot_budget(agent: Agent, config: ServerConfig) -> None:
    """Refuse a bot whose search budget is over the configured caps.

    An agent with an ``iterations`` or ``seconds`` attribute (the ISMCTS levels) must have both set
    and at most ``bot_max_iterations`` and ``bot_max_seconds``; other agents (random, greedy) have
    no budget to cap. A spec over the cap is refused rather than clamped: the seat shows the spec
    asked for, and a clamped bot would play weaker than its name says.

    Raises:
        LimitError: ``bot/budget`` naming the cap and the fix.
    """
    iterations = getattr(agent, "iterations", 0)
    seconds = getattr(agent, "seconds", 0.0)
    if iterations is None or iterations > config.bot_max_iterations:
        raise LimitError(
            f"a bot searches at most {config.bot_max_iterations} iterations per move; "
            f"fix: iterations={config.bot_max_iterations} or fewer",
            code="bot/budget",
        )
    if seconds is None or seconds > config.bot_max_seconds:
        raise LimitError(
            f"a bot thinks at most {config.bot_max_seconds:g} s per move; "
            f"fix: seconds={config.bot_max_seconds:g} or less",
            code="bot/budget",
        )
