"""What a Warriors player reads at the prompt: distinct menu entries, card texts, plain status lines."""

from __future__ import annotations

import random
from pathlib import Path

import elementa
from elementa.core import resolve_chance
from tests.cli.helpers import run
from tests.support.walk import decision_nodes
from tests.warriors.support import start_battle


def test_two_copies_of_one_card_on_a_fighter_read_differently(tmp_path: Path) -> None:
    s = start_battle(
        tmp_path,
        [("Battle Mage", ["Sonic Pistol", "Sonic Pistol"], []), ("Knight Errant", ["Greatsword"], [])],
    )
    labels = [a.label for a in s.legal_actions(0)]
    assert "remove Sonic Pistol #1 to your hand" in labels and "remove Sonic Pistol #2 to your hand" in labels
    attacks = [t for t in labels if t.startswith("attack ")]
    assert any("Sonic Pistol #1" in t for t in attacks) and any("Sonic Pistol #2" in t for t in attacks)
    assert len(set(labels)) == len(labels)


def test_no_two_legal_actions_read_the_same_in_random_games() -> None:
    for seed in range(4):
        state = elementa.load_game("warriors").new_initial_state(seed)
        for s, p in decision_nodes(state, random.Random(seed), 2500):
            labels = [a.label.lower() for a in s.legal_actions(p)]
            assert len(set(labels)) == len(labels), sorted(t for t in labels if labels.count(t) > 1)


def test_a_card_can_be_inspected_by_name() -> None:
    game = elementa.load_game("warriors")
    pistol = game.card_text("sonic pistol")
    assert pistol is not None
    assert pistol.startswith("Sonic Pistol - weapon") and "damage 1-4" in pistol and "breaks on 20%" in pistol
    medic = game.card_text("Draconian Medic")
    assert medic is not None and "durability 5" in medic and "heal 2" in medic
    assert game.card_text("no such card") is None


def test_status_lines_name_players_in_words() -> None:
    state = elementa.load_game("warriors").new_initial_state(7)
    while state.is_chance_node():
        resolve_chance(state)
    decision = state.observation(0)["decision"]
    assert decision.endswith("waiting for players 1 and 2"), decision
    assert "[" not in decision


def test_hand_and_card_commands_at_the_prompt() -> None:
    script = "hand\ncard sonic pistol\ncard nothing\nquit\n"
    result = run("play", "warriors", "--seed", "7", "--ai", "random", input=script)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Sonic Pistol - weapon, tech, missile: damage 1-4, 1 hand, breaks on 20%" in out
    assert "Draconian Medic - fighter: durability 5" in out  # from 'hand': every card held
    assert "no card named 'nothing' in Warriors" in out
    assert "waiting for players [" not in out
