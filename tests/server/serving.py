"""Starting ``elementa serve`` as a real process for the tests that need one."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

import pytest

SERVE = "from elementa.cli.app import main; main()"


def start(args, env=None):
    """Start ``elementa serve`` with these arguments; return the process and the URL it printed.

    The server's stderr goes to a temporary file (a pipe nobody reads could fill and stall it).
    """
    errors = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 - closed by stop()
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVE, "serve", *args],
        stdout=subprocess.PIPE,
        stderr=errors,
        text=True,
        env={**os.environ, **(env or {})},
    )
    proc.errors = errors
    line = proc.stdout.readline()
    if "http://" not in line:
        proc.kill()
        proc.wait()
        errors.seek(0)
        pytest.fail(f"no URL printed: {line!r} {errors.read()}")
    url = line.split("http://", 1)[1].split()[0].rstrip("/")
    return proc, f"http://{url}"


def stop(proc, sig=signal.SIGTERM):
    """Stop a server started by :func:`start` with this signal (if it still runs) and wait for it."""
    if proc.poll() is None:
        proc.send_signal(sig)
    proc.wait(timeout=30)
    proc.stdout.close()
    proc.errors.close()


@contextlib.contextmanager
def servers(database, count=2, env=None):
    """Start ``count`` servers on one database; yield ``[(process, URL), ...]``.

    At the end every one is killed with SIGKILL (a test may have stopped or killed one already).
    """
    started = []
    try:
        for _ in range(count):
            started.append(start(["--port", "0", "--database", database], env))
        yield started
    finally:
        for proc, _url in started:
            stop(proc, signal.SIGKILL)


def claim_all(client, table, base=""):
    """Claim every invite of a new table; return ``{seat: token}``.

    ``client`` is anything with ``post(url, json=...)`` (a TestClient, or the ``httpx`` module with
    ``base`` the server's URL); ``table`` is the body ``POST /api/tables`` answered.
    """
    tokens = {}
    for invite in table["invites"]:
        r = client.post(f"{base}/api/tables/{table['id']}/claim", json={"code": invite["code"]})
        assert r.status_code == 200, r.text
        tokens[invite["seat"]] = r.json()["token"]
    return tokens


def wait_for(predicate, seconds=60.0):
    """Poll ``predicate`` until it is true; fail the test after ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


def play_to_the_end(service, table_id, seed=0, *, driven=False):
    """Play random legal moves for every seat through a ``TableService`` until the game ends.

    Chance is drawn by the service. ``driven``: the table belongs to a running app, whose own driver
    resolves the opening chance when the table is made; the helper waits for that first (once it is
    done, nothing else moves a table without bots or sockets, so the test thread plays alone).
    Returns the game's returns.
    """
    if driven:
        wait_for(lambda: not service.table(table_id).state.is_chance_node())
    rng = random.Random(seed)
    while not (state := service.table(table_id).state).is_terminal():
        if state.is_chance_node():
            service.resolve_chance(table_id)
            continue
        seat = state.players_to_move()[0]
        service.apply(table_id, seat, rng.choice(state.legal_actions(seat)).id)
    return state.returns()
