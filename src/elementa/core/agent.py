"""The one interface every computer player implements: ``agent.step(state) -> action``."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from elementa.core.actions import Action
    from elementa.core.game import State


class Agent(ABC):
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
        self.player = player
        self.rng = random.Random(seed)

    @abstractmethod
    def step(self, state: State) -> Action:
        """Return one of ``state.legal_actions(self.player)``; the state is not modified."""

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        """Return the action :meth:`step` would, given ``legal``, this seat's legal actions in ``state``.

        Run loops that check the action against the legal actions compute them anyway
        (:func:`elementa.core.play_game`), and call this instead of :meth:`step` so that an agent
        that needs them does not compute them again. The default calls :meth:`step`; an agent
        overrides it only to read ``legal`` instead of ``state.legal_actions(self.player)``, with
        the same result.

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
