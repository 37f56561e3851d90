"""Screens at 80 columns: the ElementaliS seat table, `elementa games`, the board before decisions,
Elemental Warriors II's Recovery menu, table dice."""

from __future__ import annotations

import copy
import math
import random
import re
from typing import Any

import pytest
from rich.console import Console

import elementa
from elementa.agents import make_agent
from elementa.cli.render import render_observation
from elementa.core import CHANCE
from tests.cli.helpers import run


def finished(name: str, seed: int) -> elementa.State:
    game = elementa.load_game(name)
    return elementa.play_game(
        game, [make_agent("random", game, p, p) for p in range(game.num_players)], seed=seed
    )


def test_the_elementalis_seat_table_fits_80_columns_and_says_colourless() -> None:
    state = finished("elementalis", 5)
    observation: dict[str, Any] = copy.deepcopy(state.observation(0))
    observation["players"][1]["colourless"] = 2
    console = Console(width=80, record=True)
    console.print(render_observation("elementalis", observation, 0))
    text = console.export_text()
    assert "clr" not in text
    for p in observation["players"]:
        seat = p["seat"] + 1
        row = rf"│ [> ] +{seat}( \(you\))? +\S+ +\S+ / \S+ +\d+F \d+W \d+E \d+A( \+\d+ colourless)? +\d+ +│"
        assert len([line for line in text.splitlines() if re.match(row, line)]) == 1, text
    assert "+2 colourless" in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_games_at_80_columns_shows_every_name_to_type_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    # "elemental-warriors-…" was all 80 columns showed of a name the user must type
    monkeypatch.setenv("COLUMNS", "80")
    result = run("games")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert "…" not in result.stdout
    cells = {cell.strip() for line in lines for cell in line.split("│")}
    for listing in elementa.list_games():
        assert listing.info.name in cells
        assert {o.name for o in listing.options} <= cells


def screens(output: str, width: int = 80) -> list[int]:
    """The height in terminal lines of each decision screen of a transcript: from its rule to its
    prompt, long lines wrapped at ``width``."""
    lines, heights, start = output.splitlines(), [], None
    for i, line in enumerate(lines):
        if re.search(r" · move \d+ · ", line):
            start = i
        elif line.startswith("Your choice [") and start is not None:
            heights.append(sum(max(1, math.ceil(len(x) / width)) for x in lines[start : i + 1]))
            start = None
    return heights


@pytest.mark.parametrize(("game", "seed"), [("elemental-warriors-ii", 0), ("elemental-card-dice", 1)])
def test_at_80_by_50_the_board_stays_on_screen_at_every_decision(
    game: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the board scrolled away before 46% of Elemental Warriors II's and 24% of Card-Dice's decisions
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "50")
    rng = random.Random(seed)
    typed = "".join(f"{rng.choice('1213')}\n" for _ in range(120)) + "quit\n"
    result = run("play", game, "--seed", str(seed), "--ai", "greedy", input=typed)
    assert result.exit_code == 0, result.output
    heights = screens(result.stdout)
    assert len(heights) > 30 and max(heights) <= 50, sorted(heights)[-5:]


def test_a_shortened_log_says_so_and_log_prints_all_of_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from io import StringIO

    from elementa.cli.play import PlaySession

    state = elementa.load_game("toy-dice").new_initial_state(seed=4)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance_outcome(random.Random(0)))
    out = StringIO()
    console = Console(file=out, width=80, height=20, force_terminal=True, color_system=None)
    session = PlaySession(state, human=0, agents={}, console=console)
    session.log = [f"player 2: passes the note number {i}" for i in range(40)]
    answers = iter(["log", "1"])
    monkeypatch.setattr(Console, "input", lambda self, *a, **k: next(answers))
    session._prompt("Your move", state.legal_actions(0))
    screen, _, rest = out.getvalue().partition("\nlog\n")  # the answer, echoed
    [hidden] = re.findall(r"Since your last move \((\d+) earlier lines: type 'log'\):", screen)
    assert len(screen.splitlines()) < 20 and int(hidden) > 20
    assert all(f"note number {i}" in rest for i in range(40))  # 'log': every line


def test_recovery_opens_with_a_handful_of_entries() -> None:
    # Recovery opened with 24 entries: one group per square a coin could leave
    from elementa.cli.menu import build_menu
    from elementa.cli.render.elemental_warriors_ii import menu_group
    from tests.support.walk import decision_nodes

    state = elementa.load_game("elemental-warriors-ii").new_initial_state(1)
    largest = 0
    for node, p in decision_nodes(state, random.Random(1), 800):
        options = node.legal_actions(p)
        if any(a.kind == "rebalance" for a in options):
            rebalances = sum(a.kind == "rebalance" for a in options)
            top = build_menu(options, menu_group, threshold=0)
            largest = max(largest, rebalances)
            assert len(top) <= len(options) - rebalances + 6, [e.text for e in top]
    assert largest > 20


def test_table_dice_take_a_whole_roll_on_one_line() -> None:
    # each die was a prompt of its own (six per ElementaliS roll)
    one_by_one = run(
        "play", "toy-dice", "--table-dice", "--ai", "random", "--seed", "1", input="6\n1\n1\n1\n1\n"
    )
    together = run(
        "play", "toy-dice", "--table-dice", "--ai", "random", "--seed", "1", input="6 1\n1\n1\n1\n"
    )
    assert together.exit_code == 0, together.output
    assert one_by_one.stdout.count("Outcome [") == together.stdout.count("Outcome [") + 1
    assert "dice: [6, 1]" in together.stdout[together.stdout.index("game over") :]
    wrong = run("play", "toy-dice", "--table-dice", "--ai", "random", "--seed", "1", input="6 9\n1\nquit\n")
    assert "'9' is not an outcome of this draw; not used: 9" in wrong.stdout
    assert wrong.stdout.count("Outcome [") == 2  # asked again for the second die


def test_table_dice_on_an_elementalis_roll_ask_once() -> None:
    typed = "1\n1\n1\nsun fire water earth air ether\nquit\n"
    out = run("play", "elementalis", "--table-dice", "--seed", "2", "--ai", "greedy", input=typed).stdout
    assert out.count("Outcome [") == 1
    assert "chance: Sun die rolls Sun, die 1 Fire, die 2 Water, die 3 Earth, die 4 Air, die 5 Ether" in out
