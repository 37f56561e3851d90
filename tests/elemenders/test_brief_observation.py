"""The rule agent's brief view of an observation (``ElemendersState.brief_observation``) shows
exactly what the full observation shows of the same things, to the same seat.

The agent reads the brief view rather than the full JSON-ready observation because a search calls
it at every rollout step; these seeded random playouts check, at every decision node, for both seats,
on the state, a clone and a resample of it, under every preset, that the two agree (and in the last
clone taken, as play goes on from the state it shares its kept views with), so the brief view can
reveal nothing the seat's observation hides (the true monolith above all; ruling ELM-12).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import elementa
from elementa.games.elemenders.agent import GreedyAgent, _Goals, _View
from elementa.games.elemenders.game import ElemendersGame
from elementa.games.elemenders.state import BriefObservation, ElemendersState
from tests.support.walk import decision_nodes

PRESETS = [{}, *ElemendersGame.presets.values()]
GOAL_FIELDS = ("near", "patterns", "guarded", "threatened", "targets", "in_reach", "distances")
"""What the rule agent's goals (``agent._Goals``) hold."""
VIEW_FIELDS = (
    "mine",
    "theirs",
    "monoliths",
    "terrain",
    "active",
    "unit",
    "bonus",
    "enemies",
    "in_reach",
    "threatened",
    "goal_distances",
)
"""What the rule agent's view (``agent._View``) holds, besides the attack values and army counts it
remembers."""


def _fields(kept: object, names: tuple[str, ...]) -> list[object]:
    return [getattr(kept, name) for name in names]


def _from_observation(obs: dict[str, Any]) -> BriefObservation:
    """The brief view as the full observation shows it."""
    cols = obs["cols"]
    active = obs["active"]
    units = [
        {
            u["row"] * cols + u["col"]: (u["owner"], u["element"], u["health"])
            for u in obs["units"]
            if u["owner"] == p
        }
        for p in (0, 1)
    ]
    return BriefObservation(
        obs["rows"],
        cols,
        obs["adjacency"],
        tuple(obs["terrain"]),
        (units[0], units[1]),
        {m["row"] * cols + m["col"]: (m["owner"], m["true"]) for m in obs["monoliths"] if m["standing"]},
        -1 if active is None else (int(active[1:]) - 1) * cols + ord(active[0]) - ord("A"),
    )


def _check(state: ElemendersState, where: object) -> None:
    for seat in (0, 1):
        assert state.brief_observation(seat) == _from_observation(state.observation(seat)), (where, seat)


@pytest.mark.parametrize("options", PRESETS, ids=["default", *ElemendersGame.presets])
def test_the_brief_view_is_the_observations(options: dict[str, object]) -> None:
    game = elementa.load_game("elemenders", **options)
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        # the last clone taken, which shares with the state what it never changes in place
        held: ElemendersState | None = None
        for node, seat in decision_nodes(state, random.Random(seed)):
            assert isinstance(node, ElemendersState)
            where = (seed, len(node.history()))
            _check(node, where)
            if held is not None:
                _check(held, (where, "an earlier clone"))
            if rng.random() < 0.05:
                held = node.clone()
                _check(held, where)
                resampled = node.resample_from_infostate(seat, rng)
                assert isinstance(resampled, ElemendersState)
                _check(resampled, where)
            checked += 1
        assert isinstance(state, ElemendersState)
        _check(state, (seed, "over"))
    assert checked > (30 if options == ElemendersGame.presets["tiny"] else 1000)  # tiny: 4 turns a game


def _agent_choices() -> Iterator[tuple[ElemendersState, int, GreedyAgent, tuple[int, int]]]:
    """Yield ``(state, seat, agent, where)`` once the seat's rule agent has chosen in ``state``: at
    every decision of seeded playouts, and at about one in ten also in a clone and a resample of it
    (as a search hands them over), ``where`` naming the seed and step."""
    game = elementa.load_game("elemenders")
    agents = [GreedyAgent(p, seed=p) for p in (0, 1)]
    for seed in range(4):
        rng = random.Random(seed)
        for node, seat in decision_nodes(game.new_initial_state(seed), random.Random(seed)):
            assert isinstance(node, ElemendersState)
            states = [node]
            if rng.random() < 0.1:
                states += [node.clone(), node.resample_from_infostate(seat, rng)]
            for state in states:
                agent = agents[seat]
                agent.choose(state, state.legal_actions(seat))
                yield state, seat, agent, (seed, len(node.history()))


def test_the_goals_the_agent_keeps_are_those_of_the_monoliths_it_sees() -> None:
    """The rule agent works out its goals (the monoliths it guards and attacks, the squares next to
    its own, and the distances to them) once per monoliths dict a state hands out, since a state
    never changes one in place: at every decision of seeded playouts, including clones and searches'
    resampled states, the goals it kept are those worked out afresh from the seat's brief view."""
    checked = 0
    for state, seat, agent, where in _agent_choices():
        fresh, kept = _Goals(state.brief_observation(seat), seat), agent._goals
        assert kept is not None
        assert _fields(kept, GOAL_FIELDS) == _fields(fresh, GOAL_FIELDS), where
        checked += 1
    assert checked > 1000


def test_the_view_the_agent_keeps_is_that_of_the_observation_it_sees() -> None:
    """The rule agent keeps its view of an observation (the enemy pieces, and the attack values it
    has worked out) while the units and monoliths dicts a state hands out stay the same, since a state
    never changes one in place: at every decision of seeded playouts, including clones and searches'
    resampled states, the view it kept after choosing is the one made afresh from the seat's brief
    view, every attack value and army count it remembers included, and the squares it finds in reach
    of an enemy piece are those next to one."""
    checked = 0
    for state, seat, agent, where in _agent_choices():
        obs = state.brief_observation(seat)
        fresh, kept = _View(obs, seat, _Goals(obs, seat)), agent._view
        assert kept is not None
        assert _fields(kept, VIEW_FIELDS) == _fields(fresh, VIEW_FIELDS), where
        assert {s: fresh.attack_value(s) for s in kept._values} == kept._values, where
        next_to_enemies = {s for s, near in enumerate(kept.near) if kept.enemies.intersection(near)}
        assert kept.in_reach == next_to_enemies, where
        assert {e: fresh.army(e) for e in kept._armies} == kept._armies, where
        checked += 1
    assert checked > 1000
