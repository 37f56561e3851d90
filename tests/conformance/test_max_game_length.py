"""``Game.max_game_length``: no playout of any game and option set is longer, and it is not absurdly
loose.

``ELEMENTA_MAX_LENGTH_PLAYOUTS`` sets the random playouts per option set (default 8); each option
set also plays one game between the game's rule-based agents.
"""

from __future__ import annotations

import pytest

import elementa
from elementa import Agent, play_game
from tests.conformance.checks import ReplayableRandomAgent
from tests.conformance.configs import FIRST_SEED, Config, _env_int

PLAYOUTS = _env_int("ELEMENTA_MAX_LENGTH_PLAYOUTS", 8)
LOOSENESS = 80
"""The bound may exceed the longest playout measured by at most this factor."""

LIMITS = {
    "elemenders": "max_turns",
    "elemental-card-dice": "turn_limit",
    "elemental-warriors-ii": "max_rounds",
    "warriors": "max_turns",
}
"""The limit option of the games that a limit of 0 leaves unbounded."""


def _length(game: elementa.Game, agents: list[Agent], seed: int) -> int:
    bound = game.max_game_length()
    assert bound is not None
    state = play_game(game, agents, seed=seed, max_steps=bound + 1)
    assert state.is_terminal(), f"seed {seed}: no end within the bound {bound}"
    return len(state.history())


def test_playouts_stay_within_max_game_length(config: Config) -> None:
    """Random and rule-based playouts end within the bound, which is within LOOSENESS of them."""
    game = config.load()
    bound = game.max_game_length()
    if bound is None and not type(game).__module__.startswith("elementa.games."):
        pytest.skip("a test game without a bound")
    assert isinstance(bound, int) and bound > 0, f"{config.label}: no bound ({bound})"
    n = game.num_players
    lengths = []
    for seed in range(FIRST_SEED, FIRST_SEED + PLAYOUTS):
        agents: list[Agent] = [ReplayableRandomAgent(p, seed=seed * 10 + p) for p in range(n)]
        lengths.append(_length(game, agents, seed))
    rule_based = [game.rule_based_agent(p, seed=p) for p in range(n)]
    if all(a is not None for a in rule_based):
        lengths.append(_length(game, [a for a in rule_based if a is not None], FIRST_SEED))
    assert max(lengths) <= bound
    assert bound <= LOOSENESS * max(lengths), f"{config.label}: bound {bound}, playouts {max(lengths)}"


def test_no_limit_means_no_bound() -> None:
    """A limit of 0 (none) leaves the game unbounded; ElementaliS always ends after its rounds."""
    for name, option in LIMITS.items():
        assert elementa.load_game(name, **{option: 0}).max_game_length() is None, name
        assert elementa.load_game(name).max_game_length() is not None, name
    assert elementa.load_game("elementalis", rounds=6, players=7).max_game_length() is not None


def test_the_bound_grows_with_the_limit() -> None:
    for name, option in LIMITS.items():
        short = elementa.load_game(name, **{option: 10}).max_game_length()
        long = elementa.load_game(name, **{option: 20}).max_game_length()
        assert short is not None and long is not None and short < long, name
