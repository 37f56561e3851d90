"""The tensor-layout printer and the training example."""

from __future__ import annotations

import itertools
import random

import pytest

from elementa.adapters.describe import describe, main
from tests.support.scripts import load_script


def test_describe_lists_every_field_with_offsets_that_add_up(capsys) -> None:  # type: ignore[no-untyped-def]
    text = describe("elemenders", board_rows=12)
    rows = text.splitlines()[1:]
    offsets = [(int(r.split()[0]), int(r.split()[1])) for r in rows]
    assert offsets[0][0] == 0
    assert all(a + n == b for (a, n), (b, _) in itertools.pairwise(offsets))
    assert "(2272,)" in text.splitlines()[0] and any("board" in r for r in rows)
    assert main(["warriors", "players=9"]) == 2
    assert "players" in capsys.readouterr().err


def test_training_example_learns_to_beat_random() -> None:
    """A short run of examples/train_elementalis.py: its greedy policy then wins most games against random."""
    np = pytest.importorskip("numpy", reason="the example needs numpy (any research extra)")
    example = load_script("examples/train_elementalis.py", "train_elementalis")
    import elementa

    game = elementa.load_game("elementalis", players=2, rounds=2)
    agent = example.LinearSoftmaxAgent(game, 0.05, np.random.default_rng(0))
    rng = random.Random(0)
    for k in range(1, 301):
        result, steps = example.play(game, agent, k % 2, k, True, rng)
        agent.learn(steps, result - 0.5)
    mean, half = example.evaluate(game, agent, 200, 10**6)
    assert mean - half > 0.55, f"win share {mean:.2f} +- {half:.2f} against random after 300 games"
