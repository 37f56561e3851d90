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


def test_sigterm_stops_the_worker_processes(tmp_path: Path) -> None:
    """A run of many games on two workers, sent SIGTERM after its first game: its workers are gone
    within seconds (they used to play on), and it exits as after Ctrl-C, with the games kept."""
    import os
    import subprocess
    import sys
    import time

    script = f"""
import multiprocessing, sys
from pathlib import Path
from elementa.lab import BalanceJob, run_balance
from elementa.lab.run import Checkpoint
from elementa.sim import Matchup

printed = []
def progress(label, total):
    def tick():
        if not printed:
            printed.append(1)
            print(" ".join(str(p.pid) for p in multiprocessing.active_children()), flush=True)
    return tick

cp = Checkpoint(Path({str(tmp_path / "c.json")!r}), {{}}, {{}})
matchup = Matchup("elementalis", {{"players": 2}}, ("random", "random"))
data = run_balance(BalanceJob(matchup, games=20000, workers=2, checkpoint=cp), progress)
print("interrupted" if data["interrupted"] else "finished", data["report"]["games"], flush=True)
"""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        workers = [int(p) for p in proc.stdout.readline().split()]  # after the first game
        assert len(workers) == 2
        proc.send_signal(15)
        rest = proc.communicate(timeout=60)[0]
    finally:
        proc.kill()
    assert rest.startswith("interrupted")

    def alive(pid: int) -> bool:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True

    deadline = time.monotonic() + 10
    while any(alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(p) for p in workers), "a worker outlived the run"
    assert json.loads((tmp_path / "c.json").read_text())["games"]


def test_a_finished_run_stops_its_workers_quietly(tmp_path: Path) -> None:
    """At the end of a run the pool's workers are sent SIGTERM: they inherit the run's SIGTERM
    handler, which must stop them quietly (it printed a Terminated traceback per worker)."""
    import os
    import subprocess
    import sys

    code = "from elementa.cli.app import main; main()"
    args = ["balance", "elemental-warriors-ii", "-n", "8", "--agents", "random", "--workers", "2"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, "-c", code, *args, "--out", str(tmp_path / "r.html")],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "Terminated" not in done.stderr, done.stderr
    assert (tmp_path / "r.html").exists()


def test_search_levels_play_on_iterations_in_the_lab() -> None:
    from elementa.lab.run import lab_spec

    assert lab_spec("easy") == "easy:seconds=none"
    assert lab_spec("hard:iterations=50") == "hard:iterations=50:seconds=none"
    assert lab_spec("easy:seconds=1") == "easy:seconds=1" and lab_spec("random") == "random"
    matchup = Matchup("elementalis", {"players": 2}, ("easy:iterations=5", "random"), seed=1)
    data = run_balance(BalanceJob(matchup, games=1))
    assert data["report"]["settings"]["agents"] == ["easy:iterations=5:seconds=none", "random"]
