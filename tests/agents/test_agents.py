"""The agent registry: spec strings to agents, and its errors."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import elementa
from elementa.agents import (
    IsmctsAgent,
    RandomAgent,
    RandomOpening,
    agent_specs,
    check_spec,
    make_agent,
    register_agent,
    spec_names,
)
from elementa.core import Agent, ConfigError, State
from tests.support.toy import ToyGame, ToyOptions


class FirstAgent(Agent):
    """Always takes the first legal action."""

    name = "first"

    def step(self, state: State) -> elementa.Action:
        return state.legal_actions(self.player)[0]


class ToyWithRules(ToyGame):
    """The toy game with a rule-based agent."""

    def rule_based_agent(self, player: int, seed: int = 0) -> Agent:
        return FirstAgent(player, seed)


def toy(players: int = 2) -> elementa.Game:
    return elementa.load_game("toy-dice", players=players)


def test_builtin_specs_are_listed_with_help() -> None:
    assert spec_names()[:2] == ["random", "greedy"]
    assert all(s.help for s in agent_specs())


def test_random_agent_picks_legal_actions_and_finishes_games() -> None:
    game = toy(3)
    agents = [make_agent("random", game, p, seed=p) for p in range(3)]
    assert all(isinstance(a, RandomAgent) and a.player == p for p, a in enumerate(agents))
    final = elementa.play_game(game, agents, seed=4)
    assert final.is_terminal()


def test_random_agent_is_reproducible_with_its_seed() -> None:
    game = toy(2)

    def choices(seed: int) -> list[int]:
        agent = make_agent("random", game, 0, seed)
        state = game.new_initial_state(1)
        while state.is_chance_node():
            elementa.core.resolve_chance(state)
        return [agent.step(state).id for _ in range(30)]

    assert choices(5) == choices(5)
    assert choices(5) != choices(6)


def test_spec_is_case_and_space_insensitive() -> None:
    assert isinstance(make_agent(" Random ", toy(), 1), RandomAgent)


def test_unknown_spec_lists_the_valid_specs() -> None:
    with pytest.raises(ConfigError) as err:
        make_agent("grandmaster", toy(), 0)
    assert "grandmaster" in str(err.value)
    assert "random" in str(err.value) and "greedy" in str(err.value)
    assert err.value.choices == spec_names()


def test_greedy_without_a_rule_based_agent_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="no rule-based"):
        make_agent("greedy", toy(), 0)


def test_greedy_is_the_games_rule_based_agent() -> None:
    game = ToyWithRules(ToyOptions(players=2))
    agent = make_agent("greedy", game, 1, seed=3)
    assert isinstance(agent, FirstAgent) and agent.player == 1


def test_seat_outside_the_game_is_refused() -> None:
    with pytest.raises(ConfigError, match="seat 3"):
        make_agent("random", toy(2), 2)


def test_register_refuses_duplicates_and_malformed_names() -> None:
    with pytest.raises(ValueError, match="already registered"):
        register_agent("random", lambda g, p, s: RandomAgent(p, s), "again")
    with pytest.raises(ValueError, match="lower-case word"):
        register_agent("Two Words", lambda g, p, s: RandomAgent(p, s), "bad")


def test_level_spec_parameters_override_the_budget() -> None:
    agent = make_agent("Hard : iterations=7 : rollout=random : seconds=none", toy(), 1, seed=2)
    assert isinstance(agent, IsmctsAgent)
    assert (agent.player, agent.iterations, agent.seconds, agent.rollout) == (1, 7, None, "random")
    assert agent.bias == make_agent("hard", toy(), 1).bias  # what the spec leaves alone stays
    assert check_spec(" Hard : iterations = 7 ") == "hard:iterations=7"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("hard:speed=3", "not a parameter of hard.*parameters: iterations"),
        ("hard:iterations", "not a parameter of hard"),
        ("hard:iterations=many", "bad value 'many' for iterations"),
        ("hard:iterations=0", "iterations must be at least 1"),
        ("hard:rollout=smart", "rollout must be 'random' or 'rule'"),
        ("hard:bias=1:bias=2", "sets bias twice"),
        ("random:iterations=5", "parameters: opening"),
    ],
)
def test_bad_spec_parameters_name_the_parameter(spec: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make_agent(spec, toy(), 0)


def test_random_agent_chooses_from_the_legal_actions_it_is_given_as_its_step_would() -> None:
    game = toy(2)
    state = game.new_initial_state(2)
    while state.is_chance_node():
        elementa.core.resolve_chance(state)
    seat = state.players_to_move()[0]
    stepping, choosing = make_agent("random", game, seat, 8), make_agent("random", game, seat, 8)
    for _ in range(20):
        assert stepping.step(state) == choosing.choose(state, state.legal_actions(seat))
    with pytest.raises(ValueError, match="no legal action"):
        choosing.choose(state, [])


def test_an_agent_that_only_steps_is_asked_through_step() -> None:
    game = toy(2)
    state = game.new_initial_state(2)
    while state.is_chance_node():
        elementa.core.resolve_chance(state)
    seat = state.players_to_move()[0]
    assert FirstAgent(seat).choose(state, []) == state.legal_actions(seat)[0]


def test_an_agent_defines_step_or_choose_and_gets_the_other() -> None:
    """An agent class defines ``step`` or ``choose``: one that defines neither is refused when the
    class is made, the bare base class cannot play, and one that defines only ``choose`` is asked
    through ``step`` with the seat's legal actions."""
    with pytest.raises(TypeError, match="must define step"):

        class Idle(Agent):
            name = "idle"

    with pytest.raises(TypeError, match="base class"):
        Agent(0)

    class Last(Agent):
        name = "last"

        def choose(self, state: State, legal: Sequence[elementa.Action]) -> elementa.Action:
            return legal[-1]

    game = toy(2)
    state = game.new_initial_state(2)
    while state.is_chance_node():
        elementa.core.resolve_chance(state)
    seat = state.players_to_move()[0]
    assert Last(seat).step(state) == state.legal_actions(seat)[-1]


def test_an_opening_varies_the_set_up_and_then_plays_as_the_agent() -> None:
    game = elementa.load_game("elementalis", players=2)

    def mage_types(spec: str, seed: int) -> tuple[str, ...]:
        agents = [make_agent(spec, game, p, seed=seed * 2 + p) for p in range(2)]
        state = elementa.play_game(game, agents, seed=seed)
        return tuple(state.roles() or ())

    # The rule-based player drafts the same mage types from the same seats every game ...
    assert len({mage_types("greedy", seed) for seed in range(6)}) == 1
    # ... its first two decisions (the draft) at random vary them.
    assert len({mage_types("greedy:opening=2", seed) for seed in range(6)}) > 1
    # After the opening the count read from the state hands every decision to the agent.
    decisions: list[tuple[bool, bool]] = []  # (within the opening, took the inner agent's move)

    def watch(state: State, player: int, action: elementa.Action) -> None:
        if player == 0 and not state.is_chance_node():
            own = sum(1 for q, _ in state.history() if q == 0)
            decisions.append((own < 2, action == state.legal_actions(0)[0]))

    opened = RandomOpening(FirstAgent(0), 2)
    elementa.play_game(game, [opened, make_agent("random", game, 1)], seed=3, on_step=watch)
    assert [d[0] for d in decisions[:3]] == [True, True, False]
    assert all(took for opening, took in decisions if not opening)
    opened = make_agent("greedy:opening=2", game, 0)
    assert opened.name == "greedy" and check_spec("random:opening=3") == "random:opening=3"


def test_an_opening_keeps_the_search_budget_visible_and_refuses_a_negative_count() -> None:
    agent = make_agent("hard:iterations=77:opening=2", toy(), 0, seed=0)
    assert agent.iterations == 77  # what the server's budget check reads
    with pytest.raises(ConfigError, match="opening"):
        make_agent("greedy:opening=-1", toy(), 0)
