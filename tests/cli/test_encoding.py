"""Output whose encoding is not UTF-8 (``PYTHONIOENCODING=ascii``): ASCII stand-ins, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import elementa
from elementa.agents import make_agent
from elementa.cli.encoding import ascii_fallback

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["elementalis", "warriors", "elemenders", "elemental-warriors-ii", "elemental-card-dice"]


def elementa_ascii(tmp_path: Path, *args: str, input: str = "") -> subprocess.CompletedProcess[bytes]:
    """Run the real ``elementa`` entry point in a process whose output encoding is ASCII."""
    env = {
        **os.environ,
        "PYTHONIOENCODING": "ascii",
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]),
        "ELEMENTA_DATA_DIR": str(tmp_path / "data"),
        "COLUMNS": "80",
    }
    code = "from elementa.cli.app import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        input=input.encode(),
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )


def assert_ascii_without_traceback(result: subprocess.CompletedProcess[bytes]) -> str:
    out = result.stdout + result.stderr
    assert b"Traceback" not in out and b"UnicodeEncodeError" not in out, out.decode("ascii", "replace")
    assert result.returncode == 0, out.decode("ascii", "replace")
    return out.decode("ascii")  # every byte is ASCII


@pytest.mark.parametrize("game", GAMES)
def test_every_game_plays_on_an_ascii_terminal(tmp_path: Path, game: str) -> None:
    result = elementa_ascii(
        tmp_path, "play", game, "--seat", "1", "--ai", "greedy", "--seed", "2", input="1\nquit\n"
    )
    out = assert_ascii_without_traceback(result)
    assert "Your choice" in out and "quit: the game is saved" in out


def test_games_and_replay_on_an_ascii_terminal(tmp_path: Path) -> None:
    out = assert_ascii_without_traceback(elementa_ascii(tmp_path, "games"))
    assert "elementalis" in out
    game = elementa.load_game("elementalis")
    agents = [make_agent("random", game, p, p) for p in range(game.num_players)]
    path = elementa.save(elementa.play_game(game, agents, seed=3), tmp_path / "done.json")
    out = assert_ascii_without_traceback(elementa_ascii(tmp_path, "replay", str(path), "--all"))
    assert "game over" in out


def test_symbols_fall_back_to_readable_ascii() -> None:
    assert ascii_fallback("×") == "x"
    assert ascii_fallback("→") == "->"
    assert ascii_fallback("é") == "e"
    assert ascii_fallback("♦") == "D"
    assert ascii_fallback("☃") == "?"
