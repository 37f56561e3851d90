"""The first mover: read from each played game (a coin may pick it), never assumed to be seat 1."""

from __future__ import annotations

import pytest

from elementa.core import ConfigError
from elementa.lab import BalanceJob, play_lab_game, run_balance
from elementa.lab.explore import Target, check_targets
from elementa.lab.html import first_mover_sentence
from elementa.sim import Matchup


@pytest.mark.parametrize("game", ["elemenders", "elemental-card-dice"])
def test_a_coin_picks_the_first_mover(game: str) -> None:
    """The seat the game names as moving first (its public roles) is the lab's first mover, and the
    coin gives it to each seat in some of the games."""
    matchup = Matchup(game, {"players": 2}, ("random", "random"), seed=1)
    movers = []
    for i in range(6):
        g = play_lab_game(matchup, i)
        assert g.first_mover is not None
        assert g.attributes["turn order"][g.first_mover] == "moves first"
        movers.append(g.first_mover)
    assert set(movers) == {0, 1}


def test_a_simultaneous_start_has_no_first_mover_and_says_so() -> None:
    matchup = Matchup("elemental-warriors-ii", {}, ("random", "random"), seed=1)
    assert [play_lab_game(matchup, i).first_mover for i in range(3)] == [None] * 3
    report = run_balance(BalanceJob(matchup, games=2))["report"]
    assert report["first_player"]["games"] == 0
    assert first_mover_sentence(report["first_player"]).startswith("Simultaneous start")


def test_the_sentence_names_the_first_mover_where_it_is_not_always_seat_1() -> None:
    fp = {"games": 4, "wins": 3.0, "rate": 0.75, "low": 0.3, "high": 0.95, "simultaneous": 0,
          "movers": [1, 3], "always_seat_1": False, "fair": 0.5,
          "advantage": {"diff": 0.25, "low": -0.2, "high": 0.45}}  # fmt: skip
    text = first_mover_sentence(fp)
    assert "Seat 1" not in text and "first mover" in text and "seat 2 in 3" in text
    assert "0.750 (0.300-0.950)" in text
    assert first_mover_sentence({**fp, "movers": [4, 0], "always_seat_1": True}).startswith("Seat 1")


def test_a_first_target_is_refused_for_a_simultaneous_game_before_any_game() -> None:
    target = Target.parse("first=0.5+-0.05")
    with pytest.raises(ConfigError, match="simultaneous"):
        check_targets([target], "elemental-warriors-ii", {}, range(4))
    check_targets([target], "elemenders", {"players": 2}, range(4))  # a coin start: allowed
    job = BalanceJob(
        Matchup("elemental-warriors-ii", {}, ("random", "random")),
        games=2,
        tune_space={"max_rounds": ("int", (5, 9))},
        targets=[target],
    )
    with pytest.raises(ConfigError, match="simultaneous"):
        run_balance(job)


def test_a_first_target_aims_at_the_first_mover() -> None:
    report = {"first_player": {"games": 4, "rate": 0.75, "always_seat_1": False}}
    assert Target.parse("first=0.5+-0.05").miss(report) == pytest.approx(0.2)
    with pytest.raises(ConfigError, match="simultaneous"):
        Target.parse("first=0.5+-0.05").miss({"first_player": {"games": 0}})
