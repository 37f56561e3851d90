"""Train a game's value net for the ``expert`` level (see :mod:`elementa.agents.value`).

    PYTHONPATH=src python benchmarks/train_value.py --game elementalis -o players=2 \\
        --games 3000 --seed 1 --out src/elementa/agents/values/elementalis.npz

1. Self-play: ``--games`` games of the game's rule-based player in every seat, each of its moves
   replaced by a uniformly random legal one with probability ``--epsilon`` (so that the data also
   holds the positions a search explores, not only the rule-based player's own line). The
   rule-based player rather than a search level plays: one game of it takes about 10 ms here, one of
   the ``easy`` level tens of seconds, and the net must see thousands of games within a few minutes
   on a shared 2-core machine.
2. Positions: at each decision node, with probability ``--sample``, every seat's own
   ``observation_tensor(seat)`` is recorded, its target that seat's final return rescaled from
   ``game.utility_range()`` to [0, 1].
3. Fit: scikit-learn's ``MLPRegressor`` (ReLU, Adam), one epoch at a time, on the positions of the
   first 90% of the games; the weights with the least squared error on the last 10% (whole games
   held out, since positions of one game are alike) are kept, and training stops after
   ``--patience`` epochs without improvement. The held-out error is printed beside that of the
   game's hand-written ``State.evaluate()`` (which reads the whole state) on the same positions.
4. Export: the layers as float16 arrays and the metadata (game, tensor size, options, seed, data
   size, held-out errors, the mean and spread of the seats' rescaled returns summed over a game,
   this command) in an ``.npz``.

Everything is drawn from ``--seed`` (games, moves, the fit's initialisation and shuffles) and the
fit runs on one BLAS thread, so the same command writes the same weights. Needs the ``train`` extra
(scikit-learn).
"""

from __future__ import annotations

import argparse
import io
import json
import math
import random
import shlex
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.neural_network import MLPRegressor
from threadpoolctl import threadpool_limits

import elementa
from elementa.core import Game
from elementa.core.chance import sample_outcome

MAX_FIRST_LAYER = 75_000
"""The most weights the first layer may have when ``--hidden`` is not given (float16: 150 KB)."""


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """Return ``{"players": 2}`` from ``["players=2"]`` (ints, floats, booleans, else text)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, _, text = pair.partition("=")
        value: Any = text
        if text.lower() in ("true", "false"):
            value = text.lower() == "true"
        else:
            for convert in (int, float):
                try:
                    value = convert(text)
                    break
                except ValueError:
                    pass
        options[key] = value
    return options


def self_play(
    game: Game, games: int, seed: int, sample: float, epsilon: float
) -> tuple[list[list[float]], list[float], list[int], list[float]]:
    """Play the games and return ``(tensors, targets, game index of each row, evaluate() of each row)``.

    ``evaluate()`` entries are the game's heuristic for the row's seat rescaled to [0, 1] (NaN where
    the game gives none), kept to compare the net with it.
    """
    rng = random.Random(seed)
    lo, hi = game.utility_range()
    span = (hi - lo) or 1.0
    n = game.num_players
    xs: list[list[float]] = []
    ys: list[float] = []
    index: list[int] = []
    heuristic: list[float] = []
    for g in range(games):
        state = game.new_initial_state(rng.randrange(2**31))
        agents = [game.rule_based_agent(p, rng.randrange(2**31)) for p in range(n)]
        start = len(xs)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
                continue
            seat = state.players_to_move()[0] if state.is_simultaneous_node() else state.current_player()
            legal = state.legal_actions(seat)
            if rng.random() < sample:
                estimate = state.evaluate()
                for p in range(n):
                    xs.append(state.observation_tensor(p))
                    index.append(g)
                    heuristic.append(math.nan if estimate is None else (estimate[p] - lo) / span)
            agent = agents[seat]
            if len(legal) > 1 and (agent is None or rng.random() < epsilon):
                action = rng.choice(legal)
            else:
                action = legal[0] if len(legal) == 1 else agent.choose(state, legal)  # type: ignore[union-attr]
            state.apply_action(action, seat)
        returns = state.returns()
        for k in range(start, len(xs)):
            ys.append((returns[(k - start) % n] - lo) / span)
    return xs, ys, index, heuristic


def default_hidden(size: int) -> tuple[int, ...]:
    """Two hidden layers, the first at most 64 wide and small enough for a compact file."""
    return (max(8, min(64, MAX_FIRST_LAYER // size)), 32)


def fit(
    x: np.ndarray,
    y: np.ndarray,
    val_x: np.ndarray,
    val_y: np.ndarray,
    hidden: tuple[int, ...],
    seed: int,
    epochs: int,
    patience: int,
) -> tuple[MLPRegressor, list[tuple[np.ndarray, np.ndarray]], float, int]:
    """Fit epoch by epoch; return the model, the best layers ``[(W, b)]``, their held-out MSE and epoch."""
    model = MLPRegressor(
        hidden_layer_sizes=hidden,
        activation="relu",
        solver="adam",
        alpha=1e-3,
        batch_size=256,
        learning_rate_init=1e-3,
        random_state=seed,
        shuffle=True,
    )
    best: list[tuple[np.ndarray, np.ndarray]] = []
    best_mse, best_epoch, stale = float("inf"), 0, 0
    for epoch in range(1, epochs + 1):
        model.partial_fit(x, y)
        mse = float(np.mean((np.clip(model.predict(val_x), 0, 1) - val_y) ** 2))
        print(f"  epoch {epoch}: held-out MSE {mse:.5f}", flush=True)
        if mse < best_mse - 1e-6:
            best = [(w.copy(), b.copy()) for w, b in zip(model.coefs_, model.intercepts_, strict=True)]
            best_mse, best_epoch, stale = mse, epoch, 0
        else:
            stale += 1
            if stale >= patience:
                break
    return model, best, best_mse, best_epoch


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", required=True, help="the game's registry name")
    parser.add_argument("-o", "--option", action="append", default=[], help="a game option, key=value")
    parser.add_argument("--games", type=int, default=2000, help="self-play games")
    parser.add_argument("--seed", type=int, default=1, help="seeds everything")
    parser.add_argument("--out", type=Path, required=True, help="the .npz to write")
    parser.add_argument("--sample", type=float, default=0.25, help="share of decision nodes recorded")
    parser.add_argument("--epsilon", type=float, default=0.1, help="share of random moves in self-play")
    parser.add_argument("--hidden", default="", help="hidden layer widths, e.g. 64,32 (default: by size)")
    parser.add_argument("--epochs", type=int, default=40, help="the most training epochs")
    parser.add_argument("--patience", type=int, default=4, help="epochs without improvement before stopping")
    args = parser.parse_args(argv)
    command = "python benchmarks/train_value.py " + shlex.join(sys.argv[1:] if argv is None else argv)

    options = parse_options(args.option)
    game = elementa.load_game(args.game, **options)
    size = game.observation_tensor_shape()[0]
    hidden = tuple(int(h) for h in args.hidden.split(",")) if args.hidden else default_hidden(size)

    started = time.perf_counter()
    xs, ys, index, heuristic = self_play(game, args.games, args.seed, args.sample, args.epsilon)
    played = time.perf_counter() - started
    x = np.asarray(xs, dtype=np.float32)
    y = np.asarray(ys, dtype=np.float64)
    games_index = np.asarray(index)
    held = games_index >= int(args.games * 0.9)
    print(
        f"{args.game}: {args.games} games, {len(x)} rows ({held.sum()} held out), tensor {size}, "
        f"hidden {hidden}; self-play {played:.0f} s",
        flush=True,
    )
    with threadpool_limits(limits=1):
        _, layers, mse, epoch = fit(
            x[~held], y[~held], x[held], y[held], hidden, args.seed, args.epochs, args.patience
        )
    evals = np.asarray(heuristic)[held]
    known = ~np.isnan(evals)
    heuristic_mse = float(np.mean((evals[known] - y[held][known]) ** 2)) if known.any() else None
    constant_mse = float(np.var(y[held]))
    # the seats' rescaled returns summed, per game (one row per seat: every n-th row starts a position)
    n = game.num_players
    firsts = np.flatnonzero(np.r_[True, games_index[1:] != games_index[:-1]])
    sums = np.asarray([y[i : i + n].sum() for i in firsts])
    meta = {
        "game": game.name,
        "tensor_size": size,
        "options": game.options_dict(),
        "seed": args.seed,
        "games": args.games,
        "rows": len(x),
        "sample": args.sample,
        "epsilon": args.epsilon,
        "hidden": list(hidden),
        "epoch": epoch,
        "held_out_mse": round(mse, 6),
        "evaluate_mse": None if heuristic_mse is None else round(heuristic_mse, 6),
        "constant_mse": round(constant_mse, 6),
        "return_sum": round(float(sums.mean()), 6),
        "return_sum_sd": round(float(sums.std()), 6),
        "layers": len(layers),
        "command": command,
    }
    arrays: dict[str, Any] = {"meta": np.asarray(json.dumps(meta, sort_keys=True))}
    for i, (w, b) in enumerate(layers):
        arrays[f"W{i}"] = w.astype(np.float16)
        arrays[f"b{i}"] = b.astype(np.float16)
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **arrays)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(buffer.getvalue())
    print(
        f"held-out MSE: net {mse:.5f} (best epoch {epoch}), game's evaluate() "
        f"{'-' if heuristic_mse is None else f'{heuristic_mse:.5f}'}, constant {constant_mse:.5f}; "
        f"{len(buffer.getvalue()) / 1024:.0f} KiB written to {args.out} in "
        f"{time.perf_counter() - started:.0f} s",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
