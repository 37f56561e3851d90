"""Learned leaf evaluation: a small value network per game over the observation tensor (numpy only).

A net is a multilayer perceptron (ReLU hidden layers, one linear output) that reads one seat's
``state.observation_tensor(seat)`` and estimates that seat's final return, rescaled from
``game.utility_range()`` to [0, 1]. :class:`ValueNet` applies it to every seat and turns the
estimates into a vector of returns; the ``expert`` level (:data:`elementa.agents.ismcts.EXPERT`)
scores its search's leaves with it in place of the game's hand-written ``State.evaluate()``.

Each seat's value is computed from that seat's own observation tensor alone (which the game builds
from the seat's view), so the net never reads state fields and cannot see a seat's hidden cards
through another seat's estimate either: what it says for seat ``p`` is the same on every state that
shows ``p`` the same observation (:meth:`ValueNet.seat_value`). In a game whose returns sum to a
constant the seats' estimates are then normalised to that sum, as win shares are, so that each
seat's result at a leaf also weighs the other seats' view of it (their hands, in the determinization
the search drew).

The nets ship as package data, ``elementa/agents/values/<game name>.npz``, written by
``benchmarks/train_value.py``: arrays ``W0, b0, W1, b1, ...`` (weights stored as float16) and a JSON
string ``meta`` with the game's name, the tensor size, the options the net was trained with, the
training seed, the data size and the command that trained it. numpy is not a base dependency of
elementa: this module imports it, and is imported only when a net is loaded (install the
``expert`` extra: ``pip install 'elementa[expert]'``).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import numpy as np

from elementa.core import ConfigError, Game, State

PACKAGE = "elementa.agents.values"
"""The package holding the shipped nets, one ``<game name>.npz`` each."""


def shipped_games() -> list[str]:
    """Return the names of the games with a shipped value net, sorted."""
    folder = resources.files(PACKAGE)
    return sorted(p.name.removesuffix(".npz") for p in folder.iterdir() if p.name.endswith(".npz"))


def _read(name: str) -> tuple[dict[str, Any], list[tuple[Any, Any]]] | None:
    """Return the metadata and layers of the net shipped for the game ``name``, or ``None``."""
    path = resources.files(PACKAGE) / f"{name}.npz"
    if not path.is_file():
        return None
    with path.open("rb") as f, np.load(f) as data:
        meta = json.loads(str(data["meta"]))
        layers = [(data[f"W{i}"], data[f"b{i}"]) for i in range(meta["layers"])]
    return meta, layers


def metadata(name: str) -> dict[str, Any]:
    """Return the metadata of the net shipped for the game ``name`` (see the module's docstring).

    Raises:
        KeyError: no net ships for that game.
    """
    found = _read(name)
    if found is None:
        raise KeyError(name)
    return found[0]


NEARLY_CONSTANT = 0.25
"""The largest spread (standard deviation) of the seats' rescaled returns summed over a training game
at which a game without a declared ``utility_sum()`` has its estimates normalised to their mean sum."""


class ValueNet:
    """A game's value net, callable as a leaf evaluator: ``net(state) -> returns, one per seat``.

    Args:
        game: the game (with its options) the net will score states of.
        layers: ``[(W, b), ...]``: weights of shape ``(inputs, outputs)`` and biases ``(outputs,)``;
            the first layer's inputs are the tensor size, the last layer's outputs 1.
        meta: the net's metadata (see the module's docstring).

    Raises:
        ConfigError: the net was trained on another game, or on another tensor size than this
            game's options give (another player count, for example), or its layers do not chain.
    """

    def __init__(self, game: Game, layers: list[tuple[Any, Any]], meta: dict[str, Any]) -> None:
        size = game.observation_tensor_shape()[0]
        if meta.get("game") != game.name:
            raise ConfigError(
                f"the value net for {meta.get('game')!r} cannot score {game.name}",
                option="agent",
                code="config/value-net",
            )
        if meta.get("tensor_size") != size or layers[0][0].shape[0] != size:
            raise ConfigError(
                f"{game.info.title}'s value net was trained on tensors of {meta.get('tensor_size')} "
                f"numbers (options {meta.get('options')}), but these options give {size}: the "
                "expert level cannot play them (train a net for them with benchmarks/train_value.py)",
                option="agent",
                code="config/value-net",
            )
        for (w, b), (w_next, _) in zip(layers, [*layers[1:], (np.zeros((1, 0)), None)], strict=True):
            if b.shape != (w.shape[1],) or w_next.shape[0] != w.shape[1]:
                raise ConfigError(f"{game.name}'s value net has mismatched layers", code="config/value-net")
        self.game = game
        self.meta = meta
        self.layers = [(np.asarray(w, dtype=np.float32), np.asarray(b, dtype=np.float32)) for w, b in layers]
        lo, hi = game.utility_range()
        self.lo, self.span = lo, (hi - lo) or 1.0
        total = game.utility_sum()
        # the sum the rescaled returns must have, where the game's returns sum to a constant, or
        # nearly always do in the training games (Warriors, Elemental Warriors II: the winner's)
        self.scaled_sum: float | None = None
        if total is not None:
            self.scaled_sum = (total - game.num_players * lo) / self.span
        elif meta.get("return_sum_sd", 1.0) <= NEARLY_CONSTANT:
            self.scaled_sum = float(meta["return_sum"])

    @classmethod
    def load(cls, game: Game) -> ValueNet:
        """Return the shipped net of ``game``.

        Raises:
            ConfigError: no net ships for this game (naming the games that have one), or the net
                does not fit the game's options (see :class:`ValueNet`).
        """
        found = _read(game.name)
        if found is None:
            raise ConfigError(
                f"no value net ships for {game.info.title}, so the expert level cannot play it "
                f"(games with one: {', '.join(shipped_games()) or 'none'})",
                option="agent",
                code="config/value-net",
            )
        meta, layers = found
        return cls(game, layers, meta)

    def seat_values(self, tensors: Any) -> Any:
        """Return the net's raw estimates for a batch of tensors.

        Args:
            tensors: array-like of shape ``(n, tensor size)``.

        Returns:
            a float array of shape ``(n,)``: each row's estimated return rescaled to [0, 1], clipped.
        """
        x = np.asarray(tensors, dtype=np.float32)
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < last:
                np.maximum(x, 0.0, out=x)
        return np.clip(x[:, 0], 0.0, 1.0)

    def seat_value(self, state: State, player: int) -> float:
        """Return the net's estimate of ``player``'s return in ``state``, rescaled to [0, 1], from
        ``state.observation_tensor(player)`` alone (before any normalisation across seats)."""
        return float(self.seat_values([state.observation_tensor(player)])[0])

    def __call__(self, state: State) -> list[float]:
        """Return the estimated returns of every seat in ``state``, within ``game.utility_range()``.

        Seat ``p``'s estimate reads ``state.observation_tensor(p)`` only. Where the game's returns
        sum to a constant (declared by ``game.utility_sum()``, or nearly constant in the games the
        net was trained on: ``return_sum`` with ``return_sum_sd`` at most :data:`NEARLY_CONSTANT`
        in its metadata), the estimates are then scaled to sum to it (equal shares if all are 0),
        so a seat's share also depends on the others' estimates (from their own tensors): the
        search calls it on determinizations, whose other hands are drawn from what the searching
        seat knows.
        """
        n = self.game.num_players
        values = self.seat_values([state.observation_tensor(p) for p in range(n)])
        if self.scaled_sum is not None:
            total = float(values.sum())
            values = values * (self.scaled_sum / total) if total > 0 else np.full(n, self.scaled_sum / n)
        return [self.lo + self.span * float(v) for v in values]
