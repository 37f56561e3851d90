"""The person's screen never shows what their seat may not see (the toy game hides others' dice)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

import elementa
from elementa.cli.play import PlaySession
from elementa.cli.view import describe
from elementa.core import Action, Agent, State
from elementa.core.runner import resolve_chance
from tests.cli.helpers import run


class FirstAgent(Agent):
    """Takes the first legal action: bid 0, then keep (so no die is rerolled)."""

    def step(self, state: State) -> Action:
        return state.legal_actions(self.player)[0]


def dealt_dice(seed: int) -> tuple[int, int]:
    """The dice dealt to seats 1 and 2 in game ``seed``, each read from its own seat's view."""
    state = elementa.load_game("toy-dice").new_initial_state(seed)
    resolve_chance(state)
    resolve_chance(state)
    return state.observation(0)["dice"][0], state.observation(1)["dice"][1]


def screens(seed: int, monkeypatch: pytest.MonkeyPatch) -> tuple[str, list[str]]:
    """Everything the person at seat 1 sees while playing game ``seed`` (bid 0, keep), and the last log."""
    state = elementa.load_game("toy-dice").new_initial_state(seed)
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n"))
    session = PlaySession(
        state, human=0, agents={1: FirstAgent(1)}, console=Console(file=out, width=100, soft_wrap=True)
    )
    assert session.run().is_terminal()
    return out.getvalue(), session.log


def test_screens_do_not_depend_on_the_opponents_hidden_die(monkeypatch: pytest.MonkeyPatch) -> None:
    by_own_die: dict[int, list[tuple[int, int]]] = {}
    for seed in range(200):
        mine, theirs = dealt_dice(seed)
        by_own_die.setdefault(mine, []).append((theirs, seed))
    pairs = [(a, b) for games in by_own_die.values() for a in games for b in games if a[0] < b[0]]
    assert pairs, "no two seeds deal the same die to seat 1 and different dice to seat 2"
    (_, seed_a), (_, seed_b) = pairs[0]
    screen_a, log_a = screens(seed_a, monkeypatch)
    screen_b, log_b = screens(seed_b, monkeypatch)
    assert screen_a == screen_b
    assert log_a == log_b
    assert re.search(r"chance: roll \d · a hidden outcome", screen_a)  # the deal, merged into one line
    assert "dice: [" in screen_a and ", ?]" in screen_a


def test_cli_boards_hide_the_other_dice_until_the_end() -> None:
    for seed in range(6):
        out = run("play", "toy-dice", "--seed", str(seed), "-p", "3", input="1\n2\n").stdout
        before_end = out[: out.index("game over")]
        boards = re.findall(r"dice: \[(.*)\]", before_end)
        assert boards
        for board in boards:
            assert board.split(", ")[1:] == ["?", "?"]


def test_describe_hides_other_seats_deals_but_not_ours() -> None:
    game = elementa.load_game("toy-dice")
    state = game.new_initial_state(0)
    outcome = state.chance_outcomes()[3][0]  # seat 1's die
    assert describe(state, outcome, elementa.CHANCE, viewer=0) == "chance: roll 4"
    state.apply_action(outcome)
    outcome = state.chance_outcomes()[5][0]  # seat 2's die
    assert describe(state, outcome, elementa.CHANCE, viewer=0) == "chance: a hidden outcome"
    assert describe(state, outcome, elementa.CHANCE, viewer=1) == "chance: roll 6"
    assert describe(state, outcome, elementa.CHANCE, viewer=None) == "chance: a hidden outcome"


def test_sealed_bids_read_as_chosen() -> None:
    game = elementa.load_game("toy-dice")
    state = game.new_initial_state(0)
    resolve_chance(state)
    resolve_chance(state)
    bid = state.legal_actions(1)[2]
    assert describe(state, bid, 1, viewer=0) == "player 2 has chosen"
    assert describe(state, bid, 1, viewer=1) == "you: bid 2"
