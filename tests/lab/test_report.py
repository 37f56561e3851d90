"""The report's aggregation: rates with intervals, endings, component tables, and their differences."""

from __future__ import annotations

import pytest

from elementa.lab.html import render
from elementa.lab.metrics import trace_metrics
from elementa.lab.play import LabGame
from elementa.lab.report import (
    build_report,
    mean_difference,
    mean_interval,
    rate,
    rate_difference,
    stratified_difference,
)
from elementa.sim import GameRecord


def game(
    index: int,
    shares: tuple[float, float],
    types: list[str],
    used: list[dict[str, int]],
    first_mover: int | None = 0,
) -> LabGame:
    record = GameRecord(index, index, shares, shares, None, 10 + index, 20 + index)
    return LabGame(
        record,
        trace_metrics([list(shares)]),
        {"type": types},
        {"cards": used},
        limit=index == 0,
        first_mover=first_mover,
    )


GAMES = [
    game(0, (0.5, 0.5), ["A", "B"], [{}, {}]),
    game(1, (1.0, 0.0), ["A", "B"], [{"Axe": 2}, {}]),
    game(2, (1.0, 0.0), ["B", "A"], [{"Axe": 1}, {"Bow": 1}]),
    game(3, (0.0, 1.0), ["A", "A"], [{}, {"Axe": 1}]),
]


def test_seats_first_player_and_endings() -> None:
    r = build_report(GAMES, ["greedy", "greedy"], {"game": "x"})
    assert r["games"] == 4
    assert r["first_player"]["rate"] == pytest.approx(2.5 / 4)
    assert r["first_player"]["advantage"]["diff"] == pytest.approx(2.5 / 4 - 0.5)
    endings = {k: v for k, v in r["endings"].items() if k not in ("draw", "limit")}
    assert endings == {"sole_winner": 3, "shared_win": 1, "no_winner": 0, "turn_limit": 1}
    assert r["first_player"]["always_seat_1"] and r["first_player"]["movers"] == [4, 0]
    assert r["lengths"]["decisions"]["mean"] == pytest.approx(11.5)
    assert sum(r["lengths"]["histogram"]["counts"]) == 4


def test_attribute_rates_and_matrix() -> None:
    r = build_report(GAMES, ["greedy", "greedy"], {})
    rates = {row["value"]: row for row in r["attributes"]["type"]["rates"]}
    assert rates["A"]["games"] == 5 and rates["A"]["wins"] == pytest.approx(0.5 + 1 + 0 + 0 + 1)
    assert rates["B"]["wins"] == pytest.approx(0.5 + 0 + 1)
    cells = {(c["row"], c["column"]): c for c in r["attributes"]["type"]["matrix"]}
    assert cells["A", "B"]["games"] == 3 and cells["A", "B"]["wins"] == pytest.approx(0.5 + 1 + 0)
    assert cells["A", "A"]["games"] == 1


def test_uses_and_their_association_with_winning() -> None:
    r = build_report(GAMES, ["greedy", "greedy"], {})
    items = {i["item"]: i for i in r["uses"]["cards"]["items"]}
    assert items["Axe"]["uses"] == 4 and items["Axe"]["per_game"] == 1.0
    assert items["Axe"]["used"]["games"] == 3 and items["Axe"]["used"]["wins"] == 3.0
    assert items["Axe"]["not_used"]["games"] == 5 and items["Axe"]["not_used"]["wins"] == 1.0
    assert items["Axe"]["association"]["diff"] == pytest.approx(1.0 - 0.2)
    assert r["uses"]["cards"]["distinct"] == 2


def test_newcombe_interval_matches_the_published_example() -> None:
    """Newcombe (1998), Table II, example (a): 56/70 against 48/80 gives 0.2 with 0.0524 to 0.3339."""
    d = rate_difference(rate(56, 70), rate(48, 80))
    assert d["diff"] == pytest.approx(0.2)
    assert (d["low"], d["high"]) == (pytest.approx(0.0524, abs=1e-4), pytest.approx(0.3339, abs=1e-4))


def test_mean_difference_interval() -> None:
    a, b = mean_interval([1.0, 2.0, 3.0, 4.0]), mean_interval([2.0, 3.0, 4.0, 5.0])
    d = mean_difference(b, a)
    assert d["diff"] == pytest.approx(1.0)
    assert d["low"] < 1.0 < d["high"]


def test_no_games_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one game"):
        build_report([], ["greedy"], {})


def test_an_item_every_seat_used_has_no_association() -> None:
    games = [game(k, (1.0, 0.0), ["A", "B"], [{"Fire": 1}, {"Fire": 2}]) for k in range(3)]
    r = build_report(games, ["greedy", "greedy"], {})
    (fire,) = r["uses"]["cards"]["items"]
    assert fire["not_used"] is None and fire["association"] is None
    assert fire["used"]["rate"] == pytest.approx(0.5)


def test_uses_figure_without_associations_is_one_panel() -> None:
    from elementa.lab.plots import uses_figure

    games = [game(k, (1.0, 0.0), ["A", "B"], [{"Fire": 1}, {"Fire": 2}]) for k in range(3)]
    items = build_report(games, ["greedy", "greedy"], {})["uses"]["cards"]["items"]
    assert uses_figure("cards", items)  # no empty right panel, so no EmptyFigureError


def test_the_first_mover_is_who_made_the_first_decision_not_seat_1() -> None:
    """A coin picks the starter: seat 2 starts games 1 and 3 and wins both; seat 1 starts and loses
    game 2; game 0 starts simultaneously and is left out of the first mover's rate."""
    games = [
        game(0, (1.0, 0.0), ["A", "B"], [{}, {}], first_mover=None),
        game(1, (0.0, 1.0), ["A", "B"], [{}, {}], first_mover=1),
        game(2, (0.0, 1.0), ["A", "B"], [{}, {}], first_mover=0),
        game(3, (0.0, 1.0), ["A", "B"], [{}, {}], first_mover=1),
    ]
    fp = build_report(games, ["greedy", "greedy"], {})["first_player"]
    assert fp["games"] == 3 and fp["wins"] == pytest.approx(2.0)
    assert fp["rate"] == pytest.approx(2 / 3)
    assert fp["simultaneous"] == 1 and fp["movers"] == [1, 2] and not fp["always_seat_1"]
    assert fp["low"] < 2 / 3 < fp["high"]


def test_a_simultaneous_start_has_no_first_mover() -> None:
    games = [game(k, (1.0, 0.0), ["A", "B"], [{}, {}], first_mover=None) for k in range(3)]
    fp = build_report(games, ["greedy", "greedy"], {})["first_player"]
    assert fp["games"] == 0 and fp["simultaneous"] == 3 and fp["advantage"] is None


def test_draw_and_limit_rates_with_intervals() -> None:
    endings = build_report(GAMES, ["greedy", "greedy"], {})["endings"]
    assert endings["draw"]["rate"] == pytest.approx(1 / 4) and endings["draw"]["games"] == 4
    assert endings["limit"]["rate"] == pytest.approx(1 / 4)
    assert endings["limit"]["low"] < 0.25 < endings["limit"]["high"]


def test_every_item_of_the_game_is_listed_the_unused_too() -> None:
    """ElementaliS has 15 spells: a report of games that cast none lists all 15, with 0 uses."""
    from elementa.core import load_game
    from elementa.lab.extractors import extractor_class

    spells = extractor_class("elementalis").catalog(load_game("elementalis", players=2).action_space)
    games = [LabGame(GameRecord(0, 0, (1.0, 0.0), (1.0, 0.0), None, 3, 3), trace_metrics([[1.0, 0.0]]))]
    r = build_report(games, ["greedy", "greedy"], {"game": "elementalis", "options": {"players": 2}})
    items = r["uses"]["spells cast"]["items"]
    assert [i["item"] for i in items] == spells["spells cast"] and len(items) == 15
    assert all(i["uses"] == 0 for i in items) and r["uses"]["spells cast"]["distinct"] == 0


def test_card_dice_can_buy_every_card() -> None:
    from elementa.core import load_game
    from elementa.lab.extractors import extractor_class

    catalog = extractor_class("elemental-card-dice").catalog(load_game("elemental-card-dice").action_space)
    assert catalog["cards bought"] == catalog["cards played"] and len(catalog["cards bought"]) > 15


def test_a_card_table_per_deck() -> None:
    def dealt(
        index: int, decks: list[str], used: list[dict[str, int]], shares: tuple[float, float]
    ) -> LabGame:
        record = GameRecord(index, index, shares, shares, None, 5, 5)
        return LabGame(record, trace_metrics([list(shares)]), {"deck": decks}, {"cards played": used})

    games = [
        dealt(0, ["Iron", "Wild"], [{"Axe": 2}, {"Bow": 1}], (1.0, 0.0)),
        dealt(1, ["Wild", "Iron"], [{"Bow": 1, "Net": 1}, {}], (1.0, 0.0)),
    ]
    by_deck = build_report(games, ["greedy", "greedy"], {})["uses_by_deck"]["cards played"]
    assert sorted(by_deck) == ["Iron", "Wild"]
    iron = {i["item"]: i for i in by_deck["Iron"]["items"]}
    assert by_deck["Iron"]["seat_games"] == 2 and iron["Axe"]["uses"] == 2 and iron["Axe"]["per_game"] == 1.0
    assert iron["Axe"]["used"]["rate"] == 1.0 and iron["Axe"]["not_used"]["rate"] == 0.0
    wild = {i["item"]: i for i in by_deck["Wild"]["items"]}
    assert wild["Bow"]["uses"] == 2 and wild["Net"]["uses"] == 1 and "Axe" not in wild


def test_the_verdict_puts_the_clearest_imbalance_first() -> None:
    """Type A wins 18 of its 20 seat-games; seats and the first mover are even: A leads the verdict,
    with its interval, and three findings are given."""
    games = []
    for k in range(20):
        a_seat = k % 2
        shares = (1.0, 0.0) if a_seat == 0 else (0.0, 1.0)
        if k in (0, 1):
            shares = (shares[1], shares[0])
        types = ["A", "B"] if a_seat == 0 else ["B", "A"]
        games.append(game(k, shares, types, [{}, {}]))
    r = build_report(games, ["greedy", "greedy"], {})
    top = r["verdict"][0]
    assert top["text"].startswith("type A wins 0.900") and "95% CI" in top["text"]
    assert top["clear"] and top["low"] > 0.5 and len(r["verdict"]) == 3
    assert not any(f["clear"] for f in r["verdict"][1:] if "Seat" in f["text"])


def test_the_verdict_says_a_finding_once() -> None:
    """Seat 1 starts every game and wins 16 of 20: "seat 1" and "the first mover" are one finding,
    given once; the other two are the next findings."""
    games = [game(k, (1.0, 0.0) if k >= 4 else (0.0, 1.0), ["A", "B"] if k % 2 else ["B", "A"], [{}, {}])
             for k in range(20)]  # fmt: skip
    texts = [f["text"] for f in build_report(games, ["greedy", "greedy"], {})["verdict"]]
    assert len(texts) == 3 and len({t.split(" wins ")[-1] for t in texts if " wins " in t}) == len(
        [t for t in texts if " wins " in t]
    ), texts
    assert texts[0].startswith("Seat 1") and not any(t.startswith("Seat 1 (greedy)") for t in texts), texts


def test_stratified_difference_matches_a_hand_calculation() -> None:
    # Two seats: type A wins 3/4 against B's 1/4 in seat 1 (weight 4*4/8 = 2) and 2/2 against
    # 1/2 in seat 2 (weight 2*2/4 = 1): pooled (2 * 0.5 + 1 * 0.5) / 3 = 0.5.
    d = stratified_difference([(rate(3, 4), rate(1, 4)), (rate(2, 2), rate(1, 2))])
    assert d is not None and d["diff"] == pytest.approx(0.5) and d["strata"] == 2
    variance = 2**2 * (0.75 * 0.25 / 4 + 0.25 * 0.75 / 4) + 1 * (0 + 0.5 * 0.5 / 2)
    assert d["high"] - d["diff"] == pytest.approx(1.959964 * variance**0.5 / 3, rel=1e-5)
    # A stratum with one side unplayed says nothing; none left: the two cannot be told apart.
    assert stratified_difference([(rate(3, 4), rate(0, 0))]) is None


def test_seat_and_attribute_apart() -> None:
    r = build_report(GAMES, ["greedy", "greedy"], {})
    entry = r["attributes"]["type"]
    assert not entry["confounded"]
    cells = {(c["value"], c["seat"]): c for c in entry["by_seat"]}
    assert cells["A", 0]["games"] == 3 and cells["A", 0]["wins"] == pytest.approx(0.5 + 1 + 0)
    assert cells["B", 0]["games"] == 1 and cells["B", 0]["wins"] == pytest.approx(1.0)
    effects = {e["value"]: e["within_seats"] for e in entry["effects"]}
    # Seat 1: A 1.5/3 against B 1/1 (weight 3/4); seat 2: A 1/2 against B 0.5/2 (weight 1).
    assert effects["A"]["diff"] == pytest.approx((0.75 * (0.5 - 1.0) + 1 * (0.5 - 0.25)) / 1.75)
    assert effects["B"]["diff"] == pytest.approx(-effects["A"]["diff"])
    assert all(e["within_values"] is not None for e in entry["seat_effects"])


PAGE = {
    "title": "Test",
    "agents": ["greedy", "greedy"],
    "seed": 0,
    "command": "elementa balance",
    "options": {},
}


def test_a_seat_that_always_has_the_same_type_is_named_in_the_verdict() -> None:
    games = [game(i, (1.0, 0.0) if i % 3 else (0.0, 1.0), ["A", "B"], [{}, {}]) for i in range(30)]
    r = build_report(games, ["greedy", "greedy"], PAGE)
    entry = r["attributes"]["type"]
    assert entry["confounded"] and all(e["within_seats"] is None for e in entry["effects"])
    seat_findings = [v["text"] for v in r["verdict"] if "Seat 1" in v["text"] or "type A" in v["text"]]
    assert seat_findings and all("cannot be told apart" in t for t in seat_findings)
    page = render({"report": r})
    assert "Seat and type cannot be told apart" in page and "opening=N" in page
    # Once the types change seats, the same page shows the effects instead.
    mixed = build_report(GAMES, ["greedy", "greedy"], PAGE)
    assert all("cannot be told apart" not in v["text"] for v in mixed["verdict"])
    assert "Seat and type apart" in render({"report": mixed})
