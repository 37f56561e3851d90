"""Running many games: reproducible seeds, records, and the same results with several processes."""

from __future__ import annotations

import multiprocessing
import multiprocessing.pool
import time
from pathlib import Path

import pytest

from elementa.core import ConfigError, load_game
from elementa.sim import Matchup, derive_seed, iter_games, run_games
from elementa.sim.runner import new_run, play_one, pool_imap


def matchup(seed: int = 1, players: int = 3) -> Matchup:
    return Matchup("toy-dice", {"players": players}, ("random",) * players, seed)


def test_derive_seed_is_stable_and_spreads() -> None:
    assert derive_seed(1, "game", 0) == derive_seed(1, "game", 0)
    seeds = {derive_seed(1, "game", i) for i in range(100)}
    assert len(seeds) == 100
    assert derive_seed(1, "game", 0) != derive_seed(2, "game", 0)
    assert all(0 <= s < 2**31 for s in seeds)


def test_records_are_reproducible_from_the_seed() -> None:
    a = run_games(matchup(), 12)
    assert a == run_games(matchup(), 12)
    assert a != run_games(matchup(seed=2), 12)
    assert [r.index for r in a] == list(range(12))


def test_records_count_decisions_and_steps() -> None:
    for r in run_games(matchup(players=3), 10):
        assert r.decisions == 6  # three sealed bids, three keep-or-reroll decisions
        assert 9 <= r.steps <= 12  # three dice dealt, plus one per reroll
        assert sum(r.shares) == pytest.approx(1.0)
        assert r.roles is None


def test_progress_callback_sees_every_game() -> None:
    seen: list[int] = []
    run_games(matchup(), 5, on_game=lambda r: seen.append(r.index))
    assert seen == [0, 1, 2, 3, 4]


@pytest.mark.skipif(multiprocessing.get_start_method() != "fork", reason="workers must inherit the toy game")
def test_workers_give_the_same_results() -> None:
    assert run_games(matchup(), 8, workers=2) == run_games(matchup(), 8)


def test_bad_runs_are_config_errors() -> None:
    with pytest.raises(ConfigError, match="agents"):
        run_games(Matchup("toy-dice", {"players": 3}, ("random",) * 2), 1)
    with pytest.raises(ConfigError, match="at least 1"):
        run_games(matchup(), 0)
    with pytest.raises(ConfigError, match="unknown agent"):
        run_games(Matchup("toy-dice", {"players": 2}, ("random", "wizard")), 1)


@pytest.mark.skipif(multiprocessing.get_start_method() != "fork", reason="workers must inherit the toy game")
def test_a_run_stopped_early_keeps_its_games_and_leaves_no_worker() -> None:
    games = iter_games(matchup(), 400, workers=2)
    first = [next(games), next(games)]
    games.close()
    assert [r.index for r in first] == [0, 1]
    assert multiprocessing.active_children() == []


def test_each_run_reads_the_game_files_afresh(tmp_path: Path) -> None:
    """Games are loaded once per run, not once per process: a deck file changed between two runs in
    one process is read again (the second run plays as a first run on that file would)."""
    from tests.warriors.support import make_game

    catalog = load_game("warriors").catalog  # type: ignore[attr-defined]
    decks = [[catalog.cards[c].name for c in deck.card_list()] for deck in catalog.decks.values()][:2]
    options = {"deck_files": str(tmp_path / "test-decks.toml"), "decks": "test-0,test-1"}
    matchup = Matchup("warriors", options, ("random", "random"), 1)
    make_game(tmp_path, decks)
    first = [r.steps for r in iter_games(matchup, 3)]
    make_game(tmp_path, decks[::-1])  # the same file, the decks swapped
    second = [r.steps for r in iter_games(matchup, 3)]
    assert second != first
    new_run()
    assert second == [play_one(matchup, i).steps for i in range(3)]


def _slow_double(i: int) -> int:
    time.sleep(0.002)  # results come one by one, as games' do
    return 2 * i


def test_the_pool_yields_in_order_and_its_handler_wakes_for_events_not_for_results(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The parent's worker-handler thread checks its workers once per wake; CPython's own Pool woke
    it (without blocking) dozens of times per result message, a millisecond of the parent's CPU each."""
    rounds: list[int] = []
    maintain = multiprocessing.pool.Pool._maintain_pool

    def counted(*args: object, **kwargs: object) -> None:
        rounds.append(1)
        maintain(*args, **kwargs)

    monkeypatch.setattr(multiprocessing.pool.Pool, "_maintain_pool", staticmethod(counted))
    assert list(pool_imap(_slow_double, range(200), 2)) == [2 * i for i in range(200)]
    assert 1 <= len(rounds) < 20  # one wake per result message would be 200
    assert multiprocessing.active_children() == []
