"""``elementa balance``: the report files, sweeps, tuning, the skill trace, and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import assert_one_line_error, run

SMALL = ["-n", "6", "--workers", "1", "--skill-games", "0"]


def test_report_with_sweep_tuning_and_skill(tmp_path: Path) -> None:
    out = tmp_path / "e.html"
    result = run(
        "balance", "elemenders", *SMALL, "--out", str(out), "--skill-games", "1",
        "--sweep", "max_turns=200,20", "--tune", "max_turns=20:200", "--target", "first=0.5+-0.05",
        "--trials", "2", "--tune-games", "2",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(out.with_suffix(".json").read_text())
    assert data["report"]["games"] == 6 and not data["interrupted"]
    assert [r["level"] for r in data["skill"]] == ["greedy"]
    sweep = data["sweeps"][0]
    assert sweep["option"] == "max_turns" and sweep["values"] == ["200", "20"]
    assert any(row["name"] == "decisions" for row in sweep["comparisons"][0]["means"])
    assert len(data["tuning"]["trials"]) == 2
    assert 20 <= data["tuning"]["best"]["params"]["max_turns"] <= 200
    page = out.read_text()
    assert "Sweep: max_turns" in page and "Parameter tuning" in page and "Skill trace" in page
    assert not out.with_suffix(".checkpoint.json").exists()


def test_vary_pairs_fills_the_deck_matrix(tmp_path: Path) -> None:
    out = tmp_path / "w.html"
    result = run(
        "balance", "warriors", *SMALL, "--out", str(out),
        "--vary-pairs", "decks=wild-hunt,arcane-circle,iron-vanguard",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(out.with_suffix(".json").read_text())
    assert len(data["report"]["settings"]["varied"]) == 6
    cells = data["report"]["attributes"]["deck"]["matrix"]
    assert len({(c["row"], c["column"]) for c in cells}) == 6  # every ordered pairing once
    assert "deck against deck" in out.read_text()


def test_resume_without_checkpoint_is_one_line(tmp_path: Path) -> None:
    result = run("balance", "elemenders", *SMALL, "--out", str(tmp_path / "x.html"), "--resume")
    assert_one_line_error(result, "no checkpoint")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--sweep", "max_turns=200"], "two or more values"),
        (["--sweep", "max_turns=200,abc"], "max_turns"),
        (["--tune", "max_turns=20:200"], "--target"),
        (["--tune", "nope=1:2", "--target", "first=0.5+-0.1"], "nope"),
        (["--tune", "max_turns=20:200", "--target", "first<=0.5"], "first=X+-Y"),
        (["--backend", "slurm"], "backend"),
        (["--vary", "max_turns=50"], "two or more values"),
        (["--vary", "max_turns=50|x"], "max_turns"),
        (["--agents", "greedy,greedy,greedy"], "players=3"),
        (["--workers", "0"], "workers"),
    ],
)
def test_bad_settings_are_one_line_errors(tmp_path: Path, args: list[str], fragment: str) -> None:
    result = run("balance", "elemenders", *SMALL, "--out", str(tmp_path / "x.html"), *args)
    assert_one_line_error(result, fragment)
    assert list(tmp_path.iterdir()) == []


def test_out_in_a_new_folder_is_made_before_play(tmp_path: Path) -> None:
    out = tmp_path / "reports" / "new" / "e.html"
    result = run("balance", "elemenders", *SMALL, "--out", str(out))
    assert result.exit_code == 0, result.output
    assert out.exists() and out.with_suffix(".json").exists()


def test_out_under_a_file_is_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    result = run("balance", "elemenders", *SMALL, "--out", str(tmp_path / "file" / "e.html"))
    assert_one_line_error(result, "cannot create its folder")


def test_resume_with_a_smaller_n_keeps_the_larger_checkpoint(tmp_path: Path) -> None:
    """A checkpoint of 6 games, resumed with -n 3: the report counts 3 and the 6 games stay saved."""
    from elementa.core import load_game
    from elementa.lab import BalanceJob, run_balance
    from elementa.lab.run import Checkpoint
    from elementa.sim import Matchup

    out = tmp_path / "e.html"
    path = out.with_suffix(".checkpoint.json")
    options = load_game("elemenders").options_dict()
    key = {
        "game": "elemenders",
        "options": options,
        "variants": [],
        "agents": ["random", "random"],
        "seed": 0,
    }
    matchup = Matchup("elemenders", options, ("random", "random"), 0)
    run_balance(BalanceJob(matchup, games=6, checkpoint=Checkpoint(path, key, {})))
    assert len(json.loads(path.read_text())["games"]) == 6
    cli = ["-n", "3", "--workers", "1", "--skill-games", "0", "--agents", "random", "--out", str(out)]
    result = run("balance", "elemenders", *cli, "--resume")
    assert result.exit_code == 0, result.output
    assert "kept" in result.stdout and "6 games" in result.stdout
    assert len(json.loads(path.read_text())["games"]) == 6
    assert json.loads(out.with_suffix(".json").read_text())["report"]["games"] == 3
