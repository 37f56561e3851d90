"""The tutorial engine (elementa.tutorials) and every game's tutorial file, through the public API."""

from __future__ import annotations

import json

import pytest

from elementa.core import list_games
from elementa.tutorials import (
    Lesson,
    Tutorial,
    TutorialError,
    load_tutorial,
    parse_tutorial,
    tutorial_games,
    verify,
)

GAMES = ["elemenders", "elemental-card-dice", "elemental-warriors-ii", "elementalis", "warriors"]


def snapshot(lesson: Lesson) -> tuple[int, list[tuple[int, int]], str]:
    """What must not change when a move is refused: the step, the history and the learner's view."""
    return lesson.index, lesson.state.history(), json.dumps(lesson.view(), sort_keys=True)


def test_every_game_of_the_package_ships_a_tutorial_and_others_have_none() -> None:
    assert tutorial_games() == GAMES
    assert "toy-dice" in {g.info.name for g in list_games()}  # the tests' toy game: no tutorial file


@pytest.mark.parametrize("game", GAMES)
def test_the_intended_moves_walk_the_tutorial_to_its_end(game: str) -> None:
    tutorial = load_tutorial(game)
    assert 4 <= len(tutorial.steps) <= 8
    lesson = Lesson(tutorial)
    for index, step in enumerate(tutorial.steps):
        view = lesson.view()
        assert json.loads(json.dumps(view)) == view  # a server can send it as it is
        assert (view["step"], view["title"], view["done"]) == (index, step.title, False)
        legal = {a["id"] for a in view["legal"]}
        intended = lesson.intended()
        assert intended and all(a.id in legal for a in intended)
        outcome = lesson.attempt(intended[0].to_json())  # the JSON form a browser would send
        assert outcome.verdict == "accepted", outcome
        assert outcome.move is not None and outcome.move["id"] == intended[0].id
        assert outcome.done == (index == len(tutorial.steps) - 1)
        assert json.loads(json.dumps(outcome.to_json())) == outcome.to_json()
    assert lesson.done and lesson.view()["done"] and lesson.view()["legal"] == []
    after = lesson.attempt("anything")
    assert (after.verdict, after.code, after.done) == ("illegal", "tutorial/done", True)
    # every alternative intended move leads to a step that can be set up too
    assert verify(tutorial).done


@pytest.mark.parametrize("game", GAMES)
def test_other_legal_moves_are_explained_and_change_nothing(game: str) -> None:
    lesson = Lesson(load_tutorial(game))
    tried = 0
    while not lesson.done:
        step = lesson.step
        intended = {a.id for a in lesson.intended()}
        others = [a for a in lesson.state.legal_actions(lesson.seat) if a.id not in intended]
        for action in others[:3]:
            before = snapshot(lesson)
            outcome = lesson.attempt(action.notation())
            assert outcome.verdict == "legal", outcome
            assert outcome.move is not None and outcome.move["id"] == action.id
            specific = [e.text for e in step.explain]
            assert step.other in outcome.message or any(text in outcome.message for text in specific)
            assert snapshot(lesson) == before
            tried += 1
        lesson.attempt(lesson.intended()[0])
    assert tried > 0


@pytest.mark.parametrize("game", GAMES)
def test_illegal_moves_are_refused_with_the_reason_and_change_nothing(game: str) -> None:
    lesson = Lesson(load_tutorial(game))
    space = lesson.game.action_space
    while not lesson.done:
        legal = {a.id for a in lesson.state.legal_actions(lesson.seat)}
        illegal_id = next(i for i in range(space.size) if i not in legal)
        before = snapshot(lesson)
        outcome = lesson.attempt({"id": illegal_id})
        assert (outcome.verdict, outcome.code) == ("illegal", "action/illegal"), outcome
        assert "is not among the legal actions now" in outcome.message  # the IllegalActionError's reason
        assert outcome.move is not None and outcome.move["id"] == illegal_id
        unread = lesson.attempt("no-such-kind part=1")
        assert (unread.verdict, unread.code, unread.move) == ("illegal", "action/unparsable", None)
        assert "unknown action kind" in unread.message
        assert snapshot(lesson) == before
        lesson.attempt(lesson.intended()[0])


def test_a_specific_explanation_answers_its_own_moves() -> None:
    lesson = Lesson(load_tutorial("elemenders"))
    lesson.attempt("mark monolith=2")
    on_a_monolith = lesson.attempt("place element=fire column=1")  # B1 holds a monolith
    assert on_a_monolith.verdict == "illegal"
    assert "A monolith stands on that square" in on_a_monolith.message
    elsewhere = lesson.attempt("move square=3")  # not a set-up move at all: the step's general text
    assert elsewhere.verdict == "illegal" and "back row only" in elsewhere.message
    legal_other = lesson.attempt("place element=fire column=0")
    assert legal_other.verdict == "legal" and "plant guard on E1 or G1" in legal_other.message

    spell = Lesson(load_tutorial("elementalis"))
    while spell.step.title != "Cast Char on the Water die":
        spell.attempt(spell.intended()[0])
    burn = spell.attempt("cast spell=Burn die=2")
    assert burn.verdict == "legal" and "costs 2 Fire" in burn.message
    assert spell.attempt("cast spell=Char die=2").verdict == "accepted"


MINIMAL = """
game = "elementalis"
title = "t"
[[steps]]
title = "s"
start = "new-game"
text = "x"
intended = ["major arcana=Fire"]
other = "y"
"""


def test_a_minimal_tutorial_reads_and_runs_with_its_options() -> None:
    tutorial = parse_tutorial(
        MINIMAL.replace('title = "t"', 'title = "t"\nplayers = 2\noptions = {rounds = 3}')
    )
    assert isinstance(tutorial, Tutorial)
    lesson = Lesson(tutorial)
    assert lesson.game.num_players == 2 and lesson.view()["observation"]["rounds"] == 3
    assert lesson.attempt("major arcana=Fire").done


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (('intended = ["major arcana=Fire"]', ""), "steps[0].intended", "add the field 'intended'"),
        (('other = "y"', 'other = "y"\nwhy = "z"'), "steps[0].why", "remove or rename it"),
        (('start = "new-game"', 'start = "later"'), "steps[0].start", "new-game"),
        (('start = "new-game"', 'start = "position"'), "steps[0]", "position exactly when"),
        (('start = "new-game"', ""), "", "steps[0].start must be"),
        (('intended = ["major arcana=Fire"]', "intended = []"), "steps[0].intended", "at least one"),
        (('title = "t"', 'title = "t"\nseat = -1'), "seat", "not negative"),
        (('game = "elementalis"', 'game = "elementalis'), "", "not TOML"),
    ],
)
def test_a_malformed_file_is_refused_naming_the_field_and_the_fix(
    change: tuple[str, str], field: str, words: str
) -> None:
    text = MINIMAL.replace(*change)
    with pytest.raises(TutorialError) as caught:
        parse_tutorial(text, "mine.toml")
    assert caught.value.field == field
    assert str(caught.value).startswith("mine.toml: ") and words in str(caught.value)


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (("major arcana=Fire", "major arcana=Fyre"), "steps[0].intended[0]", "'Fyre'"),
        (("major arcana=Fire", "minor arcana=Fire"), "steps[0].intended[0]", "not legal at this step"),
        (("major arcana=Fire", "mana element=Fire"), "steps[0].intended[0]", "needs its part 'amount'"),
        (('game = "elementalis"', 'game = "chess"'), "game", "chess"),
        (('title = "t"', 'title = "t"\nplayers = 9'), "game", "players"),
        (('title = "t"', 'title = "t"\nseat = 5'), "seat", "outside 0..3"),
        (('title = "t"', 'title = "t"\noptions = {rounds = 0}'), "game", "rounds"),
        (
            ('other = "y"', 'other = "y"\n[[steps.explain]]\nmoves = ["major arcana=Fire"]\ntext = "z"'),
            "steps[0].explain[0].moves[0]",
            "is an intended move",
        ),
    ],
)
def test_moves_and_games_are_checked_when_a_lesson_sets_a_step_up(
    change: tuple[str, str], field: str, words: str
) -> None:
    tutorial = parse_tutorial(MINIMAL.replace(*change))
    with pytest.raises(TutorialError) as caught:
        Lesson(tutorial)
    assert caught.value.field == field and words in str(caught.value)


def test_a_step_that_leaves_another_seat_to_move_names_its_scripted_moves() -> None:
    text = MINIMAL + '\n[[steps]]\ntitle = "s2"\ntext = "x"\nintended = ["minor arcana=Air"]\nother = "y"\n'
    lesson = Lesson(parse_tutorial(text))
    with pytest.raises(TutorialError) as caught:
        lesson.attempt("major arcana=Fire")  # player 2 drafts next: the file scripts no moves for them
    assert caught.value.field == "steps[1].moves" and "player 2 is to move" in str(caught.value)
    scripted = MINIMAL + (
        '\n[[steps]]\ntitle = "s2"\ntext = "x"\nintended = ["minor arcana=Air"]\nother = "y"\n'
        'moves = ["major arcana=Water", "major arcana=Fire"]\n'
    )
    lesson = Lesson(parse_tutorial(scripted))
    with pytest.raises(TutorialError) as caught:
        lesson.attempt("major arcana=Fire")
    assert caught.value.field == "steps[1].moves[1]" and "not among the legal actions" in str(caught.value)


def test_an_unknown_game_has_no_tutorial() -> None:
    with pytest.raises(TutorialError) as caught:
        load_tutorial("chess")
    assert caught.value.code == "tutorial/unknown" and "elementalis" in str(caught.value)


def test_a_fork_plays_on_without_touching_the_original() -> None:
    lesson = Lesson(load_tutorial("elementalis"))
    before = snapshot(lesson)
    twin = lesson.fork()
    assert twin.attempt("major arcana=Fire").verdict == "accepted"
    assert snapshot(lesson) == before and twin.index == 1


def test_a_lesson_resumes_from_the_ids_it_played() -> None:
    tutorial = load_tutorial("warriors")
    lesson = Lesson(tutorial)
    for _ in range(3):
        lesson.attempt(lesson.intended()[0])
    again = Lesson.resume(tutorial, list(lesson.played))
    assert len(lesson.played) == 3 and snapshot(again) == snapshot(lesson)
    with pytest.raises(TutorialError) as caught:
        Lesson.resume(tutorial, [*lesson.played, lesson.played[0]])
    assert (caught.value.field, caught.value.code) == ("played[3]", "tutorial/progress")
