"""Menu mechanics of the terminal client: two-step menus, unique entry texts, merged chance lines."""

from __future__ import annotations

from elementa.cli.menu import (
    GROUP_THRESHOLD,
    Navigator,
    attach,
    build_menu,
    compact_log,
    find_by_text,
    unique_texts,
)
from elementa.core import Action, ActionSpace

SPACE = ActionSpace([("preset", (2,)), ("place", (3, 20))])
COINS = ("penny", "nickel", "dime")


def actions() -> list[Action]:
    out = [SPACE.make("preset", k, label=f"use layout {k}") for k in range(2)]
    out += [
        SPACE.make("place", c, sq, label=f"put a {COINS[c]} on square {sq + 1}")
        for c in range(3)
        for sq in range(20 if c == 0 else 1)
    ]
    return out


def by_coin(action: Action) -> tuple[str, str] | None:
    if action.kind != "place":
        return None
    return f"put a {COINS[action.args[0]]} on ...", f"square {action.args[1] + 1}"


def test_a_long_menu_comes_in_two_steps_with_the_ungrouped_actions_first() -> None:
    options = actions()
    assert len(options) > GROUP_THRESHOLD
    top = build_menu(options, by_coin)
    assert [e.text for e in top] == [
        "use layout 0",
        "use layout 1",
        "put a penny on ... ... (20 choices)",
        "put a nickel on square 1",  # a group of one is the action itself
        "put a dime on square 1",
    ]
    pennies = top[2]
    assert pennies.action is None and len(pennies.members) == 20
    assert pennies.members[4].text == "square 5" and pennies.members[4].action == options[6]
    # every action is reachable exactly once
    reached = [e.action for e in top if e.action] + [m.action for e in top for m in e.members]
    assert sorted(a.id for a in reached if a) == sorted(a.id for a in options)


def test_short_menus_and_games_without_groups_stay_flat() -> None:
    options = actions()
    assert [e.action for e in build_menu(options)] == options
    few = options[:GROUP_THRESHOLD]
    assert [e.action for e in build_menu(few, by_coin)] == few


def test_typed_labels_find_actions_inside_groups() -> None:
    options = actions()
    top = build_menu(options, by_coin)
    found = find_by_text(top, "PUT A PENNY ON SQUARE 7")
    assert found is not None and found.action == options[8]
    assert find_by_text(top, "put a penny on square 99") is None


def test_no_two_entries_read_the_same() -> None:
    texts = unique_texts(["attack", "attack", "keep", "Attack", "attack (another one)"])
    assert len({t.lower() for t in texts}) == 5
    assert texts[0] == "attack" and texts[2] == "keep" and texts[4] == "attack (another one)"
    assert unique_texts(["x", "x", "x"]) == ["x", "x (another one)", "x (a third one)"]
    same = [SPACE.make("preset", k, label="use a layout") for k in range(2)]
    entries = build_menu(same)
    assert entries[0].text != entries[1].text and [e.action for e in entries] == same


def test_runs_of_chance_lines_become_one_line() -> None:
    lines = [
        "you: roll",
        "chance: Sun die rolls Fire",
        "chance: die 1 rolls Sun",
        "player 2: pass",
        "chance: player 1 draws Medkit",
        "chance: player 1 draws Sonic Pistol",
        "chance: player 2 draws a card",
    ]
    assert compact_log(lines) == [
        "you: roll",
        "chance: Sun die rolls Fire · die 1 rolls Sun",
        "player 2: pass",
        "chance: player 1 draws Medkit, Sonic Pistol · player 2 draws a card",
    ]
    assert compact_log(["chance: player 2 draws a card"] * 3) == ["chance: player 2 draws a card ×3"]
    same = ["player 2: declaration made in secret", "player 3: declaration made in secret", "you: pass"]
    assert compact_log(same) == ["player 2, player 3: declaration made in secret", "you: pass"]
    assert compact_log(["you: pass", *["player 2 has chosen"] * 11]) == [
        "you: pass",
        "player 2 has chosen (×11)",
    ]


def test_the_navigator_opens_groups_goes_back_and_explains_bad_input() -> None:
    options = actions()
    nav = Navigator(options, by_coin)
    assert nav.choices() == "1-5"
    assert nav.answer("0") == "not understood: '0'; type a number from 1 to 5, or 'help'"
    assert nav.answer("6") == "there is no option 6: type a number from 1 to 5"
    assert nav.answer("3") is None and nav.group == "put a penny on ... ... (20 choices)"
    assert nav.choices() == "1-20, back"
    assert nav.answer("7") == options[8]  # square 7
    assert nav.answer("back") is None and nav.entries is nav.top and nav.choices() == "1-5"
    assert nav.answer("put a dime on square 1") == options[-1]  # a label typed at the first step
    assert nav.answer("Put a penny on square 20") == options[21]  # or one inside a group


def test_outcomes_of_ones_own_action_join_its_line() -> None:
    outcomes = ["player 2 banks 3 Water (player 2's Pool: 9)", "1 Air into your Channel"]
    assert attach("player 2: stop and bank the Channel", outcomes) == [
        "player 2: stop and bank the Channel → player 2 banks 3 Water (player 2's Pool: 9)",
        "1 Air into your Channel",
    ]
    assert attach("you: cast Char", ["you pay 1 Fire"]) == ["you: cast Char → you pay 1 Fire"]
    assert attach("player 3: pass", []) == ["player 3: pass"]


def test_three_chance_events_with_one_verb_say_it_once() -> None:
    rolls = ["chance: Sun die rolls Fire", "chance: die 1 rolls Sun", "chance: die 2 rolls Air"]
    assert compact_log(rolls) == ["chance: Sun die rolls Fire, die 1 Sun, die 2 Air"]
    mixed = ["chance: a hidden outcome", "chance: roll 1", "chance: coin shows heads"]
    assert compact_log(mixed) == ["chance: a hidden outcome · roll 1 · coin shows heads"]
