"""The cost of accounts on the game server: password hashing, sign-in, session lookups, rating updates.

A script, not a test::

    python benchmarks/accounts.py                 # 20 rounds on a fresh SQLite file
    python benchmarks/accounts.py --rounds 50 --database postgresql://user@host/scratch  # migrated

Prints the median time of: an argon2id hash (sign-up's cost), a sign-in (one argon2 verify and a
lookup), a sign-in with an unknown name (the dummy verify: it should cost the same), a session
lookup (what every signed-in request adds), and recording a finished rated two-seat table's results
and ratings (the finish hook).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from elementa.server.accounts import AccountService
from elementa.server.db import open_database
from elementa.server.tables import SeatSpec, TableService


def timed(fn: Callable[[], object], rounds: int) -> float:
    """Median seconds of ``rounds`` calls of ``fn``."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    """Run the measurements and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--database", default=None, help="a SQLAlchemy URL (default: a fresh SQLite file)")
    args = parser.parse_args()
    folder = tempfile.mkdtemp()
    url = args.database or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
    tables = TableService(open_database(url))
    accounts = AccountService(tables)
    suffix = str(time.time_ns())[-8:]
    names = iter(f"u{suffix}{i}" for i in range(10**6))
    password = "a benchmark password"
    a = accounts.sign_up(next(names), password)
    b = accounts.sign_up(next(names), password)
    token, _ = accounts.new_session(a)
    rows = [
        ("argon2id hash (sign-up)", timed(lambda: accounts.hasher.hash(password), args.rounds)),
        ("sign-in", timed(lambda: accounts.sign_in(a.username, password), args.rounds)),
        ("sign-in, unknown name", timed(lambda: _refused(accounts, "nobody", password), args.rounds)),
        ("session lookup", timed(lambda: accounts.user_of(token), args.rounds * 10)),
    ]
    table_id, _ = tables.create_table(
        "elemenders", {}, [SeatSpec("reserved"), SeatSpec("reserved")], rated=True, users={0: a.id, 1: b.id}
    )
    live = tables.table(table_id)

    def record() -> None:
        accounts.record_results(live)

    rows.append(("finish hook (results and ratings)", timed(record, 1)))
    for what, seconds in rows:
        print(f"{what:40s} {seconds * 1000:8.2f} ms")


def _refused(accounts: AccountService, name: str, password: str) -> None:
    try:
        accounts.sign_in(name, password)
    except Exception:  # the refusal is what is timed
        return


if __name__ == "__main__":
    main()
