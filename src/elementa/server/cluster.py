"""Several server processes on one database: one writer per SQLite file, a cluster on PostgreSQL.

SQLite: :func:`lock_sqlite` takes an exclusive lock on a file beside the database (``<file>.lock``,
with the `filelock` library, an ``flock`` on Unix). The lock belongs to the process, so the kernel
drops it when the process ends in any way (``kill -9`` included) and a restart takes it again; a
second server on the same file refuses to start (:class:`DatabaseInUse`, ``database/in-use``).

PostgreSQL: any number of server processes serve the same tables. :class:`Cluster` gives each
process what it needs from the database, all through PostgreSQL advisory locks and
``LISTEN``/``NOTIFY`` (nothing else to run):

- a **move lock** per table (``pg_advisory_xact_lock``, held by the transaction that stores a
  move, an undo or a chance outcome): moves of one table are serialised across processes, and the
  process holding it first catches its in-memory state up from the stored actions, so it validates
  against the truth;
- a **notification** on channel :data:`CHANNEL` after each committed change, payload
  ``"<process> <kind> <table id>"`` with kind ``move`` (the actions changed) or ``seat`` (a seat's
  client came or went): every other process catches up and sends its sockets the new view;
- **presence**: a process holds a shared session lock ``(table, seat)`` on its own connection while
  it has a client of that seat, so any process can ask which seats are held elsewhere
  (:meth:`Cluster.held_elsewhere`); session locks die with their connection, so a killed
  process's seats are free again at once;
- a **driver lock** per table (a session lock, tried without waiting): only the process holding it
  runs that table's bots and chance draws.

Table keys are 31 bits of a BLAKE2b hash of the table id. Two tables with the same key (rare:
with 3,000 live tables, about one chance in 500 that any two do) share a move lock (their moves
wait for each other) and a driver lock, and a seat held on one counts as held on the other (it is
not played by a bot): nothing wrong is stored, only waits and a zombie take-over held back.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, text

from elementa.server.db import database_url, default_database_url
from elementa.server.tables import ServerError

log = logging.getLogger("elementa.server")

CHANNEL = "elementa_tables"
"""The ``LISTEN``/``NOTIFY`` channel of the server processes."""

MOVE_LOCK = 1_000_001
"""The second key of a table's move lock (the first is :func:`table_key`; seats use 0 to 15)."""

DRIVER_LOCK = 1_000_002
"""The second key of a table's driver lock."""

RECONNECT_SECONDS = 1.0
"""How long the listener waits before it connects again after losing its connection."""


class DatabaseInUse(ServerError):
    """Another server process holds this SQLite file (``database/in-use``)."""

    default_code = "database/in-use"


def lock_sqlite(url: str | None) -> Any:
    """Take the one-writer lock of a SQLite database file, for the life of this process.

    Args:
        url: the server's database URL (``None``: the default SQLite file).

    Returns:
        The held ``filelock.FileLock`` (keep a reference while serving), or ``None`` for a database
        that is not a SQLite file (PostgreSQL, an in-memory SQLite).

    Raises:
        DatabaseInUse: another process holds the lock.
        sqlalchemy.exc.ArgumentError: a malformed URL.
    """
    from filelock import FileLock, Timeout

    parsed = database_url(url or default_database_url())
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    path = Path(parsed.database).resolve()
    lock = FileLock(f"{path}.lock", timeout=0)
    try:
        lock.acquire()
    except Timeout:
        raise DatabaseInUse(
            f"database {path} is in use by another elementa server (it holds {path}.lock);"
            " one server process per SQLite file: stop that one, or use PostgreSQL for several",
            code="database/in-use",
        ) from None
    except OSError as e:  # a folder we may not write to
        raise ServerError(f"cannot lock {path}.lock: {e.strerror or e}", code="database/lock") from None
    return lock


def table_key(table_id: str) -> int:
    """Return a table's advisory-lock key: 31 bits of the BLAKE2b hash of its id (non-negative)."""
    digest = hashlib.blake2b(table_id.encode("utf-8"), digest_size=4).digest()
    return int.from_bytes(digest, "big") & 0x7FFFFFFF


class Cluster:
    """This process's part in a cluster of server processes on one PostgreSQL database.

    Args:
        engine: the server's PostgreSQL engine (moves lock and notify through its connections).

    The presence connection (one per process, autocommit) holds this process's seat and driver
    locks; it is used from the event loop's thread only, in calls that do not wait.
    """

    def __init__(self, engine: Engine) -> None:
        import psycopg

        self.conninfo = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        self.me = secrets.token_hex(4)
        """This process's name in notification payloads (its own notifications are skipped)."""
        self._psycopg = psycopg
        self._conn = psycopg.connect(self.conninfo, autocommit=True)
        self._seats: dict[tuple[str, int], int] = {}

    # ----------------------------------------------------------------------- inside a transaction
    def stored_actions(
        self, connection: Connection, table_id: str, since: int, *, lock: bool = False
    ) -> list[tuple[int, int, int, int]]:
        """Return a table's stored actions from index ``since`` on: ``[(index, player, action id, stamp)]``.

        The stamp is the row's ``xmin`` (the id of the transaction that stored it): an action taken
        back and stored again, even the same one, has a new stamp.

        Args:
            connection: a connection in a transaction.
            table_id: the table.
            since: the first index wanted.
            lock: first take the table's move lock until the end of the transaction (waiting for
                it). The lock and the read go in one round trip (psycopg's pipeline) but are two
                statements, so the read sees every move committed before the lock was granted.
        """
        query = (
            'SELECT "index", player, action, xmin::text::bigint FROM actions'
            ' WHERE table_id = %s AND "index" >= %s ORDER BY "index"'
        )
        raw = connection.connection.driver_connection
        assert raw is not None
        if lock:
            with raw.pipeline():
                raw.execute("SELECT pg_advisory_xact_lock(%s, %s)", (table_key(table_id), MOVE_LOCK))
                cursor = raw.execute(query, (table_id, since))
        else:
            cursor = raw.execute(query, (table_id, since))
        return [(int(i), int(p), int(a), int(x)) for i, p, a, x in cursor.fetchall()]

    def store_action(
        self, connection: Connection, table_id: str, index: int, player: int, action: int
    ) -> int:
        """Insert an action and notify the other processes of it (on commit); return its row's stamp.

        Raises:
            sqlalchemy.exc.IntegrityError: the index is taken (only if the move lock was not held).
        """
        stamp = connection.execute(
            text(
                'WITH stored AS (INSERT INTO actions (table_id, "index", player, action)'
                " VALUES (:t, :i, :p, :a) RETURNING xmin::text::bigint AS stamp)"
                " SELECT stamp, pg_notify(:c, :n) FROM stored"
            ),
            {
                "t": table_id,
                "i": index,
                "p": player,
                "a": action,
                "c": CHANNEL,
                "n": f"{self.me} move {table_id}",
            },
        ).scalar_one()
        return int(stamp)

    def notify(self, connection: Connection, kind: str, table_id: str) -> None:
        """Tell the other processes, once the transaction commits, that a table changed (``kind``)."""
        connection.execute(
            text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": f"{self.me} {kind} {table_id}"}
        )

    # --------------------------------------------------------------------------------- presence
    def _run(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """Run a statement on the presence connection, connecting again once if it was lost.

        After a reconnection the seat locks this process held are taken again (the driver locks of
        drives in progress are not: at worst two processes compute the same bot move, and the
        move lock lets only one of them store it).
        """
        try:
            return self._conn.execute(sql, params).fetchall()
        except self._psycopg.OperationalError:
            log.warning("presence connection lost; connecting again")
            self._conn = self._psycopg.connect(self.conninfo, autocommit=True)
            for (table_id, seat), count in self._seats.items():
                for _ in range(count):
                    self._conn.execute("SELECT pg_advisory_lock_shared(%s, %s)", (table_key(table_id), seat))
            return self._conn.execute(sql, params).fetchall()

    def hold_seat(self, table_id: str, seat: int, held: bool) -> None:
        """Hold (``True``) or let go (``False``) of a seat: this process has a client of it (or no more)."""
        key = (table_id, seat)
        if held:
            self._run("SELECT pg_try_advisory_lock_shared(%s, %s)", (table_key(table_id), seat))
            self._seats[key] = self._seats.get(key, 0) + 1
        elif self._seats.get(key):
            self._run("SELECT pg_advisory_unlock_shared(%s, %s)", (table_key(table_id), seat))
            self._seats[key] -= 1
            if not self._seats[key]:
                del self._seats[key]
        self._run("SELECT pg_notify(%s, %s)", (CHANNEL, f"{self.me} seat {table_id}"))

    def restore(self) -> None:
        """After a lost connection to the database: take this process's seat locks again if they went
        with it, and tell the other processes to read every table's presence again."""
        self._run("SELECT 1", ())
        for table_id in sorted({t for t, _ in self._seats}):
            self._run("SELECT pg_notify(%s, %s)", (CHANNEL, f"{self.me} seat {table_id}"))

    def held_elsewhere(self, table_id: str) -> set[int]:
        """Return the seats of a table that another live process has a client of."""
        rows = self._run(
            "SELECT DISTINCT objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND granted"
            " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            " AND classid::bigint = %s AND objsubid = 2 AND objid::bigint < 1000000"
            " AND pid <> pg_backend_pid()",
            (table_key(table_id),),
        )
        return {int(r[0]) for r in rows}

    def try_drive(self, table_id: str) -> bool:
        """Take the table's driver lock unless another process holds it; ``True`` if taken."""
        rows = self._run("SELECT pg_try_advisory_lock(%s, %s)", (table_key(table_id), DRIVER_LOCK))
        return bool(rows[0][0])

    def release_drive(self, table_id: str) -> None:
        """Let go of a driver lock taken by :meth:`try_drive`."""
        self._run("SELECT pg_advisory_unlock(%s, %s)", (table_key(table_id), DRIVER_LOCK))

    # ----------------------------------------------------------------------------------- listen
    async def listen(
        self, on_change: Callable[[str, str], Awaitable[None]], on_reconnect: Callable[[], Awaitable[None]]
    ) -> None:
        """Call ``on_change(kind, table_id)`` for every other process's notification, until cancelled.

        A lost connection is opened again after :data:`RECONNECT_SECONDS`; then ``on_reconnect()``
        runs, since notifications sent meanwhile are gone.
        """
        first = True
        while True:
            try:
                async with await self._psycopg.AsyncConnection.connect(
                    self.conninfo, autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if not first:
                        await on_reconnect()
                    first = False
                    async for note in conn.notifies():
                        parts = note.payload.split(" ", 2)
                        if len(parts) != 3 or parts[0] == self.me:
                            continue
                        try:
                            await on_change(parts[1], parts[2])
                        except Exception:
                            log.exception("catching up table %s failed", parts[2])
            except (self._psycopg.Error, OSError):
                log.warning("notification connection lost; connecting again")
                first = False
                await asyncio.sleep(RECONNECT_SECONDS)

    def close(self) -> None:
        """Close the presence connection (its seat and driver locks go with it)."""
        self._conn.close()
