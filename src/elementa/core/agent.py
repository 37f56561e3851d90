"""The one interface every computer player implements: ``agent.step(state) -> action``, or
``agent.choose(state, legal) -> action`` for one that reads the legal actions it is given."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from elementa.core.actions import Action
    from elementa.core.game import State


@mypyc_attr(allow_interpreted_subclasses=True)  # agents outside the compiled build subclass it
class Agent:
    """A computer player bound to one seat.

    An agent may read ``state.observation(self.player)`` and ``state.legal_actions(self.player)``,
    and (for search) ``state.resample_from_infostate(self.player, rng)``; it must not read hidden parts
    of the state directly.

    Args:
        player: the seat the agent plays (0-based).
        seed: seeds the agent's own generator, so that its choices are reproducible.

    Attributes:
        name: a short name for tables and logs, for example ``"greedy"``.
    """

    name: str = "agent"

    def __init__(self, player: int, seed: int = 0) -> None:
        if type(self) is Agent:
            raise TypeError("Agent is a base class: subclass it and define step() or choose()")
        self.player = player
        self.rng = random.Random(seed)
        # an interpreted subclass's ``name`` is a class attribute, which the compiled build's
        # Agent (setup.py) does not read: it reads the instance's, set here (a compiled class's
        # ``name`` is an attribute descriptor, its default already in the instance)
        declared = getattr(type(self), "name", None)  # untyped: a compiled class holds a descriptor
        if isinstance(declared, str):
            self.name = declared

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if cls.step is Agent.step and cls.choose is Agent.choose:
            raise TypeError(f"agent class {cls.__name__} must define step() or choose() (or both)")

    def step(self, state: State) -> Action:
        """Return one of ``state.legal_actions(self.player)``; the state is not modified.

        An agent defines this, :meth:`choose`, or both. The default asks the state for the seat's
        legal actions and calls :meth:`choose` with them.
        """
        return self.choose(state, state.legal_actions(self.player))

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        """Return the action :meth:`step` would, given ``legal``, this seat's legal actions in ``state``.

        Run loops and search hold the legal actions anyway (:func:`elementa.core.play_game` checks
        the action against them) and call this instead of :meth:`step`, so that an agent that reads
        them does not compute them again. An agent that reads them defines this (and inherits
        :meth:`step`); the default calls :meth:`step`.

        Args:
            state: the state (not modified).
            legal: ``state.legal_actions(self.player)``, just taken; the agent must not modify it.
        """
        return self.step(state)

    def forget(self) -> None:
        """Drop whatever the agent kept from earlier decisions (a search tree, for example).

        After it, the next :meth:`step` depends only on the state and :attr:`rng`, as for a fresh
        agent: a run loop that reseeds the generator and calls this before every move makes a game
        resumed from a save continue exactly as the uninterrupted one. Agents that keep nothing
        need not override it.
        """
        return None

    def __repr__(self) -> str:
        return f"<{self.name} agent, seat {self.player + 1}>"
