"""Load on the game server: open tables, connected websocket clients, move round trips, memory per table.

A script, not a test::

    python benchmarks/server.py                                  # 100 tables, 20 clients, 20 s
    python benchmarks/server.py --tables 1000 --clients 200 --seconds 60 --think 2

It starts ``elementa serve`` as its own process on 127.0.0.1 with a fresh SQLite file, creates
``--tables`` tables of ``--game`` with two seats held by people, and loads each into the server's
memory (one websocket hello per table); the growth of the server's resident memory divided by the
tables is the memory per table. ``--warm`` tables (20 by default) are made and loaded first and not
counted: the first tables also pay for what runs once (imports, caches, connection pools), which
would otherwise be charged to the counted ones (5 MiB over 300 tables is 17 KiB each). Then
``--clients`` websocket clients (two per table, one per seat) play for ``--seconds``: whenever a
client's view offers moves it sends one (chosen at random, after ``--think`` seconds on average, 0 by
default: as fast as the server answers) and times the round trip, from sending the move to
receiving the view that shows it applied (validated,
committed to the database, broadcast). Prints p50, p99 and max of the round trips, moves per second,
and memory per table. Linux only (memory is read from /proc). The server's environment is the
benchmark's: ``ELEMENTA_WS_COMPRESSION=1`` measures with per-message compression, off by default.

Several server processes on one database::

    python benchmarks/server.py --processes 2 --database postgresql://postgres@127.0.0.1/bench \
        --tables 200 --clients 200 --seconds 20 --server-cpus 1 --client-cpus 0

starts ``--processes`` servers on a fresh database on the PostgreSQL server of ``--database`` (its
role must be allowed to create databases; the benchmark drops it at the end; default: a fresh SQLite
file, which allows one process only) and spreads the clients over them: a table's two seats on two
different processes (every move crosses processes through PostgreSQL's notifications), or with
``--sticky`` both on the process the table id picks, as a reverse proxy hashing the table id would.
At the end it checks the stored actions: every move a client saw applied is stored once, none lost
or doubled.
``--server-cpus``/``--client-cpus`` pin the servers and the benchmark's clients to CPU lists
(``os.sched_setaffinity``); PostgreSQL's own processes are not pinned. The line with the figures
shows the machine's load average (/proc/loadavg) beside them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
from sqlalchemy import create_engine, func, select, text
from websockets.asyncio.client import connect

from elementa.server.db import ActionRow, database_url

SERVE = "from elementa.cli.app import main; main()"


def rss_kib(pid: int) -> int:
    """Return a process's resident memory in KiB (from /proc/PID/status)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


async def hello(ws_url: str, table_id: str, token: str | None) -> None:
    """Connect to a table, take the first view (which loads the table into memory) and leave."""
    async with connect(f"{ws_url}/ws/{table_id}") as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        await ws.recv()


async def client(
    ws_url: str, table_id: str, token: str, until: float, seed: int, trips: list[float], think: float
) -> None:
    """Hold one seat until ``until``: move whenever the newest view offers moves, timing each round trip.

    ``think``: mean seconds a client waits before each move (exponentially distributed), like a person.
    """
    rng = random.Random(seed)
    async with connect(f"{ws_url}/ws/{table_id}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        view = json.loads(await ws.recv())
        while time.monotonic() < until and view.get("status") == "playing":
            if not view.get("legal"):
                try:
                    view = json.loads(
                        await asyncio.wait_for(ws.recv(), timeout=max(0.01, until - time.monotonic()))
                    )
                except TimeoutError:
                    return
                continue
            if think:
                await asyncio.sleep(rng.expovariate(1 / think))
            step = view["step"]
            sent = time.perf_counter()
            move = {"type": "move", "action": rng.choice(view["legal"])["id"], "step": step}
            await ws.send(json.dumps(move))
            while True:
                answer = json.loads(await ws.recv())
                if answer.get("type") == "error":  # a stale view: wait for the next one
                    break
                if answer["step"] != step:
                    trips.append(time.perf_counter() - sent)
                    view = answer
                    break


ONE_CLIENT_IS_MANY = {
    "ELEMENTA_TABLES_PER_HOUR": "1000000",
    "ELEMENTA_MAX_OPEN_TABLES_PER_CLIENT": "1000000",
    "ELEMENTA_MAX_SOCKETS_PER_CLIENT": "1000000",
    "ELEMENTA_MESSAGES_PER_SECOND": "1000000",
    "ELEMENTA_MESSAGE_BURST": "1000000",
}
"""Every simulated client connects from 127.0.0.1, so the per-client limits are lifted for the run."""


def cpu_seconds(pids: list[int]) -> float:
    """Return the CPU time (user + system) these processes have used, in seconds (from /proc)."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / os.sysconf("SC_CLK_TCK")


def postgres_pids() -> list[int]:
    """Return the ids of this machine's PostgreSQL processes (those we may read)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if (entry / "comm").read_text().strip() == "postgres":
                    pids.append(int(entry.name))
    return pids


def start_server(database: str, cpus: set[int] | None) -> tuple[subprocess.Popen[str], str]:
    """Start ``elementa serve`` on a free port (pinned to ``cpus``); return it and its base URL."""
    server = subprocess.Popen(
        [sys.executable, "-c", SERVE, "serve", "--port", "0", "--database", database],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, **ONE_CLIENT_IS_MANY},
    )
    if cpus:
        os.sched_setaffinity(server.pid, cpus)
    assert server.stdout is not None
    line = server.stdout.readline()
    if "http://" not in line:
        server.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return server, "http://" + line.split("http://", 1)[1].split()[0].rstrip("/")


@contextlib.contextmanager
def fresh_database(url: str | None, tmp: str) -> Iterator[str]:
    """Yield the URL of an empty database: a SQLite file in ``tmp``, or one made on ``url``'s server."""
    if not url:
        yield f"sqlite:///{tmp}/bench.sqlite3"
        return
    admin = create_engine(database_url(url), isolation_level="AUTOCOMMIT")
    name = f"elementa_bench_{uuid.uuid4().hex[:12]}"
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield database_url(url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def stored_moves(database: str, table_ids: list[str]) -> int:
    """Return how many actions of seats (not chance) the database holds for these tables."""
    engine = create_engine(database_url(database))
    try:
        with engine.connect() as c:
            query = select(func.count()).where(ActionRow.table_id.in_(table_ids), ActionRow.player != -1)
            return int(c.execute(query).scalar_one())
    finally:
        engine.dispose()


async def run(args: argparse.Namespace) -> None:
    server_cpus = {int(c) for c in args.server_cpus.split(",")} if args.server_cpus else None
    if args.client_cpus:
        os.sched_setaffinity(0, {int(c) for c in args.client_cpus.split(",")})
    with tempfile.TemporaryDirectory() as tmp, fresh_database(args.database, tmp) as database:
        servers: list[subprocess.Popen[str]] = []
        try:
            bases = []
            for _ in range(args.processes):
                server, base = start_server(database, server_cpus)
                servers.append(server)
                bases.append(base)
            ws_urls = [b.replace("http", "ws") for b in bases]

            async def make(count: int, first_seed: int) -> list[tuple[str, list[str]]]:
                """Create ``count`` tables with two reserved seats; claim both invites of each."""
                made = []
                async with httpx.AsyncClient(base_url=bases[0], timeout=60) as http:
                    for i in range(first_seed, first_seed + count):
                        r = await http.post(
                            "/api/tables",
                            json={"game": args.game, "options": options, "seed": i, "practice": True,
                                  "timeout": 3600, "seats": [{"kind": "reserved"}, {"kind": "reserved"}]},
                        )  # fmt: skip
                        r.raise_for_status()
                        body = r.json()
                        tokens = []
                        for inv in body["invites"]:  # each invite code is claimed once for its seat's token
                            claimed = await http.post(
                                f"/api/tables/{body['id']}/claim", json={"code": inv["code"]}
                            )
                            claimed.raise_for_status()
                            tokens.append(claimed.json()["token"])
                        made.append((body["id"], tokens))
                return made

            def where(index: int, seat: int) -> str:
                """The server a seat's client talks to: by table, or each seat of a table on another."""
                return ws_urls[(index + (0 if args.sticky else seat)) % len(ws_urls)]

            async def load(made: list[tuple[str, list[str]]]) -> None:
                """Show each table to a spectator once (which loads it into its server's memory)."""
                for i in range(0, len(made), 50):
                    await asyncio.gather(
                        *(hello(where(i + j, 0), t, None) for j, (t, _) in enumerate(made[i : i + 50]))
                    )

            options = dict(o.split("=", 1) for o in args.option)
            # warm up first: the first tables also pay for code paths run once (imports, caches, pools)
            await load(await make(args.warm, -args.warm))
            start_kib = sum(rss_kib(s.pid) for s in servers)
            tables = await make(args.tables, 0)
            await load(tables)
            loaded_kib = sum(rss_kib(s.pid) for s in servers)
            trips: list[float] = []
            until = time.monotonic() + args.seconds
            playing = tables[: max(1, args.clients // 2)]
            began = time.monotonic()
            pg = postgres_pids()
            cpu_before = (cpu_seconds([s.pid for s in servers]), time.process_time(), cpu_seconds(pg))
            await asyncio.gather(
                *(
                    client(where(i, seat), table_id, token, until, hash((table_id, seat)), trips, args.think)
                    for i, (table_id, tokens) in enumerate(playing)
                    for seat, token in enumerate(tokens)
                )
            )
            elapsed = time.monotonic() - began
            cpu_after = (cpu_seconds([s.pid for s in servers]), time.process_time(), cpu_seconds(pg))
            load = Path("/proc/loadavg").read_text().split()[:3]
            end_kib = sum(rss_kib(s.pid) for s in servers)
            stored = stored_moves(database, [t for t, _ in playing])
        finally:
            for server in servers:
                server.kill()
                server.wait()
    if not trips:
        print("no moves were timed")
        return
    trips.sort()
    ms = [t * 1000 for t in trips]
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    backend = database_url(database).get_backend_name()
    routing = (
        "sticky: a table's seats on one process" if args.sticky else "a table's seats on different processes"
    )
    print(
        f"game {args.game} {options or ''}: {args.tables} tables open, {len(playing) * 2} websocket clients"
        f", thinking {args.think} s a move on average"
    )
    print(
        f"{args.processes} server process(es) on {backend}"
        + (f" ({routing})" if args.processes > 1 else "")
        + f"; servers on CPUs {args.server_cpus or 'any'}, clients on CPUs {args.client_cpus or 'any'}"
    )
    print(
        f"moves timed: {len(ms)} in {elapsed:.1f} s ({len(ms) / elapsed:.0f} moves/s);"
        f" /proc/loadavg {' '.join(load)} on {os.cpu_count()} cores"
    )
    lost = "none lost or doubled" if stored == len(ms) else f"MISMATCH: {stored} stored"
    print(f"stored moves of the played tables: {stored} ({lost})")
    used = [after - before for before, after in zip(cpu_before, cpu_after, strict=True)]
    print(
        f"CPU used while playing, in cores busy: servers {used[0] / elapsed:.2f},"
        f" clients {used[1] / elapsed:.2f}, PostgreSQL {used[2] / elapsed:.2f}"
    )
    print(f"round trip: p50 {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, max {ms[-1]:.1f} ms")
    per_table = (loaded_kib - start_kib) / args.tables
    print(
        f"server memory (all processes): {start_kib / 1024:.0f} MiB at start, {loaded_kib / 1024:.0f} MiB"
        f" with the tables loaded ({per_table:.0f} KiB per table), {end_kib / 1024:.0f} MiB after play"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="open tables (default 100)")
    parser.add_argument(
        "--clients", type=int, default=20, help="websocket clients, two per table (default 20)"
    )
    parser.add_argument("--seconds", type=float, default=20, help="seconds of play (default 20)")
    parser.add_argument(
        "--think",
        type=float,
        default=0,
        help="mean seconds a client thinks before a move (default 0: flat out)",
    )
    parser.add_argument("--game", default="elemenders", help="the game of every table (default elemenders)")
    parser.add_argument("-o", "--option", action="append", default=[], help="a game option as name=value")
    parser.add_argument(
        "--warm",
        type=int,
        default=20,
        help="tables made and loaded before the memory is read (default 20; not counted, not played)",
    )
    parser.add_argument("--processes", type=int, default=1, help="server processes (default 1)")
    parser.add_argument(
        "--database", help="a SQLAlchemy URL shared by the servers (default: a fresh SQLite file)"
    )
    parser.add_argument(
        "--sticky", action="store_true", help="both seats of a table on one process (default: on two)"
    )
    parser.add_argument("--server-cpus", help="CPU list the servers are pinned to, e.g. 1")
    parser.add_argument("--client-cpus", help="CPU list the benchmark's clients are pinned to, e.g. 0")
    args = parser.parse_args()
    if args.processes < 1:
        parser.error("--processes must be at least 1")
    if args.processes > 1 and not (args.database or "").startswith(("postgresql", "postgres:")):
        parser.error("several processes need a PostgreSQL --database (a SQLite file has one writer)")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
