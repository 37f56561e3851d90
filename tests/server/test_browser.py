"""The web client in a real browser: two people at one table, a game of each title to the end.

Each game is played by two browser contexts holding two seats (and a computer in the games for more
than two), while a third context watches. The pages' move lists are hidden: each move is a legal move
chosen at random and made by clicking what its parts name on the board (and the board's chooser), the
first ten decisions of each phase and moves of each kind; the move the server stored must be the one
aimed at. Every view each page receives is kept, and each page is checked against the other seat's
hidden cards (its hand) or its true monolith: they never reach the other page, or the spectator's,
unless that page's own view shows them.

Needs Debian's chromium at /usr/bin/chromium (``.ci/run`` installs it); skipped without it.
"""

from __future__ import annotations

import collections
import json
import random
import sqlite3
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
def database(tmp_path_factory):
    return tmp_path_factory.mktemp("browser") / "browser.sqlite3"


@pytest.fixture(scope="module")
def server(database):
    # every page of these tests comes from 127.0.0.1: one client that makes many tables in a few minutes
    env = {"ELEMENTA_TABLES_PER_HOUR": "100000", "ELEMENTA_MAX_OPEN_TABLES_PER_CLIENT": "100000"}
    proc, base = start(["--port", "0", "--database", f"sqlite:///{database}"], env=env)
    yield base
    stop(proc)


def stored_moves(database, table_id):
    """The table's history as the server stored it: ``[(index, player, action id)]``."""
    with sqlite3.connect(database) as db:
        return db.execute(
            'SELECT "index", player, action FROM actions WHERE table_id = ? ORDER BY "index"', (table_id,)
        ).fetchall()


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


HIDE_MOVE_LIST = "#legal, #picked { display: none !important; }"
"""The pages' move lists are hidden: every move is made by clicking the board (and its chooser)."""

SAMPLES = 10
"""Decisions of each phase, and moves of each kind, played by clicking; later ones are sent straight away."""

CLICKABLE = """() => ({
    picks: picking.picks().map((p) => ({kind: p.kind, pairs: p.pairs})),
    board: [...document.querySelectorAll("#board .can-pick")].map((n) =>
        (picking.nextPicks(JSON.parse(n.dataset.pick).map((pairs) => ({pairs}))) || [])
            .map((p) => ({kind: p.kind, pairs: p.pairs}))),
    choices: [...document.querySelectorAll("#chooser button.choice")].map(
        (n) => ({action: n.dataset.action ? Number(n.dataset.action) : null,
                 pick: n.dataset.pick ? JSON.parse(n.dataset.pick) : null})),
})"""
"""What a page offers to click now: its picks so far, for each clickable board element the picks a click on
it leads to (picking.js's own rule, through the table page's picker), and the chooser's buttons."""


CLICKS = collections.Counter()
"""Clicks made on board things and on the chooser's buttons, for the report the tests print."""


def fits(move, parts, picks):
    """Whether ``move`` has every pick, read as picking.js reads it (the same rule, written again here).

    Args:
        move: an action's JSON form (``{"id", "kind", "parts", "label"}``).
        parts: the kind's part declarations (``[{"name", "type", ...}]``).
        picks: ``[{"kind"?, "pairs": [{"type", "value", "name"?}]}]``.
    """
    used, last = set(), {}
    for pick in picks:
        if pick.get("kind") is not None and pick["kind"] != move["kind"]:
            return False
        for pair in pick["pairs"]:
            found = next(
                (
                    i
                    for i in range(last.get(pair["type"], -1) + 1, len(parts))
                    if i not in used
                    and parts[i]["type"] == pair["type"]
                    and pair.get("name", parts[i]["name"]) == parts[i]["name"]
                    and move["parts"][parts[i]["name"]] == pair["value"]
                ),
                None,
            )
            if found is None:
                return False
            used.add(found)
            last[pair["type"]] = found
    return True


def assert_stored(history, step, seat, action):
    """Check that a move a page sent on the view of ``step`` is the table's move ``step`` where it was
    taken: a move is applied only at the step its view had (the server refuses a stale one), so the
    stored move at that index is the seat's and the one sent, or another seat's that came first (at a
    simultaneous decision both seats choose on one view; the slower one is refused as stale).

    Args:
        history: the stored ``[(index, player, action id)]`` (:func:`stored_moves`).
        step, seat, action: the view's step, the seat and the action id the page sent.
    """
    index, player, stored = history[step]
    assert index == step
    assert player != seat or stored == action, (step, seat, action, history[step])


def moves_in(frame):
    """The action id of a websocket frame a page sent, as a list (empty unless it is a move)."""
    message = json.loads(frame)
    return [message["action"]] if message["type"] == "move" else []


def phase_of(game, observation):
    """The phase a decision belongs to, for counting: the observation's phase, or Card-Dice's decision."""
    if "phase" in observation:
        return observation["phase"]
    if observation.get("auction"):
        return "auction"
    decision = observation.get("decision")
    if isinstance(decision, dict):
        return str(decision.get("kind") or decision.get("type") or sorted(decision)[0])
    return decision or "turn"


def click_move(page, target, kinds, sent):
    """Click the board, then the chooser, toward ``target`` (a legal move's JSON form) until the page sends
    a move; return whether that move was ``target``.

    Each click is one that a person aiming at the move would make: a board element whose pick names
    parts of the target not yet picked (with their values), else the chooser's button that plays it or
    names one of its parts or its kind.
    """
    parts = kinds[target["kind"]]
    before = len(sent)
    for _ in range(12):
        offer = page.evaluate(CLICKABLE)
        picks = offer["picks"]
        if not fits(target, parts, picks):
            return False
        progress = sum(len(p["pairs"]) for p in picks)  # a click must name more of the target
        board = [
            i
            for i, after in enumerate(offer["board"])
            if sum(len(p["pairs"]) for p in after) > progress and fits(target, parts, after)
        ]
        plays = [i for i, c in enumerate(offer["choices"]) if c["action"] == target["id"]]
        names = [
            i
            for i, c in enumerate(offer["choices"])
            if c["pick"] is not None and fits(target, parts, [*picks, c["pick"]])
        ]
        if board:
            page.locator("#board .can-pick").nth(board[0]).click(timeout=2_000)
            CLICKS["board"] += 1
        elif plays or names:
            page.locator("#chooser button.choice").nth((plays or names)[0]).click(timeout=2_000)
            CLICKS["chooser"] += 1
            if page.locator("#confirm[open]").count():  # a move the game asks about first (a surrender)
                page.click("#confirm-yes", timeout=2_000)
        else:
            print(f"no click leads to {target} after {offer['picks']}; chooser: {offer['choices']}")
            return False
        if len(sent) > before:
            return sent[-1] == target["id"]
    return False


def play_one_move(page, game, rng, kinds, sent, tally, clicked):
    """Make one move on a page that offers some: a legal move chosen at random, made by clicks on the
    board while fewer than :data:`SAMPLES` decisions of its phase, or moves of its kind, were; else sent
    straight away.

    ``tally[phase]`` and ``tally["kind " + kind]`` count ``[made by clicks, tried]``; ``clicked`` gets
    ``(step, seat, action id)``
    for each move made by clicks, to be found in the table's stored history. A view that arrives
    meanwhile (another seat's move) ends the try without counting it; the caller tries again.
    """
    view = page.evaluate("view")
    if not view["legal"] or page.evaluate("decl") is None:
        return
    step = view["step"]
    target = rng.choice(view["legal"])
    counts = [tally.setdefault(phase_of(game, view["observation"]), [0, 0])]
    counts.append(tally.setdefault(f"kind {target['kind']}", [0, 0]))
    try:
        if min(c[1] for c in counts) < SAMPLES:
            made = click_move(page, target, kinds, sent)
            if not made and page.evaluate("view.step") != step:
                return  # another seat's move changed the view under the clicks: not counted
            for c in counts:
                c[1] += 1
                c[0] += made
            if made:
                clicked.append((step, view["seat"], target["id"]))
            else:
                page.evaluate(f"play({{id: {target['id']}}})")
        else:
            page.evaluate(f"play({{id: {target['id']}}})")
        page.wait_for_function(
            f"() => view.step !== {step} || document.getElementById('error').textContent !== ''",
            timeout=5_000,
        )
    except PlaywrightTimeout:
        return


@pytest.mark.parametrize(("game", "options", "players"), GAMES, ids=[g for g, _, _ in GAMES])
def test_two_people_play_a_game_to_the_end_by_clicking_the_board_and_see_only_their_own(
    server, database, browser, game, options, players
):
    seats = [{"kind": "reserved"}, {"kind": "reserved"}] + [{"kind": "bot", "agent": "greedy"}] * (
        players - 2
    )
    table = httpx.post(
        server + "/api/tables",
        json={"game": game, "options": options, "seats": seats, "seed": 11, "practice": True},
    ).json()
    kinds = httpx.get(f"{server}/api/tables/{table['id']}/actions").json()["kinds"]
    contexts, pages, views, sends = [], [], [], []
    for invite in table["invites"]:
        # bypass_csp: the test hides the move list with a style of its own, which the page's CSP refuses
        context = browser.new_context(viewport={"width": 900, "height": 900}, bypass_csp=True)
        page = context.new_page()
        seen: list[dict] = []
        sent: list[int] = []  # the ids of the moves the page sent

        def on_socket(ws, seen=seen, sent=sent):
            ws.on("framereceived", lambda f: seen.append(json.loads(f)))
            ws.on(
                "framesent",
                lambda f: sent.extend(m["action"] for m in [json.loads(f)] if m["type"] == "move"),
            )

        page.on("websocket", on_socket)
        page.goto(server + invite["url"])
        page.add_style_tag(content=HIDE_MOVE_LIST)
        contexts.append(context)
        pages.append(page)
        views.append(seen)
        sends.append(sent)
    watcher = browser.new_context(viewport={"width": 900, "height": 900})
    contexts.append(watcher)
    spectator = watcher.new_page()
    spectator.goto(server + table["url"] + "#watch")
    rng = random.Random(5)
    checked = 0
    tally: dict[str, list[int]] = {}
    clicked: list[tuple[int, int, int]] = []
    deadline = time.monotonic() + 120
    try:
        for page in pages:
            page.wait_for_selector("body[data-step]")
        while not all(p.get_attribute("body", "data-status") == "finished" for p in pages):
            assert time.monotonic() < deadline, f"{game} did not end in time"
            ready = [p for p in pages if p.locator("#legal .move").count()]
            for page, sent in zip(pages, sends, strict=True):
                if page in ready:
                    play_one_move(page, game, rng, kinds, sent, tally, clicked)
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
        print(f"\n{game}: made by clicks / tried, per phase: {tally}; clicks so far: {dict(CLICKS)}")
        assert tally and all(made == tried for made, tried in tally.values()), tally
        history = stored_moves(database, table["id"])
        for step, seat, action in clicked:  # the move the server stored is the one clicked for
            assert_stored(history, step, seat, action)
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
        assert "#" not in page.url and page.evaluate("Object.keys(localStorage)") == []  # no token to copy
        assert page.evaluate("document.cookie") == ""  # the seat cookie is HttpOnly
        assert page.is_hidden("#practice") and "seed committed" in page.inner_text("#fairness")
        page.click("#rules-button")
        page.wait_for_selector("#rules[open]")
        assert "monolith" in page.inner_text("#rules-text").lower()
        other = context.new_page()
        other.goto(server + "/")
        other.wait_for_selector("#tables li[data-game=elemenders] button")
        assert table_id in [t["id"] for t in httpx.get(server + "/api/tables?status=open").json()]
    finally:
        context.close()


PHASE_BUDGET = 20
"""Seconds of play per title for :func:`test_every_phase_can_be_played_from_the_board_alone`."""


@pytest.mark.parametrize(("game", "options", "players"), GAMES, ids=[g for g, _, _ in GAMES])
def test_every_phase_can_be_played_from_the_board_alone(server, database, browser, game, options, players):
    """One person against computers, table after table (new seeds: three at least, then until each phase
    and kind of move met has :data:`SAMPLES` decisions, for :data:`PHASE_BUDGET` seconds at most), so that
    the phases a game has once per seat (a draft, marking a monolith) are met more than once: every
    decision sampled is made by clicks on the board alone."""
    context = browser.new_context(viewport={"width": 900, "height": 900}, bypass_csp=True)  # its own style
    page = context.new_page()
    sent: list[int] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.extend(moves_in(f))))
    rng = random.Random(17)
    tally: dict[str, list[int]] = {}
    end = time.monotonic() + PHASE_BUDGET
    seed = 100
    try:
        while time.monotonic() < end and (seed < 103 or min(t for _, t in tally.values()) < SAMPLES):
            seed += 1
            seats = [{"kind": "reserved"}] + [{"kind": "bot", "agent": "random"}] * (players - 1)
            table = httpx.post(
                server + "/api/tables",
                json={"game": game, "options": options, "seats": seats, "seed": seed, "practice": True},
            ).json()
            kinds = httpx.get(f"{server}/api/tables/{table['id']}/actions").json()["kinds"]
            page.goto(server + table["invites"][0]["url"])
            page.add_style_tag(content=HIDE_MOVE_LIST)
            page.wait_for_function("() => view !== null && decl !== null")
            clicked: list[tuple[int, int, int]] = []
            while time.monotonic() < end and page.get_attribute("body", "data-status") != "finished":
                if page.locator("#legal .move").count():
                    play_one_move(page, game, rng, kinds, sent, tally, clicked)
                else:
                    page.wait_for_timeout(30)
            history = stored_moves(database, table["id"])
            for step, seat, action in clicked:
                assert_stored(history, step, seat, action)
        clicks = dict(CLICKS)
        print(f"\n{game} vs computers, {seed - 100} tables: by clicks / tried: {tally}; clicks: {clicks}")
        assert tally and all(made == tried for made, tried in tally.values()), tally
    finally:
        context.close()


def declared(name, size, type_, values=None):
    return {"name": name, "size": size, "type": type_, "none": None, "values": values}


DIE = declared("die", 3, "die")
PICKING_KINDS = {  # a made-up game, to show what the picking rules do whatever the game
    "swap": [DIE, {**DIE, "name": "other"}],
    "reroll": [DIE],
    "push": [{**DIE, "name": "from"}, {**DIE, "name": "to"}],
    "mana": [
        declared("element", 4, "element", ["Fire", "Water", "Earth", "Air"]),
        declared("amount", 50, "amount"),
    ],
    "pass": [],
}
PICKING_LEGAL = [
    {"id": 1, "kind": "swap", "parts": {"die": 0, "other": 1}},
    {"id": 2, "kind": "swap", "parts": {"die": 1, "other": 0}},
    {"id": 3, "kind": "reroll", "parts": {"die": 2}},
    {"id": 4, "kind": "push", "parts": {"from": 2, "to": 2}},
    {"id": 5, "kind": "mana", "parts": {"element": 0, "amount": 1}},
    {"id": 6, "kind": "mana", "parts": {"element": 1, "amount": 1}},
    {"id": 7, "kind": "mana", "parts": {"element": 1, "amount": 2}},
    {"id": 8, "kind": "pass", "parts": {}},
]
PICKING_SETUP = """([kinds, legal]) => {
    window.BOARDS.picking = (o, h) => h.el("div", {}, [0, 1, 2].map((i) =>
        h.pickable(h.el("span", {class: "die", "data-die": i}, `die ${i + 1}`), {type: "die", value: i})));
    window.sentMoves = [];
    window.send = (message) => { window.sentMoves.push(message.action); };
    decl = {kinds, cards: {}};
    view = {...view, game: "picking", observation: {}, seat: 0, to_move: [0], status: "playing",
            legal: legal.map((m) => ({...m, label: `${m.kind} ${m.id}`}))};
    picking.reset();
    draw();
}"""


def test_clicks_pick_parts_in_order_twice_or_not_and_the_chooser_offers_the_rest(server, browser):
    table = httpx.post(
        server + "/api/tables", json={"game": "elemenders", "seats": [{"kind": "open"}, {"kind": "open"}]}
    ).json()
    context = browser.new_context(viewport={"width": 900, "height": 900})
    try:
        page = context.new_page()
        page.goto(server + table["url"] + "#watch")
        page.wait_for_function("() => view !== null && decl !== null")
        page.evaluate(PICKING_SETUP, [PICKING_KINDS, PICKING_LEGAL])
        die = lambda i: page.locator(f'#board [data-die="{i}"]')  # noqa: E731
        sent = lambda: page.evaluate("sentMoves")  # noqa: E731
        chooser = lambda: page.locator("#chooser button.choice").all_inner_texts()  # noqa: E731

        die(1).click()  # a die the two swaps share: the first clicked is the swap's first die
        assert sent() == [] and page.evaluate("picking.remaining().map((m) => m.id)") == [1, 2]
        die(0).click()
        assert sent() == [2]
        page.evaluate(PICKING_SETUP, [PICKING_KINDS, PICKING_LEGAL])
        die(0).click()
        die(0).click()  # no move names die 1 twice: the second click un-picks it
        assert sent() == [] and page.evaluate("picking.picks()") == []
        die(2).click()  # a reroll of die 3, or a push from die 3 to die 3
        assert "die" in die(2).get_attribute("class") and "picked" in die(2).get_attribute("class")
        assert chooser() == ["reroll 3"]  # the push is made on the board: die 3 again
        die(2).click()
        assert sent() == [4]
        page.evaluate(PICKING_SETUP, [PICKING_KINDS, PICKING_LEGAL])
        assert chooser() == ["pass 8", "Fire", "Water"]  # a move by its label, then Mana's elements
        page.locator("#chooser button.choice", has_text="Water").click()
        assert chooser() == ["1", "2"]  # then its amounts
        page.locator("#chooser button.choice", has_text="2").click()
        assert sent() == [7]
        page.evaluate(PICKING_SETUP, [PICKING_KINDS, PICKING_LEGAL])
        page.locator("#chooser button.choice", has_text="pass 8").click()
        assert sent() == [8]
        for answer, moves, kept in (("#confirm-no", [], 2), ("#confirm-yes", [4], 0)):
            page.evaluate(PICKING_SETUP, [PICKING_KINDS, PICKING_LEGAL])
            page.evaluate("decl.confirm = {push: 'Push for good?'}")  # a kind the game asks about first
            die(2).click()
            die(2).click()  # the push, picked on the board: asked about, sent only on a yes
            page.wait_for_selector("#confirm[open]")
            page.click(answer)
            assert sent() == moves and len(page.evaluate("picking.picks()")) == kept  # a no keeps the picks
    finally:
        context.close()


def test_an_invite_link_is_claimed_once_and_leaves_the_address_bar(server, browser):
    seats = [{"kind": "reserved"}, {"kind": "open"}]
    table = httpx.post(
        server + "/api/tables", json={"game": "elemenders", "seats": seats, "seed": 3, "practice": True}
    ).json()
    guest, thief = browser.new_context(), browser.new_context()
    try:
        page = guest.new_page()
        page.goto(server + table["invites"][0]["url"])
        page.wait_for_selector("#board .square")
        assert page.get_attribute("body", "data-seat") == "0"
        assert "#" not in page.url and table["invites"][0]["code"] not in page.url
        assert page.is_visible("#practice")  # every seat is told the seed was chosen
        page.reload()  # the cookie keeps the seat
        page.wait_for_selector("#board .square")
        assert page.get_attribute("body", "data-seat") == "0"
        other = thief.new_page()  # the same invite link, used again
        other.goto(server + table["invites"][0]["url"])
        other.wait_for_selector(
            "#error:has-text('invite/claimed')"
        )  # no wait_for_function: the CSP forbids eval
        other.wait_for_selector("#board .square")
        assert other.get_attribute("body", "data-seat") == "none"
        watcher = thief.new_page()  # the seat's page address, copied
        watcher.goto(page.url)
        watcher.wait_for_selector("#board .square")
        assert watcher.get_attribute("body", "data-seat") == "none"
    finally:
        guest.close()
        thief.close()


def test_a_hint_is_shown_at_a_decision_and_the_finished_game_s_analysis_has_its_chart(server, browser):
    seats = [{"kind": "reserved"}, {"kind": "bot", "agent": "greedy"}]
    table = httpx.post(
        server + "/api/tables",
        json={"game": "elemenders", "options": {"max_turns": 4}, "seats": seats, "seed": 7, "practice": True},
    ).json()
    context = browser.new_context(viewport={"width": 900, "height": 900}, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(server + table["invites"][0]["url"])
        page.click("#hint-button")  # shown at a decision among several moves
        page.wait_for_selector("#hint li")
        assert "% to win" in page.inner_text("#hint")
        best = page.get_attribute("#hint li.best", "data-action")
        assert page.get_attribute("#legal button.hinted", "data-action") == best  # the move is marked
        end = time.monotonic() + 60
        while page.get_attribute("body", "data-status") != "finished":
            assert time.monotonic() < end, "the game did not end in time"
            step = page.evaluate("view.step")
            if page.evaluate("view.legal.length"):
                page.evaluate("play(view.legal[0])")
            moved = f"() => view.step !== {step} || view.status === 'finished'"
            page.wait_for_function(moved, timeout=10_000)
        page.click("#analysis-link")
        page.wait_for_selector("body[data-ready]", timeout=60_000)
        assert page.locator("#win-chart circle.point").count() > 0
        assert page.inner_text("#error") == ""
    finally:
        context.close()
