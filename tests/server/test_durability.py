"""A real server process: ``elementa serve`` starts with no configuration, and a table survives kill -9.

The server runs as its own uvicorn process on 127.0.0.1; the test plays part of some games over
websockets, kills the process with SIGKILL, starts it again on the same database (a SQLite file, and
a fresh PostgreSQL database when ``ELEMENTA_TEST_POSTGRES_URL`` is set) and checks that every seat
sees exactly what it saw before: the same observation, legal actions and log.
"""

from __future__ import annotations

import contextlib
import json
import signal
import socket
import subprocess
import sys

import httpx
from websockets.sync.client import connect

from tests.server.serving import SERVE, start, stop


def claim(base, table_id, code):
    """Claim a reserved seat's invite; return the seat's token."""
    r = httpx.post(base + f"/api/tables/{table_id}/claim", json={"code": code}, timeout=30)
    assert r.status_code == 200, r.text
    return r.json()["token"]


def view(base, table_id, token):
    """Connect as a seat and return the first view the server sends."""
    with connect(base.replace("http", "ws") + f"/ws/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        message = json.loads(ws.recv(timeout=30))
    assert message["type"] == "view", message
    return message


def play(base, table_id, tokens, moves):
    """Make moves with the table's seats (each the seat's first legal action); return the views."""
    with contextlib.ExitStack() as stack:
        sockets = {}
        for seat, token in tokens.items():
            sockets[seat] = stack.enter_context(connect(base.replace("http", "ws") + f"/ws/{table_id}"))
            sockets[seat].send(json.dumps({"type": "hello", "token": token}))
        latest = {seat: json.loads(ws.recv(timeout=30)) for seat, ws in sockets.items()}
        made = 0
        while made < moves:
            # drain what is waiting, then move for a seat whose newest view offers a move
            for seat, ws in sockets.items():
                while True:
                    try:
                        message = json.loads(ws.recv(timeout=0.05))
                    except TimeoutError:
                        break
                    if message["type"] == "view":
                        latest[seat] = message
                    else:  # a move chosen on a view another seat's move (a bot's) overtook
                        assert message["code"] == "action/stale", message
            ready = [s for s, v in latest.items() if v["legal"] and v["status"] != "finished"]
            if not ready:
                if all(v["status"] == "finished" for v in latest.values()):
                    break
                continue
            seat = ready[0]
            step = latest[seat]["step"]
            move = {"type": "move", "action": latest[seat]["legal"][0]["id"], "step": step}
            sockets[seat].send(json.dumps(move))
            while latest[seat]["step"] == step:
                message = json.loads(sockets[seat].recv(timeout=30))
                if message["type"] != "view":
                    assert message["code"] == "action/stale", message
                    break  # a bot moved first: choose again on the newer view
                latest[seat] = message
            else:
                made += 1


def test_serve_with_no_configuration_prints_the_url(tmp_path):
    proc, base = start([], env={"XDG_DATA_HOME": str(tmp_path), "HOME": str(tmp_path)})
    try:
        assert base.startswith("http://127.0.0.1:")
        assert httpx.get(base + "/api/games", timeout=30).status_code == 200
        assert "Elementa" in httpx.get(base + "/", timeout=30).text
    finally:
        stop(proc)
    assert (tmp_path / "elementa" / "server.sqlite3").exists()


def test_a_bad_database_url_is_one_line(tmp_path):
    result = subprocess.run(
        [sys.executable, "-c", SERVE, "serve", "--port", "0", "--database", "nosuch://x"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("error: database nosuch://x") and "Traceback" not in result.stderr


def test_a_missing_database_driver_is_one_line_and_hides_the_password():
    no_psycopg = "import sys; sys.modules['psycopg'] = None; " + SERVE
    result = subprocess.run(
        [sys.executable, "-c", no_psycopg, "serve", "--port", "0", "--database", "postgresql://u:pw@h/db"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr == (
        "error: database postgresql://u:***@h/db: the postgresql driver psycopg is not installed:"
        " pip install 'elementa[server]'\n"
    )


def test_a_port_in_use_is_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [
                sys.executable,
                "-c",
                SERVE,
                "serve",
                "--port",
                str(port),
                "--database",
                f"sqlite:///{tmp_path}/x.db",
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 2
    assert result.stderr == f"error: cannot listen on 127.0.0.1:{port}: Address already in use\n"


def test_kill_9_and_restart_loses_no_move(database):
    proc, base = start(["--port", "0", "--database", database])
    tables = []
    try:
        for game, options, seats in [
            ("elementalis", {"players": 2}, [{"kind": "reserved"}, {"kind": "reserved"}]),
            ("elemenders", {}, [{"kind": "reserved"}, {"kind": "reserved"}]),
            ("warriors", {}, [{"kind": "reserved"}, {"kind": "bot", "agent": "greedy"}]),
            ("elemental-card-dice", {}, [{"kind": "bot", "agent": "random"}, {"kind": "reserved"}]),
            (
                "elemental-warriors-ii",
                {"players": 3},
                [{"kind": "reserved"}] * 2 + [{"kind": "bot", "agent": "greedy"}],
            ),
        ]:
            r = httpx.post(
                base + "/api/tables", json={"game": game, "options": options, "seats": seats}, timeout=30
            ).json()
            tokens = {i["seat"]: claim(base, r["id"], i["code"]) for i in r["invites"]}
            play(base, r["id"], tokens, 12)
            tables.append((r["id"], tokens))
        before = {(t, s): view(base, t, tok) for t, tokens in tables for s, tok in tokens.items()}
    finally:
        stop(proc, signal.SIGKILL)
    proc, base = start(["--port", "0", "--database", database])
    try:
        for (table_id, seat), seen in before.items():
            after = view(base, table_id, dict(tables)[table_id][seat])
            for key in ("step", "observation", "legal", "log", "to_move", "status"):
                assert after[key] == seen[key], (table_id, seat, key)
        # and the games go on from there
        table_id, tokens = tables[1]
        play(base, table_id, tokens, 3)
        assert view(base, table_id, tokens[0])["step"] >= before[(table_id, 0)]["step"] + 3
    finally:
        stop(proc, signal.SIGKILL)
