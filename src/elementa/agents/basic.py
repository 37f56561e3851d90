"""The built-in agents: ``random`` (uniform over legal actions) and ``greedy`` (the game's own rules)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from elementa.core import Action, Agent, ConfigError, Game, State


class RandomAgent(Agent):
    """Picks uniformly among the legal actions of its seat with its own seeded generator.

    Args:
        player: the seat (0-based).
        seed: seeds the agent's generator; the same seed and states give the same choices.
    """

    name = "random"

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        """Return a uniformly drawn action of ``legal`` (this seat's legal actions in ``state``).

        Raises:
            ValueError: ``legal`` is empty.
        """
        if not legal:
            raise ValueError(f"{self!r} was asked to move but has no legal action")
        return self.rng.choice(legal)


def random_agent(game: Game, player: int, seed: int) -> Agent:
    """Build a :class:`RandomAgent` (the ``"random"`` spec)."""
    return RandomAgent(player, seed)


def greedy_agent(game: Game, player: int, seed: int) -> Agent:
    """Return the game's rule-based agent (the ``"greedy"`` spec).

    Raises:
        ConfigError: the game has no rule-based agent.
    """
    agent = game.rule_based_agent(player, seed)
    if agent is None:
        raise ConfigError(
            f"{game.info.title} has no rule-based (greedy) agent; use another agent such as 'random'",
            option="agent",
            code="config/no-greedy-agent",
        )
    return agent


class RandomOpening(Agent):
    """Plays its seat's first ``moves`` decisions uniformly at random, then as ``inner`` would.

    Random openings spread the set-ups a run sees (a deterministic player drafts the same mage type
    from the same seat every game, so seat and mage type could not be told apart). The spec
    parameter ``opening=N`` of every agent builds one (:func:`~elementa.agents.make_agent`).

    The count is read from the state (the seat's entries in ``state.history()``), not kept, so a
    game resumed from a save continues as the uninterrupted one; the random picks use ``inner``'s
    generator, which a run loop reseeds. Attributes the wrapper lacks (a search's ``iterations``
    and ``seconds``) are ``inner``'s, so budget checks see the real agent.

    Args:
        inner: the agent that plays after the opening.
        moves: decisions of this seat played at random (at least 1).
    """

    def __init__(self, inner: Agent, moves: int) -> None:
        super().__init__(inner.player)
        self.inner = inner
        self.moves = moves
        self.rng = inner.rng
        self.name = inner.name

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        """Return a uniform pick of ``legal`` while the seat has made fewer than ``moves``
        decisions in this game, else ``inner``'s choice.

        Raises:
            ValueError: ``legal`` is empty.
        """
        made = 0
        for p, _ in state.history():  # the seat's first moves come early: stop at the opening's end
            if p == self.player:
                made += 1
                if made >= self.moves:
                    return self.inner.choose(state, legal)
        if not legal:
            raise ValueError(f"{self!r} was asked to move but has no legal action")
        return self.rng.choice(legal)

    def forget(self) -> None:
        """Let ``inner`` drop what it kept (see :meth:`Agent.forget`)."""
        self.inner.forget()

    def __getattr__(self, name: str) -> Any:
        if name == "inner":  # not set yet (copying, unpickling): no recursion
            raise AttributeError(name)
        return getattr(self.inner, name)
