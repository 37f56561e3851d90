"""Learn to play in a real browser: every game's tutorial played to its end from the lobby's Learn button.

Each step's move is found on the page (the hint button shows the intended moves and marks the board
things they name) and played by clicking the marked board things, then its button if clicks on the
board did not make it (every tutorial has steps played on the board). At the first step of each
tutorial that has one, a legal move that is not the step's is clicked first, and the page must show
the lesson's explanation and stay at that step. A reload carries on where the learner was. The pages
must raise no script error (the CSP forbids inline script: a page that relied on one would fail here).

Uses :mod:`tests.server.test_browser`'s server and browser (Debian's chromium; skipped without it).
"""

from __future__ import annotations

import pytest

from elementa.tutorials import load_tutorial, tutorial_games
from tests.server.test_browser import CHROMIUM, browser, database, server  # noqa: F401 - fixtures

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")


@pytest.fixture
def page(browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    # a console error about the CSP (a refused inline script or style); failed requests are the lobby's own
    page.on("console", lambda m: "Content Security Policy" in m.text and page.errors.append(m.text))
    yield page
    context.close()


def at_step(page, step):
    page.wait_for_selector(f"body[data-step='{step}'] #step-title:not(:empty)")


def hinted_ids(page):
    """The intended moves' ids, as the page's hint shows them."""
    page.click("#hint-button")
    page.wait_for_selector("#hint:not([hidden]) li[data-action]")
    return [
        int(i)
        for i in page.locator("#hint li[data-action]").evaluate_all("ns => ns.map(n => n.dataset.action)")
    ]


def play(page, step, action):
    """Play the intended move by clicking the board things the hint marks (a unit, a die, a card...)
    while there are any; then, if the move is not made yet, its button (in the list of the moves that
    fit the picks, else in the list of all)."""
    for _ in range(6):
        things = page.locator("#board .hinted.can-pick:not(.picked)")
        if page.locator(f"body[data-step='{step}']").count() == 0 or things.count() == 0:
            break
        things.first.click()
        page.wait_for_selector("body:not([data-busy='true'])")  # a move it completed is answered
    if page.locator(f"body[data-step='{step}']").count():
        page.click(f"#picked button[data-action='{action}'], #legal button[data-action='{action}'] >> nth=0")


def test_the_lobbys_learn_button_lists_every_tutorial(server, page):  # noqa: F811
    page.goto(server + "/")
    assert page.locator("#learn-panel").is_hidden()
    page.click("#learn-button")
    page.wait_for_selector("#tutorials li[data-game]")
    games = page.locator("#tutorials li").evaluate_all("ns => ns.map(n => n.dataset.game)")
    assert games == sorted(tutorial_games()) and len(games) == 5
    page.goto(server + "/learn")
    page.wait_for_selector("#catalogue:not([hidden]) #tutorials li[data-game]")
    assert page.locator("#tutorials li").count() == 5
    page.goto(server + "/learn/chess")  # no such tutorial: the server's refusal, and no empty lesson
    page.wait_for_selector("#error:has-text('lesson/no-tutorial')")
    assert page.locator("#lesson").is_hidden()
    assert page.errors == []


@pytest.mark.parametrize("game", sorted(tutorial_games()))
def test_a_tutorial_is_played_to_its_end_in_the_browser(server, page, game):  # noqa: F811
    tutorial = load_tutorial(game)
    page.goto(server + "/")
    page.click("#learn-button")
    page.click(f"#tutorials li[data-game='{game}'] a")
    page.wait_for_url(f"**/learn/{game}")
    at_step(page, 0)
    assert page.inner_text("#title") == tutorial.title
    assert page.locator("#intro").is_visible()
    steps = len(tutorial.steps)
    explained = False
    for step in range(steps):
        at_step(page, step)
        assert page.inner_text("#progress") == f"step {step + 1} of {steps}"
        assert page.inner_text("#step-title") == tutorial.steps[step].title
        intended = hinted_ids(page)
        assert page.locator("#legal button.hinted").count() >= 1
        others = page.locator("#legal button.move").evaluate_all(
            "(ns, ids) => ns.map(n => Number(n.dataset.action)).filter(i => !ids.includes(i))", intended
        )
        if others and not explained:
            # the first legal move that is not the step's: explained, and the step stays
            explained = True
            page.click(f"#legal button[data-action='{others[0]}']")
            page.wait_for_selector("#outcome[data-verdict='legal']")
            assert "not the move for this step" in page.inner_text("#outcome")
            at_step(page, step)
            if game == "elementalis":  # a reload carries on with the same lesson
                page.reload()
                at_step(page, step)
            intended = hinted_ids(page)
        play(page, step, intended[0])
        if step + 1 < steps:
            at_step(page, step + 1)
            page.wait_for_selector("#outcome[data-verdict='accepted']")
            if step == 0 and game == "warriors":
                page.reload()  # the lesson, rebuilt or kept, is at the step reached
                at_step(page, 1)
    page.wait_for_selector("body[data-done='true'] #end:not([hidden])")
    assert page.inner_text("#progress") == f"done: {steps} of {steps} steps"
    assert page.inner_text("#step-text").split() == tutorial.end.split()
    assert page.locator("#moves-panel").is_hidden()
    assert explained and page.errors == []


PICKER_SETUP = """([kinds, legal]) => {
    window.sentMoves = [];
    let box = document.getElementById("picker-test");
    if (!box) { box = document.createElement("div"); box.id = "picker-test"; document.body.prepend(box); }
    const draw = () => {
        const h = window.picker.boardHelpers({seat: 0});
        const board = h.el("div", {}, [0, 1, 2].map((i) =>
          h.pickable(h.el("span", {class: "die", "data-die": i}, `die ${i + 1}`), {type: "die", value: i})));
        box.replaceChildren(...[window.picker.chooser(), board].filter(Boolean));
    };
    window.picker = window.Picking.create({
        legal: () => legal.map((m) => ({...m, label: `move ${m.id}`})),
        decl: () => ({kinds, cards: {}}),
        play: (move) => { window.sentMoves.push(move.id); draw(); },
        redraw: draw,
        seatName: (i) => `Player ${i + 1}`,
    });
    draw();
}"""


def test_picking_js_picks_parts_as_the_table_page_does(server, page):  # noqa: F811
    """picking.js on its own (the /learn list page loads it), with test_browser.py's made-up game."""
    from tests.server.test_browser import PICKING_KINDS, PICKING_LEGAL

    page.goto(server + "/learn")
    page.wait_for_selector("#tutorials li")
    setup = lambda: page.evaluate(PICKER_SETUP, [PICKING_KINDS, PICKING_LEGAL])  # noqa: E731
    die = lambda i: page.locator(f'#picker-test [data-die="{i}"]')  # noqa: E731
    sent = lambda: page.evaluate("sentMoves")  # noqa: E731
    chooser = lambda: page.locator("#picker-test button.choice").all_inner_texts()  # noqa: E731
    setup()
    die(1).click()  # a die the two swaps share: the first clicked is the swap's first die
    assert sent() == [] and page.evaluate("picker.remaining().map((m) => m.id)") == [1, 2]
    die(0).click()
    assert sent() == [2]
    setup()
    die(0).click()
    die(0).click()  # no move names die 1 twice: the second click un-picks it
    assert sent() == [] and page.evaluate("picker.picks()") == []
    die(2).click()  # a reroll of die 3, or a push from die 3 to die 3
    assert "picked" in die(2).get_attribute("class")
    assert chooser() == ["move 3"]  # the reroll (its label); the push is made on the board: die 3 again
    die(2).click()
    assert sent() == [4]
    setup()
    assert chooser() == ["move 8", "Fire", "Water"]  # part-less kinds, then Mana's elements
    page.locator("#picker-test button.choice", has_text="Water").click()
    assert chooser() == ["1", "2"]  # then its amounts
    page.locator("#picker-test button.choice", has_text="2").click()
    assert sent() == [7]
    assert page.errors == []
