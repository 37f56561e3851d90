"""Several server processes on one database (`elementa.server.cluster`), as real processes.

SQLite: one server process per file; a second one refuses to start in one line, and kill -9 frees the
file for a restart. PostgreSQL (skipped without ``ELEMENTA_TEST_POSTGRES_URL``): two processes on one
database serve the same table, a seat's client on each; every move shows on both, none is lost or
doubled (checked against the stored actions), and when one process is killed the other carries on.
"""

from __future__ import annotations

import contextlib
import json
import random
import signal
import subprocess
import sys

import httpx
import pytest
from sqlalchemy import create_engine, select
from websockets.sync.client import connect

from elementa.server.db import ActionRow
from tests.server.conftest import fresh_postgres_database
from tests.server.serving import SERVE, start, stop

COMPARED = ("step", "observation", "to_move", "status", "returns")


@pytest.fixture
def postgres():
    """The URL of a fresh PostgreSQL database (skips without ``ELEMENTA_TEST_POSTGRES_URL``)."""
    yield from fresh_postgres_database()


class Client:
    """One websocket viewer of a table: keeps its newest view and its whole log (from the pieces)."""

    def __init__(self, stack, base, table_id, token):
        self.ws = stack.enter_context(connect(base.replace("http", "ws") + f"/ws/{table_id}"))
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.log: list[str] = []
        self.view: dict = {}
        self.receive(30)

    def receive(self, timeout):
        """Take one message (raises TimeoutError); an error message fails the test."""
        message = json.loads(self.ws.recv(timeout=timeout))
        assert message["type"] == "view", message
        self.log = self.log[: message["log_from"]] + message["log"]
        self.view = message
        return message

    def drain(self):
        """Take every message already waiting."""
        while True:
            try:
                self.receive(0.01)
            except TimeoutError:
                return

    def until_step(self, step):
        """Read views until this one is at ``step`` or later."""
        while self.view["step"] < step:
            self.receive(30)


def settle(clients):
    """Read until every client shows the same step (the newest any of them has seen)."""
    for c in clients:
        c.drain()
    while True:
        top = max(c.view["step"] for c in clients)
        for c in clients:
            c.until_step(top)
        for c in clients:
            c.drain()
        if all(c.view["step"] == top for c in clients):
            return top


def play(seats, watchers, moves, rng):
    """Make ``moves`` moves, each by the seat whose view offers one, checking the watchers agree after each.

    Returns:
        How many moves were made (fewer if the game ended).
    """
    everyone = [*seats.values(), *watchers]
    for made in range(moves):
        settle(everyone)
        ready = [c for c in seats.values() if c.view["legal"]]
        if not ready:
            assert all(c.view["status"] == "finished" for c in everyone)
            return made
        mover = ready[0]
        step = mover.view["step"]
        mover.ws.send(json.dumps({"type": "move", "action": rng.choice(mover.view["legal"])["id"]}))
        mover.until_step(step + 1)
        settle(everyone)
        for other in watchers[1:]:  # the same table on every process: the same view and log
            first = watchers[0]
            assert {k: other.view[k] for k in COMPARED} == {k: first.view[k] for k in COMPARED}
            assert other.log == first.log
    return moves


def stored_actions(url, table_id):
    """The table's stored actions as ``[(index, player)]`` in order."""
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as c:
            rows = c.execute(
                select(ActionRow.index, ActionRow.player)
                .where(ActionRow.table_id == table_id)
                .order_by(ActionRow.index)
            ).all()
    finally:
        engine.dispose()
    return [(int(i), int(p)) for i, p in rows]


def new_table(base, seed):
    r = httpx.post(
        base + "/api/tables",
        json={"game": "elemenders", "seats": [{"kind": "reserved"}] * 2, "seed": seed},
        timeout=30,
    )
    assert r.status_code == 200, r.text
    body = r.json()
    return body["id"], {i["seat"]: i["token"] for i in body["invites"]}


def test_a_second_server_on_the_same_sqlite_file_refuses_to_start(tmp_path):
    database = f"sqlite:///{tmp_path / 'one.sqlite3'}"
    first, base = start(["--port", "0", "--database", database])
    try:
        second = subprocess.run(
            [sys.executable, "-c", SERVE, "serve", "--port", "0", "--database", database],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == 2
        assert (
            second.stderr.startswith("error: database ")
            and "in use by another elementa server" in second.stderr
        )
        assert second.stderr.count("\n") == 1 and "Traceback" not in second.stderr
        assert httpx.get(base + "/api/tables", timeout=30).status_code == 200  # the first one serves on
    finally:
        stop(first, signal.SIGKILL)
    # the lock went with the killed process: the file serves again
    again, base = start(["--port", "0", "--database", database])
    try:
        assert httpx.get(base + "/api/tables", timeout=30).status_code == 200
    finally:
        stop(again)


def test_two_processes_on_postgresql_show_every_move_on_both(postgres):
    a, base_a = start(["--port", "0", "--database", postgres])
    b, base_b = start(["--port", "0", "--database", postgres])
    try:
        with contextlib.ExitStack() as stack:
            table_id, tokens = new_table(base_a, 7)
            seats = {
                0: Client(stack, base_a, table_id, tokens[0]),
                1: Client(stack, base_b, table_id, tokens[1]),
            }
            watchers = [Client(stack, base_a, table_id, None), Client(stack, base_b, table_id, None)]
            assert play(seats, watchers, 100, random.Random(1)) == 100
            step = settle([*seats.values(), *watchers])
            stored = stored_actions(postgres, table_id)
            assert [i for i, _ in stored] == list(range(step))  # no gap, nothing beyond what clients saw
            assert sum(1 for _, p in stored if p != -1) == 100  # each move stored once: none lost or doubled
            for seat, token in tokens.items():  # each seat's view is the same from either process
                for base in (base_a, base_b):
                    fresh = Client(stack, base, table_id, token)
                    for key in (*COMPARED, "legal"):
                        assert fresh.view[key] == seats[seat].view[key], (seat, base, key)
                    assert fresh.log == seats[seat].log
    finally:
        stop(a, signal.SIGKILL)
        stop(b, signal.SIGKILL)


def test_when_one_process_is_killed_the_other_carries_the_table_on(postgres):
    a, base_a = start(["--port", "0", "--database", postgres])
    b, base_b = start(["--port", "0", "--database", postgres])
    try:
        with contextlib.ExitStack() as stack:
            table_id, tokens = new_table(base_b, 11)
            rng = random.Random(2)
            seats = {
                0: Client(stack, base_a, table_id, tokens[0]),
                1: Client(stack, base_b, table_id, tokens[1]),
            }
            assert play(seats, [], 20, rng) == 20
            stop(a, signal.SIGKILL)  # mid-game, with seat 0's client on it
            seats[0] = Client(stack, base_b, table_id, tokens[0])  # the client reconnects to the survivor
            assert seats[0].view["step"] == seats[1].view["step"]
            assert play(seats, [], 20, rng) == 20
            step = settle(list(seats.values()))
            stored = stored_actions(postgres, table_id)
            assert [i for i, _ in stored] == list(range(step))
            assert sum(1 for _, p in stored if p != -1) == 40
    finally:
        if a.poll() is None:
            stop(a, signal.SIGKILL)
        stop(b, signal.SIGKILL)
