"""The speed scripts in benchmarks/ run and print their tables; fingerprints tell playouts apart.

Only that the scripts work: the figures themselves are never asserted (they depend on the machine).
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from elementa.core import load_game
from tests.support.scripts import load_script


def script(name: str) -> ModuleType:
    """Import ``benchmarks/<name>.py`` as a module (the directory is not a package)."""
    return load_script(f"benchmarks/{name}.py", f"bench_{name}")


def test_speed_prints_each_entry_and_kuhn_ratios(capsys: pytest.CaptureFixture[str]) -> None:
    speed = script("speed")
    assert speed.main(["--game", "elementalis:players=3", "--seconds", "0.05", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "elementalis:players=3" in out
    if speed.openspiel_playout(speed.KUHN) is not None:
        assert "python_kuhn_poker" in out and "python_liars_poker" in out
        kuhn_row = next(line for line in out.splitlines() if "python_kuhn_poker" in line)
        assert "1.00" in kuhn_row  # kuhn's ratio to itself


def test_speed_refuses_a_bad_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert script("speed").main(["--game", "elementalis:players=99", "--seconds", "0.01"]) == 2
    assert "players" in capsys.readouterr().err


def test_simulate_speed_times_one_and_two_workers(capsys: pytest.CaptureFixture[str]) -> None:
    assert script("simulate_speed").main(["--game", "elementalis", "-n", "4", "--workers", "1,2"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if "elementalis" in line]
    assert len(rows) == 2


def test_simulate_speed_times_another_agent(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--game", "warriors", "-n", "2", "--workers", "1", "--agent", "greedy"]
    assert script("simulate_speed").main(args) == 0
    out = capsys.readouterr().out
    assert "greedy players" in out
    assert len([line for line in out.splitlines() if "warriors" in line]) == 1


def test_fingerprints_repeat_differ_by_seed_and_compare(tmp_path: Path) -> None:
    fp = script("fingerprint")
    game = load_game("elemental-card-dice")
    first = fp.fingerprint(game, 3, 5)
    assert first == fp.fingerprint(game, 3, 5)
    assert first != fp.fingerprint(game, 4, 5)
    assert not first.startswith("clone-diverged")
    saved = tmp_path / "fp.json"
    assert fp.main(["--game", "elementalis", "-n", "2", "--save", str(saved)]) == 0
    assert fp.main(["--game", "elementalis", "-n", "2", "--compare", str(saved)]) == 0
    changed = json.loads(saved.read_text(encoding="utf-8"))
    changed["1"] = "0" * 64
    saved.write_text(json.dumps(changed), encoding="utf-8")
    assert fp.main(["--game", "elementalis", "-n", "2", "--compare", str(saved)]) == 1


def test_fingerprints_take_game_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fp = script("fingerprint")
    saved = tmp_path / "fp.json"
    assert fp.main(["--game", "elementalis", "-n", "2", "--save", str(saved)]) == 0
    args = ["--game", "elementalis", "-n", "2", "--option", "players=7", "--compare", str(saved)]
    assert fp.main(args) == 1  # another game: other fingerprints
    assert "players=7" in capsys.readouterr().out
    assert fp.main(["--game", "elementalis", "-n", "1", "--option", "bogus=1"]) == 2
    assert "bogus" in capsys.readouterr().err


def test_speed_profiles_a_round_of_each_entry_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--game", "elemenders", "--seconds", "0.05", "--rounds", "1", "--profile", "3"]
    assert script("speed").main(args) == 0
    out = capsys.readouterr().out
    assert "elemenders: " in out and "functions with the most own time" in out and "tottime" in out


def test_simulate_speed_takes_turns_over_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--game", "elementalis", "-n", "3", "--workers", "1,2", "--rounds", "2"]
    assert script("simulate_speed").main(args) == 0
    out = capsys.readouterr().out
    assert "best of 2" in out
    assert len([line for line in out.splitlines() if "elementalis" in line]) == 2


def test_determinism_hashes_repeat_and_compare(tmp_path: Path) -> None:
    det = script("determinism")
    spec = "easy:iterations=5:seconds=none"
    assert det.sim_hash("elementalis", 2) == det.sim_hash("elementalis", 2)
    assert det.search_hash("elementalis", spec, 1, 2) == det.search_hash("elementalis", spec, 1, 2)
    saved = tmp_path / "det.json"
    args = ["--game", "elementalis", "-n", "2", "--spec", spec, "--search-games", "1", "--decisions", "2"]
    assert det.main([*args, "--save", str(saved)]) == 0
    assert det.main([*args, "--compare", str(saved)]) == 0
    changed = json.loads(saved.read_text(encoding="utf-8"))
    changed["sim/elementalis"] = "0" * 64
    saved.write_text(json.dumps(changed), encoding="utf-8")
    assert det.main([*args, "--compare", str(saved)]) == 1


def test_ismcts_fixed_decisions_repeat_their_searches_and_fingerprint_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--fixed`` searches the same decisions in every round and run, so its fingerprint repeats;
    a different budget searches otherwise and prints another."""
    ismcts = script("ismcts")
    game = load_game("elementalis", players=2)
    states = ismcts.fixed_decisions(game, 3, seed=0)
    assert len(states) == 3 and all(len(s.legal_actions(1)) > 1 for s in states)
    again = ismcts.fixed_decisions(game, 3, seed=0)
    assert [s.history() for s in again] == [s.history() for s in states]
    speed, first = ismcts.bench_fixed(game, "easy", states, 20)
    assert speed > 0
    assert ismcts.bench_fixed(game, "easy", again, 20)[1] == first
    assert ismcts.bench_fixed(game, "easy", states, 40)[1] != first
    args = ["--game", "elementalis", "--players", "2", "--level", "easy", "--fixed", "2"]
    assert ismcts.main([*args, "--iterations", "10", "--rounds", "2"]) == 0
    out = capsys.readouterr().out
    assert "fixed decisions" in out and "elementalis" in out
