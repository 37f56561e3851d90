"""The rule-based agent (legal, reproducible, better than random) and the terminal view."""

from __future__ import annotations

import pytest
from rich.console import Console

import elementa
from elementa import Agent, play_game
from elementa.cli.render.elemental_warriors_ii import coins, render, sheet_table
from tests.elemental_warriors_ii.helpers import NAME, play, start


class RandomAgent(Agent):
    name = "random"

    def step(self, state):  # type: ignore[no-untyped-def]
        return self.rng.choice(state.legal_actions(self.player))


def test_the_rule_based_agent_beats_a_random_player() -> None:
    game = elementa.load_game(NAME)
    wins = 0
    for seed in range(8):
        seat = seed % 2
        agents = [RandomAgent(p, seed) for p in range(2)]
        agents[seat] = game.rule_based_agent(seat, seed)
        end = play_game(game, agents, seed=seed)
        wins += end.returns()[seat] > end.returns()[1 - seat]
    assert wins >= 7


def test_the_view_shows_both_sheets_coins_and_the_active_column() -> None:
    s = start([{"Water 5": "d", "Attack 3": "2p"}, {}], [["3♣", "4♣", "5♣"], ["6♥", "7♥", "8♥"]])
    play(s, "3♣", "6♥")
    console = Console(record=True, width=120)
    console.print(render(s.observation(0), 0))
    text = console.export_text()
    assert "P1 (you)" in text and "P2" in text
    for row in ("Attack", "Defense", "Earth", "Fire", "Air", "Water"):
        assert row in text
    assert "2p" in text and " d " in text and "your hand: 4♣ 5♣" in text
    assert "2 cards in hand" in text and "7♥" not in text
    me = s.observation(0)["players"][0]
    table = sheet_table(me, s.observation(0)["rows"], "P1")
    styles = [str(c.style) for c in table.columns]
    assert styles[3] == "reverse bold" and styles.count("reverse bold") == 1  # column 3 is active
    assert coins([3, 1, 0]) == "3p n" and coins([0, 0, 0]) == "·"


def test_evaluate_shares_the_win_by_change_and_keeps_points_scored() -> None:
    state = start([{}, {}], [["A♣", "K♠", "Q♣"], ["10♥", "J♦", "Q♦"]])
    assert state.evaluate() == [12.5, 12.5]  # 25 cents each: an even share of the 25 points
    state.points[1] = 2.0  # type: ignore[attr-defined]
    assert state.evaluate() == [12.5, 14.5]
    state.sheets[1] = state.game.layout.new_sheet()  # type: ignore[attr-defined]  # player 2 left with nothing
    rich, poor = state.evaluate()
    assert 24.5 < rich < 25.0 and poor == pytest.approx(2.0, abs=0.5)
