"""The HTML report: self-contained, and its plots are real images in a browser (headless Chromium)."""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path

import pytest

from elementa.lab import BalanceJob, run_balance
from elementa.lab.html import render
from elementa.lab.plots import EmptyFigureError, to_png
from elementa.sim import Matchup

CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture(scope="module")
def page() -> str:
    matchup = Matchup("warriors", {"players": 2}, ("greedy", "greedy"), seed=2)
    data = run_balance(BalanceJob(matchup, games=8, skill_games=1))
    return render(data)


def pngs(html: str) -> list[bytes]:
    return [base64.b64decode(m) for m in re.findall(r'src="data:image/png;base64,([^"]+)"', html)]


def test_page_is_self_contained(page: str) -> None:
    assert "http://" not in page and "https://" not in page and "<script" not in page
    for section in ("Seats and the first player", "Game length", "Game metrics", "Win rate by deck",
                    "cards played", "Skill trace"):  # fmt: skip
        assert section in page


def test_every_plot_has_varied_pixels(page: str) -> None:
    from PIL import Image

    images = pngs(page)
    assert len(images) >= 6
    for data in images:
        picture = Image.open(io.BytesIO(data)).convert("RGB")
        colours = picture.getcolors(maxcolors=1 << 20) or []
        assert len(colours) > 20, "a plot with a handful of colours is empty axes"


def test_an_empty_figure_is_refused() -> None:
    import matplotlib.pyplot as plt

    fig, _ = plt.subplots()
    with pytest.raises(EmptyFigureError):
        to_png(fig)
    fig, (full, _) = plt.subplots(1, 2)
    full.plot([0, 1], [1, 0])
    with pytest.raises(EmptyFigureError):  # one empty panel beside a full one
        to_png(fig)


def test_plots_load_in_chromium(page: str, tmp_path: Path) -> None:
    if not CHROMIUM.exists():
        pytest.skip("/usr/bin/chromium is not installed (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    path = tmp_path / "report.html"
    path.write_text(page, encoding="utf-8")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        try:
            tab = browser.new_page()
            tab.goto(path.as_uri())
            tab.wait_for_load_state("load")
            sizes = tab.evaluate(
                "Array.from(document.querySelectorAll('img.plot'))"
                ".map(i => [i.complete, i.naturalWidth, i.naturalHeight])"
            )
        finally:
            browser.close()
    assert len(sizes) == len(pngs(page))
    assert all(done and w > 0 and h > 0 for done, w, h in sizes), sizes


def test_every_card_is_in_a_table_and_each_deck_has_one(page: str) -> None:
    """Warriors has over a hundred cards: the table of cards played lists every one, the unused
    too (not only the 15 most used), and each deck played gets its own table."""
    section = page[page.index("<h3>cards played") :]
    section = section[: section.index("<details>")]
    rows = section.count("<tr>") - 1
    assert rows > 100
    for deck in ("Draconian Rifles", "Corrupted Gang"):  # the default decks of seats 1 and 2
        assert f"cards played: deck {deck} (" in page


def test_the_verdict_box_leads_the_page(page: str) -> None:
    box = page[page.index('<div class="verdict">') :]
    assert page.index('<div class="verdict">') < page.index("Seats and the first player")
    assert box[: box.index("</div>")].count("<li>") == 3 and "95% CI" in box


def test_the_page_warns_when_the_evaluation_is_mostly_tied() -> None:
    """The game metrics read the evaluation; a page whose evaluation ties at most decision points
    says that they say little (issue 40: the Card-Dice evaluation was even at 59% of decisions)."""
    import copy

    from elementa.lab.html import TIED_WARNING

    data = run_balance(BalanceJob(Matchup("warriors", {"players": 2}, ("greedy", "greedy"), seed=2), games=2))
    tied = data["report"]["metrics"]["tied_share"]
    assert tied["n"] == 2 and 0.0 <= tied["mean"] <= 1.0
    for share, warned in ((TIED_WARNING - 0.01, False), (0.59, True)):
        changed = copy.deepcopy(data)
        changed["report"]["metrics"]["tied_share"]["mean"] = share
        assert ("Read these with care" in render(changed)) is warned
