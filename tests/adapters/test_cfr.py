"""OpenSpiel's CFR and exploitability on games small enough to solve: the test toy (Hidden Dice with
4-sided dice), sequential view, whose information states are perfect recall, through the adapter and
through its ``.efg`` export; the ``tiny`` miniatures of Elemental Warriors II and Elemenders
(issue 39) through the export."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

import pyspiel
from open_spiel.python.algorithms import cfr, exploitability

from elementa import load_game
from elementa.adapters import openspiel as eos


def _cfr(game: pyspiel.Game, iterations: int) -> tuple[float, float]:
    """Return the average policy's NashConv before CFR (uniform) and after ``iterations``."""
    solver = cfr.CFRSolver(game)
    uniform = exploitability.nash_conv(game, solver.average_policy())
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    return uniform, exploitability.nash_conv(game, solver.average_policy())


def test_cfr_lowers_nash_conv_through_the_adapter() -> None:
    """Five CFR iterations take the average policy's NashConv from uniform's 0.59 to about 0.12
    (measured: 0.594 and 0.121), as on a native OpenSpiel game with perfect recall; on the game
    that ``to_efg`` exports, the same values to 1e-9 (the same tree and information sets)."""
    eos.register_games()  # the toy is registered by tests/conftest.py
    game = eos.load("toy-dice", sequential=True, players=2, sides=4)
    values = _cfr(game, 5)
    assert values[0] > 0.5 and values[-1] < 0.15, values
    assert _cfr(pyspiel.load_efg_game(eos.to_efg(game)), 5) == pytest.approx(values, abs=1e-9)


@pytest.mark.parametrize(
    ("name", "options", "nodes"),
    [
        ("elemental-warriors-ii", {}, 25_205),  # the tiny preset, as it is
        ("elemenders", {"max_turns": 3}, 10_511),  # the tiny preset, a turn shorter
    ],
)
def test_cfr_solves_the_tiny_miniatures(name: str, options: dict[str, object], nodes: int) -> None:
    """Each game's ``tiny`` preset (rulings R38, ELM-22) walks into an ``.efg`` of the counted size,
    and a few CFR iterations on it lower the average policy's NashConv (the curves to convergence:
    ``benchmarks/cfr_curve.py``, docs/research.md)."""
    preset = dict(load_game(name).presets["tiny"], **options)
    game = eos.load(name, sequential=load_game(name).info.simultaneous, **preset)
    efg = eos.to_efg(game)
    assert len(efg.splitlines()) - 2 == nodes
    values = _cfr(pyspiel.load_efg_game(efg), 4)
    assert values[0] > 0.2 and values[-1] < 0.7 * values[0], values
