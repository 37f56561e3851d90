"""The built-in agents: ``random`` (uniform over legal actions) and ``greedy`` (the game's own rules)."""

from __future__ import annotations

from collections.abc import Sequence

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
