"""Computer players, named by spec strings: ``make_agent("greedy", game, player=1, seed=7)``.

Built-in specs: ``random`` (uniform over legal actions) and ``greedy`` (the game's rule-based agent).
To add a spec, call :func:`register_agent` in the agent's module and import that module here.
"""

from elementa.agents.basic import RandomAgent, greedy_agent, random_agent
from elementa.agents.registry import (
    AgentFactory,
    AgentSpec,
    agent_specs,
    check_spec,
    make_agent,
    register_agent,
    spec_names,
)

register_agent("random", random_agent, "picks uniformly among the legal actions")
register_agent("greedy", greedy_agent, "the game's rule-based player")

__all__ = [
    "AgentFactory",
    "AgentSpec",
    "RandomAgent",
    "agent_specs",
    "check_spec",
    "make_agent",
    "register_agent",
    "spec_names",
]
