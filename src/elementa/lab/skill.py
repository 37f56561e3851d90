"""Skill trace: the win rate of each AI level against the level below it, from sim tournaments.

A game rewards skill when every stronger level beats the one below it clearly (cf. the "skill depth"
of J. Lantz et al., *Depth in Strategic Games*, AAAI Workshops 2017, measured as a ladder of players).
Each rung is a two-agent :class:`~elementa.sim.tournament.Tournament` (seats rotated, duplicate deals),
so it inherits the tournament's seating scheme and head-to-head score.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from elementa.lab.report import rate
from elementa.sim.tournament import Tournament, head_to_head, iter_tournament

DEFAULT_LEVELS = ("random", "greedy")
"""The levels the trace climbs by default; the search levels (``easy``, ``medium``, ``hard``) take
seconds per game on two cores, so a designer adds them with ``--skill-levels``."""


def skill_trace(
    game: str,
    options: dict[str, Any],
    levels: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    on_game: Callable[[], None] | None = None,
) -> list[dict[str, Any]]:
    """Play each level against the level below and return one rung per pair.

    Args:
        game: the game's name.
        options: its options (with ``players``).
        levels: agent specs from weakest to strongest (at least two).
        games: games per rung.
        seed: the base seed (each rung derives its own).
        workers: worker processes per rung.
        on_game: called after each game (progress).

    Returns:
        ``[{"level", "below", "games", "wins", "rate", "low", "high"}]``: the head-to-head score of
        ``level`` against ``below`` (1 per game it finished ahead, 1/2 when level).

    Raises:
        ConfigError: a bad game, option or agent spec, or fewer than two levels.
    """
    rungs = []
    for k in range(1, len(levels)):
        below, level = levels[k - 1], levels[k]
        tournament = Tournament(game, options, (below, level), games, seed + k)
        played = []
        for g in iter_tournament(tournament, workers):
            played.append(g)
            if on_game:
                on_game()
        row = next(h for h in head_to_head(played, (level, below)) if h.agent == level)
        rungs.append({"level": level, "below": below, **rate(row.score, row.meetings)})
    return rungs
