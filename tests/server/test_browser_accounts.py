"""Accounts in a real browser: two people sign up, play a rated game, and see it on the rating pages.

Uses :mod:`tests.server.test_browser`'s server and browser (Debian's chromium; skipped without it).
"""

from __future__ import annotations

import time

import pytest

from tests.server.test_browser import CHROMIUM, browser, database, server  # noqa: F401 - fixtures

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")

GAME = "elemental-card-dice"
OPTIONS = {"start_health": "1", "turn_limit": "1"}
"""The quickest game to play through: a handful of moves."""


def sign_up(page, base, name):
    page.goto(base + "/")
    page.wait_for_selector("#account-form:not([hidden])")
    page.fill("#username", name)
    page.fill("#password", "a long enough password")
    page.click("#signup")
    page.wait_for_selector("#account-info:not([hidden])")
    assert page.inner_text("#account-name") == name


def profile_rows(page, base, name):
    """The rating rows and game rows the profile page shows."""
    page.goto(f"{base}/user/{name}")
    page.wait_for_function("() => document.getElementById('name').textContent !== ''")
    return page.locator("tr.rating").all_inner_texts(), page.locator("tr.game-result").all_inner_texts()


def test_two_accounts_play_a_rated_game_and_see_their_ratings_and_histories(server, browser):  # noqa: F811
    suffix = str(time.time_ns())[-6:]
    names = [f"ann{suffix}", f"ben{suffix}"]
    contexts = [browser.new_context(viewport={"width": 900, "height": 900}) for _ in names]
    try:
        pages = [c.new_page() for c in contexts]
        for page, name in zip(pages, names, strict=True):
            sign_up(page, server, name)
            assert profile_rows(page, server, name) == ([], [])
            page.goto(server + "/")
            page.wait_for_selector("#account-info:not([hidden])")
        ann, ben = pages
        ann.select_option("#game", GAME)
        ann.click("#options-box summary")
        for option, value in OPTIONS.items():
            ann.fill(f"#options input[name={option}]", value)
        ann.select_option("select[name=seat1]", "open")
        ann.check("#rated")
        ann.click("#create button[type=submit]")
        ann.wait_for_selector("body[data-step]")
        table_id = ann.url.split("/table/")[1].split("#")[0]
        ben.click("#refresh")
        ben.click(f"#tables li[data-game='{GAME}'] button")
        ben.wait_for_selector("body[data-step]")
        assert table_id in ben.url
        deadline = time.monotonic() + 60
        while not all(p.get_attribute("body", "data-status") == "finished" for p in pages):
            assert time.monotonic() < deadline, "the game did not end in time"
            moved = False
            for page in pages:
                button = page.locator("#legal .move").first
                if button.count():
                    step = page.get_attribute("body", "data-step")
                    button.click()
                    page.wait_for_function(
                        "(step) => document.body.dataset.step !== step"
                        " || document.body.dataset.status === 'finished'",
                        arg=step,
                    )
                    moved = True
            if not moved:
                pages[0].wait_for_timeout(50)
        for page, name in zip(pages, names, strict=True):
            ratings, games = profile_rows(page, server, name)
            assert len(ratings) == 1 and GAME in ratings[0] and "\t1" in ratings[0]  # one rated game
            assert len(games) == 1 and "rated" in games[0] and "unrated" not in games[0]
            assert page.locator(f"a[href='/table/{table_id}#watch']").count() == 1
        ann.goto(f"{server}/leaderboard?game={GAME}")
        ann.wait_for_selector("tr.leader >> nth=1")
        board = ann.locator("tr.leader").all_inner_texts()
        assert sorted(row.split("\t")[1] for row in board) == sorted(names)
    finally:
        for context in contexts:
            context.close()
