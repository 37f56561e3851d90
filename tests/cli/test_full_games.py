"""A person plays a whole game of each title through ``elementa play`` with scripted answers.

Each game is cut short by its own options (one round, a turn limit, low health) so that it takes
about a second; the person answers 1 at every prompt, the computer players are random.
"""

from __future__ import annotations

import pytest

import elementa
from elementa.cli.autosave import unfinished_games
from tests.cli.helpers import run

SHORT = {
    "elementalis": ["-p", "2", "-o", "rounds=1"],
    "elemenders": ["-o", "max_turns=12"],
    "elemental-card-dice": ["-o", "start_health=15", "-o", "turn_limit=20"],
    "elemental-warriors-ii": ["-o", "max_rounds=6"],
    "warriors": ["-o", "max_turns=16"],
}


def test_every_title_is_covered() -> None:
    assert set(SHORT) == {g.info.name for g in elementa.list_games()} - {"toy-dice"}


@pytest.mark.parametrize("game", sorted(SHORT))
def test_a_person_plays_a_whole_game_to_the_end(game: str) -> None:
    result = run("play", game, "--seed", "1", "--ai", "random", *SHORT[game], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Traceback" not in result.output and "not understood" not in out
    assert out.count("Your choice") >= 5  # the person took part
    end = out[out.index("game over") :]
    assert "Winner:" in end or "a draw between all players" in end
    assert "│ you " in end  # the result table names the person's seat
    assert unfinished_games() == []  # the finished game's autosave is gone
