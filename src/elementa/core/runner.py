"""Run loops: resolving chance nodes with a seeded generator and playing games between agents.

The chance outcome at step ``k`` of a game with seed ``s`` is drawn from a generator seeded with
``(s, k)`` alone, so the same seed and the same actions always give the same game, and a game loaded
from a save continues exactly as it would have.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from elementa.core.actions import Action
from elementa.core.agent import Agent
from elementa.core.game import Game, State
from elementa.core.nodes import CHANCE, SIMULTANEOUS


def chance_rng(seed: int, step: int) -> random.Random:
    """Return the generator for the chance node at history length ``step`` of a game seeded ``seed``."""
    return random.Random(seed * 1_000_003 + step)


def sample_outcome(outcomes: Sequence[tuple[Action, float]], rng: random.Random) -> Action:
    """Draw one outcome of a chance node.

    Args:
        outcomes: ``(action, probability)`` pairs summing to 1.
        rng: the generator to draw with.
    """
    r = rng.random()
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]


def resolve_chance(state: State) -> Action:
    """Apply the seeded outcome of the current chance node and return it."""
    outcome = sample_outcome(state.chance_outcomes(), chance_rng(state.seed, len(state._history)))
    state.apply_unchecked(outcome, CHANCE)
    return outcome


StepHook = Callable[[State, int, Action], None]


def play_game(
    game: Game,
    agents: Sequence[Agent],
    *,
    seed: int | None = None,
    state: State | None = None,
    max_steps: int = 1_000_000,
    on_step: StepHook | None = None,
) -> State:
    """Play a game to the end between agents, one per seat.

    Args:
        game: the game.
        agents: one :class:`Agent` per seat, in seat order.
        seed: the seed for the chance nodes of a new game (ignored when ``state`` is given).
        state: a state to continue from instead of a new game.
        max_steps: a safety limit on actions; a game that runs past it raises ``RuntimeError``.
        on_step: called as ``on_step(state_before, player, action)`` before each action is applied.

    Returns:
        The terminal state.
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.info.title} with {game.num_players} players needs as many agents")
    s = game.new_initial_state(seed) if state is None else state
    steps = 0
    while not s.is_terminal():
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"{game.info.title}: no end after {max_steps} steps")
        p = s.current_player()
        if p == CHANCE:
            # the history's length, without the copy history() makes (O(steps) at every chance node)
            outcome = sample_outcome(s.chance_outcomes(), chance_rng(s.seed, len(s._history)))
            if on_step:
                on_step(s, CHANCE, outcome)
            s.apply_unchecked(outcome, CHANCE)
        elif p == SIMULTANEOUS:
            q = s.players_to_move()[0]  # one seat per pass: the order depends on the state alone
            a = agents[q].step(s)
            if on_step:
                on_step(s, q, a)
            s.apply_action(a, q)
        else:
            a = agents[p].step(s)
            if on_step:
                on_step(s, p, a)
            s.apply_action(a, p)
    return s
