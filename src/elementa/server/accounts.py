"""Accounts of the game server: sign-up, sessions, seats linked to accounts, ratings, profiles, your turn.

Guests play as before; an account adds a name that lasts, ratings and a history.

- **Accounts.** A username (3 to 32 letters, digits, ``_`` or ``-``; unique whatever the case) and a
  password (:data:`MIN_PASSWORD` to :data:`MAX_PASSWORD` characters, the cap applied before hashing)
  hashed with argon2id (``argon2-cffi``). Signing in with an unknown name or a wrong password answers
  the same ``account/bad-credentials`` (and takes as long: a dummy hash is checked); only sign-up
  shows that a name is taken (``account/taken``).
- **Sessions.** A random token in the ``elementa_session`` cookie (HttpOnly, SameSite=Lax, Secure on
  https), valid :data:`SESSION_DAYS` days; only its SHA-256 is stored. Signing out deletes it.
- **Seats.** A signed-in player's seat is linked to the account when they create the table with the
  seat marked ``"account": true``, join an open seat, or claim a seat they hold the token of
  (``POST /api/accounts/claim``, which the table page calls).
- **Ratings.** openskill's Plackett-Luce model per account and game (the lab's tournament model),
  from the places of the final returns (:func:`elementa.sim.tournament.ranks`). A table is *rated*
  when it was created rated (no computer seats, the seed drawn by the server) and, when its game
  ends, every seat is linked to a different account and no computer ever played a person's seat
  (a zombie takeover or a missed correspondence deadline clears the flag for good). Ratings change
  once per table: its results rows are written in the same transaction, keyed by table and seat.
- **Correspondence.** A table with a move deadline (hours or days): a seat that has to move and
  lets the deadline pass gets one move played by the zombie bot
  (:data:`~elementa.server.tables.ZOMBIE_AGENT`), which makes the table unrated, and the next
  seats to move get a full deadline. The server checks the deadlines every
  :data:`DEADLINE_CHECK` seconds.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from importlib import resources
from typing import TYPE_CHECKING, Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import FileResponse
from openskill.models import PlackettLuce
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Boolean, DateTime, Float, ForeignKey, Integer, String, delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from elementa.core import ElementaError, load_game
from elementa.server.db import Base, SeatRow, TableRow, hash_token, now
from elementa.server.security import seat_cookie
from elementa.server.tables import LiveTable, ServerError, TableService
from elementa.sim.tournament import ranks

if TYPE_CHECKING:
    from elementa.server.app import Hub

log = logging.getLogger("elementa.server")
STATIC = resources.files("elementa.server") / "static"
COOKIE = "elementa_session"
SESSION_DAYS = 30
MIN_PASSWORD = 8
MAX_PASSWORD = 256
"""Passwords longer than this are refused before hashing (argon2 would hash any length, slowly)."""
USERNAME = re.compile(r"[A-Za-z0-9_-]{3,32}")
DEADLINE_CHECK = 60.0
"""Seconds between two checks of the correspondence tables' deadlines."""


class UserRow(Base):
    """An account: ``username`` as typed, ``username_key`` its lower-case form (unique)."""

    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    username: Mapped[str] = mapped_column(String(32))
    username_key: Mapped[str] = mapped_column(String(32), unique=True)
    password_hash: Mapped[str] = mapped_column(String(256))
    created: Mapped[datetime] = mapped_column(DateTime)


class SessionRow(Base):
    """A signed-in session: the SHA-256 of its cookie's token, its account and when it expires (UTC)."""

    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    expires: Mapped[datetime] = mapped_column(DateTime)


class RatingRow(Base):
    """An account's openskill rating in one game, and how many rated games it counts."""

    __tablename__ = "ratings"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class ResultRow(Base):
    """An account seat's result at a finished table: its place (1 = best) and, when rated, the new rating."""

    __tablename__ = "results"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    game: Mapped[str] = mapped_column(String(64))
    place: Mapped[int] = mapped_column(Integer)
    players: Mapped[int] = mapped_column(Integer)
    rated: Mapped[bool] = mapped_column(Boolean)
    mu: Mapped[float | None] = mapped_column(Float, nullable=True)
    sigma: Mapped[float | None] = mapped_column(Float, nullable=True)
    finished: Mapped[datetime] = mapped_column(DateTime)


class AccountError(ServerError):
    """A refused account request; ``status`` is the HTTP status it answers with."""

    default_code = "account/error"

    def __init__(self, message: str, *, code: str, status: int = 400) -> None:
        super().__init__(message, code=code)
        self.status = status


@dataclass(frozen=True, slots=True)
class User:
    """A signed-in account."""

    id: int
    username: str


def _find_user(session: Session, username: str) -> UserRow | None:
    """Return the account with this name (whatever its case), or ``None``."""
    key = username.lower()
    if not USERNAME.fullmatch(key):
        return None
    return session.scalars(select(UserRow).where(UserRow.username_key == key)).first()


class AccountService:
    """Accounts, sessions, seat links, ratings and profiles over a :class:`TableService`'s database.

    Registers :meth:`record_results` as a finish hook of the service.
    """

    def __init__(self, tables: TableService) -> None:
        self.tables = tables
        self.engine = tables.engine
        self.hasher = PasswordHasher()
        self.model = PlackettLuce()
        self._dummy = self.hasher.hash("not a password of anyone")
        tables.finish_hooks.append(self.record_results)

    # -------------------------------------------------------------------------------- accounts
    @staticmethod
    def _check(username: str, password: str) -> None:
        if not USERNAME.fullmatch(username):
            raise AccountError("a username has 3 to 32 letters, digits, _ or -", code="account/bad-username")
        if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
            raise AccountError(
                f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters", code="account/bad-password"
            )

    def sign_up(self, username: str, password: str) -> User:
        """Create an account.

        Raises:
            AccountError: ``account/bad-username``, ``account/bad-password``, ``account/taken``.
        """
        self._check(username, password)
        row = UserRow(
            username=username,
            username_key=username.lower(),
            password_hash=self.hasher.hash(password),
            created=now(),
        )
        with Session(self.engine) as session:
            session.add(row)
            try:
                session.commit()
            except IntegrityError:
                raise AccountError(f"the username {username!r} is taken", code="account/taken") from None
            return User(row.id, row.username)

    def sign_in(self, username: str, password: str) -> User:
        """Check a username and password.

        Raises:
            AccountError: ``account/bad-credentials`` (status 401) for an unknown name or a wrong
                password alike (a password over the cap included).
        """
        refused = AccountError("wrong username or password", code="account/bad-credentials", status=401)
        if len(password) > MAX_PASSWORD:
            raise refused
        with Session(self.engine) as session:
            row = _find_user(session, username)
            try:
                self.hasher.verify(row.password_hash if row else self._dummy, password)
            except (VerificationError, InvalidHashError):
                raise refused from None
            if row is None:
                raise refused
            return User(row.id, row.username)

    def new_session(self, user: User) -> tuple[str, datetime]:
        """Start a session; return its secret token and when it expires (UTC)."""
        token = secrets.token_urlsafe(32)
        expires = now() + timedelta(days=SESSION_DAYS)
        with Session(self.engine) as session:
            session.add(SessionRow(token_hash=hash_token(token), user_id=user.id, expires=expires))
            session.commit()
        return token, expires

    def user_of(self, token: str | None) -> User | None:
        """Return the account of a session token, or ``None`` (no token, unknown or expired)."""
        if not token or len(token) > 128:
            return None
        with Session(self.engine) as session:
            found = session.get(SessionRow, hash_token(token))
            if found is None:
                return None
            if found.expires <= now():
                session.delete(found)
                session.commit()
                return None
            user = session.get(UserRow, found.user_id)
            return User(user.id, user.username) if user else None

    def end_session(self, token: str | None) -> None:
        """Delete a session (nothing happens for an unknown token)."""
        if token:
            with Session(self.engine) as session:
                session.execute(delete(SessionRow).where(SessionRow.token_hash == hash_token(token)))
                session.commit()

    # ------------------------------------------------------------------------------------ seats
    def claim(self, user: User, table_id: str, token: str) -> int:
        """Link the seat a token holds to an account; return the seat.

        Raises:
            ServerError: ``table/unknown``, ``auth/bad-token``, ``table/finished`` (a finished
                table's seats stay as they were), ``account/seat-linked`` (another account's seat).
        """
        seat = self.tables.seat_of(table_id, token)
        assert seat is not None
        with Session(self.engine) as session:
            table = session.get(TableRow, table_id)
            row = session.get(SeatRow, (table_id, seat))
            assert table is not None and row is not None
            if table.status == "finished":
                raise ServerError("the game is over", code="table/finished")
            if row.user_id not in (None, user.id):
                raise AccountError("this seat belongs to another account", code="account/seat-linked")
            row.user_id = user.id
            session.commit()
        return seat

    # ---------------------------------------------------------------------------------- ratings
    def record_results(self, live: LiveTable) -> None:
        """Store each account seat's result of a finished table and, if it is rated, update ratings.

        Runs once per table: a second call (another process, a replayed hook) finds the results
        rows and changes nothing.
        """
        returns = live.state.returns()
        places = ranks(returns)
        with Session(self.engine) as session:
            table = session.get(TableRow, live.id)
            seats = session.scalars(
                select(SeatRow).where(SeatRow.table_id == live.id).order_by(SeatRow.seat)
            ).all()
            if table is None:
                return
            users = [s.user_id for s in seats]
            rated = (
                table.rated
                and all(s.kind != "bot" for s in seats)
                and None not in users
                and len(set(users)) == len(users)
            )
            updated: list[tuple[float, float]] = []
            if rated:
                current = []
                for user_id in users:
                    row = session.get(RatingRow, (user_id, table.game))
                    current.append([self.model.rating(row.mu, row.sigma) if row else self.model.rating()])
                teams = self.model.rate(current, ranks=[float(p) for p in places])
                updated = [(team[0].mu, team[0].sigma) for team in teams]
                for user_id, (mu, sigma) in zip(users, updated, strict=True):
                    row = session.get(RatingRow, (user_id, table.game))
                    if row is None:
                        session.add(RatingRow(user_id=user_id, game=table.game, mu=mu, sigma=sigma, games=1))
                    else:
                        row.mu, row.sigma, row.games = mu, sigma, row.games + 1
            finished = now()
            for s in seats:
                if s.user_id is None:
                    continue
                mu, sigma = updated[s.seat] if rated else (None, None)  # type: ignore[assignment]
                session.add(
                    ResultRow(
                        table_id=live.id,
                        seat=s.seat,
                        user_id=s.user_id,
                        game=table.game,
                        place=places[s.seat],
                        players=len(seats),
                        rated=rated,
                        mu=mu,
                        sigma=sigma,
                        finished=finished,
                    )
                )
            try:
                session.commit()
            except IntegrityError:
                session.rollback()  # recorded already: ratings change once per table

    def leaderboard(self, game: str, limit: int = 100) -> list[dict[str, Any]]:
        """Return a game's rated accounts, best first by ``mu - 3 sigma`` (openskill's ordinal).

        Returns:
            ``[{"rank", "username", "rating", "mu", "sigma", "games"}]``.

        Raises:
            ConfigError: ``config/unknown-game``.
        """
        name = load_game(game).name
        with Session(self.engine) as session:
            rows = session.execute(
                select(RatingRow, UserRow.username)
                .join(UserRow, UserRow.id == RatingRow.user_id)
                .where(RatingRow.game == name)
            ).all()
        board = sorted(rows, key=lambda r: (-(r[0].mu - 3 * r[0].sigma), r[1].lower()))[:limit]
        return [
            {
                "rank": i + 1,
                "username": username,
                "rating": round(r.mu - 3 * r.sigma, 2),
                "mu": round(r.mu, 3),
                "sigma": round(r.sigma, 3),
                "games": r.games,
            }
            for i, (r, username) in enumerate(board)
        ]

    def profile(self, username: str) -> dict[str, Any]:
        """Return an account's public profile.

        Returns:
            ``{"username", "created", "ratings": [{"game", "rating", "mu", "sigma", "games"}],
            "history": [{"table", "game", "seat", "place", "players", "rated", "rating",
            "finished", "replay"}]}``, newest game first (``rating`` after that game, rated only).

        Raises:
            AccountError: ``account/unknown`` (status 404).
        """
        with Session(self.engine) as session:
            user = _find_user(session, username)
            if user is None:
                raise AccountError(f"no account {username!r}", code="account/unknown", status=404)
            ratings = session.scalars(select(RatingRow).where(RatingRow.user_id == user.id)).all()
            results = session.scalars(
                select(ResultRow).where(ResultRow.user_id == user.id).order_by(ResultRow.finished.desc())
            ).all()
            return {
                "username": user.username,
                "created": user.created.isoformat(),
                "ratings": [
                    {
                        "game": r.game,
                        "rating": round(r.mu - 3 * r.sigma, 2),
                        "mu": round(r.mu, 3),
                        "sigma": round(r.sigma, 3),
                        "games": r.games,
                    }
                    for r in sorted(ratings, key=lambda r: r.game)
                ],
                "history": [
                    {
                        "table": r.table_id,
                        "game": r.game,
                        "seat": r.seat,
                        "place": r.place,
                        "players": r.players,
                        "rated": r.rated,
                        "rating": None if r.mu is None or r.sigma is None else round(r.mu - 3 * r.sigma, 2),
                        "finished": r.finished.isoformat(),
                        "replay": f"/table/{r.table_id}#watch",
                    }
                    for r in results
                ],
            }

    # ------------------------------------------------------------------------------ your turn
    def turns(self, user: User) -> list[dict[str, Any]]:
        """Return the unfinished tables where a seat of this account has to move now.

        Returns:
            ``[{"table", "game", "seat", "deadline", "since", "url"}]``: ``deadline`` the table's
            seconds per move (``None`` for a live table), ``since`` when the turn began (UTC ISO,
            correspondence tables), most urgent first.
        """
        with Session(self.engine) as session:
            seats = session.execute(
                select(SeatRow.table_id, SeatRow.seat, TableRow.game, TableRow.deadline, TableRow.turn_since)
                .join(TableRow, TableRow.id == SeatRow.table_id)
                .where(SeatRow.user_id == user.id, TableRow.status != "finished")
            ).all()
        mine = []
        for table_id, seat, game, deadline, since in seats:
            state = self.tables.table(table_id).state
            if state.is_terminal() or state.is_chance_node() or seat not in state.players_to_move():
                continue
            mine.append(
                {
                    "table": table_id,
                    "game": game,
                    "seat": seat,
                    "deadline": deadline,
                    "since": since.isoformat() if since else None,
                    "url": f"/table/{table_id}",
                }
            )
        mine.sort(key=lambda t: (t["deadline"] is None, str(t["since"]), str(t["table"])))
        return mine

    def overdue(self) -> list[str]:
        """Return the unfinished correspondence tables whose seats to move have missed the deadline."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(TableRow.id).where(TableRow.deadline.is_not(None), TableRow.status != "finished")
            ).all()
        late = []
        for (table_id,) in rows:
            live = self.tables.table(table_id)
            if any(live.is_zombie(seat) for seat in range(live.game.num_players)):
                late.append(table_id)
        return late


async def watch_deadlines(hub: Hub, accounts: AccountService, every: float = DEADLINE_CHECK) -> None:
    """Forever: every ``every`` seconds, let the bots play the missed moves of correspondence tables."""
    while True:
        try:
            for table_id in accounts.overdue():
                await hub.drive(table_id)
                await hub.broadcast(table_id)
        except Exception:  # a broken table must not stop the other tables' clocks
            log.exception("checking the correspondence deadlines failed")
        await asyncio.sleep(every)


class Credentials(BaseModel):
    """The body of sign-up and sign-in (lengths are checked by the service, with typed codes)."""

    model_config = ConfigDict(extra="forbid")
    username: str
    password: str


class Claim(BaseModel):
    """The body of ``POST /api/accounts/claim``: a table and a seat token held for it (absent: the
    table's seat cookie, :func:`elementa.server.security.seat_cookie`)."""

    model_config = ConfigDict(extra="forbid")
    table: str = Field(max_length=64)
    token: str | None = Field(default=None, max_length=128)


def refuse(e: ElementaError) -> HTTPException:
    """Turn a refused request into its HTTP error ``{"detail": {"code", "message"}}``.

    The status is the error's own ``status`` when it has one (an :class:`AccountError`, a
    :class:`~elementa.server.limits.LimitError`: 401, 429...), else 404 for ``table/unknown`` and 400.
    """
    status = getattr(e, "status", None) or (404 if e.code == "table/unknown" else 400)
    return HTTPException(status, detail={"code": e.code, "message": str(e)})


def current_user(accounts: AccountService, request: Request) -> User | None:
    """Return the account of the request's session cookie, or ``None``."""
    return accounts.user_of(request.cookies.get(COOKIE))


def require_user(accounts: AccountService, request: Request) -> User:
    """Return the request's account.

    Raises:
        HTTPException: 401 ``account/signed-out``.
    """
    user = current_user(accounts, request)
    if user is None:
        raise refuse(AccountError("sign in first", code="account/signed-out", status=401))
    return user


def accounts_router(
    accounts: AccountService, limit_sign_in: Callable[[Request, str | None], None] | None = None
) -> APIRouter:
    """Return the REST routes of accounts, ratings and profiles (see docs/server.md).

    Args:
        accounts: the service.
        limit_sign_in: called with the request and the account name before each sign-in (the name
            ``None`` for a sign-up); raises :class:`~elementa.server.limits.LimitError`
            (``rate/sign-in``) to refuse it before any password is hashed. ``None``: no limit.
    """
    router = APIRouter()

    def limit(request: Request, username: str | None) -> None:
        if limit_sign_in is not None:
            try:
                limit_sign_in(request, username)
            except ElementaError as e:
                raise refuse(e) from None

    def start_session(user: User, request: Request, response: Response) -> dict[str, Any]:
        token, _ = accounts.new_session(user)
        response.set_cookie(
            COOKIE,
            token,
            max_age=SESSION_DAYS * 86_400,
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
            path="/",
        )
        return {"username": user.username}

    @router.post("/api/accounts/signup")
    def sign_up(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        limit(request, None)
        try:
            user = accounts.sign_up(body.username, body.password)
        except ElementaError as e:
            raise refuse(e) from None
        return start_session(user, request, response)

    @router.post("/api/accounts/signin")
    def sign_in(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        limit(request, body.username)
        try:
            user = accounts.sign_in(body.username, body.password)
        except ElementaError as e:
            raise refuse(e) from None
        return start_session(user, request, response)

    @router.post("/api/accounts/signout")
    def sign_out(request: Request, response: Response) -> dict[str, Any]:
        accounts.end_session(request.cookies.get(COOKIE))
        response.delete_cookie(COOKIE, path="/")
        return {"username": None}

    @router.get("/api/accounts/me")
    def me(request: Request) -> dict[str, Any]:
        return {"username": require_user(accounts, request).username}

    @router.get("/api/accounts/turns")
    def turns(request: Request) -> list[dict[str, Any]]:
        return accounts.turns(require_user(accounts, request))

    @router.post("/api/accounts/claim")
    def claim(body: Claim, request: Request) -> dict[str, Any]:
        user = require_user(accounts, request)
        token = body.token or request.cookies.get(seat_cookie(body.table))
        try:
            if token is None:
                raise ServerError("this browser holds no seat of the table", code="auth/bad-token")
            return {"table": body.table, "seat": accounts.claim(user, body.table, token)}
        except ElementaError as e:
            raise refuse(e) from None

    @router.get("/api/leaderboard/{game}")
    def leaderboard(game: str) -> list[dict[str, Any]]:
        try:
            return accounts.leaderboard(game)
        except ElementaError as e:
            raise refuse(e) from None

    @router.get("/api/users/{username}")
    def profile(username: str) -> dict[str, Any]:
        try:
            return accounts.profile(username)
        except ElementaError as e:
            raise refuse(e) from None

    @router.get("/leaderboard", include_in_schema=False)
    def leaderboard_page() -> FileResponse:
        return FileResponse(str(STATIC / "leaderboard.html"))

    @router.get("/user/{username}", include_in_schema=False)
    def profile_page(username: str) -> FileResponse:
        return FileResponse(str(STATIC / "profile.html"))

    return router
