"""Information-set MCTS: legal and reproducible play, no peeking, tree reuse, UCB with availability."""

from __future__ import annotations

import math
import random
import signal
from dataclasses import dataclass
from typing import Any

import pytest

import elementa
from elementa.agents import LEVELS, IsmctsAgent, make_agent, spec_names
from elementa.agents.ismcts import (
    SETTLE_EVERY,
    Node,
    SearchStats,
    _Search,
    edge_estimate,
    final_choice,
    settled,
    ucb_select,
)
from elementa.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    ActionSpace,
    Game,
    GameInfo,
    State,
    resolve_chance,
)
from tests.support.compiled import skip_patching_compiled


def toy(players: int = 2) -> Game:
    return elementa.load_game("toy-dice", players=players)


def short_elementalis(players: int = 2) -> Game:
    """One round: short rollouts keep the tests fast."""
    return elementa.load_game("elementalis", players=players, rounds=1)


def deal(state: State, faces: list[int]) -> None:
    """Supply the toy game's dice as chance outcomes (face index 0 = a roll of 1)."""
    for f in faces:
        assert state.current_player() == CHANCE
        state.apply_action(state.game.action_space.encode("face", f))


def walk_until(game: Game, seed: int, stop: object) -> State:
    """Play seeded random moves until ``stop(state)`` holds; fail if the game ends first."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    while not stop(state):  # type: ignore[operator]
        assert not state.is_terminal(), "the walk ended before reaching the wanted node"
        p = state.current_player()
        if p == CHANCE:
            resolve_chance(state)
            continue
        q = state.players_to_move()[0]
        state.apply_action(rng.choice(state.legal_actions(q)), q)
    return state


def test_levels_are_registered_agent_specs() -> None:
    assert [lv.name for lv in LEVELS] == ["easy", "medium", "hard"]
    assert {"easy", "medium", "hard"} <= set(spec_names())
    budgets = [lv.iterations for lv in LEVELS]
    assert budgets == sorted(budgets) and len(set(budgets)) == 3
    agent = make_agent("hard", toy(), 1, seed=3)
    assert isinstance(agent, IsmctsAgent) and agent.player == 1 and agent.name == "hard"
    flat = make_agent("hard:depth=1", toy(), 1, seed=3)
    assert isinstance(flat, IsmctsAgent) and flat.depth == 1 and agent.depth is None


@pytest.mark.parametrize("players", [2, 4])
def test_plays_whole_toy_games_with_legal_moves(players: int) -> None:
    game = toy(players)
    agents = [IsmctsAgent(p, seed=p, iterations=40) for p in range(players)]
    final = elementa.play_game(game, agents, seed=11)  # play_game checks every action
    assert final.is_terminal()


def test_plays_a_whole_elementalis_game_against_greedy() -> None:
    game = short_elementalis(3)
    agents = [IsmctsAgent(0, seed=1, iterations=8, rollout="rule", bias=1.0)]
    agents += [make_agent("greedy", game, p, seed=p) for p in (1, 2)]
    final = elementa.play_game(game, agents, seed=5)
    assert final.is_terminal()
    assert agents[0].last is not None


def test_same_seed_same_game_other_seed_other_choices() -> None:
    game = toy(3)

    def history(seed: int) -> list[tuple[int, int]]:
        agents = [IsmctsAgent(p, seed=seed + p, iterations=30) for p in range(3)]
        return elementa.play_game(game, agents, seed=2).history()

    assert history(7) == history(7)

    state = walk_until(toy(2), 0, lambda s: s.current_player() == SIMULTANEOUS)
    stats = {seed: IsmctsAgent(0, seed=seed, iterations=60) for seed in (1, 2)}
    for agent in stats.values():
        agent.step(state)
    assert stats[1].root_statistics(state) != stats[2].root_statistics(state)


def reroll_is_clear() -> State:
    """The toy game where seat 1 of 2 holds a 1 after the bids 2 vs 2 and the opponent kept:
    rerolling can only help."""
    state = toy(2).new_initial_state(0)
    deal(state, [5, 0])
    for p in (0, 1):
        state.apply_action(state.game.action_space.encode("bid", 2), p)
    state.apply_action(state.game.action_space.encode("keep"), 0)
    return state


def test_search_follows_the_odds_in_the_toy_game() -> None:
    state = reroll_is_clear()
    choice = IsmctsAgent(1, seed=0, iterations=200).step(state)
    assert choice.kind == "reroll"


def decisions(agent_seed: int, state: State, player: int, iterations: int, **kwargs: object) -> object:
    agent = IsmctsAgent(player, seed=agent_seed, iterations=iterations, **kwargs)  # type: ignore[arg-type]
    action = agent.step(state)
    return action.id, agent.root_statistics(state)


def test_no_peeking_at_another_seats_hidden_die(monkeypatch: pytest.MonkeyPatch) -> None:
    low, high = toy(2).new_initial_state(0), toy(2).new_initial_state(0)
    deal(low, [2, 0])  # seat 1 holds a 1
    deal(high, [2, 5])  # seat 1 holds a 6
    assert low.observation(0) == high.observation(0)
    # the bids and then seat 0's keep/reroll decision
    assert decisions(4, low, 0, 300) == decisions(4, high, 0, 300)
    for s in (low, high):
        for p in (0, 1):
            s.apply_action(s.game.action_space.encode("bid", 1), p)
    assert low.observation(0) == high.observation(0)
    assert decisions(4, low, 0, 300) == decisions(4, high, 0, 300)

    # control: a search that reads the true state (a clone instead of a resample) does tell them apart
    monkeypatch.setattr(type(low), "resample_from_infostate", lambda self, p, rng: self.clone())
    assert decisions(4, low, 0, 300) != decisions(4, high, 0, 300)


def test_no_peeking_at_another_seats_sealed_declaration(monkeypatch: pytest.MonkeyPatch) -> None:
    game = short_elementalis(2)

    def both_declaring(s: State) -> bool:
        return s.current_player() == SIMULTANEOUS and len(s.players_to_move()) == 2

    # seed 6: with Mana chosen colour by colour, seed 3's random walk no longer reaches such a node
    base = walk_until(game, 6, both_declaring)
    kinds = [{a.kind for a in base.legal_actions(q)} for q in (0, 1)]
    assert all(k == {"declare", "pass"} for k in kinds), kinds
    declared, passed = base.clone(), base.clone()
    for s, kind in ((declared, "declare"), (passed, "pass")):
        s.apply_action(next(a for a in s.legal_actions(1) if a.kind == kind), 1)
    assert declared.observation(0) == passed.observation(0)
    assert declared.players_to_move() == passed.players_to_move() == [0]
    assert decisions(9, declared, 0, 40, rollout="rule") == decisions(9, passed, 0, 40, rollout="rule")

    # control: a search that reads the true state tells them apart
    skip_patching_compiled(type(base))
    monkeypatch.setattr(type(base), "resample_from_infostate", lambda self, p, rng: self.clone())
    assert decisions(9, declared, 0, 40, rollout="rule") != decisions(9, passed, 0, 40, rollout="rule")


@pytest.mark.parametrize(
    "name", ["elementalis", "elemental-warriors-ii", "warriors", "elemenders", "elemental-card-dice"]
)
def test_no_peeking_in_any_game(name: str) -> None:
    """Along a random game, seat 0's hidden surroundings are redrawn at its decisions (its observation
    stays the same): the search's redraws, and a search with the same seed, must come out the same."""
    game = elementa.load_game(name)
    # ElementaliS seed 1 gives seat 0 only 3 sampled decisions since Mana is chosen colour by colour
    seed = 2 if name == "elementalis" else 1
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    checked = searched = 0
    for step in range(1, 601):
        p = state.current_player()
        if state.is_terminal():
            break
        if p == CHANCE:
            resolve_chance(state)
            continue
        movers = state.players_to_move() if p == SIMULTANEOUS else [p]
        if 0 in movers and len(state.legal_actions(0)) > 1 and step % 5 == 0:
            other = state.resample_from_infostate(0, random.Random(step))
            assert other.observation(0) == state.observation(0)
            redraws = [s.resample_from_infostate(0, random.Random(9)) for s in (state, other)]
            for q in range(game.num_players):  # the redraw depends only on what seat 0 knows
                assert redraws[0].observation(q) == redraws[1].observation(q), (step, q)
            checked += 1
            if checked % 10 == 3:  # and so does the search (fewer: it costs more)
                assert decisions(5, state, 0, 20) == decisions(5, other, 0, 20)
                searched += 1
        picks = [(q, rng.choice(state.legal_actions(q))) for q in movers]
        for q, action in picks:
            if q in state.players_to_move():
                state.apply_action(action, q)
    assert checked >= 5 and searched >= 1


def test_tree_is_reused_for_the_next_decision() -> None:
    game = toy(2)
    state = game.new_initial_state(0)
    deal(state, [3, 1])
    agent = IsmctsAgent(0, seed=2, iterations=400)
    bid = agent.step(state)
    assert agent.last is not None and agent.last.reused == 0
    state.apply_action(bid, 0)
    state.apply_action(game.action_space.encode("bid", 1), 1)
    # the keep/reroll information set was reached in the bid search's iterations with these bids
    inherited = agent.root_statistics(state)
    assert inherited and set(inherited) <= {a.id for a in state.legal_actions(0)}
    visits = sum(n for n, _ in inherited.values())
    agent.step(state)
    assert agent.last.reused == visits > 0
    assert sum(n for n, _ in agent.root_statistics(state).values()) == visits + 400


def test_tree_is_not_reused_across_games_or_when_switched_off() -> None:
    agent = IsmctsAgent(0, seed=2, iterations=50)
    fresh = IsmctsAgent(0, seed=2, iterations=50, reuse=False)
    for _ in range(2):
        state = walk_until(toy(2), 1, lambda s: s.current_player() == SIMULTANEOUS)
        agent.step(state)
        fresh.step(state)
        assert agent.last is not None and fresh.last is not None
        assert agent.last.reused == 0 and fresh.last.reused == 0  # a new game object each time
    state = walk_until(toy(2), 1, lambda s: s.current_player() == SIMULTANEOUS)
    agent.step(state)
    agent.step(state)  # the same game: the root's visits carry over
    fresh.step(state)
    fresh.step(state)
    assert agent.last is not None and fresh.last is not None
    assert agent.last.reused == 50 and fresh.last.reused == 0


def test_forced_moves_and_budgets() -> None:
    state = toy(2).new_initial_state(0)
    deal(state, [0, 0])
    for p in (0, 1):
        state.apply_action(state.game.action_space.encode("bid", 0), p)
    agent = IsmctsAgent(0, seed=0, iterations=5, seconds=30.0)
    agent.step(state)
    assert agent.last is not None and agent.last.iterations == 5
    timed = IsmctsAgent(0, seed=0, iterations=None, seconds=0.05)
    timed.step(state)
    assert timed.last is not None and timed.last.iterations >= 1
    bad_args = (
        {"iterations": None},
        {"iterations": 0},
        {"seconds": -1.0},
        {"rollout": "smart"},
        {"depth": 0},
    )
    for bad in bad_args:
        with pytest.raises(ValueError):
            IsmctsAgent(0, **bad)  # type: ignore[arg-type]
    finished = walk_until(toy(2), 0, lambda s: s.is_terminal())
    with pytest.raises(ValueError, match="no legal action"):
        agent.step(finished)


def make_actions(n: int) -> list[Action]:
    return [Action(i, "a", (i,), f"a{i}") for i in range(n)]


def node_with(edges: dict[int, list[float]], hint: int | None = None) -> Node:
    node = Node(hint)
    node.edges.update(edges)
    return node


def test_ucb_tries_every_action_then_weighs_availability() -> None:
    rng = random.Random(0)
    a, b = make_actions(2)
    node = Node()
    first, new = ucb_select(node, [a, b], rng, 0.7)
    assert new and first in (a, b) and node.edges[a.id][2] == node.edges[b.id][2] == 1
    # equal means and visits: the action that was available more often gets the larger bonus
    node = node_with({a.id: [10, 5.0, 50], b.id: [10, 5.0, 10]})
    assert ucb_select(node, [a, b], rng, 0.7) == (a, False)
    assert node.edges[a.id][2] == 51 and node.edges[b.id][2] == 11
    # an action that is not legal in this determinization is neither chosen nor counted available
    assert ucb_select(node, [b], rng, 0.7) == (b, False)
    assert node.edges[a.id][2] == 51
    # without exploration the better mean wins
    node = node_with({a.id: [10, 2.0, 10], b.id: [10, 8.0, 10]})
    assert ucb_select(node, [a, b], rng, 0.0) == (b, False)


def test_the_rule_based_hint_is_tried_first_and_biased() -> None:
    rng = random.Random(0)
    actions = make_actions(5)
    node = Node(hint=3)
    assert ucb_select(node, actions, rng, 0.7) == (actions[3], True)
    node = node_with({a.id: [4, 2.0, 20] for a in actions}, hint=1)
    assert ucb_select(node, actions, rng, 0.0, bias=0.0) == (actions[0], False)  # a tie: the first
    assert ucb_select(node, actions, rng, 0.0, bias=0.5) == (actions[1], False)


def test_too_small_a_budget_to_tell_actions_apart_plays_the_rule_based_choice() -> None:
    game = short_elementalis(2)

    def greedy_choice(s: State) -> Action:
        agent = game.rule_based_agent(s.current_player(), 0)
        assert agent is not None
        return agent.step(s)

    def wide(s: State) -> bool:  # the draft of a Minor: seven choices, greedy's is not the first
        return (
            s.current_player() >= 0
            and len(s.legal_actions()) >= 4
            and greedy_choice(s) != s.legal_actions()[0]
        )

    state = walk_until(game, 1, wide)
    seat, hint = state.current_player(), greedy_choice(state)
    agent = IsmctsAgent(
        seat, seed=1, iterations=len(state.legal_actions()), rollout="rule", bias=1.0, widening=0.0
    )
    assert agent.step(state) == hint
    stats = agent.root_statistics(state)
    assert {n for n, _ in stats.values()} == {1}  # every action tried once
    assert max(mean for _, mean in stats.values()) > stats[hint.id][1]  # a luckier rollout did not sway it


def test_a_kept_root_whose_hint_is_not_legal_now_asks_the_rule_based_player_again() -> None:
    # A node made in an earlier search can meet a state that looks the same to its seat but offers
    # other moves; its hint must not leave the decision without the rule-based anchor.
    game = short_elementalis(2)
    state = walk_until(game, 1, lambda s: s.current_player() >= 0 and len(s.legal_actions()) >= 4)
    seat = state.current_player()
    rule = game.rule_based_agent(seat, 0)
    assert rule is not None
    hint = rule.step(state)
    legal = state.legal_actions()
    agent = IsmctsAgent(seat, seed=1, iterations=len(legal), rollout="rule", bias=1.0, widening=0.0)
    agent.step(state)  # the table is now this game's
    stale = Node(hint=max(a.id for a in legal) + 1)
    agent._table[state.information_state_key(seat)] = stale
    assert agent.step(state) == hint
    assert stale.hint == hint.id


def edge(visits: int, mean: float, spread: float = 0.5) -> list[float]:
    """An edge with ``visits`` returns of the given mean and standard deviation."""
    return [visits, visits * mean, visits, visits * (spread * spread + mean * mean)]


def test_edge_estimate_shrinks_a_small_sample_towards_the_widest_spread() -> None:
    assert edge_estimate([0, 0.0, 3, 0.0]) == (0, 0.0, math.inf)
    n, mean, error = edge_estimate(edge(2, 1.0, spread=0.0))  # two wins: not yet a certainty
    assert (n, mean) == (2, 1.0) and error == pytest.approx(0.25)
    wide, tight = edge_estimate(edge(100, 0.5))[2], edge_estimate(edge(100, 0.5, spread=0.05))[2]
    assert wide == pytest.approx(0.05, rel=0.01) and tight < wide / 5


def test_final_choice_leaves_the_hint_only_on_evidence() -> None:
    a = make_actions(3)
    # without a hint: the most visited action, ties to the better mean
    assert final_choice(node_with({0: edge(5, 0.2), 1: edge(9, 0.1), 2: edge(9, 0.9)}), a, 1.5) == a[2]
    # the hint (action 1) at 0.5; action 2 at 0.6 is not credibly better after 20 won/lost rollouts ...
    close = {0: edge(20, 0.4), 1: edge(20, 0.5), 2: edge(20, 0.6)}
    assert final_choice(node_with(close, hint=1), a, 1.5) == a[1]
    # ... but is after 2000, or after 20 evaluated rollouts of a tight spread, or with no evidence asked
    many = {0: edge(2000, 0.4), 1: edge(2000, 0.5), 2: edge(2000, 0.6)}
    assert final_choice(node_with(many, hint=1), a, 1.5) == a[2]
    tight = {k: edge(20, m, spread=0.05) for k, m in ((0, 0.4), (1, 0.5), (2, 0.6))}
    assert final_choice(node_with(tight, hint=1), a, 1.5) == a[2]
    assert final_choice(node_with(close, hint=1), a, 0.0) == a[2]
    # of two credible improvements, the better lower bound (more visits) wins over the better mean
    two = {0: edge(200, 0.72), 1: edge(2000, 0.5), 2: edge(3000, 0.7)}
    assert final_choice(node_with(two, hint=1), a, 1.5) == a[2]
    assert final_choice(node_with(two, hint=1), a, 20.0) == a[1]


def test_a_rollout_cut_at_the_horizon_scores_the_games_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    game = elementa.load_game("warriors")
    calls: list[int] = []

    def evaluate(state: State) -> list[float]:
        calls.append(len(state.history()))
        return [0.25, 0.75]

    skip_patching_compiled(type(game.new_initial_state(0)))
    monkeypatch.setattr(type(game.new_initial_state(0)), "evaluate", evaluate)
    agent = IsmctsAgent(0, 1, iterations=5, rollout="rule", horizon=3)
    state = game.new_initial_state(4)
    search = _Search(agent, game, Node())
    assert search.play_out(state.clone()) == [0.25, 0.75]
    # the cut comes after three decisions, not at once: the rollout moved on from the start
    assert calls and calls[0] > len(state.history()) + 3
    # by default the search cuts where the game says, and a spec can say otherwise
    assert _Search(IsmctsAgent(0, 1), game, Node()).horizon == game.evaluation_horizon == 10
    assert _Search(make_agent("easy:horizon=none", game, 0, 1), game, Node()).horizon is None  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="horizon"):
        IsmctsAgent(0, 1, horizon=-1)
    # the search backs the evaluation up
    agent.step(walk_until(game, 2, lambda s: s.current_player() == 0 and len(s.legal_actions(0)) > 1))
    assert agent.last is not None and agent.last.iterations == 5


@pytest.mark.parametrize("game_name", ["elemenders", "warriors"])
def test_a_rollout_cut_by_turn_is_scored_when_the_searcher_is_next_to_move(
    game_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = elementa.load_game(game_name)
    seen: list[State] = []

    def evaluate(state: State) -> list[float]:
        seen.append(state.clone())
        return [0.5, 0.5]

    skip_patching_compiled(type(game.new_initial_state(0)))
    monkeypatch.setattr(type(game.new_initial_state(0)), "evaluate", evaluate)
    for seat in (0, 1):
        for seed in range(4):
            start = walk_until(game, seed, lambda s: len(s.history()) >= 30 and s.current_player() >= 0)
            seen.clear()
            agent = IsmctsAgent(seat, seed, iterations=5, rollout="rule", horizon=3, cut="turn")
            _Search(agent, game, Node()).play_out(start.clone())
            assert seen, "the rollout ended the game before its horizon"
            cut = seen[0]
            movers = [p for p, _ in cut.history() if p != CHANCE]
            assert len(movers) >= len([p for p, _ in start.history() if p != CHANCE]) + 3
            turn = cut.current_player() == seat and movers[-1] != seat
            assert turn or cut.current_player() == SIMULTANEOUS
    with pytest.raises(ValueError, match="cut"):
        IsmctsAgent(0, 1, cut="round")  # type: ignore[arg-type]


def test_the_cut_is_the_games_unless_a_spec_says_otherwise() -> None:
    for listing in elementa.list_games():
        assert elementa.load_game(listing.info.name).evaluation_cut in ("decision", "turn")
    elemenders, warriors = elementa.load_game("elemenders"), elementa.load_game("warriors")
    assert _Search(IsmctsAgent(0, 1), elemenders, Node()).by_turn
    assert not _Search(IsmctsAgent(0, 1), warriors, Node()).by_turn
    assert not _Search(make_agent("easy:cut=decision", elemenders, 0, 1), elemenders, Node()).by_turn  # type: ignore[arg-type]
    assert _Search(make_agent("easy:cut=turn", warriors, 0, 1), warriors, Node()).by_turn  # type: ignore[arg-type]


def test_a_game_without_an_evaluation_plays_its_rollouts_to_the_end() -> None:
    game = toy()
    agent = IsmctsAgent(0, 1, iterations=5, horizon=0)
    search = _Search(agent, game, Node())
    state = game.new_initial_state(3)
    returns = search.play_out(state)
    assert state.is_terminal() and returns == state.returns() and search.horizon is None


def test_widening_admits_alternatives_to_the_hint_as_visits_grow() -> None:
    rng = random.Random(0)
    actions = make_actions(6)
    node = Node(hint=2)
    assert ucb_select(node, actions, rng, 0.7, 1.0, widening=1.0) == (actions[2], True)
    node.edges[2][:2] = [1, 1.0]  # one visit: 1 + floor(sqrt(1)) = 2 actions admitted
    second, new = ucb_select(node, actions, rng, 0.7, 1.0, widening=1.0)
    assert new and second != actions[2]
    node.edges[second.id][:2] = [1, 0.0]  # two visits: still 2 admitted, so no third action yet
    assert ucb_select(node, actions, rng, 0.7, 1.0, widening=1.0) in {(actions[2], False), (second, False)}
    node.edges[2][:2] = [3, 3.0]  # four visits: a third action is admitted
    third, new = ucb_select(node, actions, rng, 0.7, 1.0, widening=1.0)
    assert new and third not in (actions[2], second)
    # without widening every untried action comes before any tried one
    assert ucb_select(node, actions, rng, 0.7, 1.0, widening=0.0)[1]


@dataclass(frozen=True)
class SeesawOptions:
    pass


class SeesawState(State):
    """Seat 0 moves a marker between two squares or stops (and loses); nothing else ever changes."""

    def __init__(self, game: Game, seed: int | None) -> None:
        super().__init__(game, seed)
        self.square = 0
        self.stopped = False

    def current_player(self) -> int:
        return TERMINAL if self.stopped else 0

    def _legal_actions(self, player: int) -> list[Action]:
        sp = self.game.action_space
        return [sp.make("move", label="move"), sp.make("stop", label="stop")]

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return []

    def _apply(self, action: Action, player: int) -> None:
        if action.kind == "move":
            self.square = 1 - self.square
        else:
            self.stopped = True

    def returns(self) -> list[float]:
        return [0.0, 1.0] if self.stopped else [0.0, 0.0]

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"square": self.square, "stopped": self.stopped}

    def resample_from_infostate(self, player: int, rng: random.Random) -> State:
        return self.clone()

    def __str__(self) -> str:
        return f"square {self.square}"


class SeesawGame(Game):
    info = GameInfo("seesaw", "Seesaw (test game)", 2, 2, "moves that undo each other")
    options_class = SeesawOptions

    def _make_action_space(self) -> ActionSpace:
        return ActionSpace([("move", ()), ("stop", ())])

    def new_initial_state(self, seed: int | None = None) -> State:
        return SeesawState(self, seed)


def test_a_walk_that_comes_back_to_an_information_set_rolls_out_instead_of_looping() -> None:
    # Square 0 -move-> square 1 -move-> square 0: once both moves are tried at both squares with equal
    # results, the fixed statistics of a walk would choose "move" for ever (the search hung in the
    # set-up of Elemental Warriors II, placing and taking back a coin).
    def hung(signum: int, frame: object) -> None:
        raise TimeoutError("the search did not end")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    try:
        agent = IsmctsAgent(0, seed=1, iterations=200, rollout="random")
        state = SeesawGame(SeesawOptions()).new_initial_state(1)
        assert agent.step(state).kind in ("move", "stop")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert agent.last is not None and agent.last.iterations == 200


def test_a_tree_of_depth_one_searches_the_root_and_rolls_out_below() -> None:
    state = toy(2).new_initial_state(0)
    deal(state, [3, 1])
    for p in (0, 1):
        state.apply_action(state.game.action_space.encode("bid", 1), p)
    assert state.current_player() == 0  # seat 0 keeps or rerolls, then seat 1 does
    deep = IsmctsAgent(0, seed=3, iterations=200)
    flat = IsmctsAgent(0, seed=3, iterations=200, depth=1)
    for agent in (deep, flat):
        agent.step(state)
    assert deep.table_size > 1  # seat 1's replies got nodes of their own
    assert flat.table_size == 1  # flat Monte Carlo: the root alone, seat 1 played by the rollout
    assert sum(n for n, _ in flat.root_statistics(state).values()) == 200


def test_forget_drops_the_tree_so_the_next_search_is_a_fresh_agents() -> None:
    game = toy(2)
    state = game.new_initial_state(0)
    deal(state, [3, 1])
    agent = IsmctsAgent(0, seed=2, iterations=200)
    state.apply_action(agent.step(state), 0)
    state.apply_action(game.action_space.encode("bid", 1), 1)
    assert agent.root_statistics(state)  # the bid search reached the keep/reroll information set
    agent.forget()
    assert agent.table_size == 0 and agent.root_statistics(state) == {}
    agent.rng.seed(5)
    chosen = agent.step(state)
    fresh = IsmctsAgent(0, seed=5, iterations=200)
    assert fresh.step(state) == chosen
    assert agent.last is not None and fresh.last is not None
    assert agent.last.reused == fresh.last.reused == 0
    assert agent.root_statistics(state) == fresh.root_statistics(state)


def test_settled_when_no_alternative_can_win_the_evidence_in_the_budget_left() -> None:
    a = make_actions(3)
    # without a hint the most visited action is played: settled exactly when its lead exceeds what is left
    plain = node_with({0: edge(30, 0.5), 1: edge(10, 0.6), 2: edge(5, 0.4)})
    assert settled(plain, a, 1.5, remaining=19) and not settled(plain, a, 1.5, remaining=20)
    # the hint far ahead of tightly measured alternatives: nothing left in the budget can overturn it
    clear = {0: edge(10, 0.2, spread=0.05), 1: edge(10, 0.6, spread=0.05), 2: edge(10, 0.3, spread=0.05)}
    assert settled(node_with(clear, hint=1), a, 1.5, remaining=1000)
    # an alternative a little ahead of the hint, not yet credibly: more iterations could show it is
    close = {0: edge(10, 0.2, spread=0.05), 1: edge(10, 0.6, spread=0.05), 2: edge(10, 0.62, spread=0.05)}
    assert final_choice(node_with(close, hint=1), a, 1.5) == a[1]
    assert not settled(node_with(close, hint=1), a, 1.5, remaining=1000)
    assert settled(node_with(close, hint=1), a, 1.5, remaining=0)
    # an alternative a little behind: settled at its results so far, not when they may still improve
    behind = {1: edge(10, 0.6, spread=0.05), 2: edge(10, 0.58, spread=0.05)}
    assert settled(node_with(behind, hint=1), a, 1.5, remaining=1000)
    assert not settled(node_with(behind, hint=1), a, 1.5, remaining=1000, margin=1.0)
    # a departure from the rule-based move is settled too when no rival can take its place ...
    departing = {1: edge(100, 0.5, spread=0.05), 2: edge(100, 0.7, spread=0.05)}
    assert final_choice(node_with(departing, hint=1), a, 1.5) == a[2]
    assert settled(node_with(departing, hint=1), a, 1.5, remaining=1000)
    # ... but not while a third action, as good but measured less, could earn the better lower bound
    rival = {**departing, 0: edge(5, 0.72, spread=0.05)}
    assert final_choice(node_with(rival, hint=1), a, 1.5) == a[2]
    assert not settled(node_with(rival, hint=1), a, 1.5, remaining=1000)


def test_not_settled_while_an_action_the_budget_would_admit_is_untried() -> None:
    """With progressive unpruning, the whole budget would admit 1 + sqrt(visits) actions: the hint
    far ahead of the one alternative tried is settled only once every such action has been tried."""
    a = make_actions(6)
    two = {1: edge(10, 0.6, spread=0.05), 2: edge(10, 0.2, spread=0.05)}
    assert settled(node_with(two, hint=1), a, 1.5, remaining=80)  # without unpruning: nothing to wait for
    assert not settled(node_with(two, hint=1), a, 1.5, remaining=80, widening=1.0)  # admits all 6 by the end
    assert settled(node_with(two, hint=1), a, 1.5, remaining=0, widening=1.0)  # the budget is spent
    every = {**two, **{k: edge(10, 0.2, spread=0.05) for k in (0, 3, 4, 5)}}
    assert settled(node_with(every, hint=1), a, 1.5, remaining=80, widening=1.0)  # all six tried


def test_settle_stops_a_clear_decision_early_but_never_before_its_minimum() -> None:
    state = reroll_is_clear()
    full = IsmctsAgent(1, seed=0, iterations=1000)
    early = IsmctsAgent(1, seed=0, iterations=1000, settle=30)
    assert full.step(state).kind == early.step(state).kind == "reroll"
    assert full.last is not None and early.last is not None
    assert full.last.iterations == 1000 and not full.last.settled
    assert early.last.settled and 30 <= early.last.iterations < 1000
    assert (early.last.iterations - 30) % SETTLE_EVERY == 0
    # the same search, cut: the statistics are those of the full search's first iterations
    assert sum(n for n, _ in early.root_statistics(state).values()) == early.last.iterations
    # a minimum above the point where it settled holds the search back until then
    late = IsmctsAgent(1, seed=0, iterations=1000, settle=early.last.iterations + 100)
    late.step(state)
    assert late.last is not None and late.last.settled and late.last.iterations == early.last.iterations + 100


def play_logged(game: Game, specs: list[str], seed: int) -> tuple[list[tuple[int, int]], list[SearchStats]]:
    """Play a seeded game and return its history and every searched decision's statistics."""
    agents = [make_agent(spec, game, p, seed=seed + p) for p, spec in enumerate(specs)]
    stats: list[SearchStats] = []

    def note(state: State, player: int, action: object) -> None:
        last = getattr(agents[player], "last", None)
        if last is not None and last.iterations:
            stats.append(last)

    final = elementa.play_game(game, agents, seed=seed, on_step=note)
    return final.history(), stats


def test_the_levels_settle_reproducibly_from_the_seed_and_not_before_their_minimum() -> None:
    game = short_elementalis(2)
    specs = ["easy:seconds=none:settle=15:iterations=60"] * 2
    history, stats = play_logged(game, specs, seed=3)
    again, stats_again = play_logged(game, specs, seed=3)
    assert (
        history == again
        and stats_again
        and [s.iterations for s in stats] == [s.iterations for s in stats_again]
    )
    assert any(s.settled for s in stats)
    assert all(s.iterations >= 15 for s in stats)
    assert all(s.settled or s.iterations == 60 for s in stats)


def test_settle_is_a_spec_option_off_by_default() -> None:
    assert IsmctsAgent(0).settle is None
    for level in LEVELS:  # off in the levels until its cost in strength is understood (docs/ai.md)
        agent = make_agent(level.name, toy(), 0, seed=1)
        assert isinstance(agent, IsmctsAgent) and agent.settle is None
    on = make_agent("hard:settle=50", toy(), 0, seed=1)
    assert isinstance(on, IsmctsAgent) and on.settle == 50
    with pytest.raises(ValueError):
        IsmctsAgent(0, settle=0)


# An easy game of one-round ElementaliS, each seat at 40 iterations, recorded on the main branch
# before issue 41 (commit d69a9ff): with settle off, the search plays exactly as it did.
BEFORE_SETTLE = [
    (0, 6), (1, 12), (0, 19), (1, 13), (1, 26), (0, 25), (-1, 3), (-1, 0), (-1, 0), (-1, 5), (-1, 0),
    (-1, 2), (0, 224), (1, 224), (0, 42389), (-1, 4), (-1, 5), (-1, 3), (-1, 0), (-1, 3), (-1, 2),
    (0, 224), (1, 226), (1, 4594), (0, 27), (0, 42389), (-1, 0), (-1, 5), (-1, 5), (-1, 3), (-1, 0),
    (-1, 5), (-1, 0), (1, 224), (0, 226), (0, 4762), (0, 42393), (-1, 4), (-1, 5),
]  # fmt: skip


def test_with_settle_off_the_search_plays_as_before() -> None:
    game = short_elementalis(2)
    agents = [
        make_agent("easy:seconds=none:iterations=40:settle=none", game, p, seed=9 + p) for p in range(2)
    ]
    assert elementa.play_game(game, agents, seed=4).history() == BEFORE_SETTLE


def _card_dice_decision(least: int) -> State:
    """A Card-Dice position where seat 1 (0) chooses among at least ``least`` moves, reached by
    rule-based play from seed 0."""
    game = elementa.load_game("elemental-card-dice")
    state = game.new_initial_state(0)
    agents = [game.rule_based_agent(p, 0) for p in (0, 1)]
    while not (state.current_player() == 0 and len(state.legal_actions(0)) >= least):
        if state.is_chance_node():
            resolve_chance(state)
            continue
        agent = agents[state.current_player()]
        assert agent is not None
        state.apply_action(agent.step(state))
    return state


def test_the_card_dice_root_tries_every_move_where_other_nodes_widen_progressively() -> None:
    state = _card_dice_decision(12)
    legal = state.legal_actions(0)
    spec = {"iterations": len(legal), "seconds": None, "rollout": "rule", "bias": 1.0}
    every = IsmctsAgent(0, 1, **spec)  # type: ignore[arg-type]  # the game's root_widening: 0
    every.step(state)
    assert sorted(every.root_statistics(state)) == sorted(a.id for a in legal)
    assert all(n == 1 for n, _ in every.root_statistics(state).values())
    widening = IsmctsAgent(0, 1, root_widening=None, **spec)  # type: ignore[arg-type]
    widening.step(state)
    tried = [a for a, (n, _) in widening.root_statistics(state).items() if n]
    assert len(tried) <= 1 + math.sqrt(len(legal)) < len(legal)


def test_epsilon_rollouts_are_reproducible_from_the_seed_and_checked() -> None:
    state = _card_dice_decision(4)

    def stats(seed: int, epsilon: float) -> dict[int, tuple[int, float]]:
        agent = IsmctsAgent(0, seed, iterations=20, seconds=None, rollout="rule", bias=1.0, epsilon=epsilon)
        agent.step(state)
        return agent.root_statistics(state)

    assert stats(3, 0.3) == stats(3, 0.3)
    assert stats(3, 0.3) != stats(3, 0.0)  # random moves in the rollouts change the results
    assert make_agent("easy:epsilon=0.25", state.game, 0, 1).epsilon == 0.25  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="epsilon"):
        IsmctsAgent(0, epsilon=1.5)
