"""Make the screenshots of docs/screenshots: each game's table page in mid-game, and a phone-sized one.

Run from the repository root with the development environment (Debian's chromium is needed)::

    .venv/bin/python docs/screenshots/make_screenshots.py [NAME ...]

It starts ``elementa serve`` on a temporary database, seats you against computer players, makes some
moves (each your first legal move; the last one on the page, so that it marks the computer's answer on
the board) and saves ``<game>.png`` beside this file; then ``hint.png`` (a
Warriors table with a hint shown), ``analysis.png`` (a finished Elemental Warriors II game's
analysis page), ``lobby.png`` (with the tables made before listed as yours), ``learn-list.png`` and
``learn.png`` (the Learn to play list, a tutorial's step). With names (``hint analysis``, ``lobby``,
``learn``, a game's name), only those are made.
"""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright
from websockets.sync.client import connect

HERE = Path(__file__).resolve().parent
LEARN_STEPS = 2
"""The intended moves played in ``learn.png``'s tutorial before the step shown."""
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
TABLES = [
    ("elementalis", {"players": 3}, 25),
    ("elemental-warriors-ii", {}, 40),
    ("elemenders", {}, 40),
    ("elemental-card-dice", {}, 30),
    ("warriors", {}, 30),
]


def play(base: str, table_id: str, token: str, moves: int, rng: random.Random | None = None) -> None:
    """Make ``moves`` moves for the seat, each its first legal action (with ``rng``: a random one, never
    a surrender)."""
    with connect(base.replace("http", "ws") + f"/ws/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        view = json.loads(ws.recv(timeout=60))
        made = 0
        while made < moves and view["status"] != "finished":
            with contextlib.suppress(TimeoutError):
                while True:  # the newest view counts
                    message = json.loads(ws.recv(timeout=0.1))
                    view = message if message["type"] == "view" else view
            if view["legal"]:
                step = view["step"]
                kept = [m for m in view["legal"] if m["kind"] != "surrender"] or view["legal"]
                move = rng.choice(kept) if rng else view["legal"][0]
                ws.send(json.dumps({"type": "move", "action": move["id"], "step": step}))
                while True:  # the move's view, or its refusal (a bot moved first: look again)
                    message = json.loads(ws.recv(timeout=60))
                    if message["type"] == "error":
                        break
                    view = message
                    if view["step"] != step:
                        made += 1
                        break
            else:
                try:
                    message = json.loads(ws.recv(timeout=20))
                except TimeoutError:  # nothing came: the game may have ended in a view already read
                    if httpx.get(f"{base}/api/tables/{table_id}").json()["status"] == "finished":
                        return
                    raise
                view = message if message["type"] == "view" else view


def seat_at(base: str, game: str, options: dict, players: int, seed: int = 7) -> tuple[str, str, str]:
    """Create a practice table with your seat and computers; return its id, page address and seat token."""
    seats = [{"kind": "reserved", "name": "Ada"}] + [{"kind": "bot", "agent": "greedy"}] * (players - 1)
    r = httpx.post(
        base + "/api/tables",
        json={"game": game, "options": options, "seats": seats, "seed": seed, "practice": True},
    ).json()
    claimed = httpx.post(f"{base}/api/tables/{r['id']}/claim", json={"code": r["invites"][0]["code"]})
    return r["id"], base + r["url"], claimed.json()["token"]


def seated_page(browser, base: str, table_id: str, token: str, width: int, height: int):
    """A page whose browser holds the seat's cookie (as after following the invite link); its CSP is
    bypassed only so that the script may run the page's own functions (a move made on the page)."""
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    context.add_cookies([{"name": f"seat-{table_id}", "value": token, "url": base}])
    return context.new_page()


def learn(browser, base: str) -> None:
    """``learn-list.png``: the lobby's Learn to play list; ``learn.png`` (and ``learn-phone.png``, on a
    phone-sized screen): a tutorial's step after two intended moves, with a legal move that is not the
    step's explained and the hint shown."""
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    page.goto(base + "/")
    page.click("#learn-button")
    page.wait_for_selector("#tutorials li")
    page.screenshot(path=str(HERE / "learn-list.png"))
    page.click("#tutorials li[data-game='elemenders'] a")
    for step in range(LEARN_STEPS):
        page.wait_for_selector(f"body[data-step='{step}'] #legal button")
        page.click("#hint-button")
        intended = page.get_attribute("#hint li[data-action]", "data-action")
        page.click(f"#legal button[data-action='{intended}']")
    page.wait_for_selector(f"body[data-step='{LEARN_STEPS}'] #legal button")
    page.click("#hint-button")
    intended = page.get_attribute("#hint li[data-action]", "data-action")
    page.click(f"#legal button:not([data-action='{intended}'])")
    page.wait_for_selector("#outcome[data-verdict='legal']")
    page.click("#hint-button")
    page.wait_for_selector("#hint li")
    page.wait_for_timeout(300)
    page.screenshot(path=str(HERE / "learn.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    page.screenshot(path=str(HERE / "learn-phone.png"))
    page.close()


def move_on_the_page(page) -> None:
    """Make the seat's first legal move on the page and wait for its next decision (or the end), so
    that the page has watched the computers answer: their moves are listed and marked on the board."""
    page.wait_for_function("() => view !== null && decl !== null")
    if not page.evaluate("view.legal.length"):
        return
    step = page.evaluate("view.step")
    page.evaluate("play(view.legal[0])")
    page.wait_for_function(f"() => view.step !== {step}")
    page.wait_for_function("() => view.legal.length > 0 || view.status === 'finished'", timeout=60_000)


def main() -> None:
    wanted = set(sys.argv[1:])
    make = lambda name: not wanted or name in wanted  # noqa: E731
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
                held = []  # the seats made, for the lobby's list of your tables
                for game, options, moves in TABLES:
                    if not make(game):
                        continue
                    table_id, url, token = seat_at(base, game, options, options.get("players", 2))
                    held.append((table_id, token))
                    play(base, table_id, token, moves - 1)
                    sizes = [("", 1200, 900)] + ([("-phone", 390, 844)] if game == "elemenders" else [])
                    for suffix, width, height in sizes:
                        page = seated_page(browser, base, table_id, token, width, height)
                        page.goto(url)
                        page.wait_for_selector("#board > *")
                        if not suffix:
                            move_on_the_page(page)
                        page.wait_for_timeout(300)
                        page.screenshot(path=str(HERE / f"{game}{suffix}.png"))
                        page.context.close()
                if make("hint"):
                    table_id, url, token = seat_at(base, "warriors", {}, 2)
                    play(base, table_id, token, 12)
                    page = seated_page(browser, base, table_id, token, 1200, 900)
                    page.goto(url)
                    page.click("#hint-button")
                    page.wait_for_selector("#hint li")
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(HERE / "hint.png"))
                    page.context.close()
                if make("analysis"):
                    table_id, url, token = seat_at(base, "elemental-warriors-ii", {}, 2, seed=3)
                    play(base, table_id, token, 10_000, random.Random(3))
                    page = seated_page(browser, base, table_id, token, 1200, 900)
                    page.goto(url + "/analysis")
                    page.wait_for_selector("body[data-ready]", timeout=120_000)
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(HERE / "analysis.png"), full_page=True)
                    page.context.close()
                if make("lobby"):
                    context = browser.new_context(viewport={"width": 1200, "height": 900})
                    cookies = [{"name": f"seat-{t}", "value": token, "url": base} for t, token in held]
                    context.add_cookies(cookies)
                    page = context.new_page()
                    page.goto(base + "/")
                    page.wait_for_selector("#tables li")
                    page.wait_for_selector("#mine li")
                    page.screenshot(path=str(HERE / "lobby.png"))
                if make("learn"):
                    learn(browser, base)
                browser.close()
        finally:
            server.terminate()  # a graceful stop ends its bot workers too (a kill would orphan them)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


if __name__ == "__main__":
    main()
