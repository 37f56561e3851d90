"""Round-robin tournaments: seatings, standings, head-to-head scores, ratings, errors."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from elementa.core import ConfigError
from elementa.sim import GameRecord, derive_seed, wilson_interval
from elementa.sim.tournament import (
    Tournament,
    TournamentGame,
    head_to_head,
    ranks,
    ratings,
    run_tournament,
    seatings,
    standings,
)


@pytest.mark.parametrize(("agents", "players"), [(3, 2), (5, 2), (5, 4), (4, 4), (6, 3)])
def test_enough_agents_every_combination_in_every_rotation(agents: int, players: int) -> None:
    names = [f"a{i}" for i in range(agents)]
    tables = seatings(names, players)
    assert all(len(set(t)) == players for t in tables)  # different agents at one table
    assert len(set(tables)) == len(tables)
    seats = Counter((a, s) for t in tables for s, a in enumerate(t))
    assert len(set(seats.values())) == 1 and len(seats) == agents * players  # every agent in every seat alike
    pairs = Counter(frozenset(p) for t in tables for p in combinations(t, 2))
    assert len(pairs) == agents * (agents - 1) // 2  # every two agents meet


@pytest.mark.parametrize(("agents", "players"), [(2, 3), (2, 4), (3, 7)])
def test_fewer_agents_than_seats_fill_the_seats_in_turn(agents: int, players: int) -> None:
    names = [f"a{i}" for i in range(agents)]
    tables = seatings(names, players)
    assert len(tables) == agents
    seats = Counter((a, s) for t in tables for s, a in enumerate(t))
    assert set(seats.values()) == {1} and len(seats) == agents * players


def test_ranks_share_places_on_ties() -> None:
    assert ranks([1.0, 0.0]) == [1, 2]
    assert ranks([0.5, 0.5, 0.0]) == [1, 1, 3]
    assert ranks([0.0, 1.0, 0.0, 0.5]) == [3, 1, 3, 2]


def played(seating: tuple[str, ...], returns: tuple[float, ...], index: int = 0) -> TournamentGame:
    record = GameRecord(index, 0, returns, returns, None, 10, 20)
    return TournamentGame(seating, record)


def test_standings_count_win_shares_per_seat_with_wilson_intervals() -> None:
    games = [played(("a", "b"), (1.0, 0.0)), played(("b", "a"), (0.0, 1.0)), played(("a", "b"), (0.5, 0.5))]
    games += [played(("b", "a"), (1.0, 0.0))]
    rows = {r.agent: r for r in standings(games, ["a", "b"])}
    assert rows["a"].seats == rows["b"].seats == 4
    assert rows["a"].wins == 2.5 and rows["b"].wins == 1.5
    assert (rows["a"].low, rows["a"].high) == wilson_interval(2.5, 4)
    assert rows["a"].ordinal == pytest.approx(rows["a"].mu - 3 * rows["a"].sigma)


def test_ratings_order_agents_by_results_and_start_from_the_default() -> None:
    games = [played(("a", "b", "c"), (1.0, 0.0, 0.0), i) for i in range(6)]
    games += [played(("c", "b", "a"), (0.0, 1.0, 0.0), 6)]
    rated = ratings(games, ["a", "b", "c"])
    assert rated["a"][0] > rated["b"][0] > rated["c"][0]
    assert ratings([], ["a"]) == {"a": pytest.approx((25.0, 25 / 3))}
    assert [r.agent for r in standings(games, ["c", "b", "a"])] == ["a", "b", "c"]


def test_an_agent_with_two_seats_takes_the_mean_of_its_updates() -> None:
    rated = ratings([played(("a", "b", "a"), (1.0, 0.5, 0.0))], ["a", "b"])
    alone = ratings([played(("a", "b", "c"), (1.0, 0.5, 0.0))], ["a", "b", "c"])
    assert rated["a"][0] == pytest.approx((alone["a"][0] + alone["c"][0]) / 2)


def test_head_to_head_scores_are_complementary() -> None:
    games = [played(("a", "b", "c"), (1.0, 0.0, 0.0)), played(("c", "a", "b"), (0.5, 0.5, 0.0))]
    pairs = {(h.agent, h.opponent): h for h in head_to_head(games, ["a", "b", "c"])}
    assert pairs["a", "b"].meetings == 2 and pairs["a", "b"].score == 2.0
    assert pairs["a", "c"].score == 1.5 and pairs["c", "a"].score == 0.5
    assert pairs["b", "c"].score == 0.5  # a tie at 0.0 in the first game, a loss in the second
    for (x, y), h in pairs.items():
        assert h.rate + pairs[y, x].rate == pytest.approx(1.0)


def test_a_tournament_on_the_toy_game_is_reproducible_and_worker_independent() -> None:
    easy = "easy:seconds=none"  # iterations alone end its searches, however loaded the machine
    t = Tournament("toy-dice", {"players": 3}, ("random", easy), games=6, seed=4)
    first = run_tournament(t)
    assert [g.seating for g in first] == [("random", easy, "random"), (easy, "random", easy)] * 3
    assert [g.record.index for g in first] == list(range(6))
    assert run_tournament(t, workers=2) == first
    rows = standings(first, ["random", easy])
    assert sum(r.seats for r in rows) == 18 and sum(r.wins for r in rows) == pytest.approx(6.0)


def test_the_tables_of_a_round_play_one_deal() -> None:
    t = Tournament("toy-dice", {"players": 2}, ("random", "easy", "hard"), games=9, seed=2)
    played_games = run_tournament(t)  # 6 tables: a round and a half
    seeds = [g.record.seed for g in played_games]
    assert len(set(seeds[:6])) == 1 and len(set(seeds[6:])) == 1 and seeds[0] != seeds[6]
    assert seeds[0] == derive_seed(2, "game", 0) and seeds[6] == derive_seed(2, "game", 1)
    assert [g.record.index for g in played_games] == list(range(9))  # agents still seeded per game


@pytest.mark.parametrize(
    ("agents", "games", "workers", "message"),
    [
        (("random",), 2, 1, "at least two"),
        (("random", "RANDOM"), 2, 1, "listed twice"),
        (("random", "nobody"), 2, 1, "unknown agent"),
        (("random", "greedy"), 2, 1, "no rule-based"),  # the toy game has no greedy player
        (("random", "easy"), 0, 1, "at least 1"),
        (("random", "easy"), 2, 0, "workers"),
    ],
)
def test_bad_tournaments_are_refused(agents: tuple[str, ...], games: int, workers: int, message: str) -> None:
    t = Tournament("toy-dice", {}, agents, games=games)
    with pytest.raises(ConfigError, match=message):
        run_tournament(t, workers=workers)
