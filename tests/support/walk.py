"""A random walk through a game, for tests that look at every decision node of real play."""

from __future__ import annotations

import random
from collections.abc import Iterator

from elementa.core import State
from elementa.core.chance import sample_outcome


def decision_nodes(
    state: State, rng: random.Random, max_steps: int | None = None
) -> Iterator[tuple[State, int]]:
    """Play ``state`` to the end at random, yielding ``(state, seat)`` before each decision.

    Chance outcomes are drawn with their probabilities and decisions uniformly, both from ``rng``;
    at a simultaneous node the first seat still to move decides. The state is shared, not copied:
    a caller that keeps it must ``clone()`` it, and must not change it.

    Args:
        state: the position to start from (it is played on).
        rng: the generator of every choice.
        max_steps: stop after this many applied actions (chance included), or ``None`` for none.
    """
    steps = 0
    while not state.is_terminal() and (max_steps is None or steps < max_steps):
        steps += 1
        if state.is_chance_node():
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            continue
        seat = state.players_to_move()[0] if state.is_simultaneous_node() else state.current_player()
        yield state, seat
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
