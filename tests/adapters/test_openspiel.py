"""The OpenSpiel adapter against OpenSpiel's own checks: ``pyspiel.random_sim_test`` and the
``sim_game`` logic of OpenSpiel's Python ``games_sim_test`` on every game and option set, plus its
Python MCTS and ISMCTS bots, resampling and pickling."""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pytest

import elementa

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

from elementa.adapters import openspiel as eos  # noqa: E402
from tests.adapters.settings import CONFIGS, AdapterConfig  # noqa: E402

eos.register_games()


def _game(config: AdapterConfig, sequential: bool = False) -> Any:
    return eos.load(config.game, sequential=sequential, **config.options)


@pytest.mark.parametrize("config", CONFIGS, ids=[c.label for c in CONFIGS])
def test_random_sim_test_passes(config: AdapterConfig) -> None:
    """OpenSpiel's C++ checks: clones, serialization, sorted unique actions, masks, tensors, returns."""
    game = _game(config)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        pyspiel.random_sim_test(_game(config, sequential=True), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("config", CONFIGS, ids=[c.label for c in CONFIGS])
def test_python_games_sim_test_passes(config: AdapterConfig) -> None:
    """The ``sim_game`` of OpenSpiel's Python games_sim_test (pickling included), and for games with
    simultaneous moves its turn-based conversion, as that suite runs them."""
    games_sim_test = pytest.importorskip("open_spiel.python.tests.games_sim_test")
    np.random.seed(config.seed)
    case = games_sim_test.GamesSimTest("test_pig")
    game = _game(config)
    case.sim_game(game)
    if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        case.sim_game(pyspiel.load_game_as_turn_based(str(game)))


def test_game_type_and_info_follow_the_options() -> None:
    game = eos.load("elementalis", players=3)
    assert game.num_players() == 3
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert game.num_distinct_actions() == game.max_chance_outcomes() + 1 > 1  # the joint view's no-op
    assert eos.load("elemenders").num_distinct_actions() == eos.load("elemenders").max_chance_outcomes()
    ew2 = eos.load("elemental-warriors-ii", players=3)
    assert ew2.max_utility() == 50.0  # 25 points per opponent
    sequential = pyspiel.GameType.Dynamics.SEQUENTIAL
    assert eos.load("elemenders").get_type().dynamics == sequential
    assert eos.load("elementalis", sequential=True).get_type().dynamics == sequential


def test_list_and_numeric_text_options_survive_game_strings() -> None:
    game = eos.load("warriors", decks="wild-hunt,arcane-circle")
    assert "decks=wild-hunt;arcane-circle" in str(game)
    again = pyspiel.load_game(str(game))
    assert again.elementa.options.decks == "wild-hunt,arcane-circle"
    cd = eos.load("elemental-card-dice", first_player="2")
    assert pickle.loads(pickle.dumps(cd)).elementa.options.first_player == "2"


def test_a_bad_option_is_a_clear_error() -> None:
    with pytest.raises(Exception, match="players"):
        eos.load("elementalis", players=9)


def _advance(state: Any, rng: np.random.Generator, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))


def test_resample_keeps_the_information_state_and_pickles() -> None:
    game = eos.load("elemenders", max_turns=40)
    state = game.new_initial_state()
    _advance(state, np.random.default_rng(1), 60)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    other = state.resample_from_infostate(player, sampler)
    assert other.information_state_string(player) == state.information_state_string(player)
    assert other.observation_tensor(player) == state.observation_tensor(player)
    assert other.legal_actions() == state.legal_actions()
    restored = pickle.loads(pickle.dumps(state))
    assert str(restored) == str(state) and restored.history() == state.history()
    restored.apply_action(restored.legal_actions()[0])
    assert str(restored) != str(state)  # the copy is independent


def test_information_differs_between_seats() -> None:
    game = eos.load("elemenders", max_turns=40)
    state = game.new_initial_state()
    _advance(state, np.random.default_rng(2), 80)
    assert state.information_state_string(0) != state.information_state_string(1)
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()


@pytest.mark.parametrize("name", ["elemenders", "elementalis"])
def test_mcts_and_ismcts_bots_play(name: str) -> None:
    """OpenSpiel's Python MCTSBot and ISMCTSBot choose legal moves (simultaneous games: sequential view)."""
    from open_spiel.python.algorithms import ismcts, mcts

    options: dict[str, Any] = {"max_turns": 40} if name == "elemenders" else {"players": 2, "rounds": 1}
    game = eos.load(name, sequential=game_is_simultaneous(name), **options)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rng, solve=False),
        ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng),
    ]
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and moves < 6:
        if state.is_chance_node():
            _advance(state, np.random.default_rng(moves), 1)
            continue
        legal = state.legal_actions()
        action = bots[moves % 2].step(state)
        assert action in legal
        state.apply_action(action)
        moves += 1
    assert moves > 0


def game_is_simultaneous(name: str) -> bool:
    from elementa.core.registry import game_class

    return game_class(name).info.simultaneous


def test_max_game_length_follows_the_options() -> None:
    """The game's own bound, from its limit options; the fallback constant when there is no limit."""
    for name in ("elemenders", "elemental-card-dice", "elemental-warriors-ii", "elementalis", "warriors"):
        assert eos.load(name).max_game_length() == elementa.load_game(name).max_game_length()
    quick, long = eos.load("elemenders", max_turns=40), eos.load("elemenders", max_turns=200)
    assert quick.max_game_length() < long.max_game_length() < eos.MAX_GAME_LENGTH
    assert eos.load("warriors", max_turns=0).max_game_length() == eos.MAX_GAME_LENGTH
    assert eos.load("elementalis", sequential=True, rounds=1).max_game_length() == (
        elementa.load_game("elementalis", rounds=1).max_game_length()
    )


DEFAULTS = [c for c in CONFIGS if c.variant == "default"]
"""One (shortened) option set per game."""


@pytest.mark.parametrize("config", DEFAULTS, ids=[c.label for c in DEFAULTS])
@pytest.mark.parametrize("sequential", [False, True], ids=["joint", "sequential"])
def test_rl_environment_plays_every_game(config: AdapterConfig, sequential: bool) -> None:
    """OpenSpiel's rl_environment: at every step of the simultaneous view every seat has a legal action
    (the no-op for a seat not to move), and a game played to its end pays the state's returns."""
    from open_spiel.python import rl_environment

    if sequential and not game_is_simultaneous(config.game):
        pytest.skip("turn-based games have no sequential view")
    env = rl_environment.Environment(_game(config, sequential))
    env.seed(config.seed)
    rng = np.random.default_rng(config.seed)
    step = env.reset()
    for _ in range(3000):
        if step.last():
            break
        legal = step.observations["legal_actions"]
        if env.is_turn_based:
            actions = [int(rng.choice(legal[step.observations["current_player"]]))]
        else:
            assert all(legal), "a seat of a joint decision has no legal action"
            actions = [int(rng.choice(ids)) for ids in legal]
        step = env.step(actions)
    assert step.last(), "the shortened game did not end in 3000 steps"
    assert step.rewards == env.get_state.returns()


def test_the_joint_view_gives_seats_not_to_move_a_noop() -> None:
    game = eos.load("warriors", max_turns=40)
    noop = game.num_distinct_actions() - 1
    assert noop == elementa.load_game("warriors").num_distinct_actions
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    single = 0
    while not state.is_terminal() and single < 5:
        if state.is_chance_node():
            _advance(state, rng, 1)
            continue
        assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
        movers = state.elementa.players_to_move()
        legal = [state.legal_actions(p) for p in range(game.num_players())]
        for p in range(game.num_players()):
            assert (legal[p] == [noop]) == (p not in movers)
        single += len(movers) == 1
        before = len(state.elementa.history())
        state.apply_actions([int(rng.choice(ids)) for ids in legal])
        assert len(state.elementa.history()) == before + len(movers)  # the no-ops are not moves
    assert single == 5
    assert state.action_to_string(0, noop) == f"no-op #{noop}"


@pytest.mark.parametrize("config", CONFIGS, ids=[c.label for c in CONFIGS])
def test_constant_sum_games_are_declared_so_and_their_returns_keep_the_sum(config: AdapterConfig) -> None:
    """A game that declares ``utility_sum`` is OpenSpiel constant-sum with it, and its returns add up to
    it at the end of random games; the others are general-sum."""
    game = _game(config)
    total = game.elementa.utility_sum()
    utility = pyspiel.GameType.Utility
    if total is None:
        assert game.get_type().utility == utility.GENERAL_SUM
        return
    assert game.get_type().utility == (utility.ZERO_SUM if total == 0 else utility.CONSTANT_SUM)
    assert game.utility_sum() == total
    rng = np.random.default_rng(config.seed)
    for _ in range(3):
        state = _game(config, sequential=game_is_simultaneous(config.game)).new_initial_state()
        _advance(state, rng, 100_000)
        assert sum(state.returns()) == pytest.approx(total)


def test_elemenders_is_declared_constant_sum() -> None:
    assert eos.load("elemenders").get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert eos.load("elemental-warriors-ii").get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
