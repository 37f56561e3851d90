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
from elementa.core.nodes import CHANCE, SIMULTANEOUS, TERMINAL


def chance_seed(seed: int, step: int) -> int:
    """Return the seed of the generator for the chance node at history length ``step`` of a game
    seeded ``seed`` (see :func:`chance_rng`)."""
    return seed * 1_000_003 + step


def chance_rng(seed: int, step: int) -> random.Random:
    """Return the generator for the chance node at history length ``step`` of a game seeded ``seed``."""
    return random.Random(chance_seed(seed, step))


def resolve_chance(state: State) -> Action:
    """Apply the seeded outcome of the current chance node and return it."""
    outcome = state.sample_chance_outcome(chance_rng(state.seed, len(state._history)))
    state.apply_unchecked(outcome, CHANCE)
    return outcome


StepHook = Callable[[State, int, Action], None]


def _apply_checked(state: State, action: object, player: int, legal: Sequence[Action]) -> None:
    """Apply ``player``'s action if it is one of ``legal``, else refuse it as :meth:`State.apply_action` does.

    ``legal`` must be ``state.legal_actions(player)`` taken in this very state: the run loop's own
    list, which it handed to the agent, so the action is checked without a second call to the
    game's ``legal_actions``. The action applied is the list's (equal ids, as in ``apply_action``).

    Raises:
        IllegalActionError: the action is not among ``legal`` (``apply_action`` says why, and the
            state is left as it was).
    """
    if isinstance(action, Action):
        action_id = action.id
        for candidate in legal:
            if candidate.id == action_id:
                state.apply_unchecked(candidate, player)
                return
    state.apply_action(action, player)  # refuses it, with the reason it has always given


def play_game(
    game: Game,
    agents: Sequence[Agent],
    *,
    seed: int | None = None,
    state: State | None = None,
    max_steps: int = 1_000_000,
    on_step: StepHook | None = None,
    events: bool = True,
) -> State:
    """Play a game to the end between agents, one per seat.

    Every agent's action is checked against the legal actions before it is applied (an illegal one
    raises ``IllegalActionError``); the loop computes them once per decision and hands them to the
    agent (:meth:`Agent.choose`). Chance outcomes are drawn as :func:`resolve_chance` draws them.

    Args:
        game: the game.
        agents: one :class:`Agent` per seat, in seat order.
        seed: the seed for the chance nodes of a new game (ignored when ``state`` is given).
        state: a state to continue from instead of a new game.
        max_steps: a safety limit on actions; a game that runs past it raises ``RuntimeError``.
        on_step: called as ``on_step(state_before, player, action)`` before each action is applied.
        events: whether the game records its events (:meth:`State.events_for`); simulations that
            read only the result turn it off, which is cheaper (see :meth:`State.record_events`).

    Returns:
        The terminal state.

    Raises:
        IllegalActionError: an agent chose an action that is not legal.
        RuntimeError: the game did not end within ``max_steps`` actions.
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.info.title} with {game.num_players} players needs as many agents")
    s = game.new_initial_state(seed) if state is None else state
    if not events:
        s.record_events(False)
    history = s._history  # its length is the step that seeds a chance draw (history() would copy it)
    draw = random.Random()  # reseeded at each chance node: chance_rng's draw without a new generator
    steps = 0
    while True:
        p = s.current_player()
        if p == TERMINAL:
            return s
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"{game.info.title}: no end after {max_steps} steps")
        if p == CHANCE:
            draw.seed(chance_seed(s.seed, len(history)))
            outcome = s.sample_chance_outcome(draw)
            if on_step:
                on_step(s, CHANCE, outcome)
            s.apply_unchecked(outcome, CHANCE)
            continue
        if p == SIMULTANEOUS:
            p = s.players_to_move()[0]  # one seat per pass: the order depends on the state alone
        legal = s.legal_actions(p)
        # read untyped (getattr), so that an answer that is no Action reaches _apply_checked's
        # IllegalActionError in the compiled build too (setup.py), not a TypeError of the call
        a: object = getattr(agents[p], "choose")(s, legal)  # noqa: B009
        if on_step:
            on_step(s, p, a)  # type: ignore[arg-type]  # an answer that is no Action is refused below
        _apply_checked(s, a, p, legal)
