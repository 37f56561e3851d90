"""Typed answers: table-dice short forms, suggestions for unknown words, the thinking indicator."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import elementa
from elementa.agents import make_agent
from elementa.cli.play import PlaySession
from elementa.cli.render import short_forms
from elementa.cli.typed import short_form_match, suggestions
from elementa.core import Action
from tests.cli.helpers import run

FACES = ("Fire", "Water", "Earth", "Air", "Ether", "Sun")


def die_outcomes(die: str = "die 1") -> list[Action]:
    space = elementa.load_game("elementalis").action_space
    return [space.make("face", i, label=f"{die} rolls {face}") for i, face in enumerate(FACES)]


@pytest.mark.parametrize(
    ("typed", "face"),
    [
        ("sun", "Sun"),
        ("Ether", "Ether"),
        ("ETH", "Ether"),
        ("rolls air", "Air"),
        ("die 1 rolls Water", "Water"),
        ("E", "Earth"),  # the board's letter for Earth (Ether is '*')
        ("*", "Ether"),
        ("w", "Water"),
    ],
)
def test_a_short_form_names_one_outcome(typed: str, face: str) -> None:
    named, candidates = short_form_match(typed, die_outcomes(), short_forms("elementalis"))
    assert named is not None and str(named).endswith(face) and candidates == []


def test_the_sun_die_is_named_by_its_face_not_by_its_name() -> None:
    named, _ = short_form_match("sun", die_outcomes("Sun die"), short_forms("elementalis"))
    assert str(named) == "Sun die rolls Sun"


def test_an_ambiguous_or_unknown_short_form_names_nothing() -> None:
    named, candidates = short_form_match("e", die_outcomes(), {})  # no board letters: Earth or Ether
    assert named is None and [str(a) for a in candidates] == ["die 1 rolls Earth", "die 1 rolls Ether"]
    assert short_form_match("moon", die_outcomes(), short_forms("elementalis")) == (None, [])
    assert short_form_match("  ", die_outcomes(), {}) == (None, [])


def test_suggestions_are_the_closest_choices() -> None:
    assert suggestions("baord", ["board", "rules", "save", "keep"]) == ["board"]
    assert suggestions("Reroll", ["keep", "reroll"]) == ["reroll"]
    assert suggestions("zzz", ["keep", "reroll"]) == []
    # a word of a label suggests it too
    assert suggestions("sun", ["board", "take Sun as Major", "take Moon as Major"]) == ["take Sun as Major"]


def test_table_dice_take_short_forms_at_the_prompt() -> None:
    # Arcana and the Flux Tap first (1, 1, 1), then the Sun die and one die per place of the roll
    script = "1\n1\n1\nsun\nsun\nfoo\nether\nE\nquit\n"
    result = run(
        "play", "elementalis", "-p", "2", "--table-dice", "--ai", "random", "--seed", "1", input=script
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    for outcome in ("Sun die rolls Sun", "die 1 rolls Sun", "die 2 rolls Ether", "die 3 rolls Earth"):
        assert f"chance: {outcome}" in out
    assert "not understood: 'foo'" in out


def test_an_unknown_word_gets_the_closest_commands_and_options() -> None:
    result = run("play", "toy-dice", "--seed", "2", input="baord\nkep\nbid 2\nkep\nkeep\n")
    assert result.exit_code == 0, result.output
    assert "not understood: 'baord'; did you mean 'board'?" in result.stdout
    assert "did you mean 'keep'" in result.stdout


def test_a_thinking_indicator_is_shown_on_a_terminal_only() -> None:
    game = elementa.load_game("toy-dice")

    def watch(console: Console) -> None:
        agents = {p: make_agent("easy", game, p, p) for p in range(2)}
        PlaySession(
            game.new_initial_state(1), human=None, agents=agents, console=console, seats=["easy", "easy"]
        ).run()

    terminal, transcript = io.StringIO(), io.StringIO()
    watch(Console(file=terminal, force_terminal=True, width=100))
    watch(Console(file=transcript, width=100))
    assert "player 2 (easy) is thinking..." in terminal.getvalue()
    assert "thinking" not in transcript.getvalue()
