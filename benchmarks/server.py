"""Load on the game server: open tables, connected websocket clients, move round trips, memory per table.

A script, not a test::

    python benchmarks/server.py                                  # 100 tables, 20 clients, 20 s
    python benchmarks/server.py --tables 1000 --clients 200 --seconds 60 --think 2

It starts ``elementa serve`` as its own process on 127.0.0.1 with a fresh SQLite file, creates
``--tables`` tables of ``--game`` with two seats held by people, and loads each into the server's
memory (one websocket hello per table); the growth of the server's resident memory divided by the
tables is the memory per table. Then ``--clients`` websocket clients (two per table, one per seat)
play for ``--seconds``: whenever a client's view offers moves it sends one (chosen at random, after
``--think`` seconds on average, 0 by default: as fast as the server answers) and
times the round trip, from sending the move to receiving the view that shows it applied (validated,
committed to the database, broadcast). Prints p50, p99 and max of the round trips, moves per second,
and memory per table. Linux only (memory is read from /proc).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

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


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [
                sys.executable,
                "-c",
                SERVE,
                "serve",
                "--port",
                "0",
                "--database",
                f"sqlite:///{tmp}/bench.sqlite3",
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert server.stdout is not None
            base = "http://" + server.stdout.readline().split("http://", 1)[1].split()[0].rstrip("/")
            ws_url = base.replace("http", "ws")
            options = dict(o.split("=", 1) for o in args.option)
            async with httpx.AsyncClient(base_url=base, timeout=60) as http:
                await http.get("/api/games")
                start_kib = rss_kib(server.pid)
                tables = []
                for i in range(args.tables):
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
                    tables.append((body["id"], tokens))
                for i in range(0, len(tables), 50):
                    await asyncio.gather(*(hello(ws_url, t, None) for t, _ in tables[i : i + 50]))
                loaded_kib = rss_kib(server.pid)
            trips: list[float] = []
            until = time.monotonic() + args.seconds
            playing = tables[: max(1, args.clients // 2)]
            began = time.monotonic()
            await asyncio.gather(
                *(
                    client(ws_url, table_id, token, until, hash((table_id, seat)), trips, args.think)
                    for table_id, tokens in playing
                    for seat, token in enumerate(tokens)
                )
            )
            elapsed = time.monotonic() - began
            end_kib = rss_kib(server.pid)
        finally:
            server.kill()
            server.wait()
    if not trips:
        print("no moves were timed")
        return
    trips.sort()
    ms = [t * 1000 for t in trips]
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    print(
        f"game {args.game} {options or ''}: {args.tables} tables open, {len(playing) * 2} websocket clients"
        f", thinking {args.think} s a move on average"
    )
    print(f"moves timed: {len(ms)} in {elapsed:.1f} s ({len(ms) / elapsed:.0f} moves/s)")
    print(f"machine load average while it ran: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"round trip: p50 {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, max {ms[-1]:.1f} ms")
    per_table = (loaded_kib - start_kib) / args.tables
    print(
        f"server memory: {start_kib / 1024:.0f} MiB at start, {loaded_kib / 1024:.0f} MiB with the tables "
        f"loaded ({per_table:.0f} KiB per table), {end_kib / 1024:.0f} MiB after play"
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
    args = parser.parse_args()
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
