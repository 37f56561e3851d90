"""Elemental Warriors II at the terminal: two-step menus, Recompile labels, the effects table."""

from __future__ import annotations

import random
import re

import elementa
from elementa.cli.menu import GROUP_THRESHOLD, build_menu
from elementa.cli.render.elemental_warriors_ii import menu_group
from elementa.core import Action, State
from tests.cli.helpers import run
from tests.support.walk import decision_nodes


def reachable(options: list[Action]) -> tuple[list[str], list[int]]:
    """The top-level texts of the menu of ``options``, and the ids of every action it reaches."""
    top = build_menu(options, menu_group)
    ids = [e.action.id for e in top if e.action] + [m.action.id for e in top for m in e.members if m.action]
    return [e.text for e in top], ids


def random_nodes(seed: int, steps: int = 600) -> list[tuple[State, int]]:
    """Copies of the decision nodes of seat 1 in a random game (state, seat)."""
    state = elementa.load_game("elemental-warriors-ii").new_initial_state(seed)
    return [(s.clone(), p) for s, p in decision_nodes(state, random.Random(seed), steps) if p == 0]


def test_set_up_comes_in_two_steps_presets_first() -> None:
    state = elementa.load_game("elemental-warriors-ii").new_initial_state(1)
    options = state.legal_actions(0)
    assert len(options) > 100
    texts, ids = reachable(options)
    assert len(texts) <= 20
    assert texts[0] == "use the balanced layout" and all(t.startswith("use the ") for t in texts[:5])
    assert "put a penny on Defense ... (10 choices)" in texts
    assert sorted(ids) == sorted(a.id for a in options)


def test_every_long_menu_is_shorter_and_reaches_each_action_once() -> None:
    long_menus = 0
    for state, p in random_nodes(3):
        options = state.legal_actions(p)
        texts, ids = reachable(options)
        assert sorted(ids) == sorted(a.id for a in options)
        assert len({t.lower() for t in texts}) == len(texts)
        if len(options) > GROUP_THRESHOLD:
            long_menus += 1
            assert len(texts) < len(options), texts
    assert long_menus > 3


def test_recompile_labels_name_only_the_coins_you_get() -> None:
    labels = {a.label for s, p in random_nodes(5) for a in s.legal_actions(p) if a.kind == "recompile"}
    assert labels
    for label in labels:
        coins = r"(\d dimes?|\d nickels?)( and \d nickels?)?, any rest in pennies"
        assert re.fullmatch(rf"recompile \w+ \d+ into (pennies only|{coins})", label), label
        assert " 0 " not in label


def test_the_rules_list_every_elemental_effect() -> None:
    rules = type(elementa.load_game("elemental-warriors-ii")).rules_summary()
    rows = re.findall(r"^\| (Earth|Fire|Air|Water) \(.\) \| (p|n|nn|d|nd|dd) \| .{10,} \|$", rules, re.M)
    for element in ("Earth", "Fire", "Air", "Water"):
        levels = [level for e, level in rows if e == element]
        assert levels == ["p", "n", "nn", "d", "nd", "dd", "dd"], (element, levels)


def test_the_terminal_asks_for_the_row_then_the_square() -> None:
    result = run(
        "play", "elemental-warriors-ii", "--seed", "7", "--ai", "random", input="7\nback\n7\n3\nquit\n"
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "put a penny on Defense ... (10 choices)" in out
    assert "Defense 3" in out and "[1-10, back, help]" in out
    assert "you: put a penny on Defense 3" in out  # the next screen's log
