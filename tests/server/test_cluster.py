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
import time

import httpx
import pytest
from sqlalchemy import create_engine, select, text
from websockets.sync.client import connect

from elementa.core import IllegalActionError
from elementa.server.db import ActionRow
from tests.server.conftest import fresh_postgres_database
from tests.server.serving import SERVE, claim_all, servers, start, stop

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

    While no seat here may move (a bot's turn, chance) it waits for the next view.

    Returns:
        How many moves were made (fewer if the game ended).
    """
    everyone = [*seats.values(), *watchers]
    made = 0
    while made < moves:
        settle(everyone)
        ready = [c for c in seats.values() if c.view["legal"]]
        if not ready:
            if all(c.view["status"] == "finished" for c in everyone):
                return made
            everyone[0].receive(30)  # a bot or chance is on: wait for it
            continue
        mover = ready[0]
        step = mover.view["step"]
        mover.ws.send(
            json.dumps({"type": "move", "action": rng.choice(mover.view["legal"])["id"], "step": step})
        )
        mover.until_step(step + 1)
        made += 1
        settle(everyone)
        for other in watchers[1:]:  # the same table on every process: the same view and log
            first = watchers[0]
            assert {k: other.view[k] for k in COMPARED} == {k: first.view[k] for k in COMPARED}
            assert other.log == first.log
    return made


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


def quiet(*procs):
    """Assert that no server process logged a traceback (a failed background task, a crashed socket)."""
    for proc in procs:
        proc.errors.seek(0)
        logged = proc.errors.read()
        assert "Traceback" not in logged and "ERROR" not in logged, logged


def new_table(base, seed):
    r = httpx.post(
        base + "/api/tables",
        json={"game": "elemenders", "seats": [{"kind": "reserved"}] * 2, "seed": seed, "practice": True},
        timeout=30,
    )
    assert r.status_code == 200, r.text
    body = r.json()
    return body["id"], claim_all(httpx, body, base)


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
    with servers(postgres) as [(a, base_a), (b, base_b)], contextlib.ExitStack() as stack:
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
        quiet(a, b)


def test_when_one_process_is_killed_the_other_carries_the_table_on(postgres):
    with servers(postgres) as [(a, base_a), (b, base_b)], contextlib.ExitStack() as stack:
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
        quiet(b)


def test_a_process_with_a_stale_table_catches_up_instead_of_failing(postgres):
    from elementa.server.cluster import Cluster
    from elementa.server.db import open_database
    from elementa.server.tables import SeatSpec, TableService

    engine = open_database(postgres)
    one, two = (TableService(engine, Cluster(engine)) for _ in range(2))
    try:
        table_id, _ = one.create_table("elemenders", {}, [SeatSpec("reserved")] * 2, seed=3, practice=True)
        one.table(table_id), two.table(table_id)  # both hold it in memory from now on
        for i in range(12):  # each move through the process that did not see the last one
            here, there = (one, two) if i % 2 else (two, one)
            there.resolve_chance(table_id)
            truth = there.table(table_id).state
            player = truth.players_to_move()[0]
            here.apply(table_id, player, truth.legal_actions(player)[0].id)
            assert here.table(table_id).state.history() == [
                *truth.history(),
                here.table(table_id).state.history()[-1],
            ]
        # a move chosen on an old step is refused with a code and changes nothing
        step = len(two.table(table_id).state.history())
        one.resolve_chance(table_id)
        state = one.table(table_id).state
        player = state.players_to_move()[0]
        one.apply(table_id, player, state.legal_actions(player)[0].id)
        with pytest.raises(IllegalActionError) as refused:
            two.apply(table_id, player, 0, step=step)
        assert refused.value.code == "action/stale"
        assert two.table(table_id).state.history() == one.table(table_id).state.history()
        # an undo through the stale process takes back the move it had not seen; the other catches up
        two.resolve_chance(table_id)
        state = two.table(table_id).state
        player = state.players_to_move()[0]
        two.apply(table_id, player, state.legal_actions(player)[0].id)
        before = one.table(table_id).state.history()
        one.undo(table_id, player)
        assert one.table(table_id).state.history() == before
        assert two.catch_up(table_id)
        assert two.table(table_id).state.history() == before
        assert two.view(table_id, None)["log"] == one.view(table_id, None)["log"]
        assert len(stored_actions(postgres, table_id)) == len(before)
    finally:
        for service in (one, two):
            assert service.cluster is not None
            service.cluster.close()
        engine.dispose()


def test_a_seat_held_by_another_process_is_no_zombie_until_that_process_dies(postgres):
    timeout = 3
    with (
        servers(postgres, env={"ELEMENTA_MIN_TIMEOUT": "0"}) as [(_, base_a), (b, base_b)],
        contextlib.ExitStack() as stack,
    ):
        r = httpx.post(
            base_a + "/api/tables",
            json={
                "game": "elemenders",
                "seats": [{"kind": "reserved"}] * 2,
                "seed": 5,
                "practice": True,
                "timeout": timeout,
            },
            timeout=30,
        ).json()
        table_id, tokens = r["id"], claim_all(httpx, r, base_a)
        seats = {
            0: Client(stack, base_a, table_id, tokens[0]),
            1: Client(stack, base_b, table_id, tokens[1]),
        }
        watcher = Client(stack, base_a, table_id, None)
        rng = random.Random(3)
        while not seats[1].view["legal"]:  # play seat 0 until seat 1 is to move
            assert play({0: seats[0]}, [watcher], 1, rng) == 1
            settle([*seats.values(), watcher])
        step = watcher.view["step"]
        with pytest.raises(TimeoutError):  # twice the timeout: process A does not play seat 1
            while True:
                watcher.receive(2 * timeout)
                assert watcher.view["step"] == step
                assert watcher.view["seats"][1]["connected"] and not watcher.view["seats"][1]["zombie"]
        stop(b, signal.SIGKILL)  # seat 1's client goes with it, without a word
        watcher.until_step(step + 1)  # a bot plays seat 1 from process A
        stored = stored_actions(postgres, table_id)
        assert stored[step][1] == 1
        assert watcher.view["seats"][1]["zombie"]


def test_bots_answer_a_person_on_another_process_once_per_turn(postgres):
    with servers(postgres) as [(a, base_a), (b, base_b)], contextlib.ExitStack() as stack:
        r = httpx.post(
            base_a + "/api/tables",
            json={
                "game": "elemenders",
                "seats": [{"kind": "reserved"}, {"kind": "bot", "agent": "random"}],
            },
            timeout=30,
        ).json()
        table_id = r["id"]
        person = Client(stack, base_b, table_id, claim_all(httpx, r, base_a)[0])
        watchers = [Client(stack, base_a, table_id, None), Client(stack, base_b, table_id, None)]
        assert play({0: person}, watchers, 30, random.Random(4)) == 30
        step = settle([person, *watchers])
        stored = stored_actions(postgres, table_id)
        assert [i for i, _ in stored] == list(range(step))
        assert sum(1 for _, p in stored if p == 0) == 30
        # the bot answered every turn of its own (a turn may hold several moves of one seat): the
        # person is to move again, or the game is over
        while not (person.view["legal"] or person.view["status"] == "finished"):
            person.receive(30)
        assert any(p == 1 for _, p in stored)
        quiet(a, b)


def test_the_processes_recover_when_their_database_connections_are_cut(postgres):
    with servers(postgres) as [(_, base_a), (_, base_b)], contextlib.ExitStack() as stack:
        table_id, tokens = new_table(base_a, 13)
        rng = random.Random(5)
        seats = {
            0: Client(stack, base_a, table_id, tokens[0]),
            1: Client(stack, base_b, table_id, tokens[1]),
        }
        watchers = [Client(stack, base_a, table_id, None), Client(stack, base_b, table_id, None)]
        assert play(seats, watchers, 10, rng) == 10
        # as if PostgreSQL restarted: every connection of both servers is cut
        engine = create_engine(postgres.replace("postgresql://", "postgresql+psycopg://", 1))
        with engine.connect() as c:
            c.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            )
        engine.dispose()
        time.sleep(2)  # the listeners connect again after a second
        assert play(seats, watchers, 20, rng) == 20
        assert watchers[0].view["seats"][1]["connected"]  # seat 1, held on B, is seen on A again
        step = settle([*seats.values(), *watchers])
        stored = stored_actions(postgres, table_id)
        assert [i for i, _ in stored] == list(range(step))
        assert sum(1 for _, p in stored if p != -1) == 30


def test_two_processes_racing_on_one_table_store_one_legal_history(postgres):
    import threading

    from elementa.server.cluster import Cluster
    from elementa.server.db import open_database
    from elementa.server.tables import SeatSpec, TableService

    engines = [open_database(postgres) for _ in range(2)]
    racers = [TableService(e, Cluster(e)) for e in engines]
    table_id, _ = racers[0].create_table("elemenders", {}, [SeatSpec("reserved")] * 2, seed=9, practice=True)
    refused: list[str] = []
    failed: list[BaseException] = []

    def race(service, seed):
        """Move for whoever is to move, as fast as possible, each move chosen on this racer's step."""
        rng = random.Random(seed)
        try:
            while True:
                state = service.table(table_id).state
                if len(state.history()) >= 150 or state.is_terminal():
                    return
                if state.is_chance_node():
                    service.resolve_chance(table_id)
                    continue
                player = state.players_to_move()[0]
                try:
                    service.apply(
                        table_id,
                        player,
                        rng.choice(state.legal_actions(player)).id,
                        step=len(state.history()),
                    )
                except IllegalActionError as e:
                    refused.append(e.code)
        except BaseException as e:  # reported by the test below
            failed.append(e)

    threads = [threading.Thread(target=race, args=(s, i)) for i, s in enumerate(racers)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=300)
        assert not failed, failed
        assert set(refused) <= {"action/stale"}  # a lost race is refused with its code, nothing else
        fresh = TableService(engines[0])  # replays every stored action: each was legal where it stands
        history = fresh.table(table_id).state.history()
        assert len(history) >= 150
        for service in racers:
            service.catch_up(table_id)
            assert service.table(table_id).state.history() == history
        assert [i for i, _ in stored_actions(postgres, table_id)] == list(range(len(history)))
    finally:
        for service in racers:
            assert service.cluster is not None
            service.cluster.close()
        for e in engines:
            e.dispose()
