"""Train sb3-contrib's MaskablePPO on ElementaliS through the Gymnasium adapter, first against random
opponents and then against greedy ones, and print its learning curve over several seeds.

The learner is the registered Gymnasium env ``elementa/ElementaliS-v0`` (2 mages, ``--rounds`` rounds,
a seat drawn at each reset) in Stable-Baselines3 vectorised environments; MaskablePPO reads the legal
actions through the env's ``action_masks()`` method. Its policy is sb3's ``MlpPolicy`` (two hidden
layers of ``--hidden`` units) over the seat's observation tensor, with one logit per action id.
Training runs ``--random-steps`` environment steps against ``random`` opponents, then
``--greedy-steps`` against ``greedy`` ones. Every ``--every`` steps (and before training) the
deterministic policy (its most likely legal action) plays ``--eval`` games against random and as
many against greedy, half in each seat, on the same game seeds each time; each win share comes with
its 95% Wilson interval (:func:`elementa.lab.report.rate`). Each seed trains its own model; the
last table pools the seeds' evaluation games.

Needs ``pip install sb3-contrib 'elementa[gymnasium]'`` (and PyTorch). One thread of PyTorch.

    python examples/train_maskable_ppo.py                     # the docs/research.md run
    python examples/train_maskable_ppo.py --random-steps 256 --greedy-steps 256 --every 256 \\
        --seeds 1 --eval 10                                   # a smoke run of some seconds
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env

from elementa.adapters.gymnasium import ElementaEnv, env_id
from elementa.lab.report import rate

GAME = "elementalis"


@dataclass
class Point:
    """One evaluation of one seed's policy.

    Attributes:
        steps: environment steps trained so far.
        phase: the opponents it was training against (``"start"`` before training).
        wins: ``{"random": win share sum, "greedy": win share sum}`` over ``games`` games each.
        games: evaluation games against each opponent.
    """

    steps: int
    phase: str
    wins: dict[str, float]
    games: int


@dataclass
class SeedRun:
    """One seed's curve and the CPU seconds its process spent (training and evaluation)."""

    seed: int
    points: list[Point] = field(default_factory=list)
    cpu_s: float = 0.0


def evaluate(model: MaskablePPO, opponent: str, games: int, rounds: int) -> float:
    """Return the sum of the deterministic policy's results in ``games`` games against ``opponent``.

    Game ``k`` has seed ``10**6 + k`` and puts the learner in seat ``k % 2``, so every evaluation
    plays the same deals.
    """
    envs = [ElementaEnv(GAME, opponents=opponent, seat=s, players=2, rounds=rounds) for s in (0, 1)]
    total = 0.0
    for k in range(games):
        env = envs[k % 2]
        obs, _ = env.reset(seed=10**6 + k)
        over, reward = False, 0.0
        while not over:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, over, _, _ = env.step(int(action))
        total += reward
    return total


def train_seed(seed: int, args: argparse.Namespace, log: Any = print) -> SeedRun:
    """Train one MaskablePPO model from ``seed``, random phase then greedy phase; return its curve."""
    start = time.process_time()
    run = SeedRun(seed)

    def vec(opponent: str) -> Any:
        return make_vec_env(
            env_id(GAME),
            n_envs=args.envs,
            seed=seed * 1000 + (0 if opponent == "random" else 500),
            # make_vec_env asks for render_mode="rgb_array" unless told otherwise; the env draws no pictures
            env_kwargs={
                "opponents": opponent,
                "seat": None,
                "players": 2,
                "rounds": args.rounds,
                "render_mode": None,
            },
        )

    model = MaskablePPO(
        "MlpPolicy",
        vec("random"),
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=args.epochs,
        learning_rate=args.learning_rate,
        ent_coef=0.01,
        seed=seed,
        device="cpu",
        policy_kwargs={"net_arch": [args.hidden, args.hidden]},
        verbose=0,
    )

    def checkpoint(phase: str) -> None:
        wins = {opp: evaluate(model, opp, args.eval, args.rounds) for opp in ("random", "greedy")}
        point = Point(int(model.num_timesteps), phase, wins, args.eval)
        run.points.append(point)
        log(f"seed {seed}  {row(point)}  ({time.process_time() - start:.0f} s CPU)")

    checkpoint("start")
    for phase, steps in (("random", args.random_steps), ("greedy", args.greedy_steps)):
        if phase == "greedy" and steps:
            model.set_env(vec("greedy"))
        target = model.num_timesteps + steps
        while model.num_timesteps < target:
            chunk = min(args.every, target - model.num_timesteps)
            model.learn(chunk, reset_num_timesteps=False)
            checkpoint(phase)
    run.cpu_s = time.process_time() - start
    return run


def cell(wins: float, games: int) -> str:
    """Format a win share with its 95% Wilson interval: ``0.83 (0.78-0.87)``."""
    r = rate(wins, games)
    return f"{r['rate']:.2f} ({r['low']:.2f}-{r['high']:.2f})"


def row(point: Point) -> str:
    """One table row: steps, phase, win share against random and against greedy."""
    return (
        f"{point.steps:6d}  {point.phase:6s}  {cell(point.wins['random'], point.games):17s}  "
        f"{cell(point.wins['greedy'], point.games)}"
    )


def pooled(runs: Sequence[SeedRun]) -> list[tuple[int, str, dict[str, dict[str, float]], dict[str, float]]]:
    """Pool the seeds' evaluations at each checkpoint.

    Returns:
        one ``(steps, phase, rates, spread)`` per checkpoint: ``rates[opponent]`` is
        :func:`elementa.lab.report.rate` over every seed's games, ``spread[opponent]`` the gap between
        the best and the worst seed's win share.
    """
    table = []
    for i, first in enumerate(runs[0].points):
        points = [r.points[i] for r in runs]
        rates, spread = {}, {}
        for opp in ("random", "greedy"):
            rates[opp] = rate(sum(p.wins[opp] for p in points), sum(p.games for p in points))
            shares = [p.wins[opp] / p.games for p in points]
            spread[opp] = max(shares) - min(shares)
        table.append((first.steps, first.phase, rates, spread))
    return table


def report(runs: Sequence[SeedRun], log: Any = print) -> str:
    """Print (through ``log``) and return the Markdown table of the pooled curve."""
    lines = [
        "| steps | training against | win share vs random | seeds' range "
        "| win share vs greedy | seeds' range |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for steps, phase, rates, spread in pooled(runs):
        cells = []
        for opp in ("random", "greedy"):
            r = rates[opp]
            cells.append(f"{r['rate']:.2f} ({r['low']:.2f}-{r['high']:.2f}) | {spread[opp]:.2f}")
        lines.append(f"| {steps} | {phase} | {cells[0]} | {cells[1]} |")
    text = "\n".join(lines)
    log(text)
    return text


def draw(runs: Sequence[SeedRun], path: str, title: str) -> None:
    """Draw each seed's win shares against random and greedy, and the pooled ones with intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.6), dpi=100)
    table = pooled(runs)
    steps = [t[0] for t in table]
    for opp, colour in (("random", "tab:blue"), ("greedy", "tab:red")):
        for r in runs:
            ax.plot(steps, [p.wins[opp] / p.games for p in r.points], color=colour, alpha=0.25, lw=1)
        means = np.array([t[2][opp]["rate"] for t in table])
        low = means - np.array([t[2][opp]["low"] for t in table])
        high = np.array([t[2][opp]["high"] for t in table]) - means
        ax.errorbar(steps, means, yerr=[low, high], color=colour, marker="o", capsize=3, label=f"vs {opp}")
    if any(t[1] == "greedy" for t in table):
        switch = max(t[0] for t in table if t[1] != "greedy")
        ax.axvline(switch, color="grey", linestyle=":", label="opponents: random -> greedy")
    ax.axhline(0.5, color="grey", linestyle="--", lw=0.8)
    ax.set(xlabel="environment steps", ylabel="win share (deterministic policy)", ylim=(0, 1), title=title)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--random-steps", type=int, default=4096, help="training steps against random")
    parser.add_argument("--greedy-steps", type=int, default=4096, help="then training steps against greedy")
    parser.add_argument("--every", type=int, default=2048, help="evaluate after this many steps")
    parser.add_argument("--eval", type=int, default=100, help="evaluation games against each opponent")
    parser.add_argument("--seeds", type=int, default=3, help="train seeds 0..N-1")
    parser.add_argument("--rounds", type=int, default=2, help="ElementaliS rounds (1-6)")
    parser.add_argument("--envs", type=int, default=2, help="environments stepped together")
    parser.add_argument("--n-steps", type=int, default=256, help="PPO rollout length per environment")
    parser.add_argument("--batch-size", type=int, default=128)
    parser.add_argument("--epochs", type=int, default=4, help="PPO epochs per rollout")
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--hidden", type=int, default=64, help="units in each of the two hidden layers")
    parser.add_argument("--plot", help="also draw the curves into this PNG (needs matplotlib)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> list[SeedRun]:
    """Run the seeds, print each checkpoint and the pooled table; return the runs."""
    args = parse(argv)
    torch.set_num_threads(1)
    print(f"MaskablePPO on {env_id(GAME)}: 2 mages, {args.rounds} rounds; {args.seeds} seeds")
    print(f"         steps  phase   vs random ({args.eval} games)  vs greedy")
    runs = [train_seed(seed, args) for seed in range(args.seeds)]
    print(f"\npooled over {args.seeds} seeds ({args.seeds * args.eval} games a cell, 95% Wilson intervals):")
    report(runs)
    cpu = sum(r.cpu_s for r in runs)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    seeds = ", ".join(f"{r.cpu_s:.0f}" for r in runs)
    print(f"\nCPU: {cpu:.0f} s in all ({seeds} a seed); load average {load}")
    if args.plot:
        draw(runs, args.plot, f"MaskablePPO, ElementaliS, 2 mages, {args.rounds} rounds, {args.seeds} seeds")
    return runs


if __name__ == "__main__":
    main()
