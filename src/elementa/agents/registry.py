"""The agent registry: turns a spec string such as ``"random"`` into an agent for one seat of a game.

A spec is a registered name, optionally followed by parameters the agent declares (and
``opening``, which every agent takes), each as ``:key=value`` (``"hard:iterations=1000:rollout=random"``,
``"greedy:opening=2"``), so designers can compare budgets and
policies from the command line without writing code. Each name has a factory
``factory(game, player, seed, **params) -> Agent``. The built-in specs are registered
in :mod:`elementa.agents`; a new kind of agent registers itself with :func:`register_agent` in its own
module, and that module is imported from ``elementa/agents/__init__.py``::

    register_agent("medium", lambda game, player, seed: Ismcts(player, seed, iterations=1000),
                   "ISMCTS search, 1000 iterations per move")
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from elementa.agents.basic import RandomOpening
from elementa.core import Agent, ConfigError, Game

AgentFactory = Callable[..., Agent]
"""``factory(game, player, seed, **params) -> Agent``; raises ConfigError when it cannot play that game."""

Converter = Callable[[str], Any]
"""Turns a parameter's text into its value (``int``, ``float``, ...); raises ValueError on bad text."""


@dataclass(frozen=True, slots=True)
class AgentSpec:
    """One registered spec.

    Attributes:
        name: the spec string, for example ``"greedy"``.
        factory: builds the agent (see :data:`AgentFactory`).
        help: one line describing the agent, for ``--help`` texts.
        params: the parameters a spec may set, each with the converter of its text.
    """

    name: str
    factory: AgentFactory
    help: str
    params: Mapping[str, Converter] = field(default_factory=dict)


_SPECS: dict[str, AgentSpec] = {}


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise ValueError("must be 0 or more")
    return value


COMMON_PARAMS: Mapping[str, Converter] = {"opening": _count}
"""Parameters every spec takes: ``opening=N`` plays the seat's first N decisions uniformly at
random before the agent takes over (:class:`~elementa.agents.basic.RandomOpening`), so a run of
deterministic players sees varied set-ups."""


def register_agent(
    name: str, factory: AgentFactory, help: str, params: Mapping[str, Converter] | None = None
) -> None:
    """Register an agent spec.

    Args:
        name: the spec string (lower case, no commas, colons or spaces).
        factory: ``factory(game, player, seed, **params) -> Agent``.
        help: one line describing the agent.
        params: the keyword parameters a spec may pass to the factory, each with its converter
            (for example ``{"iterations": int}``); none by default.

    Raises:
        ValueError: the name is malformed or already registered.
    """
    if not name or name != name.strip().lower() or any(c in name for c in ",: ="):
        raise ValueError(f"agent spec {name!r} must be a lower-case word")
    if name in _SPECS:
        raise ValueError(f"agent spec {name!r} is already registered")
    _SPECS[name] = AgentSpec(name, factory, help, dict(params or {}))


def agent_specs() -> list[AgentSpec]:
    """Return every registered spec, in registration order."""
    return list(_SPECS.values())


def spec_names() -> list[str]:
    """Return the valid spec strings, in registration order."""
    return list(_SPECS)


def parse_spec(spec: str) -> tuple[AgentSpec, dict[str, Any]]:
    """Return the registered spec a spec string names and its converted parameters.

    Args:
        spec: ``name`` or ``name:key=value[:key=value...]`` (case and spaces around parts ignored).

    Raises:
        ConfigError: an unknown name (listing the valid ones), a malformed or unknown parameter
            (listing the agent's parameters), a repeated one, or a value its converter rejects.
    """
    name, *parts = [p.strip() for p in spec.strip().lower().split(":")]
    entry = _SPECS.get(name)
    if entry is None:
        raise ConfigError(
            f"unknown agent {spec!r}; valid agents: {', '.join(_SPECS)}",
            option="agent",
            choices=spec_names(),
            code="config/unknown-agent",
        )
    accepted = {**entry.params, **COMMON_PARAMS}
    allowed = ", ".join(accepted)
    params: dict[str, Any] = {}
    for part in parts:
        key, eq, text = (x.strip() for x in part.partition("="))
        if not eq or key not in accepted:
            raise ConfigError(
                f"agent {spec!r}: {part!r} is not a parameter of {name} (write key=value; "
                f"parameters: {allowed})",
                option="agent",
                code="config/agent-parameter",
            )
        if key in params:
            raise ConfigError(
                f"agent {spec!r} sets {key} twice", option="agent", code="config/agent-parameter"
            )
        try:
            params[key] = accepted[key](text)
        except ValueError as exc:
            raise ConfigError(
                f"agent {spec!r}: bad value {text!r} for {key} ({exc})",
                option="agent",
                code="config/agent-parameter",
            ) from None
    return entry, params


def check_spec(spec: str) -> str:
    """Return the normalised spec (lower case, no spaces) after checking it.

    Raises:
        ConfigError: as :func:`parse_spec`.
    """
    parse_spec(spec)
    return ":".join(p.strip().replace(" ", "") for p in spec.strip().lower().split(":"))


def make_agent(spec: str, game: Game, player: int, seed: int = 0) -> Agent:
    """Return the agent a spec names, bound to one seat of a game.

    Args:
        spec: a registered spec such as ``"random"``, ``"greedy"`` or ``"hard:iterations=1000"``
            (see :func:`parse_spec`); any spec may add ``:opening=N`` (:data:`COMMON_PARAMS`).
        game: the game the agent will play.
        player: the seat (0-based).
        seed: seeds the agent's own generator.

    Returns:
        A fresh :class:`~elementa.core.Agent`.

    Raises:
        ConfigError: a bad spec (see :func:`parse_spec`), a seat outside the game, parameters the
            agent rejects, or an agent that cannot play this game (for example ``"greedy"`` for a
            game without a rule-based agent).
    """
    entry, params = parse_spec(spec)
    if not 0 <= player < game.num_players:
        raise ConfigError(
            f"seat {player + 1} does not exist in a {game.num_players}-player game", option="seat"
        )
    opening = params.pop("opening", 0)
    try:
        agent = entry.factory(game, player, seed, **params)
    except ValueError as exc:
        raise ConfigError(f"agent {spec!r}: {exc}", option="agent", code="config/agent-parameter") from None
    return RandomOpening(agent, opening) if opening else agent
