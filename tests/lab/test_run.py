"""Running lab games: the same games on every backend and worker count, and resuming from a checkpoint."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from elementa.core import ConfigError
from elementa.lab import BalanceJob, run_balance
from elementa.lab.run import Checkpoint, iter_lab_games
from elementa.sim import Matchup

MATCHUP = Matchup("elemenders", {"players": 2}, ("greedy", "random"), seed=4)
KEY = {"game": "elemenders", "seed": 4}


def test_worker_processes_give_the_same_games() -> None:
    one = [g.to_json() for g in iter_lab_games(MATCHUP, range(6), workers=1)]
    two = [g.to_json() for g in iter_lab_games(MATCHUP, range(6), workers=2)]
    assert one == two


def test_bad_backend_and_workers_are_refused() -> None:
    with pytest.raises(ConfigError, match="backend"):
        list(iter_lab_games(MATCHUP, range(1), backend="slurm"))
    with pytest.raises(ConfigError, match="workers"):
        list(iter_lab_games(MATCHUP, range(1), workers=0))


def test_resume_plays_only_the_missing_games_and_matches_one_run(tmp_path: Path) -> None:
    whole = run_balance(BalanceJob(MATCHUP, games=6))
    path = tmp_path / "run.checkpoint.json"
    first = Checkpoint.open(path, KEY, resume=False)
    run_balance(BalanceJob(MATCHUP, games=3, checkpoint=first))
    assert sorted(json.loads(path.read_text())["games"][k]["record"]["index"] for k in range(3)) == [0, 1, 2]
    again = Checkpoint.open(path, KEY, resume=True)
    assert sorted(again.games) == [0, 1, 2]
    resumed = run_balance(BalanceJob(MATCHUP, games=6, checkpoint=again))
    assert resumed["report"] == whole["report"]


def test_a_checkpoint_of_another_run_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"key": KEY, "games": []}), encoding="utf-8")
    with pytest.raises(ConfigError, match="another run"):
        Checkpoint.open(path, {**KEY, "seed": 5}, resume=True)
    with pytest.raises(ConfigError, match="no checkpoint"):
        Checkpoint.open(tmp_path / "missing.json", KEY, resume=True)
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    with pytest.raises(ConfigError, match="not a lab checkpoint"):
        Checkpoint.open(tmp_path / "bad.json", KEY, resume=True)


def test_interrupt_keeps_the_games_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C after two games: the report counts those two and says it was interrupted."""
    import elementa.lab.balance as balance

    real = balance.iter_lab_games

    def interrupted(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        for k, g in enumerate(real(*args, **kwargs)):  # type: ignore[arg-type]
            if k == 2:
                raise KeyboardInterrupt
            yield g

    monkeypatch.setattr(balance, "iter_lab_games", interrupted)
    data = run_balance(BalanceJob(MATCHUP, games=5, skill_games=2))
    assert data["interrupted"] is True
    assert data["report"]["games"] == 2
    assert "skill" not in data


def test_ray_backend_gives_the_local_games() -> None:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        remote = [g.to_json() for g in iter_lab_games(MATCHUP, range(4), workers=1, backend="ray")]
    finally:
        ray.shutdown()
    assert remote == [g.to_json() for g in iter_lab_games(MATCHUP, range(4))]
