"""sb3-contrib's MaskablePPO on the Gymnasium envs: the masks through Stable-Baselines3's vectorised
envs, and a tiny run of examples/train_maskable_ppo.py (random then greedy, its pooled table)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the gymnasium extra is not installed")
pytest.importorskip(
    "sb3_contrib",
    reason="sb3-contrib (with PyTorch) is not installed: `pip install -e '.[ppo]'` (.ci/run installs it)",
)

from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
from stable_baselines3.common.env_util import make_vec_env

from elementa.adapters.gymnasium import env_id

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


def _example() -> ModuleType:
    """Import examples/train_maskable_ppo.py (not a package) once, as ``train_maskable_ppo``."""
    if "train_maskable_ppo" not in sys.modules:
        spec = importlib.util.spec_from_file_location("train_maskable_ppo", EXAMPLE)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # its dataclasses look their module up there
        spec.loader.exec_module(module)
    return sys.modules["train_maskable_ppo"]


def test_sb3_vec_envs_carry_each_envs_mask() -> None:
    """make_vec_env on the registered id (through Gymnasium's wrappers): MaskablePPO finds the masks,
    they are each env's legal actions, and a masked prediction is legal in every env."""
    kwargs = {"players": 2, "rounds": 1, "render_mode": None}  # make_vec_env's default is "rgb_array"
    envs = make_vec_env(env_id("elementalis"), n_envs=3, seed=4, env_kwargs=kwargs)
    assert is_masking_supported(envs)
    obs = envs.reset()
    masks = get_action_masks(envs)
    assert masks.shape == (3, envs.action_space.n)
    for i, env in enumerate(envs.envs):
        legal = env.unwrapped.table.legal_action_ids(env.unwrapped.seat)
        assert np.flatnonzero(masks[i]).tolist() == sorted(legal)
    model = MaskablePPO("MlpPolicy", envs, n_steps=8, batch_size=8, seed=0, device="cpu")
    actions, _ = model.predict(obs, action_masks=masks)
    assert all(masks[i, a] for i, a in enumerate(actions))
    envs.close()


def test_a_tiny_training_run_prints_its_curve(capsys: pytest.CaptureFixture[str]) -> None:
    """256 steps against random then 256 against greedy, evaluated at 0, 256 and 512 steps on 6 games
    against each opponent: the checkpoints, phases, win shares and the pooled table follow."""
    example = _example()
    argv = "--random-steps 256 --greedy-steps 256 --every 256 --seeds 1 --eval 6 --n-steps 64 --batch-size 64"
    runs = example.main(argv.split())
    (run,) = runs
    assert [(p.steps, p.phase) for p in run.points] == [(0, "start"), (256, "random"), (512, "greedy")]
    for point in run.points:
        assert point.games == 6
        assert set(point.wins) == {"random", "greedy"}
        assert all(0 <= w <= 6 and (2 * w).is_integer() for w in point.wins.values())
    assert run.cpu_s > 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert [r.split(" | ")[:2] for r in rows] == [["| 0", "start"], ["| 256", "random"], ["| 512", "greedy"]]
    first = run.points[0].wins
    assert f"{first['random'] / 6:.2f} (" in rows[0] and f"{first['greedy'] / 6:.2f} (" in rows[0]
    assert "CPU:" in out and "load average" in out


def test_pooled_rates_sum_the_seeds_games() -> None:
    """Two seeds' checkpoints pool into one Wilson rate each, with the seeds' range beside it."""
    example = _example()
    runs = [
        example.SeedRun(0, [example.Point(0, "start", {"random": 3.0, "greedy": 1.0}, 10)]),
        example.SeedRun(1, [example.Point(0, "start", {"random": 7.0, "greedy": 0.5}, 10)]),
    ]
    ((steps, phase, rates, spread),) = example.pooled(runs)
    assert (steps, phase) == (0, "start")
    assert rates["random"]["rate"] == pytest.approx(0.5) and rates["random"]["games"] == 20
    assert rates["random"]["low"] < 0.5 < rates["random"]["high"]
    assert rates["greedy"]["rate"] == pytest.approx(0.075)
    assert spread == pytest.approx({"random": 0.4, "greedy": 0.05})
