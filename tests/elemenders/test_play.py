"""Whole games: termination under random play, the rule-based agent, presets, rendering and help."""

import pytest
from rich.console import Console

from elementa.cli.render.elemenders import render
from elementa.core import Agent, load_game, play_game
from elementa.games.elemenders import GAME
from elementa.games.elemenders.board import MONOLITH
from tests.elemenders.helpers import play, start


class RandomAgent(Agent):
    name = "random"

    def step(self, state):
        return self.rng.choice(state.legal_actions(self.player))


@pytest.mark.parametrize("preset", [None, *GAME.presets])
def test_random_games_end_within_the_turn_limit(preset):
    game = load_game("elemenders", **(GAME.presets[preset] if preset else {}))
    for seed in range(2):
        state = play_game(game, [RandomAgent(0, seed), RandomAgent(1, seed + 1)], seed=seed)
        assert state.is_terminal()
        assert state.observation(None)["turn"] <= game.options.max_turns
        assert sum(state.returns()) == pytest.approx(1.0)


def test_the_rule_based_agent_beats_random_play_clearly():
    game = load_game("elemenders")
    wins = 0
    for seed in range(30):
        seat = seed % 2
        agents = [RandomAgent(0, seed), RandomAgent(1, seed)]
        agents[seat] = game.rule_based_agent(seat, seed)
        state = play_game(game, agents, seed=seed)
        wins += state.returns()[seat] == 1.0
    assert wins >= 25


def test_the_rule_based_agent_plays_itself_to_an_end_on_every_preset():
    for options in [{}, *GAME.presets.values()]:
        game = load_game("elemenders", **options)
        state = play_game(game, [game.rule_based_agent(0, 1), game.rule_based_agent(1, 2)], seed=3)
        assert state.is_terminal()


def test_action_ids_are_stable_and_sized_by_the_board():
    small, large = load_game("elemenders"), load_game("elemenders", board_rows=12)
    assert small.num_distinct_actions == 2 + 2 + 5 + 3 * 11 + 3 * 110 + 3 + 1 + 1
    assert large.num_distinct_actions == small.num_distinct_actions + 3 * 22
    state = start()
    for a in state.legal_actions():
        assert small.action_space.decode(a.id) == (a.kind, a.args)


def _text(obs, player):
    console = Console(record=True, width=120, color_system=None)
    console.print(render(obs, player))
    return console.export_text()


def test_the_board_drawing_shows_the_opponents_monoliths_alike_and_ones_own_true_monolith():
    state = start(marks=(3, 1))
    rows = _text(state.observation(0), 0).splitlines()
    top = next(line for line in rows if line.strip().startswith("10 "))
    bottom = next(line for line in rows if line.strip().startswith("1 "))
    assert top.count("m?") == 5
    assert bottom.count("T2") == 1 and bottom.count("M1") == 4
    spectator = _text(state.observation(None), None)
    assert "T2" not in spectator and "t2" not in spectator and spectator.count("M?") == 5


def test_the_board_drawing_follows_the_game():
    state = start()
    play(state, "G1 cross")
    text = _text(state.observation(1), 1)
    assert "F2" in text and "lava" in text and "turn 2" in text
    rows = [line.strip() for line in text.splitlines()]
    assert rows.index(next(r for r in rows if r.startswith("10 "))) > rows.index(
        next(r for r in rows if r.startswith("1 "))
    )  # player 2 sees its own home row at the bottom


def test_the_rules_summary_is_our_own_help_text():
    text = GAME.rules_summary()
    assert text.startswith("# Elemenders")
    assert "true monolith" in text and "max_turns" in text


def test_random_play_is_reproducible_from_the_seed():
    game = load_game("elemenders", max_turns=30)
    runs = [play_game(game, [RandomAgent(0, 4), RandomAgent(1, 5)], seed=11).history() for _ in range(2)]
    assert runs[0] == runs[1]


def test_evaluate_weighs_units_and_the_true_monolith() -> None:
    state = start()
    assert state.evaluate() == [0.5, 0.5]
    owner, piece = state.owner, state.piece  # type: ignore[attr-defined]
    unit = next(q for q, p in enumerate(owner) if p == 1 and piece[q] != MONOLITH)
    owner[unit] = -1  # player 2 loses a unit
    state.units[1].discard(unit)  # type: ignore[attr-defined]
    ahead, behind = state.evaluate()
    assert ahead > 0.6 and ahead + behind == pytest.approx(1.0)
    state.health[state.true_square[0]] = 1  # type: ignore[attr-defined]  # player 1's true monolith is hit
    assert state.evaluate()[0] < 0.5
