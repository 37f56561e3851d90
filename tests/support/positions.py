"""Checks shared by the games' position tests (``Game.new_position`` and ``State.position``)."""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from elementa import CHANCE, SIMULTANEOUS, Game, PositionError, SaveFileError, State
from elementa.core.persistence import from_dict, to_dict

DOC = Path(__file__).resolve().parents[2] / "docs" / "positions.md"
"""The positions guide, whose sections show an example of each game's positions."""


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


def assert_round_trip(game: Game, state: State, seed: int, steps: int) -> dict[str, Any]:
    """Assert that ``state``'s position, through plain JSON, sets up the same state: an empty
    history, the position as its origin and written back alike, :func:`assert_same`, and the same
    ``steps`` random steps played on from both (seeded with ``seed``). Return the position."""
    data = json.loads(json.dumps(state.position()))
    back = game.new_position(data, seed)
    assert back.history() == [] and back.origin() == data and back.position() == data
    assert_same(state, back)
    assert play_on(state.clone(), random.Random(seed), steps) == play_on(back, random.Random(seed), steps)
    return data


def assert_save_replays(start: State) -> dict[str, Any]:
    """Assert that a save of ``start`` (a game set up from a position, then played on) records the
    position beside the history, and that loading it replays to the same state. Return the record."""
    record = json.loads(json.dumps(to_dict(start)))
    assert record["position"] == start.origin()
    loaded = from_dict(record)
    assert_same(loaded, start)
    assert loaded.history() == start.history()
    return record


def assert_position_save(
    game: Game, position: dict[str, Any], steps: int, break_it: Callable[[dict[str, Any]], None], field: str
) -> None:
    """Assert that a game set up from ``position`` (seed 3) and played on ``steps`` random steps saves
    and replays (:func:`assert_save_replays`) with the position recorded as it was given, and that a
    save whose position ``break_it`` spoils is refused with a :class:`SaveFileError` on ``field``."""
    start = game.new_position(position, seed=3)
    play_on(start, random.Random(3), steps)
    record = assert_save_replays(start)
    assert record["position"] == game.new_position(position).position()
    bad = copy.deepcopy(record)
    break_it(bad["position"])
    with pytest.raises(SaveFileError) as err:
        from_dict(bad)
    assert err.value.field == field


def documented_example(section: str) -> dict[str, Any]:
    """Return the JSON example of the section ``## <section>`` of docs/positions.md."""
    text = DOC.read_text(encoding="utf-8").split(f"## {section}\n", 1)[1]
    block = re.search(r"```json\n(.*?)```", text, re.S)
    assert block is not None, f"no JSON example in section {section!r}"
    data: dict[str, Any] = json.loads(block.group(1))
    return data
