"""Card texts a player reads, and menus with one forced choice at the terminal."""

from __future__ import annotations

import re

import elementa
from elementa.games.elemental_card_dice.effects import describe
from tests.cli.helpers import run


def test_card_texts_read_as_sentences() -> None:
    game = elementa.load_game("elemental-card-dice")
    for card in game.cards:
        text = describe(card)
        assert not re.search(r"\b(\w+) \1\b", text), text  # "Gain 2 × gold gold."
        if card.dice:
            assert "die" in text and not re.search(
                r"× (fire|earth|water|nature|magic|gold|utility)\b", text
            ), text
    gold = next(c for c in game.cards if c.effect == "gain_gold" and c.dice and c.num == 2)
    assert describe(gold) == "Gain gold: 2 × the gold die."
    assert (
        game.card_text(gold.name.upper())
        == f"{gold.name} - {gold.kind}, costs {gold.cost} gold: {describe(gold)}"
    )
    assert game.card_text("no such card") is None


def test_a_single_forced_choice_is_taken_unless_asked_to_confirm() -> None:
    script = "1\n" * 40
    quick = run("play", "elemental-card-dice", "--seed", "3", "--ai", "random", input=script)
    assert quick.exit_code == 0, quick.output
    assert "you: end the turn (the only choice)" in quick.stdout
    asked = run("play", "elemental-card-dice", "--seed", "3", "--ai", "random", "--confirm", input=script)
    assert asked.exit_code == 0, asked.output
    assert "(the only choice)" not in asked.stdout
    assert "[1-1, help]" in asked.stdout and "[1-1, help]" not in quick.stdout


def test_hand_at_the_prompt_shows_each_card_in_hand() -> None:
    result = run("play", "elemental-card-dice", "--seed", "3", "--ai", "random", input="1\n1\nhand\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Basic Income - blessing, costs 3 gold: Gain 1 gold." in result.stdout
