"""Computer players, named by spec strings: ``make_agent("greedy", game, player=1, seed=7)``.

Built-in specs: ``random`` (uniform over legal actions), ``greedy`` (the game's rule-based agent) and
the ISMCTS levels ``easy``, ``medium`` (the default level) and ``hard`` (see :mod:`elementa.agents.ismcts`),
whose budgets a spec may override: ``"hard:iterations=1000:rollout=random"``; any spec may add
``:opening=N`` (its seat's first N decisions at random, :class:`RandomOpening`); and ``expert``, the
hard level's search with a learned value net scoring its rollouts (games with a shipped net; numpy needed).
To add a spec, call :func:`register_agent` in the agent's module and import that module here.
"""

from elementa.agents.basic import RandomAgent, RandomOpening, greedy_agent, random_agent
from elementa.agents.ismcts import (
    DEFAULT_LEVEL,
    EXPERT,
    LEVEL_PARAMS,
    LEVELS,
    IsmctsAgent,
    Level,
    SearchStats,
)
from elementa.agents.registry import (
    AgentFactory,
    AgentSpec,
    agent_specs,
    check_spec,
    make_agent,
    parse_spec,
    register_agent,
    spec_names,
)

register_agent("random", random_agent, "picks uniformly among the legal actions")
register_agent("greedy", greedy_agent, "the game's rule-based player")
for _level in (*LEVELS, EXPERT):
    register_agent(_level.name, _level.make, _level.help, LEVEL_PARAMS)

__all__ = [
    "DEFAULT_LEVEL",
    "EXPERT",
    "LEVELS",
    "AgentFactory",
    "AgentSpec",
    "IsmctsAgent",
    "Level",
    "RandomAgent",
    "RandomOpening",
    "SearchStats",
    "agent_specs",
    "check_spec",
    "make_agent",
    "parse_spec",
    "register_agent",
    "spec_names",
]
