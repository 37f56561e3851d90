"""Simulation: play many games between agents and summarise win rates and game lengths."""

from elementa.sim.runner import Matchup, derive_seed, iter_games, play_one, run_games
from elementa.sim.stats import (
    GameRecord,
    RateRow,
    Summary,
    mean_sd,
    summarize,
    wilson_interval,
    win_shares,
)

__all__ = [
    "GameRecord",
    "Matchup",
    "RateRow",
    "Summary",
    "derive_seed",
    "iter_games",
    "mean_sd",
    "play_one",
    "run_games",
    "summarize",
    "wilson_interval",
    "win_shares",
]
