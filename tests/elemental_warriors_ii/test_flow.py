"""Elemental Warriors II runs on the core flow stack: its steps keep the core ``Step`` contract.

The state takes its steps through its own loop (each top step's ``settle``), the core API through
``actor`` and ``run``: along random playouts under every preset the two agree at every node (the
flow's actor is who the state says moves; running the flow's automatic steps, as ``Flow.settle``
does, finds none on top), and every step is immutable, so a clone may share them.
"""

from __future__ import annotations

import dataclasses
import inspect

import pytest

import elementa
from elementa import SIMULTANEOUS, TERMINAL
from elementa.core import AUTOMATIC
from elementa.games.elemental_warriors_ii import flow, powers, steps, window
from elementa.games.elemental_warriors_ii.steps import EW2Step, Setup
from tests.elemental_warriors_ii.test_kept_state import PRESET_IDS, PRESETS, walk
from tests.support.compiled import is_compiled


@pytest.mark.parametrize("options", PRESETS, ids=PRESET_IDS)
def test_the_flows_actor_is_who_the_state_says_moves(options: dict[str, object]) -> None:
    nodes = windows = 0
    for s in walk(options, (2, 3), seeds=2, limit=800):
        player = s.current_player()
        assert player != TERMINAL
        assert s.flow.actor(s) == player, (s.seed, len(s.history()), s.steps[-1])
        assert s.flow.actor(s) != AUTOMATIC
        if player == SIMULTANEOUS:  # a window: each seat's legal actions are those of its own step
            windows += 1
            for q in s.players_to_move():
                assert s.legal_actions(q) == s.pending[q][-1].legal(s, q)
        copy = s.clone()
        copy.flow.settle(copy)  # nothing automatic is left on top
        assert copy.steps == s.steps
        nodes += 1
    assert nodes > 500 and windows > 100


def test_a_step_is_a_frozen_slotted_dataclass_shared_by_clones() -> None:
    """Every step class of the game is a frozen dataclass with slots (a clone copies the flow's
    list and shares the steps, so a step must never change), and a clone's flow is a list of its
    own holding the same steps."""
    classes = [
        cls
        for module in (steps, powers, window, flow)
        for _, cls in inspect.getmembers(module, inspect.isclass)
        if issubclass(cls, EW2Step) and cls.__module__ == module.__name__ and dataclasses.is_dataclass(cls)
    ]
    assert len(classes) > 30
    for cls in classes:
        assert cls.__dataclass_params__.frozen, cls  # type: ignore[attr-defined]
        # a compiled class keeps no __slots__, and its instances no __dict__ either
        assert is_compiled(cls) or "__slots__" in cls.__dict__, cls
        assert "__dict__" not in dir(cls), cls
    step = Setup(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        step.seat = 1  # type: ignore[misc]
    s = elementa.load_game("elemental-warriors-ii").new_initial_state(0)
    copy = s.clone()
    assert copy.steps == s.steps and copy.steps is not s.steps and copy.flow.steps is copy.steps
    assert [a is b for a, b in zip(copy.steps, s.steps, strict=True)] == [True] * len(s.steps)
