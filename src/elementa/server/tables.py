"""The tables of the game server: lobby operations, moves, undo, views and replays, without a web layer.

A :class:`TableService` owns the database and the live tables in memory. A live table is rebuilt from
its stored seed, options and actions the first time it is needed (so a restarted server resumes every
table where it stood), and each new action is validated against the state, committed to the database
and only then applied in memory and shown to anyone. Everything a client is sent comes from
:meth:`TableService.view`: the viewer's ``observation``, the viewer's legal actions, and a log of
``describe_action`` lines as that viewer saw them, so no seat can see what its observation hides.

The service is synchronous; the web layer (:mod:`elementa.server.app`) serialises the calls for one
table with that table's lock and runs bots in a worker pool. On PostgreSQL several server processes may
share the database (:mod:`elementa.server.cluster`): a change is then stored under the table's move lock
after catching the live state up from the stored actions (:meth:`TableService.catch_up`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal

from sqlalchemy import Connection, Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload

from elementa.agents import make_agent
from elementa.core import (
    CHANCE,
    Action,
    Agent,
    ConfigError,
    ElementaError,
    Game,
    IllegalActionError,
    State,
    chance_rng,
    describe_player,
    load_game,
    load_recorded_game,
)
from elementa.server import fairness
from elementa.server.db import ActionRow, SeatRow, TableRow, hash_token, now
from elementa.server.limits import FileSets, is_file_option

if TYPE_CHECKING:
    from elementa.server.cluster import Cluster

log = logging.getLogger("elementa.server")
FinishHook = Callable[["LiveTable"], None]

SeatKind = Literal["open", "bot", "reserved"]
Viewer = int | None
"""A seat index, or ``None`` for a spectator."""

ZOMBIE_AGENT = "greedy"
"""The agent that plays a seat whose player stayed away past the table's timeout."""

UNDO_SAMPLES = 8
"""How many redeals of the hidden parts :meth:`TableService.undo` tries when it checks that a move
revealed nothing to its player."""

MAX_TIMEOUT = 86_400
"""The longest zombie timeout a table may have, in seconds (a day)."""

MAX_DEADLINE = 30 * 86_400
"""The longest move deadline a correspondence table may have, in seconds (30 days)."""

MAX_AGENT_SPEC = 128
"""The longest agent spec a bot seat may have (the length of its column)."""


class ServerError(ElementaError):
    """A refused lobby or table request; ``code`` says which (``"table/unknown"``, ``"seat/taken"``...)."""

    default_code = "server/error"


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """How a new table's seat is filled.

    Attributes:
        kind: ``"open"`` (the first to join takes it), ``"bot"`` (``agent`` plays it) or ``"reserved"``
            (its invite code is returned to the table's creator, who shares the invite link; whoever
            claims the code gets the seat's token, see :meth:`TableService.claim`).
        agent: the agent spec of a bot seat, for example ``"medium"``.
        name: the name shown for the seat (default: the agent spec or ``"player N"``).
    """

    kind: SeatKind
    agent: str | None = None
    name: str | None = None


@dataclass(slots=True)
class LiveTable:
    """A table in memory: its state rebuilt from the stored actions, and what its viewers saw.

    Attributes:
        id: the table id.
        game: the game with the table's options.
        state: the current state.
        seats: one stored seat row's fields per seat (``kind``, ``agent``, ``name``, ``token_hash``).
        timeout: seconds before a disconnected seat is played by a bot.
        practice: whether the creator chose the seed (:mod:`elementa.server.fairness`).
        salt: the salt of the seed's commitment.
        commitment: the commitment to the seed shown from the start.
        logs: per viewer (each seat and ``None``), one ``describe_action`` line per history entry.
        connected: seats with a client connected now.
        away_since: when each joined seat that is not connected went away (``time.monotonic()``).
        agents: the agent of each seat a bot plays now (bot seats and zombie seats).
        lock: serialises the moves of this table in the web layer.
        elsewhere: seats another server process has a client of (PostgreSQL clusters only).
        stamps: per stored action, the stamp of its row (PostgreSQL's ``xmin``: the transaction that
            stored it; clusters only): a row taken back and stored again has a new stamp.
        behind: another process changed the table and this one has not caught up yet (it does on
            the next :meth:`TableService.table`).
        deadline: a correspondence table's seconds per move (``None``: a live table).
        turn_since: when the seats to move now began to wait (``time.time()``; correspondence).
        rated: whether the table still counts for ratings.
        used: when the table was last asked for (``time.monotonic()``; see :meth:`TableService.evict`).
    """

    id: str
    game: Game
    state: State
    seats: list[dict[str, Any]]
    timeout: int
    logs: dict[Viewer, list[str]]
    practice: bool = False
    salt: str = ""
    commitment: str = ""
    connected: set[int] = field(default_factory=set)
    away_since: dict[int, float] = field(default_factory=dict)
    agents: dict[int, Agent] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    elsewhere: set[int] = field(default_factory=set)
    behind: bool = False
    stamps: list[int] = field(default_factory=list)
    deadline: int | None = None
    turn_since: float = 0.0
    rated: bool = False
    used: float = 0.0

    @property
    def viewers(self) -> list[Viewer]:
        """Every seat, then ``None`` for spectators."""
        return [*range(self.game.num_players), None]

    def is_zombie(self, seat: int) -> bool:
        """Whether a joined human seat has been away past the timeout (a bot plays it until it returns).

        On a correspondence table: whether the seat has to move and its deadline has passed (a bot
        plays that one move; the seat's clock starts again for its next one).
        """
        if self.deadline is not None:
            state = self.state
            waiting = (
                not state.is_terminal() and not state.is_chance_node() and seat in state.players_to_move()
            )
            return waiting and time.time() - self.turn_since >= self.deadline
        since = self.away_since.get(seat)
        return since is not None and time.monotonic() - since >= self.timeout

    def bot_plays(self, seat: int) -> bool:
        """Whether a computer chooses this seat's moves now (a bot seat, or a zombie seat)."""
        return self.seats[seat]["kind"] == "bot" or self.is_zombie(seat)


def _status(game_over: bool, seats: Sequence[SeatRow]) -> str:
    if game_over:
        return "finished"
    return "open" if any(s.kind == "open" and s.token_hash is None for s in seats) else "playing"


def _stale(live: LiveTable, step: int | None, what: str | int) -> None:
    """Refuse a move or undo made at another step than the state's (``None``: no check)."""
    now_at = len(live.state.history())
    if step is not None and step != now_at:
        raise IllegalActionError(
            what, f"made at step {step}, but the game is at step {now_at}", code="action/stale"
        )


def declarations(game: Game) -> dict[str, Any]:
    """Return a game's action declarations, card texts, per-kind instructions and the kinds that ask
    for confirmation, as :meth:`TableService.actions` serves them (a tutorial's page gets the same,
    :mod:`elementa.server.lessons`)."""
    kinds = game.action_space.describe()
    cards_parts = [p for parts in kinds.values() for p in parts if p["type"] == "card"]
    names = {v for p in cards_parts for v in p["values"] or ()}
    cards = {}
    for name in sorted(names):
        text = game.card_text(name)
        if text is not None:
            cards[name] = text
    texts = {kind: game.action_text(kind) for kind in kinds}
    confirm = {kind: q for kind, q in type(game).action_confirm.items() if kind in kinds}
    return {"kinds": kinds, "cards": cards, "texts": texts, "confirm": confirm}


def seat_label(index: int, kind: str, agent: str | None, name: str | None) -> str:
    """Return the one name a seat goes by on the table page: its number as the games' texts count it
    (``"Player 2"``, 1-based), then who sits there: ``"Player 2 (computer: medium)"``,
    ``"Player 1 (Ada)"``, or ``"Player 3"`` for a seat that has no name of its own."""
    who = f"Player {index + 1}"
    if kind == "bot":
        named = name not in (None, agent)
        return f"{who} ({name}, computer)" if named else f"{who} (computer: {agent or 'random'})"
    return who if name in (None, "", describe_player(index)) else f"{who} ({name})"


class TableService:
    """Lobby and table operations over one database.

    Args:
        engine: an engine whose schema is up to date (see :func:`elementa.server.db.open_database`).
        cluster: on PostgreSQL, this process's :class:`~elementa.server.cluster.Cluster` (other
            processes may change the same tables); ``None`` when this process is the only writer.
        files: the card and deck sets that file options (``card_file``, ``deck_files``) may name
            (default: none, so every file option but the empty one is refused). Tables store the
            set names; the paths are looked up each time a game is built.
    """

    def __init__(self, engine: Engine, cluster: Cluster | None = None, files: FileSets | None = None) -> None:
        self.engine = engine
        self.cluster = cluster
        self.files = files or FileSets()
        self.live: dict[str, LiveTable] = {}
        self.games: dict[tuple[str, str], Game] = {}
        """One :class:`~elementa.core.Game` per game name and stored options, shared by the live tables
        (a game holds no play's state, only its rules, action space and memoised actions: sharing it
        keeps a live table to its state and logs)."""
        self.finish_hooks: list[FinishHook] = []
        """Called with the live table once its game ends (after the last action is stored), and again
        whenever a finished table is rebuilt, so a hook must do its work once and then nothing."""

    def game(self, name: str, options: dict[str, Any]) -> Game:
        """Return the shared game for a table's stored name and options (file options by set name).

        A stored table made before one of its game's options existed lacks it; it takes the game's
        legacy value (:func:`elementa.core.load_recorded_game`: Warriors' first deck edition), so
        the table goes on with the rules it was made with.

        Raises:
            ConfigError: an unknown game or option (a stored table whose game changed).
        """
        key = (name, json.dumps(options, sort_keys=True))
        game = self.games.get(key)
        if game is None:
            game = self.games[key] = load_recorded_game(name, self.files.resolve(options))
        return game

    # ------------------------------------------------------------------------------------- lobby
    def create_table(
        self,
        game_name: str,
        options: dict[str, Any],
        seats: Sequence[SeatSpec],
        *,
        seed: int | None = None,
        timeout: int = 120,
        rated: bool = False,
        deadline: int | None = None,
        users: dict[int, int] | None = None,
        practice: bool = False,
    ) -> tuple[str, dict[int, str]]:
        """Create a table.

        Args:
            game_name: a registered game.
            options: game options (``players`` is set from the number of seats).
            seats: one :class:`SeatSpec` per seat, in seat order.
            seed: the chance seed; only a practice table may be given one (default: drawn by the
                server with :func:`elementa.server.fairness.draw_seed`).
            timeout: seconds a seat may stay disconnected before a bot takes it over.
            rated: whether the table counts for ratings (see :mod:`elementa.server.accounts`).
            deadline: seconds per move of a correspondence table (``None``: a live table).
            users: the account id linked to each seat, by seat index (reserved seats only).
            practice: a practice table (its seed may be chosen; shown as practice, never rated).

        Returns:
            ``(table id, {seat: invite code})`` with the secret invite codes of the reserved seats
            (each is claimed once for the seat's token: :meth:`claim`).

        Raises:
            ConfigError: an unknown game, option or agent spec, or a seat count the game refuses;
                ``option/file`` for a file option that is not a set name of :attr:`files` (no file
                is opened for it).
            ServerError: ``table/no-human`` when no seat is open or reserved (a table of bots alone
                would only burn the server's time), ``table/timeout`` for a
                timeout outside 0 to :data:`MAX_TIMEOUT`, ``table/seed`` for a seed that is not a
                64-bit integer, ``table/seed-not-practice`` for a seed given to a table that is not a
                practice table, ``table/agent`` for an agent spec longer than :data:`MAX_AGENT_SPEC`,
                ``table/deadline`` for a deadline outside an hour to :data:`MAX_DEADLINE`,
                ``table/rated-bots`` for a rated table with a bot seat, ``table/rated-seed`` for a
                rated table whose seed the creator chose, ``table/rated-practice`` for a rated
                practice table.
        """
        # the columns are 32-bit integers and bounded strings, which PostgreSQL enforces (SQLite does not)
        if not 0 <= timeout <= MAX_TIMEOUT:
            raise ServerError(f"timeout must be 0 to {MAX_TIMEOUT} seconds", code="table/timeout")
        if not any(spec.kind in ("open", "reserved") for spec in seats):
            raise ServerError("a table needs a seat for a person (open or reserved)", code="table/no-human")
        if seed is not None and not -(2**63) <= seed < 2**63:
            raise ServerError("seed must be a 64-bit integer (-2**63 to 2**63 - 1)", code="table/seed")
        if deadline is not None and not 3600 <= deadline <= MAX_DEADLINE:
            raise ServerError(f"a move deadline is an hour to {MAX_DEADLINE} seconds", code="table/deadline")
        if rated and any(spec.kind == "bot" for spec in seats):
            raise ServerError("a rated table has no computer seats", code="table/rated-bots")
        if rated and practice:
            raise ServerError("a practice table is never rated", code="table/rated-practice")
        if rated and seed is not None:
            raise ServerError("a rated table's seed is drawn by the server", code="table/rated-seed")
        if seed is not None and not practice:
            raise ServerError(
                "only a practice table may choose its seed (the server draws every other table's)",
                code="table/seed-not-practice",
            )
        for spec in seats:
            if spec.kind == "bot" and len(spec.agent or "") > MAX_AGENT_SPEC:
                raise ServerError(
                    f"an agent spec may have at most {MAX_AGENT_SPEC} characters", code="table/agent"
                )
        game = load_game(game_name, **self.files.resolve({**options, "players": len(seats)}))
        # file options are stored as the set names asked for, never as the server's paths
        stored = game.options_dict() | {k: str(v).strip() for k, v in options.items() if is_file_option(k)}
        for i, spec in enumerate(seats):
            if spec.kind == "bot":
                make_agent(spec.agent or "", game, i)  # refuses a bad spec now, not mid-game
        table_id = secrets.token_urlsafe(6)
        codes: dict[int, str] = {}
        rows = []
        for i, spec in enumerate(seats):
            invite_hash = None
            if spec.kind == "reserved":
                codes[i] = secrets.token_urlsafe(24)
                invite_hash = hash_token(codes[i])
            name = spec.name or (spec.agent if spec.kind == "bot" else None) or describe_player(i)
            agent = spec.agent if spec.kind == "bot" else None
            user = (users or {}).get(i) if spec.kind == "reserved" else None
            rows.append(
                SeatRow(
                    seat=i, kind=spec.kind, agent=agent, name=name[:64], invite_hash=invite_hash, user_id=user
                )
            )
        state_seed = seed if seed is not None else fairness.draw_seed()
        salt = fairness.new_salt()
        with Session(self.engine) as session:
            session.add(
                TableRow(
                    id=table_id,
                    game=game.name,
                    options=stored,
                    seed=state_seed,
                    practice=practice,
                    salt=salt,
                    commitment=fairness.commitment(state_seed, salt),
                    status=_status(False, rows),
                    timeout=timeout,
                    created=now(),
                    rated=rated,
                    deadline=deadline,
                    turn_since=now() if deadline is not None else None,
                    seats=rows,
                )
            )
            session.commit()
        return table_id, codes

    def list_tables(
        self, status: str | Sequence[str] | None = None, *, limit: int | None = None, offset: int = 0
    ) -> list[dict[str, Any]]:
        """Return the public summaries of the tables, newest first.

        Args:
            status: only tables with this status (or one of these); ``None`` for all.
            limit: at most this many (``None``: all); ``offset``: after skipping this many.
        """
        with Session(self.engine) as session:
            query = select(TableRow).options(selectinload(TableRow.seats))
            query = query.order_by(TableRow.created.desc(), TableRow.id)
            if status:
                query = query.where(TableRow.status.in_([status] if isinstance(status, str) else status))
            query = query.offset(offset).limit(limit)
            return [self._summary(row) for row in session.scalars(query)]

    def summary(self, table_id: str) -> dict[str, Any]:
        """Return a table's public summary: game, status and seats (names, kinds, who is connected).

        Raises:
            ServerError: ``table/unknown``.
        """
        with Session(self.engine) as session:
            return self._summary(self._row(session, table_id))

    def _summary(self, row: TableRow) -> dict[str, Any]:
        live = self.live.get(row.id)
        return {
            "id": row.id,
            "game": row.game,
            "options": row.options,
            "status": row.status,
            "timeout": row.timeout,
            "rated": row.rated,
            "deadline": row.deadline,
            "practice": row.practice,
            "commitment": row.commitment,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "agent": s.agent,
                    "name": s.name,
                    "free": s.kind == "open" and s.token_hash is None,
                    "connected": s.connected,
                    "zombie": bool(live and live.is_zombie(s.seat)),
                    "account": s.user_id is not None,
                }
                for s in row.seats
            ],
        }

    def join(
        self, table_id: str, seat: int | None = None, name: str | None = None, user: int | None = None
    ) -> tuple[int, str]:
        """Take a free open seat.

        Args:
            table_id: the table.
            seat: the seat wanted (0-based); ``None`` for the first free one.
            name: the name to show for the seat.
            user: the account id to link the seat to (a signed-in player), if any.

        Returns:
            ``(seat, secret token)``; the token is shown only here.

        Raises:
            ServerError: ``table/unknown``, ``seat/unknown``, ``seat/taken`` (not open, or already joined).
        """
        with Session(self.engine) as session:
            row = self._row(session, table_id)
            free = [s for s in row.seats if s.kind == "open" and s.token_hash is None]
            if seat is not None:
                if not 0 <= seat < len(row.seats):
                    raise ServerError(f"table {table_id} has no seat {seat + 1}", code="seat/unknown")
                free = [s for s in free if s.seat == seat]
            if not free:
                what = f"seat {seat + 1}" if seat is not None else "every seat"
                raise ServerError(f"{what} of table {table_id} is taken", code="seat/taken")
            token = secrets.token_urlsafe(24)
            chosen = free[0]
            chosen.token_hash = hash_token(token)
            if name:
                chosen.name = name[:64]
            chosen.user_id = user
            row.status = _status(row.status == "finished", row.seats)
            session.commit()
            index = chosen.seat
        live = self.live.get(table_id)
        if live is not None:
            live.seats[index].update(token_hash=chosen.token_hash, name=chosen.name)
            live.away_since[index] = time.monotonic()
        return index, token

    def claim(self, table_id: str, code: str, name: str | None = None) -> tuple[int, str]:
        """Claim a reserved seat with its invite code: the code is spent, the seat gets a fresh token.

        Args:
            table_id: the table.
            code: the invite code the table's creator was given for the seat.
            name: the name to show for the seat.

        Returns:
            ``(seat, secret token)``; the token is shown only here (the creator never sees it).

        Raises:
            ServerError: ``table/unknown``, ``invite/bad-code`` (no seat of this table has the code),
                ``invite/claimed`` (the code was claimed already); nothing changes.
        """
        digest = hash_token(code)
        with Session(self.engine) as session:
            row = self._row(session, table_id)
            found = [
                s
                for s in row.seats
                if s.invite_hash is not None and secrets.compare_digest(s.invite_hash, digest)
            ]
            if not found:
                raise ServerError("this invite code is not one of this table's", code="invite/bad-code")
            chosen = found[0]
            if chosen.token_hash is not None:
                raise ServerError("this invite has been claimed already", code="invite/claimed")
            token = secrets.token_urlsafe(24)
            chosen.token_hash = hash_token(token)
            if name:
                chosen.name = name[:64]
            session.commit()
            index, token_hash, seat_name = chosen.seat, chosen.token_hash, chosen.name
        live = self.live.get(table_id)
        if live is not None:
            live.seats[index].update(token_hash=token_hash, name=seat_name)
            live.away_since.setdefault(index, time.monotonic())
        return index, token

    def seat_of(self, table_id: str, token: str | None) -> Viewer:
        """Return the seat a token holds (``None`` for no token: a spectator).

        Raises:
            ServerError: ``auth/bad-token`` for a token that holds no seat of this table.
        """
        if token is None:
            return None
        live = self.table(table_id)
        digest = hash_token(token)
        for attempt in range(2 if self.cluster else 1):
            if attempt:  # another process may have let someone join: read the seats again
                with Session(self.engine) as session:
                    for row in self._row(session, table_id).seats:
                        live.seats[row.seat].update(token_hash=row.token_hash, name=row.name)
            for i, seat in enumerate(live.seats):
                if seat["token_hash"] is not None and secrets.compare_digest(seat["token_hash"], digest):
                    return i
        raise ServerError("this seat token does not belong to the table", code="auth/bad-token")

    def _row(self, session: Session, table_id: str) -> TableRow:
        row = session.get(TableRow, table_id, options=[selectinload(TableRow.seats)])
        if row is None:
            raise ServerError(f"no table {table_id!r}", code="table/unknown")
        return row

    # --------------------------------------------------------------------------------- live state
    def table(self, table_id: str) -> LiveTable:
        """Return the live table, rebuilding it from the database on first use (catching it up if behind).

        Raises:
            ServerError: ``table/unknown``.
        """
        live = self.live.get(table_id)
        if live is not None:
            live.used = time.monotonic()
            if live.behind:
                live.behind = False
                self.catch_up(table_id)
            return live
        with Session(self.engine) as session:
            row = self._row(session, table_id)
            moves = session.scalars(
                select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.index)
            ).all()
            # in a cluster the actions are read with their row stamps by _catch_up below
            history = [] if self.cluster else [(m.player, m.action) for m in moves]
            seats = [
                {"kind": s.kind, "agent": s.agent, "name": s.name, "token_hash": s.token_hash}
                for s in row.seats
            ]
            game = self.game(row.game, row.options)
            live = LiveTable(
                id=row.id,
                game=game,
                state=game.new_initial_state(row.seed),
                seats=seats,
                timeout=row.timeout,
                logs={v: [] for v in [*range(game.num_players), None]},
                deadline=row.deadline,
                turn_since=row.turn_since.replace(tzinfo=UTC).timestamp() if row.turn_since else time.time(),
                rated=row.rated,
                practice=row.practice,
                salt=row.salt,
                commitment=row.commitment,
            )
        for player, action_id in history:
            self._advance(live, live.state.action_from_id(action_id, player), player)
        if self.cluster is not None:
            with self.engine.connect() as connection:
                self._catch_up(live, connection)
        start = time.monotonic()
        for i, s in enumerate(seats):
            # a reserved seat nobody claimed yet is away too: a bot plays it after the timeout
            if s["kind"] == "reserved" or (s["kind"] == "open" and s["token_hash"] is not None):
                live.away_since[i] = start
            if s["kind"] == "bot":
                live.agents[i] = make_agent(s["agent"] or "random", game, i, seed=live.state.seed + i)
        live.used = start
        self.live[table_id] = live
        if self.cluster is not None:
            self.refresh_presence(table_id)
        self._store_status(live)
        if live.state.is_terminal():
            self._finished(live)  # a server stopped between the last move and its hooks catches up
        return live

    def evict(self, table_id: str) -> bool:
        """Drop a live table from memory; :meth:`table` rebuilds it from the database when next asked.

        Everything a live table holds is either stored (seats, actions, deadline, rating flag) or
        rebuilt (state, logs, bot agents, the seats other processes hold); what is not is its seats'
        away clocks and connections, so the caller evicts only a table with neither (see
        :meth:`elementa.server.app.Hub.evict_idle`), and never one whose lock is held.

        Returns:
            Whether the table was live.
        """
        return self.live.pop(table_id, None) is not None

    def _advance(self, live: LiveTable, action: Action, player: int) -> None:
        """Log a legal action for every viewer, then apply it (the caller has stored it)."""
        for viewer in live.viewers:
            live.logs[viewer].append(live.state.describe_action(action, player, viewer))
        live.state.apply_action(action, player)

    def apply(self, table_id: str, player: int, action_id: int, *, step: int | None = None) -> Action:
        """Validate an action, commit it to the database, then apply it to the live state.

        In a cluster (:attr:`cluster`) the table's move lock is taken and the live state caught up
        from the stored actions first, so the action is validated against the stored truth.

        Args:
            table_id: the table.
            player: the seat acting, or ``CHANCE``.
            action_id: the action's id.
            step: the step (history length, the view's ``step``) the client chose the action at;
                ``None`` for the server's own moves (chance, bots), which are never stale.

        Returns:
            The applied :class:`~elementa.core.Action`.

        Raises:
            IllegalActionError: not legal now for this player (its ``code`` says why), or
                ``action/stale`` when ``step`` is not the table's step any more (another move came
                first); nothing changes.
        """
        live = self.table(table_id)
        with self.engine.begin() as connection:
            if self.cluster is not None:
                self._catch_up(live, connection, lock=True)
            state = live.state
            index = len(state.history())
            if step is not None and step != index:
                raise IllegalActionError(
                    action_id, f"the table is at step {index}, not {step}", code="action/stale"
                )
            if state.is_terminal():
                raise IllegalActionError(action_id, "the game is over", code="action/game-over")
            if (player == CHANCE) != state.is_chance_node() or (
                player != CHANCE and player not in state.players_to_move()
            ):
                raise IllegalActionError(
                    action_id,
                    f"{describe_player(player)} has nothing to do now",
                    player=state.current_player(),
                    code="action/inactive-player",
                )
            action = state.action_from_id(action_id, None if player == CHANCE else player)
            waiting = self._waiting(live)
            try:
                if self.cluster is None:
                    connection.execute(
                        insert(ActionRow),
                        {"table_id": table_id, "index": index, "player": player, "action": action.id},
                    )
                else:
                    stamp = self.cluster.store_action(connection, table_id, index, player, action.id)
            except IntegrityError:  # only another writer could have stored this step: refuse, never crash
                raise IllegalActionError(
                    action_id, f"step {index} was stored by another server", code="action/stale"
                ) from None
        self._advance(live, action, player)
        if self.cluster is not None:
            live.stamps.append(stamp)
        if live.deadline is not None and self._waiting(live) != waiting:
            live.turn_since = time.time()  # the next seats to move get a full deadline
            with self.engine.begin() as connection:
                connection.execute(
                    update(TableRow)
                    .where(TableRow.id == table_id)
                    .values(turn_since=datetime.fromtimestamp(live.turn_since, UTC).replace(tzinfo=None))
                )
        if live.state.is_terminal():
            self._store_status(live)
            self._finished(live)
        return action

    def _finished(self, live: LiveTable) -> None:
        """Run the finish hooks of a table whose game is over (they must be idempotent)."""
        for hook in self.finish_hooks:
            try:
                hook(live)
            except Exception:  # the move is stored and stands; the hook's failure is logged
                log.exception("a finish hook of table %s failed", live.id)

    @staticmethod
    def _waiting(live: LiveTable) -> list[int]:
        state = live.state
        return [] if state.is_terminal() or state.is_chance_node() else state.players_to_move()

    def unrate(self, live: LiveTable) -> None:
        """Mark a table as no longer counting for ratings (a computer played a person's seat)."""
        if live.rated:
            live.rated = False
            with self.engine.begin() as connection:
                connection.execute(update(TableRow).where(TableRow.id == live.id).values(rated=False))

    def resolve_chance(self, table_id: str) -> int:
        """Draw and apply every pending chance outcome from the table's seed; return how many."""
        live = self.table(table_id)
        count = 0
        while live.state.is_chance_node():
            state = live.state
            step = len(state.history())
            outcome = state.sample_chance_outcome(chance_rng(state.seed, step))
            try:
                self.apply(table_id, CHANCE, outcome.id, step=step)
            except IllegalActionError as e:
                if e.code == "action/stale":
                    continue  # another process drew it first: the live state has caught up; look again
                raise
            count += 1
        return count

    def catch_up(self, table_id: str) -> bool:
        """Bring a live table up to the stored actions (other server processes' moves and undos).

        Returns:
            Whether the live state changed; ``False`` too for a table not in memory (it is read
            fresh when needed).
        """
        live = self.live.get(table_id)
        if live is None or self.cluster is None:
            return False
        with self.engine.connect() as connection:
            return self._catch_up(live, connection)

    def _catch_up(self, live: LiveTable, connection: Connection, *, lock: bool = False) -> bool:
        """Apply the stored actions the live table lacks (clusters only); see :meth:`catch_up`.

        With ``lock``, the table's move lock is taken first, until the transaction ends.

        Actions are only ever added or taken back at the end, so while the row of the live table's
        last action still has the stamp it had, every earlier one is unchanged too: only the rows
        from there on are read. Otherwise (an undo elsewhere) all are read, and the state is
        replayed from the last action both agree on.
        """
        assert self.cluster is not None
        known = len(live.stamps)
        rows = self.cluster.stored_actions(connection, live.id, max(known - 1, 0), lock=lock)
        if known and not (rows and rows[0][0] == known - 1 and rows[0][3] == live.stamps[-1]):
            rows = self.cluster.stored_actions(connection, live.id, 0)
            same = 0
            while same < min(len(rows), known) and rows[same][3] == live.stamps[same]:
                same += 1
            live.state = self._rebuild(live, live.state.history()[:same])
            for lines in live.logs.values():
                del lines[same:]
            del live.stamps[same:]
            rows = rows[same:]
        elif known:
            rows = rows[1:]
        else:
            rows = list(rows)
        changed = len(live.stamps) != known
        for _index, player, action_id, stamp in rows:
            self._advance(live, live.state.action_from_id(action_id, player), player)
            live.stamps.append(stamp)
        return changed or bool(rows)

    def _store_status(self, live: LiveTable) -> None:
        with Session(self.engine) as session:
            row = self._row(session, live.id)
            status = _status(live.state.is_terminal(), row.seats)
            if row.status != status:
                row.status = status
                session.commit()

    def bot_to_move(self, table_id: str) -> tuple[int, Agent] | None:
        """Return a seat a computer plays now that has to move, with its agent, or ``None``.

        In a cluster a seat that looks abandoned here is first checked against the other processes'
        clients (:meth:`refresh_presence`): a seat held elsewhere is not played by a bot.
        """
        live = self.table(table_id)
        if live.state.is_terminal() or live.state.is_chance_node():
            return None
        if self.cluster is not None and any(
            live.seats[s]["kind"] != "bot" and live.is_zombie(s) for s in live.state.players_to_move()
        ):
            self.refresh_presence(table_id)
        for seat in live.state.players_to_move():
            if live.bot_plays(seat):
                agent = live.agents.get(seat)
                if live.seats[seat]["kind"] != "bot":
                    self.unrate(live)
                if agent is None:
                    agent = self._zombie_agent(live, seat)
                    live.agents[seat] = agent
                return seat, agent
        return None

    def _zombie_agent(self, live: LiveTable, seat: int) -> Agent:
        try:
            return make_agent(ZOMBIE_AGENT, live.game, seat, seed=live.state.seed + seat)
        except ConfigError:
            return make_agent("random", live.game, seat, seed=live.state.seed + seat)

    # ------------------------------------------------------------------------------ connections
    def set_connected(self, table_id: str, seat: int, connected: bool) -> None:
        """Record that a seat's client came or went (a returning zombie seat is reclaimed)."""
        live = self.table(table_id)
        if connected:
            live.connected.add(seat)
            live.away_since.pop(seat, None)
            if live.seats[seat]["kind"] != "bot":
                live.agents.pop(seat, None)
        else:
            live.connected.discard(seat)
            live.away_since[seat] = time.monotonic()
        with Session(self.engine) as session:
            row = session.get(SeatRow, (table_id, seat))
            if row is not None:
                row.connected = connected
                session.commit()
        if self.cluster is not None:
            self.cluster.hold_seat(table_id, seat, connected)

    def refresh_presence(self, table_id: str) -> None:
        """Read which seats of a live table other processes hold (cluster only) and set their clocks.

        A seat held elsewhere has no away clock here (it is not a zombie); a seat that stopped being
        held elsewhere, and is not held here, is away from now on.
        """
        live = self.live.get(table_id)
        if live is None or self.cluster is None:
            return
        held = self.cluster.held_elsewhere(table_id) & set(range(len(live.seats)))
        start = time.monotonic()
        for seat in held - live.elsewhere:
            live.away_since.pop(seat, None)
            if live.seats[seat]["kind"] != "bot":
                live.agents.pop(seat, None)
        for seat in live.elsewhere - held:
            if seat not in live.connected:
                live.away_since[seat] = start
        live.elsewhere = held

    # -------------------------------------------------------------------------------------- undo
    def undo(self, table_id: str, seat: int, *, step: int | None = None) -> None:
        """Take back a seat's last move.

        Safe policy: only the very last action of the game may be taken back, only by the seat that
        took it, and only if it revealed nothing to that seat: the seat's observation after the move
        must be the same whatever the hidden parts of the game were (checked on :data:`UNDO_SAMPLES`
        redeals from the seat's information state). Repeated calls take back earlier moves of a
        multi-move turn. Chance outcomes and other seats' moves are never taken back.

        Args:
            table_id: the table.
            seat: the seat asking.
            step: the step the client asked at (see :meth:`apply`); ``None``: no check.

        Raises:
            IllegalActionError: ``action/stale`` (``step`` is not the current step),
                ``undo/not-yours`` (the last action is another seat's or chance's),
                ``undo/nothing`` (no action yet), ``undo/revealed`` (the move showed hidden
                information); nothing changes.
        """
        live = self.table(table_id)
        with self.engine.begin() as connection:
            if self.cluster is not None:
                self._catch_up(live, connection, lock=True)
            _stale(live, step, "undo")
            history = live.state.history()
            if not history:
                raise IllegalActionError("undo", "no move has been made", code="undo/nothing")
            player, action_id = history[-1]
            if player != seat:
                who = describe_player(player)
                raise IllegalActionError(
                    "undo", f"the last move is {who}'s, not yours", code="undo/not-yours"
                )
            before = self._rebuild(live, history[:-1])
            if self._reveals(before, seat, action_id):
                raise IllegalActionError(
                    "undo", "that move showed you hidden information", code="undo/revealed"
                )
            connection.execute(
                delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.index == len(history) - 1)
            )
            if self.cluster is not None:
                self.cluster.notify(connection, "move", table_id)
        if self.cluster is not None:
            live.stamps.pop()
        live.state = before
        for lines in live.logs.values():
            del lines[len(history) - 1 :]

    def can_undo(self, live: LiveTable, seat: Viewer) -> bool:
        """Whether the last action is this seat's (the cheap part of :meth:`undo`'s check)."""
        history = live.state.history()
        return seat is not None and bool(history) and history[-1][0] == seat

    def _rebuild(self, live: LiveTable, history: Sequence[tuple[int, int]]) -> State:
        state = live.game.new_initial_state(live.state.seed)
        for player, action_id in history:
            state.apply_action(action_id, player)
        return state

    def _reveals(self, before: State, seat: int, action_id: int) -> bool:
        """Whether applying the action shows the seat something that depends on hidden information."""
        if before.game.info.perfect_information:
            return False
        rng = random.Random(before.seed)
        seen = None
        for _ in range(UNDO_SAMPLES):
            world = before.resample_from_infostate(seat, rng)
            try:
                world.apply_action(action_id, seat)
            except IllegalActionError:
                return True
            obs = world.observation(seat)
            if seen is not None and obs != seen:
                return True
            seen = obs
        return False

    # ------------------------------------------------------------------------------------- views
    def view(self, table_id: str, viewer: Viewer) -> dict[str, Any]:
        """Return everything one viewer is shown of a table.

        Returns:
            ``{"type": "view", "table", "game", "title", "seat", "seats", "status", "step",
            "to_move", "observation", "legal": [{"id", "kind", "parts", "label"}], "log", "events", "returns",
            "can_undo", "hints", "fairness"}``: each of ``seats`` is ``{"seat", "name", "label", "kind",
            "free", "connected", "zombie"}``, ``label`` the seat's one name on the page (:func:`seat_label`);
            ``fairness`` is :meth:`fairness`; ``hints`` whether a seat
            may ask for hints (the table does not count for ratings: :mod:`elementa.server.coach`);
            ``observation`` is
            ``observation(viewer)``; ``legal`` the viewer's legal
            actions in their JSON form (:meth:`~elementa.core.Action.to_json`: ``parts`` maps each
            part's name to its value, ``None`` for unused; :meth:`actions` declares the parts) (none
            for spectators); ``log`` this viewer's ``describe_action`` lines; ``events`` the
            game's typed events as this viewer sees them (:meth:`~elementa.core.State.events_for`,
            each ``Event.to_json()``: ``{"type", ...}``);
            ``returns`` the results once the game is over, else ``None``.
        """
        live = self.table(table_id)
        state = live.state
        over = state.is_terminal()
        to_move = [] if over or state.is_chance_node() else state.players_to_move()
        legal = state.legal_actions(viewer) if viewer is not None and viewer in to_move else []
        return {
            "type": "view",
            "table": live.id,
            "game": live.game.name,
            "title": live.game.info.title,
            "seat": viewer,
            "seats": [
                {
                    "seat": i,
                    "name": s["name"],
                    "label": seat_label(i, s["kind"], s["agent"], s["name"]),
                    "kind": s["kind"],
                    "free": s["kind"] == "open" and s["token_hash"] is None,
                    "connected": i in live.connected or i in live.elsewhere,
                    "zombie": live.is_zombie(i),
                }
                for i, s in enumerate(live.seats)
            ],
            "status": "finished" if over else "playing",
            "step": len(state.history()),
            "to_move": to_move,
            "observation": state.observation(viewer),
            "legal": [a.to_json() for a in legal],
            "log": live.logs[viewer],
            "events": [e.to_json() for e in state.events_for(viewer)],
            "returns": state.returns() if over else None,
            "can_undo": self.can_undo(live, viewer),
            "hints": not live.rated,
            "fairness": self.fairness(live),
        }

    def fairness(self, live: LiveTable) -> dict[str, Any]:
        """Return what every viewer is shown of a table's seed.

        Returns:
            ``{"practice", "commitment", "seed", "salt"}``: ``seed`` and ``salt`` are ``None`` until
            the game is over (:mod:`elementa.server.fairness`).
        """
        over = live.state.is_terminal()
        return {
            "practice": live.practice,
            "commitment": live.commitment,
            "seed": live.state.seed if over else None,
            "salt": live.salt if over else None,
        }

    def record(self, table_id: str) -> dict[str, Any]:
        """Return a finished table's record for ``elementa verify`` (:func:`elementa.server.fairness.record`).

        Raises:
            ServerError: ``table/unknown``, ``table/not-finished`` (the seed stays secret until the end).
        """
        live = self.table(table_id)
        if not live.state.is_terminal():
            raise ServerError("the record is ready when the game is over", code="table/not-finished")
        return fairness.record(
            live.state,
            practice=live.practice,
            commitment_hex=live.commitment,
            salt=live.salt,
            seats=[s["name"] for s in live.seats],
        )

    def actions(self, table_id: str) -> dict[str, Any]:
        """Return what a client needs once to read a table's actions: the same for every viewer.

        Returns:
            ``{"kinds": {kind: [part declarations]}, "cards": {name: text}, "texts": {kind: text},
            "confirm": {kind: question}}``: ``texts`` is each kind's instruction
            (:meth:`~elementa.core.Game.action_text`), ``confirm`` the question asked before a move of
            that kind (:attr:`~elementa.core.Game.action_confirm`); ``kinds``
            is the game's
            ``action_space.describe()`` for the table's options (each part's ``name``, ``size``,
            ``type``, ``none`` and ``values``); ``cards`` what ``Game.card_text`` prints for each
            value of a ``card`` part (a card game's card list is public; empty for other games).

        Raises:
            ServerError: ``table/unknown``.
        """
        return declarations(self.table(table_id).game)

    def replay(self, table_id: str, viewer: Viewer) -> list[dict[str, Any]]:
        """Return a finished table's replay as one viewer saw it.

        Returns:
            One frame per history entry and one for the start: ``{"step", "log", "observation"}``,
            where ``log`` is the viewer's line for the action that led to the frame (``None`` first).

        Raises:
            ServerError: ``table/not-finished`` while the game is on (a replay would show the
                viewer's moves to come to nobody, but it would let a spectator follow a seat's log
                out of band, so it waits for the end).
        """
        live = self.table(table_id)
        if not live.state.is_terminal():
            raise ServerError("the replay is ready when the game is over", code="table/not-finished")
        state = live.game.new_initial_state(live.state.seed)
        frames: list[dict[str, Any]] = [{"step": 0, "log": None, "observation": state.observation(viewer)}]
        for i, (player, action_id) in enumerate(live.state.history()):
            state.apply_action(action_id, player)
            frames.append(
                {"step": i + 1, "log": live.logs[viewer][i], "observation": state.observation(viewer)}
            )
        return frames
