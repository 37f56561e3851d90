"""Checks shared by the games' position tests (``Game.new_position`` and ``State.position``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from elementa import CHANCE, SIMULTANEOUS, Game, PositionError, State


def step(state: State, rng: random.Random) -> None:
    """Apply one random legal action (a chance outcome drawn with its weight; at a simultaneous
    node, the first seat to move acts)."""
    if state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng), CHANCE)
    elif state.current_player() == SIMULTANEOUS:
        seat = state.players_to_move()[0]
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def play_on(state: State, rng: random.Random, steps: int) -> list[Any]:
    """Play ``steps`` random steps from ``state`` (or to the end); return the returns followed by
    the ids of the actions applied, so that two states that play alike give equal lists."""
    trail: list[Any] = []
    for _ in range(steps):
        if state.is_terminal():
            break
        before = len(state.history())
        step(state, rng)
        trail.append(state.history()[before:])
    return [*state.returns(), *trail]


def assert_same(a: State, b: State) -> None:
    """Assert that two states are one to every viewer and to the search: observations, information
    -state keys, whose move it is, legal actions of every seat, chance outcomes and evaluation."""
    n = a.num_players()
    for viewer in (None, *range(n)):
        assert a.observation(viewer) == b.observation(viewer)
    for seat in range(n):
        assert a.information_state_key(seat) == b.information_state_key(seat)
        assert [x.id for x in a.legal_actions(seat)] == [x.id for x in b.legal_actions(seat)]
    assert a.current_player() == b.current_player()
    assert [(x.id, p) for x, p in a.chance_outcomes()] == [(x.id, p) for x, p in b.chance_outcomes()]
    assert a.evaluate() == b.evaluate()


def assert_refused(
    game: Game, base: dict[str, Any], changed: dict[str, Any], field: str, reason: str
) -> None:
    """Assert that ``base`` is a position of ``game`` and ``changed`` is refused with a
    :class:`PositionError` naming ``field`` and a reason that contains ``reason``."""
    game.new_position(base)  # the base position itself is fine
    with pytest.raises(PositionError) as e:
        game.new_position(changed)
    assert e.value.field == field
    assert reason in e.value.reason
    assert e.value.code == "position/invalid"
