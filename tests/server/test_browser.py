"""The web client in a real browser: two people at one table, a game of each title to the end.

Each game is played by two browser contexts holding two seats (and a computer in the games for more
than two), choosing moves by clicking the board or the list, while a third context watches. Every
view each page receives is kept, and each page is checked against the other seat's hidden cards (its
hand) or its true monolith: they never reach the other page, or the spectator's, unless that page's
own view shows them.

Needs Debian's chromium at /usr/bin/chromium (``.ci/run`` installs it); skipped without it.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from tests.server.serving import start, stop

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]  # fmt: skip

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")

GAMES = [
    ("elemenders", {"max_turns": 4}, 2),
    ("elemental-card-dice", {"start_health": 8, "turn_limit": 8}, 2),
    ("elementalis", {"players": 3, "rounds": 1, "standard_dice": 3}, 3),
    ("elemental-warriors-ii", {"players": 3, "max_rounds": 3}, 3),
    ("warriors", {"players": 3, "max_turns": 12}, 3),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    database = tmp_path_factory.mktemp("browser") / "browser.sqlite3"
    proc, base = start(["--port", "0", "--database", f"sqlite:///{database}"])
    yield base
    stop(proc)


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


def hidden_from_others(game, view):
    """What a seat's view shows that the other seats may not see: its hand's cards, its true monolith."""
    o, seat = view["observation"], view["seat"]
    if game == "elemenders":
        return {m["square"] for m in o["monoliths"] if m["owner"] == seat and m["true"]}
    if game == "warriors":
        return set(o.get("hand") or [])
    if game in ("elemental-card-dice", "elemental-warriors-ii"):
        return set(o["players"][seat]["hand"] or [])
    return set()


def check_hidden(game, page, other):
    """Check that ``page`` shows none of the hidden things of view ``other`` (another seat's newest view).

    The page's own view and its text are read at one moment; a card that the page's own view holds
    (one played face up, say) may be shown. Returns the number of hidden things checked.
    """
    own, text = page.evaluate("() => [view, document.body.innerText]")
    secret = hidden_from_others(game, other)
    if game == "elemenders":
        # the true monolith: marked only where this seat's own observation says so
        unrevealed = {m["square"] for m in own["observation"]["monoliths"] if m["true"] is None}
        for square in secret & unrevealed:
            assert page.locator(f'[data-square="{square}"] .true-monolith').count() == 0
            assert "true one" not in (
                page.get_attribute(f'[data-square="{square}"] .monolith', "title") or ""
            )
        return len(secret & unrevealed)
    shown = json.dumps(own)
    secret = {card for card in secret if card not in shown}
    for card in secret:
        assert card not in text, (
            f"{card} of seat {other['seat'] + 1} shown to the viewer of seat {own['seat']}"
        )
    return len(secret)


def play_one_move(page, rng):
    """Choose a move on a page that offers some: click the board (then a narrowed move) or the list.

    A view that arrives meanwhile may take the clicked element away; the caller just tries again.
    """
    step = page.get_attribute("body", "data-step")
    try:
        picks = page.locator("#board .can-pick")
        if picks.count() and rng.random() < 0.5:
            picks.nth(rng.randrange(picks.count())).click(timeout=2_000)
            matching = page.locator("#picked .move")
            if page.get_attribute("body", "data-step") == step and matching.count():
                matching.nth(rng.randrange(matching.count())).click(timeout=2_000)
        else:
            moves = page.locator("#legal .move")
            if not moves.count():
                return
            moves.nth(rng.randrange(moves.count())).click(timeout=2_000)
        page.wait_for_function(
            f"document.body.dataset.step !== '{step}' || document.getElementById('error').textContent !== ''",
            timeout=5_000,
        )
    except PlaywrightTimeout:
        return


@pytest.mark.parametrize(("game", "options", "players"), GAMES, ids=[g for g, _, _ in GAMES])
def test_two_people_play_a_game_to_the_end_and_see_only_their_own(server, browser, game, options, players):
    seats = [{"kind": "reserved"}, {"kind": "reserved"}] + [{"kind": "bot", "agent": "greedy"}] * (
        players - 2
    )
    table = httpx.post(
        server + "/api/tables", json={"game": game, "options": options, "seats": seats, "seed": 11}
    ).json()
    contexts, pages, views = [], [], []
    for invite in table["invites"]:
        context = browser.new_context(viewport={"width": 900, "height": 900})
        page = context.new_page()
        seen: list[dict] = []
        page.on(
            "websocket",
            lambda ws, seen=seen: ws.on("framereceived", lambda f, seen=seen: seen.append(json.loads(f))),
        )
        page.goto(server + invite["url"])
        contexts.append(context)
        pages.append(page)
        views.append(seen)
    watcher = browser.new_context(viewport={"width": 900, "height": 900})
    contexts.append(watcher)
    spectator = watcher.new_page()
    spectator.goto(server + table["url"] + "#watch")
    rng = random.Random(5)
    checked = 0
    deadline = time.monotonic() + 90
    try:
        for page in pages:
            page.wait_for_selector("body[data-step]")
        while not all(p.get_attribute("body", "data-status") == "finished" for p in pages):
            assert time.monotonic() < deadline, f"{game} did not end in time"
            ready = [p for p in pages if p.locator("#legal .move").count()]
            for page in ready:
                play_one_move(page, rng)
            if not ready:
                pages[0].wait_for_timeout(50)
            latest = [[m for m in seen if m["type"] == "view"][-1] for seen in views]
            for a, b in ((0, 1), (1, 0)):
                checked += check_hidden(game, pages[a], latest[b])
            for b in (0, 1):  # a spectator sees no seat's hidden things
                checked += check_hidden(game, spectator, latest[b])
        finals = [[m for m in seen if m["type"] == "view"][-1] for seen in views]
        for a, b in ((0, 1), (1, 0)):
            true_square = hidden_from_others(game, finals[b]) if game == "elemenders" else set()
            for view in (m for m in views[a] if m["type"] == "view" and m["status"] != "finished"):
                other = view["observation"]
                if game in ("elemental-card-dice", "elemental-warriors-ii"):
                    assert other["players"][b]["hand"] is None
                if game == "warriors":  # the one hand shown is the viewer's own
                    assert all("hand" not in p for p in other["players"])
                for m in other.get("monoliths", []) if game == "elemenders" else []:
                    if m["square"] in true_square:  # shown only once a hit has revealed it
                        assert m["true"] is None or m["health"] is not None
        assert "Game over" in pages[0].inner_text("#status")
        assert spectator.get_attribute("body", "data-seat") == "none"
        assert spectator.locator("#legal .move").count() == 0
        if game != "elementalis":  # ElementaliS has no hidden hand
            assert checked > 0
        # the finished table's replay, from a seat's point of view
        pages[0].click("#replay-button")
        pages[0].wait_for_selector("#replay:not([hidden])")
        pages[0].fill("#replay-step", "0")
        pages[0].dispatch_event("#replay-step", "input")
        assert pages[0].inner_text("#replay-at").startswith("0 /")
    finally:
        for context in contexts:
            context.close()


def test_the_lobby_seats_you_at_a_new_table_and_lists_open_ones(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})  # a phone-sized screen
    try:
        page = context.new_page()
        page.goto(server + "/")
        page.select_option("#game", "elemenders")
        page.select_option("select[name=seat1]", "open")
        page.click("button[type=submit]")  # no invite links to hand out: straight to your seat
        page.wait_for_selector("#board .square")
        assert page.get_attribute("body", "data-seat") == "0"
        table_id = page.url.split("/table/")[1].split("#")[0]
        page.click("#rules-button")
        page.wait_for_selector("#rules[open]")
        assert "monolith" in page.inner_text("#rules-text").lower()
        other = context.new_page()
        other.goto(server + "/")
        other.wait_for_selector("#tables li:has-text('elemenders') button")
        assert table_id in [t["id"] for t in httpx.get(server + "/api/tables?status=open").json()]
    finally:
        context.close()
