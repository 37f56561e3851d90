"""``elementa games`` and ``elementa simulate``."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from tests.cli.helpers import run


def test_games_lists_toy_dice_with_its_options() -> None:
    result = run("games")
    assert result.exit_code == 0
    out = result.stdout
    assert "toy-dice" in out and "Hidden Dice" in out and "2-4" in out
    assert "sides of each die" in out and "4, 6" in out and "2..4" in out


def test_simulate_prints_win_rates_and_is_reproducible() -> None:
    args = ("simulate", "toy-dice", "-n", "20", "--agents", "random,random,random", "--seed", "1")
    first = run(*args)
    assert first.exit_code == 0, first.output
    out = first.stdout
    assert "Win rate by seat" in out and "95% CI" in out
    assert "1 (random)" in out and "3 (random)" in out
    assert "Game length: 6.0 ± 0.0 decisions" in out  # three players: three bids, three keep/reroll
    assert run(*args).stdout == out


def test_simulate_players_default_and_single_agent_for_all_seats() -> None:
    out = run("simulate", "toy-dice", "-n", "5", "-a", "random", "-p", "4").stdout
    assert "4 players" in out and "4 (random)" in out
    out = run("simulate", "toy-dice", "-n", "5", "-a", "random").stdout
    assert "2 players" in out  # one agent listed: the game's default number of players


def test_simulate_writes_json_and_csv(tmp_path: Path) -> None:
    js, cs = tmp_path / "run.json", tmp_path / "run.csv"
    result = run(
        "simulate", "toy-dice", "-n", "20", "-a", "random,random", "--json", str(js), "--csv", str(cs)
    )
    assert result.exit_code == 0, result.output
    data = json.loads(js.read_text(encoding="utf-8"))
    assert data["game"] == "toy-dice" and data["agents"] == ["random", "random"]
    assert len(data["results"]) == 20
    wins = sum(seat["wins"] for seat in data["summary"]["seats"])
    assert wins == 20  # shared wins count as fractions that add up to one win per game
    with cs.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 20
    assert {"game", "seed", "decisions", "steps", "return_1", "share_2"} <= set(rows[0])
