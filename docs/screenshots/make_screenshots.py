"""Make the screenshots of docs/screenshots: each game's table page in mid-game, and a phone-sized one.

Run from the repository root with the development environment (Debian's chromium is needed)::

    .venv/bin/python docs/screenshots/make_screenshots.py

It starts ``elementa serve`` on a temporary database, seats you against computer players, makes some
moves (each your first legal move) and saves ``<game>.png`` beside this file.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright
from websockets.sync.client import connect

HERE = Path(__file__).resolve().parent
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
TABLES = [
    ("elementalis", {"players": 3}, 25),
    ("elemental-warriors-ii", {}, 40),
    ("elemenders", {}, 40),
    ("elemental-card-dice", {}, 30),
    ("warriors", {}, 30),
]


def play(base: str, table_id: str, token: str, moves: int) -> None:
    """Make ``moves`` moves for the seat, each its first legal action."""
    with connect(base.replace("http", "ws") + f"/ws/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        view = json.loads(ws.recv(timeout=60))
        made = 0
        while made < moves and view["status"] != "finished":
            with contextlib.suppress(TimeoutError):
                while True:  # the newest view counts
                    view = json.loads(ws.recv(timeout=0.1))
            if view["legal"]:
                step = view["step"]
                ws.send(json.dumps({"type": "move", "action": view["legal"][0]["id"]}))
                made += 1
                while view.get("step") == step:
                    view = json.loads(ws.recv(timeout=60))
            else:
                view = json.loads(ws.recv(timeout=60))


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [sys.executable, "-c", "from elementa.cli.app import main; main()", "serve", "--port", "0",
             "--database", f"sqlite:///{tmp}/shots.sqlite3"],
            stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        try:
            assert server.stdout is not None
            base = "http://" + server.stdout.readline().split("http://", 1)[1].split()[0].rstrip("/")
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                for game, options, moves in TABLES:
                    players = options.get("players", 2)
                    seats = [{"kind": "reserved", "name": "Ada"}] + [{"kind": "bot", "agent": "greedy"}] * (
                        players - 1
                    )
                    r = httpx.post(
                        base + "/api/tables",
                        json={"game": game, "options": options, "seats": seats, "seed": 7},
                    ).json()
                    token = r["invites"][0]["token"]
                    play(base, r["id"], token, moves)
                    sizes = [("", 1200, 900)] + ([("-phone", 390, 844)] if game == "elemenders" else [])
                    for suffix, width, height in sizes:
                        page = browser.new_page(viewport={"width": width, "height": height})
                        page.goto(base + r["url"] + f"#token={token}")
                        page.wait_for_selector("#board > *")
                        page.wait_for_timeout(300)
                        page.screenshot(path=str(HERE / f"{game}{suffix}.png"))
                        page.close()
                page = browser.new_page(viewport={"width": 1200, "height": 800})
                page.goto(base + "/")
                page.wait_for_selector("#tables li")
                page.screenshot(path=str(HERE / "lobby.png"))
                browser.close()
        finally:
            server.kill()
            server.wait()


if __name__ == "__main__":
    main()
