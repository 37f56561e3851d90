"""The rule-based agent (legal, reproducible, better than random) and the terminal view."""

from __future__ import annotations

import random
from typing import cast

import pytest
from rich.console import Console

import elementa
from elementa import Agent, play_game
from elementa.cli.render.elemental_warriors_ii import coins, render, sheet_table
from elementa.core import Action
from elementa.games.elemental_warriors_ii.agent import _MOVE_BONUS, BEST, HIT, HURT, _View
from elementa.games.elemental_warriors_ii.cards import ELEMENTS
from elementa.games.elemental_warriors_ii.sheet import COLUMNS, EMPTY, PENNY, Square, max_level, value
from elementa.games.elemental_warriors_ii.state import EW2State
from elementa.games.elemental_warriors_ii.view import combat_view
from tests.elemental_warriors_ii.helpers import NAME, play, start
from tests.elemental_warriors_ii.test_kept_state import PRESET_IDS, PRESETS
from tests.support.walk import decision_nodes


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
    assert "player 1 (you)" in text and "player 2" in text
    for row in ("Attack", "Defense", "Earth", "Fire", "Air", "Water"):
        assert row in text
    assert "2p" in text and " d " in text and "your hand: 4♣ 5♣" in text
    assert "2 cards in hand" in text and "7♥" not in text and "column 3" in text  # column 2 in data
    me = s.observation(0)["players"][0]
    table = sheet_table(me, s.observation(0)["rows"], "player 1")
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


def _sheet_after(state: EW2State, p: int, action: Action) -> list[tuple[Square, ...]]:
    """Player ``p``'s sheet after a sheet move, by column, made with the sheet's own methods."""
    sheet, lay = state.sheets[p].copy(), state.layout
    if action.kind == "pay":
        coin, row, col = action.args
        sheet.pay(row * COLUMNS + col, coin)
    elif action.kind == "add":
        row, col = action.args
        sheet.add_coin(row * COLUMNS + col, PENNY)
    elif action.kind == "rebalance":
        coin, row, col, dest = action.args
        i = row * COLUMNS + col
        sheet.move_coin(i, lay.targets[i][dest] or 0, coin)
    else:
        e, col, n, d = action.args
        i = lay.element_starts[e] + col
        sheet.exchange(i, (value(sheet[i]) - 5 * n - 10 * d, n, d))
    return [tuple(sheet[r * COLUMNS + c] for r in range(len(lay.rows))) for c in range(COLUMNS)]


@pytest.mark.parametrize("options", PRESETS, ids=PRESET_IDS)
def test_the_agents_sheet_move_gains_match_valuing_the_whole_sheet_again(options: dict[str, object]) -> None:
    """The rule-based agent values a pay, add, Rebalance or Recompile by working out again only
    the part of the column a changed square is in. At every sheet move of random playouts, that
    gain equals the weighted change of every column's worth, with the sheet after the move made by
    the sheet's own methods (and this turn's skirmish, once revealed); and the scores a decision
    compares, which value most Rebalances from the view's penny tables, are those gains plus each
    kind's bonus."""
    game = elementa.load_game(NAME, **options)
    checked = 0
    for seed in range(3):
        for state, p in decision_nodes(game.new_initial_state(seed), random.Random(seed), max_steps=2500):
            moves = [a for a in state.legal_actions(p) if a.kind in ("pay", "add", "rebalance", "recompile")]
            if not moves:
                continue
            view = _View(combat_view(cast(EW2State, state), p), p)
            for column in view.columns:  # the worth of its element squares' best powers
                squares = [column[view.elem[e]] for e in range(len(ELEMENTS))]
                powers = sum(BEST[e][max_level(sq) or 0] for e, sq in enumerate(squares) if sq != EMPTY)
                assert view.element_worth(column) == pytest.approx(powers, abs=1e-9)
            # each column's worth as the view works it out for the whole sheet at once
            assert view.my_elements == [view.element_worth(column) for column in view.columns]
            assert view.my_worth == [view.column_worth(column) for column in view.columns]
            for action in moves:
                after = _sheet_after(cast(EW2State, state), p, action)
                expected = sum(
                    view.weights[c] * (view.column_worth(after[c]) - view.column_worth(view.columns[c]))
                    for c in range(COLUMNS)
                )
                if view.revealed and view.obs.phase == "activate" and view.me.column is not None:
                    mine = after[view.me.column]
                    expected += 10 * HIT * (view.hits(mine) - view.hits())
                    expected -= 10 * HURT * (view.hurt(mine) - view.hurt())
                assert view.gain(action) == pytest.approx(expected, abs=1e-9), (seed, action.label)
                checked += 1
            # the scores a decision compares (Rebalances of pennies valued from the view's tables)
            fresh = _View(combat_view(cast(EW2State, state), p), p)
            scores = fresh.scores(moves, lambda _view, a: pytest.fail(f"{a.label} is a sheet move"))
            assert scores == pytest.approx([view.gain(a) + _MOVE_BONUS[a.kind] for a in moves], abs=1e-9)
    assert checked > 1000


@pytest.mark.parametrize("target", [0, 1])
def test_the_view_names_the_seat_a_player_attacks_counting_from_one(target: int) -> None:
    observation = start([{}, {}], [["3♣", "4♣", "5♣"], ["6♥", "7♥", "8♥"]]).observation(0)
    observation["players"][0]["target"] = target  # observations count seats from 0
    console = Console(record=True, width=120)
    console.print(render(observation, 0))
    assert f"attacks player {target + 1}" in console.export_text()
