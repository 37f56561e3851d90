"""The table page as a new player meets it (issue 38), in a real browser: one name per seat, what to do
now in the game's words, the other seats' last moves shown, no internals on screen, every board thing
reachable by keyboard, the board left in place by a view that does not change it, and a lobby that
explains the computer players and lists your tables.

Uses :mod:`tests.server.test_browser`'s server and browser (Debian's chromium; skipped without it).
"""

from __future__ import annotations

import random
import re

import httpx
import pytest

from tests.server.test_browser import CHROMIUM, browser, database, moves_in, server  # noqa: F401 - fixtures

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")

IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b")
"""An identifier of the code (``draft_major``, ``end_turn``): never words on screen."""

MY_TURN = "() => view !== null && decl !== null && (view.legal.length > 0 || view.status === 'finished')"


def new_table(base, game, seats, options=None, seed=5):
    """Create a practice table; return the server's answer (its ``invites`` in seat order)."""
    body = {"game": game, "options": options or {}, "seats": seats, "seed": seed, "practice": True}
    r = httpx.post(base + "/api/tables", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def open_seat(browser, base, table, invite=0):  # noqa: F811 - the fixture, passed on
    """Open a reserved seat's page by its invite link; return ``(context, page)`` once the page has its
    view and the declarations."""
    context = browser.new_context(viewport={"width": 1000, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.goto(base + table["invites"][invite]["url"])
    page.wait_for_function("() => view !== null && decl !== null")
    return context, page


def play_random(page, rng):
    """Play a random legal move (never a surrender) and wait for this seat's next decision or the end."""
    # Read the moves and play one in a single page call: a view that arrives between two calls
    # would leave the first call's move unknown to the page.
    step = page.evaluate(
        """(r) => {
            const kept = view.legal.filter((m) => m.kind !== "surrender");
            const moves = kept.length ? kept : view.legal;
            const step = view.step;
            play(moves[Math.floor(r * moves.length)]);
            return step;
        }""",
        rng.random(),
    )
    page.wait_for_function(f"() => view.step !== {step}", timeout=10_000)
    page.wait_for_function(MY_TURN, timeout=20_000)


def test_each_seat_goes_by_one_name_everywhere(server, browser):  # noqa: F811
    table = new_table(
        server,
        "elemental-card-dice",
        [{"kind": "reserved", "name": "Ada"}, {"kind": "bot", "agent": "greedy"}],
        {"start_health": 8, "turn_limit": 8},
    )
    context, page = open_seat(browser, server, table)
    try:
        page.wait_for_function(MY_TURN)
        seats = page.inner_text("#seats")
        assert "Player 1 (Ada) (you)" in seats and "Player 2 (computer: greedy)" in seats
        text = page.inner_text("body")
        # the computer's level is never a name on its own: it is always said with its seat's number
        assert text.count("greedy") == text.count("Player 2 (computer: greedy)") > 1
        assert "Player 1 (Ada) (you)" in page.inner_text("#board")  # the board's heading of your area
        assert "their turn" not in page.inner_text(".player.mine h4")
        if page.evaluate("view.observation.active") == 0:
            assert page.inner_text(".player.mine h4").endswith("your turn")
        view = page.evaluate("view")
        assert [s["label"] for s in view["seats"]] == ["Player 1 (Ada)", "Player 2 (computer: greedy)"]
    finally:
        context.close()


def test_the_decision_is_told_in_the_game_s_words_from_the_kinds_of_the_legal_moves(server, browser):  # noqa: F811
    table = new_table(
        server,
        "elementalis",
        [{"kind": "reserved"}] + [{"kind": "bot", "agent": "greedy"}] * 2,
        {"players": 3, "rounds": 1, "standard_dice": 3},
    )
    context, page = open_seat(browser, server, table)
    try:
        page.wait_for_function(MY_TURN)
        assert page.evaluate("view.observation.phase") == "draft_major"  # seat 1 drafts first
        assert (
            page.inner_text("#status") == "Your move — Choose your Major element: click one of the elements."
        )
        assert "Click a highlighted thing on the board" in page.inner_text("#instructions")
        assert "draft_major" not in page.inner_text("body") and "draft major" in page.inner_text("#board")
        texts = httpx.get(f"{server}/api/tables/{table['id']}/actions").json()["texts"]
        rng = random.Random(3)
        for _ in range(12):  # later decisions: each kind of the legal moves is told, in the game's words
            if page.evaluate("view.status") == "finished":
                break
            kinds = sorted({m["kind"] for m in page.evaluate("view.legal")})
            told = page.inner_text("#status") + "\n" + page.inner_text("#instructions")
            for kind in kinds:
                assert texts[kind][0].upper() + texts[kind][1:] in told, (kind, told)
            assert not IDENTIFIER.search(told), told
            play_random(page, rng)
    finally:
        context.close()


def test_the_other_seat_s_moves_since_yours_are_listed_and_marked_on_the_board(server, browser):  # noqa: F811
    table = new_table(
        server, "elemenders", [{"kind": "reserved"}, {"kind": "bot", "agent": "greedy"}], {"max_turns": 4}
    )
    context, page = open_seat(browser, server, table)
    rng = random.Random(1)
    try:
        page.wait_for_function(MY_TURN)
        seen = False
        for _ in range(30):
            if page.evaluate("view.status") == "finished":
                break
            play_random(page, rng)
            shown = page.locator("#recent li.last-move").all_inner_texts()
            lines, actors = page.evaluate("[view.log, view.log_actors]")
            mine = max(i for i, a in enumerate(actors) if a == 0)
            theirs = [line for line, a in zip(lines[mine + 1 :], actors[mine + 1 :], strict=True) if a == 1]
            assert shown == theirs[-8:]  # the other seat's moves since this seat's last one, chance left out
            units = page.locator("#board .square.last-changed .unit.owner1").count()
            if theirs and units:
                seen = True
                break
        assert seen, "no move of the computer's was marked on the board"
        assert page.is_visible("#recent") and "Since your last move" in page.inner_text("#recent")
    finally:
        context.close()


@pytest.mark.parametrize("game", ["elemental-card-dice", "elementalis"])
def test_no_identifiers_or_json_on_screen_and_chance_lines_are_folded(server, browser, game):  # noqa: F811
    options = {"start_health": 8, "turn_limit": 8} if game == "elemental-card-dice" else {"rounds": 2}
    table = new_table(server, game, [{"kind": "reserved"}, {"kind": "bot", "agent": "greedy"}], options)
    context, page = open_seat(browser, server, table)
    rng = random.Random(2)
    try:
        page.wait_for_function(MY_TURN)
        for _ in range(25):
            text = page.inner_text("body")  # the observation's tree is folded away: not in the text
            assert '{"' not in text and '":' not in text and "[[" not in text, text
            assert not IDENTIFIER.search(text), IDENTIFIER.search(text)
            if page.evaluate("view.status") == "finished":
                break
            play_random(page, rng)
        lines, actors = page.evaluate("[view.log.slice(-300), view.log_actors.slice(-300)]")
        assert -1 in actors, "no chance outcome was logged"
        plain = page.locator("#log > li:not(.chance)").all_inner_texts()
        assert plain == [line for line, a in zip(lines, actors, strict=True) if a != -1]
        runs = sum(1 for i, a in enumerate(actors) if a == -1 and (i == 0 or actors[i - 1] != -1))
        assert page.locator("#log > li.chance").count() == runs  # a run of chance lines is one line
        if runs < actors.count(-1):
            assert page.locator("#log > li.chance details").count() > 0
    finally:
        context.close()


def test_every_board_move_can_be_made_by_keyboard_and_the_focus_stays(server, browser):  # noqa: F811
    table = new_table(
        server, "elemenders", [{"kind": "reserved"}, {"kind": "bot", "agent": "greedy"}], {"max_turns": 4}
    )
    context, page = open_seat(browser, server, table)
    try:
        page.wait_for_function(MY_TURN)
        assert page.evaluate("view.legal.every((m) => m.kind === 'mark')")  # mark your true monolith
        things = page.locator("#board .can-pick")
        assert things.count() > 0
        for i in range(things.count()):
            assert things.nth(i).get_attribute("role") == "button"
            assert things.nth(i).get_attribute("tabindex") == "0"
            assert things.nth(i).get_attribute("aria-label")
        focused = "() => document.activeElement && document.activeElement.matches('#board .can-pick')"
        for _ in range(80):  # Tab from the top of the page to the first board thing
            page.keyboard.press("Tab")
            if page.evaluate(focused):
                break
        assert page.evaluate(focused)
        step = page.evaluate("view.step")
        page.keyboard.press(" ")  # Space picks it: one monolith, one move
        page.wait_for_function(f"() => view.step !== {step}")
        page.wait_for_function(MY_TURN)
        # placing a unit: a square names its column; the element is chosen with the chooser's buttons
        assert page.evaluate("view.legal.every((m) => m.kind === 'place')")
        for _ in range(80):
            page.keyboard.press("Tab")
            if page.evaluate(focused):
                break
        square = page.evaluate("document.activeElement.dataset.square")
        page.keyboard.press("Enter")
        page.wait_for_function("() => picking.picks().length === 1")
        # the board was drawn again to show the pick; the focus is back on the square picked
        assert page.evaluate("document.activeElement.dataset.square") == square
        assert page.get_attribute(f'[data-square="{square}"]', "aria-pressed") == "true"
        assert page.evaluate("document.activeElement.classList.contains('picked')")
        page.keyboard.press("Shift+Tab")  # back to the chooser at the board's top: a unit's element
        while not page.evaluate("document.activeElement.matches('#chooser button.choice')"):
            page.keyboard.press("Shift+Tab")
        step = page.evaluate("view.step")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => view.step !== {step}")
        assert page.evaluate("picking.picks()") == []
    finally:
        context.close()


def test_a_move_that_gives_up_much_is_sent_only_once_confirmed(server, browser):  # noqa: F811
    table = new_table(
        server, "elemental-warriors-ii", [{"kind": "reserved"}, {"kind": "bot", "agent": "greedy"}]
    )
    context, page = open_seat(browser, server, table)
    sent: list[int] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.extend(moves_in(f))))
    page.reload()  # the socket opened again, now watched
    page.wait_for_function("() => view !== null && decl !== null")
    rng = random.Random(4)
    try:
        page.wait_for_function(MY_TURN)
        for _ in range(40):
            if page.evaluate("view.legal.some((m) => m.kind === 'surrender')"):
                break
            play_random(page, rng)
        surrender = page.evaluate("view.legal.find((m) => m.kind === 'surrender')")
        assert surrender, "no decision offered a surrender"
        before = len(sent)
        page.click(f'#legal button[data-action="{surrender["id"]}"]')
        page.wait_for_selector("#confirm[open]")
        assert "cannot" in page.inner_text("#confirm-text") or "for good" in page.inner_text("#confirm-text")
        assert page.evaluate("document.activeElement.id") == "confirm-no"  # Enter keeps you in the game
        page.keyboard.press("Enter")
        assert page.locator("#confirm[open]").count() == 0 and len(sent) == before
        step = page.evaluate("view.step")
        page.click(f'#legal button[data-action="{surrender["id"]}"]')
        page.click("#confirm-yes")
        page.wait_for_function(f"() => view.step !== {step}")
        assert sent[before:] == [surrender["id"]]
        other = [m for m in page.evaluate("view.legal") if m["kind"] != "surrender"]
        if other:  # a move the game does not ask about is sent at once
            step = page.evaluate("view.step")
            page.click(f'#legal button[data-action="{other[0]["id"]}"]')
            page.wait_for_function(f"() => view.step !== {step}")
    finally:
        context.close()


def test_a_view_that_changes_nothing_on_the_board_leaves_its_nodes_in_place(server, browser):  # noqa: F811
    """A click on the board is not lost to a redraw: a view that changes only the seat bar (the other
    seat connects) keeps the board's nodes, so a press and release land on the same element."""
    table = new_table(server, "elemenders", [{"kind": "reserved"}, {"kind": "reserved"}])
    context, page = open_seat(browser, server, table)
    other = browser.new_context()
    try:
        page.evaluate("window.kept = document.querySelector('#board [data-square]')")
        assert page.locator("#seats .seat").nth(1).inner_text().endswith("○")
        other.new_page().goto(server + table["invites"][1]["url"])
        page.wait_for_function("() => document.querySelectorAll('#seats .seat')[1].textContent.endsWith('●')")
        assert page.evaluate("window.kept.isConnected")
        assert page.evaluate("view.seats[1].connected")
    finally:
        other.close()
        context.close()


def test_the_lobby_explains_the_computer_players_and_lists_your_tables(server, browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        page = context.new_page()
        page.goto(server + "/")
        page.wait_for_selector("#game option", state="attached")
        levels = page.inner_text("#levels")
        for level in ("random", "greedy", "easy", "medium", "hard"):
            assert level in levels
            assert page.locator(f"select[name=seat1] option[value='bot:{level}']").count() == 1
        assert page.is_visible("#levels")
        page.wait_for_selector("#mine li")
        assert page.locator("#mine a").count() == 0  # nothing held yet
        page.select_option("#game", "elemenders")
        page.select_option("select[name=seat1]", "reserved")  # an invite link to hand out: the lobby stays
        page.click("button[type=submit]")
        page.wait_for_selector("#created:not([hidden])")
        page.wait_for_selector("#mine a")
        link = page.get_attribute("#mine a", "href")
        table_id = link.split("/table/")[1]
        assert "Elemenders: seat 1" in page.inner_text("#mine")
        other = browser.new_context().new_page()  # another browser holds no seat there
        other.goto(server + "/")
        other.wait_for_selector("#mine li")
        assert other.locator("#mine a").count() == 0
        other.context.close()
        page.click("#mine a")
        page.wait_for_selector("#board .square")
        assert page.url.endswith(f"/table/{table_id}") and page.get_attribute("body", "data-seat") == "0"
    finally:
        context.close()
