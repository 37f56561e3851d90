"""Train a small policy-gradient agent on short ElementaliS games and show that it learns to beat random.

The agent sees only its seat's observation tensor ``x`` (``Game.encode_observation``) and the legal
actions. Its policy is a softmax over the legal actions with a linear score per action,

    score(a | x) = bias[a.id] + weights[a.kind] . x

trained by REINFORCE (Monte Carlo returns, a running-mean baseline) against a uniformly random
opponent, seats alternating. Every ``--every`` games it plays ``--eval`` games against random
(seats alternating, greedy in its own policy's most likely action) and prints the win share with a
95% interval. numpy only.

    python examples/train_elementalis.py                  # about a minute on one core
    python examples/train_elementalis.py --games 6000 --rounds 2 --seed 1

The figure that ``docs/research.md`` records came from the first command.
"""

from __future__ import annotations

import argparse
import math
import random
from collections import defaultdict

import numpy as np

import elementa
from elementa import Action, Game, State
from elementa.core import resolve_chance


class LinearSoftmaxAgent:
    """A softmax policy over legal actions, linear in the observation tensor, one weight row per kind."""

    def __init__(self, game: Game, learning_rate: float, rng: np.random.Generator) -> None:
        self.game = game
        self.size = game.observation_tensor_shape()[0]
        self.weights: dict[str, np.ndarray] = defaultdict(lambda: np.zeros(self.size))
        self.bias: dict[int, float] = defaultdict(float)
        self.learning_rate = learning_rate
        self.rng = rng

    def policy(self, x: np.ndarray, legal: list[Action]) -> np.ndarray:
        """Return the probabilities of the legal actions."""
        scores = np.array([self.bias[a.id] + self.weights[a.kind] @ x for a in legal])
        scores -= scores.max()
        p = np.exp(scores)
        return p / p.sum()

    def act(self, state: State, seat: int, explore: bool) -> tuple[Action, np.ndarray, list[Action], int]:
        """Choose an action for ``seat``: sampled while training, the most likely one in evaluation."""
        x = np.asarray(self.game.encode_observation(state.observation(seat), seat))
        legal = state.legal_actions(seat)
        p = self.policy(x, legal)
        i = int(self.rng.choice(len(legal), p=p)) if explore else int(p.argmax())
        return legal[i], x, legal, i

    def learn(self, steps: list[tuple[np.ndarray, list[Action], int]], advantage: float) -> None:
        """One REINFORCE update: raise the log-probability of each chosen action by the advantage."""
        for x, legal, chosen in steps:
            p = self.policy(x, legal)
            step = self.learning_rate * advantage
            for a, pa in zip(legal, p, strict=True):
                g = (1.0 if a is legal[chosen] else 0.0) - pa
                if g:
                    self.bias[a.id] += step * g
                    self.weights[a.kind] += step * g * x


def play(game: Game, agent: LinearSoftmaxAgent, seat: int, seed: int, explore: bool, rng: random.Random):
    """Play one game, the agent in ``seat`` against random; return its result and its decisions."""
    state = game.new_initial_state(seed)
    steps = []
    while not state.is_terminal():
        if state.is_chance_node():
            resolve_chance(state)
            continue
        p = state.players_to_move()[0]
        if p == seat:
            action, x, legal, i = agent.act(state, seat, explore)
            if len(legal) > 1:
                steps.append((x, legal, i))
        else:
            action = rng.choice(state.legal_actions(p))
        state.apply_action(action, player=p)
    return state.returns()[seat], steps


def evaluate(game: Game, agent: LinearSoftmaxAgent, games: int, seed: int) -> tuple[float, float]:
    """Return the agent's mean result against random and the half-width of its 95% interval."""
    rng = random.Random(seed)
    results = [play(game, agent, k % 2, seed + k, False, rng)[0] for k in range(games)]
    mean = sum(results) / games
    sd = math.sqrt(sum((r - mean) ** 2 for r in results) / max(1, games - 1))
    return mean, 1.96 * sd / math.sqrt(games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000, help="training games")
    parser.add_argument("--every", type=int, default=500, help="evaluate after this many training games")
    parser.add_argument("--eval", type=int, default=400, help="evaluation games each time")
    parser.add_argument("--rounds", type=int, default=2, help="ElementaliS rounds (1-6)")
    parser.add_argument("--learning-rate", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", help="also draw the learning curve into this PNG (needs matplotlib)")
    args = parser.parse_args()

    game = elementa.load_game("elementalis", players=2, rounds=args.rounds)
    agent = LinearSoftmaxAgent(game, args.learning_rate, np.random.default_rng(args.seed))
    rng = random.Random(args.seed)
    baseline = 0.5
    print(f"ElementaliS, 2 mages, {args.rounds} rounds; tensor of {agent.size} floats")
    print("games  win share vs random (95% interval)")
    curve = []
    for k in range(args.games + 1):
        if k:
            result, steps = play(game, agent, k % 2, args.seed * 10**7 + k, True, rng)
            agent.learn(steps, result - baseline)
            baseline += 0.01 * (result - baseline)
        if k % args.every == 0:
            mean, half = evaluate(game, agent, args.eval, 10**6)
            curve.append((k, mean, half))
            print(f"{k:5d}  {mean:.3f} ({mean - half:.3f}-{mean + half:.3f})", flush=True)
    if args.plot:
        draw(curve, args.plot, f"ElementaliS, 2 mages, {args.rounds} rounds")


def draw(curve: list[tuple[int, float, float]], path: str, title: str) -> None:
    """Draw the win share against random, with its 95% intervals, into a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games, means, halves = zip(*curve, strict=True)
    fig, ax = plt.subplots(figsize=(5, 3.2), dpi=100)
    ax.errorbar(games, means, yerr=halves, marker="o", capsize=3, label="learner (greedy policy)")
    ax.axhline(0.5, color="grey", linestyle="--", label="random vs random")
    ax.set(xlabel="training games", ylabel="win share vs random", ylim=(0, 1), title=title)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path)


if __name__ == "__main__":
    main()
