"""The agent registry: turns a spec string such as ``"random"`` into an agent for one seat of a game.

Each spec names a factory ``factory(game, player, seed) -> Agent``. The built-in specs are registered
in :mod:`elementa.agents`; a new kind of agent registers itself with :func:`register_agent` in its own
module, and that module is imported from ``elementa/agents/__init__.py``::

    register_agent("medium", lambda game, player, seed: Ismcts(player, seed, iterations=1000),
                   "ISMCTS search, 1000 iterations per move")
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from elementa.core import Agent, ConfigError, Game

AgentFactory = Callable[[Game, int, int], Agent]
"""``factory(game, player, seed) -> Agent``; raises ConfigError when it cannot play that game."""


@dataclass(frozen=True, slots=True)
class AgentSpec:
    """One registered spec.

    Attributes:
        name: the spec string, for example ``"greedy"``.
        factory: builds the agent (see :data:`AgentFactory`).
        help: one line describing the agent, for ``--help`` texts.
    """

    name: str
    factory: AgentFactory
    help: str


_SPECS: dict[str, AgentSpec] = {}


def register_agent(name: str, factory: AgentFactory, help: str) -> None:
    """Register an agent spec.

    Args:
        name: the spec string (lower case, no commas or spaces).
        factory: ``factory(game, player, seed) -> Agent``.
        help: one line describing the agent.

    Raises:
        ValueError: the name is malformed or already registered.
    """
    if not name or name != name.strip().lower() or "," in name or " " in name:
        raise ValueError(f"agent spec {name!r} must be a lower-case word")
    if name in _SPECS:
        raise ValueError(f"agent spec {name!r} is already registered")
    _SPECS[name] = AgentSpec(name, factory, help)


def agent_specs() -> list[AgentSpec]:
    """Return every registered spec, in registration order."""
    return list(_SPECS.values())


def spec_names() -> list[str]:
    """Return the valid spec strings, in registration order."""
    return list(_SPECS)


def check_spec(spec: str) -> str:
    """Return the normalised spec (stripped, lower case).

    Raises:
        ConfigError: no agent has that spec (the message lists the valid specs).
    """
    key = spec.strip().lower()
    if key not in _SPECS:
        raise ConfigError(
            f"unknown agent {spec!r}; valid agents: {', '.join(_SPECS)}",
            option="agent",
            choices=spec_names(),
            code="config/unknown-agent",
        )
    return key


def make_agent(spec: str, game: Game, player: int, seed: int = 0) -> Agent:
    """Return the agent a spec names, bound to one seat of a game.

    Args:
        spec: a registered spec such as ``"random"`` or ``"greedy"`` (case and spaces ignored).
        game: the game the agent will play.
        player: the seat (0-based).
        seed: seeds the agent's own generator.

    Returns:
        A fresh :class:`~elementa.core.Agent`.

    Raises:
        ConfigError: an unknown spec (listing the valid ones), a seat outside the game, or an agent
            that cannot play this game (for example ``"greedy"`` for a game without a rule-based agent).
    """
    key = check_spec(spec)
    if not 0 <= player < game.num_players:
        raise ConfigError(
            f"seat {player + 1} does not exist in a {game.num_players}-player game", option="seat"
        )
    return _SPECS[key].factory(game, player, seed)
