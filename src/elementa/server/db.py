"""Storage of the game server: tables, seats and applied actions in any SQLAlchemy database.

A table's game is never stored as a snapshot: it is its game name, options and seed plus the list of
actions applied so far (``(index, player, action id)``, chance outcomes included), the same record as a
save file (:mod:`elementa.core.persistence`). The server rebuilds a table's state by replaying those
actions, so every committed action survives a crash of the server.

The schema is created and upgraded by the Alembic migrations shipped in ``elementa/server/migrations``,
run programmatically by :func:`open_database` at start-up. Stored action ids are in each game's
current action format (:attr:`elementa.core.Game.action_format`): a game that renumbers its actions
ships a migration that re-encodes its tables with :meth:`elementa.core.Game.upgrade_history`
(0002: ElementaliS's Mana chosen colour by colour). 0003 adds fair dealing (a seed commitment per
table, practice tables) and invite codes. Stored options need no migration when a game adds an
option: a row without it is rebuilt with the game's legacy value (:func:`elementa.core.load_recorded_game`).
"""

from __future__ import annotations

import hashlib
import os
import sys
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    """The declarative base of the server's tables."""


class TableRow(Base):
    """One game table.

    Attributes:
        id: a short random public id (it appears in links).
        game: the registry name of the game.
        options: the game's options as ``Game.options_dict()`` returns them.
        seed: the seed chance outcomes are drawn with (see :func:`elementa.core.chance_rng`); drawn
            by the server (0 to 2**53 - 1) unless the table is a practice table.
        practice: whether the creator chose the seed (such a table is shown as practice, never rated).
        salt: the random salt of the seed's commitment (hex).
        commitment: hex SHA-256 of ``"<seed>:<salt>"``, shown from the start
            (:mod:`elementa.server.fairness`); the seed and salt are shown once the game is over.
        status: ``"open"`` (a seat is still free), ``"playing"`` or ``"finished"``.
        timeout: seconds a seat may stay disconnected before a bot plays it (zombie mode).
        created: when the table was made (UTC).
        rated: whether the table still counts for ratings (asked for at creation, cleared when a bot
            plays a person's seat; see :mod:`elementa.server.accounts`).
        deadline: a correspondence table's move deadline in seconds (``None``: a live table).
        turn_since: when the seats to move now began to wait (UTC; correspondence tables).
    """

    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    practice: Mapped[bool] = mapped_column(Boolean, default=False)
    salt: Mapped[str] = mapped_column(String(64))
    commitment: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), index=True)
    timeout: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime] = mapped_column(DateTime)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    deadline: Mapped[int | None] = mapped_column(Integer, nullable=True)
    turn_since: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="table", order_by="SeatRow.seat", cascade="all, delete-orphan"
    )


class SeatRow(Base):
    """One seat of a table.

    Attributes:
        kind: ``"open"`` (anyone may join), ``"bot"`` (``agent`` plays it) or ``"reserved"``
            (only the holder of the invite link).
        agent: the agent spec of a bot seat (``"medium"``), else ``None``.
        name: the name shown for the seat.
        token_hash: SHA-256 of the seat's secret token, ``None`` while an open seat is free or a
            reserved seat's invite is not claimed.
        invite_hash: SHA-256 of a reserved seat's invite code (kept after the claim, so that a second
            claim is told the code is spent), else ``None``.
        connected: whether a client holding the token is connected now.
        user_id: the account the seat is linked to (:class:`elementa.server.accounts.UserRow`), if any.
    """

    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    agent: Mapped[str | None] = mapped_column(String(128), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    connected: Mapped[bool] = mapped_column(Boolean, default=False)
    user_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    table: Mapped[TableRow] = relationship(back_populates="seats")


class ActionRow(Base):
    """One applied action of a table: the ``index``-th entry of the state's history."""

    __tablename__ = "actions"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(Integer)


def hash_token(token: str) -> str:
    """Return the stored form of a seat token or invite code (hex SHA-256); neither is ever stored."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def now() -> datetime:
    """Return the current time in UTC without a time zone (what the ``DateTime`` columns hold)."""
    return datetime.now(UTC).replace(tzinfo=None)


def default_database_url() -> str:
    """Return the SQLite URL of the per-user data folder's ``elementa/server.sqlite3``.

    The folder is ``$XDG_DATA_HOME`` (else ``~/.local/share``) on Linux, ``~/Library/Application
    Support`` on macOS and ``%APPDATA%`` on Windows; it is created if missing.
    """
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    folder = base / "elementa"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'server.sqlite3'}"


#: the driver a URL naming only the database gets (``postgresql://`` would otherwise ask for psycopg2,
#: which the ``server`` extra does not install)
DEFAULT_DRIVERS = {"postgresql": "postgresql+psycopg", "postgres": "postgresql+psycopg"}


def database_url(url: str) -> URL:
    """Parse a SQLAlchemy URL, giving ``postgresql://`` (and ``postgres://``) the psycopg 3 driver.

    Raises:
        sqlalchemy.exc.ArgumentError: a malformed URL.
    """
    parsed = make_url(url)
    driver = DEFAULT_DRIVERS.get(parsed.drivername)
    return parsed.set(drivername=driver) if driver else parsed


def open_database(url: str | None = None) -> Engine:
    """Connect to a database and bring its schema up to date with the shipped migrations.

    Args:
        url: any SQLAlchemy URL (``sqlite:///path``, ``postgresql://...``); ``None`` for
            :func:`default_database_url`.

    Returns:
        The engine, with the schema at the newest migration.

    Raises:
        sqlalchemy.exc.ArgumentError: a malformed URL, or its database driver is not installed;
            other SQLAlchemy errors when the database cannot be reached.
    """
    from alembic import command
    from alembic.config import Config

    parsed = database_url(url or default_database_url())
    try:
        # a server database may restart under a long-running server: test pooled connections first
        engine = create_engine(parsed, pool_pre_ping=parsed.get_backend_name() != "sqlite")
    except ImportError as e:  # the dialect's DBAPI module (psycopg for PostgreSQL) is missing
        raise ArgumentError(
            f"the {parsed.get_backend_name()} driver {e.name or parsed.get_driver_name()} is not installed:"
            " pip install 'elementa[server]'"
        ) from e
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            # WAL with synchronous=NORMAL: a commit is in the file before the call returns, so it
            # survives the server being killed; only an operating-system crash or power cut can
            # lose the last commits (synchronous=FULL would also fsync every move, ~3 ms each here)
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

    config = Config()
    config.set_main_option("script_location", str(resources.files("elementa.server") / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    return engine
