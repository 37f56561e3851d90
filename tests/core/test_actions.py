"""ActionSpace numbering and the Action value type."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from elementa.core import Action, ActionSpace, Part, list_games, load_game

# A space of up to 5 kinds, each with up to 3 arguments of radix 1..6.
radices_lists = st.lists(st.lists(st.integers(1, 6), max_size=3), min_size=1, max_size=5)


def space_of(radices: list[list[int]]) -> ActionSpace:
    return ActionSpace([(f"kind{i}", r) for i, r in enumerate(radices)])


def every_action(radices: list[list[int]]) -> list[tuple[str, tuple[int, ...]]]:
    return [
        (f"kind{i}", args)
        for i, r in enumerate(radices)
        for args in itertools.product(*(range(x) for x in r))
    ]


@given(radices_lists, st.data())
def test_encode_then_decode_gives_the_action_back(radices: list[list[int]], data: st.DataObject) -> None:
    space = space_of(radices)
    i = data.draw(st.integers(0, len(radices) - 1))
    args = tuple(data.draw(st.integers(0, r - 1)) for r in radices[i])
    action_id = space.encode(f"kind{i}", *args)
    assert 0 <= action_id < space.size
    assert space.decode(action_id) == (f"kind{i}", args)
    action = space.make(f"kind{i}", *args, label="words")
    assert (action.id, action.kind, action.args, action.label) == (action_id, f"kind{i}", args, "words")


@given(radices_lists)
def test_ids_number_every_action_exactly_once_in_declaration_order(radices: list[list[int]]) -> None:
    space = space_of(radices)
    ids = [space.encode(kind, *args) for kind, args in every_action(radices)]
    assert ids == list(range(space.size))
    assert [space.decode(i) for i in ids] == every_action(radices)


@given(radices_lists, st.integers(-1000, 1000))
def test_decode_outside_the_space_raises(radices: list[list[int]], action_id: int) -> None:
    space = space_of(radices)
    assume(not 0 <= action_id < space.size)
    with pytest.raises(ValueError, match=f"action id {action_id} outside range"):
        space.decode(action_id)


@given(radices_lists, st.data())
def test_encode_an_argument_out_of_range_raises(radices: list[list[int]], data: st.DataObject) -> None:
    assume(any(radices))
    i = data.draw(st.sampled_from([i for i, r in enumerate(radices) if r]))
    args = [0] * len(radices[i])
    slot = data.draw(st.integers(0, len(args) - 1))
    args[slot] = data.draw(st.sampled_from([-1, radices[i][slot], radices[i][slot] + 5]))
    with pytest.raises(ValueError, match=f"argument {args[slot]} of kind{i} outside range"):
        space_of(radices).encode(f"kind{i}", *args)


def test_encode_with_the_wrong_number_of_arguments_raises() -> None:
    space = ActionSpace([("pass", ()), ("roll", (6,))])
    with pytest.raises(ValueError, match="roll takes 1 arguments, got 2"):
        space.encode("roll", 1, 2)
    with pytest.raises(ValueError, match="pass takes 0 arguments, got 1"):
        space.encode("pass", 0)


def test_encode_an_unknown_kind_raises_value_error_naming_it() -> None:
    with pytest.raises(ValueError, match="fly"):
        ActionSpace([("pass", ())]).encode("fly")


def test_duplicate_kinds_are_refused() -> None:
    with pytest.raises(ValueError, match="duplicate action kind 'roll'"):
        ActionSpace([("roll", (6,)), ("roll", (4,))])


def test_docstring_example() -> None:
    space = ActionSpace([("pass", ()), ("roll", (6,))])
    assert space.size == 7
    assert space.encode("roll", 3) == 4
    assert space.decode(4) == ("roll", (3,))


def test_actions_are_equal_by_id_and_shown_by_label() -> None:
    a = Action(4, "roll", (3,), "roll a 4")
    b = Action(4, "roll", (3,), "another label")
    assert a == b and hash(a) == hash(b)
    assert a != Action(5, "roll", (4,), "roll a 4")
    assert str(a) == "roll a 4"
    assert str(Action(4, "roll", (3,))) == "roll[3]"
    with pytest.raises(AttributeError):
        a.id = 5  # type: ignore[misc]


# ------------------------------------------------------------------------------------ named parts
SPELLS = ("Breeze", "Gust", "Counter Spell")


def cast_space() -> ActionSpace:
    return ActionSpace(
        [
            ("pass", ()),
            ("cast", (Part("spell", 3, values=SPELLS), Part("die", 5, none=4), Part("seat", 3))),
            ("swap", (Part("die", 4), Part("other", 4, type="die"))),
        ]
    )


def test_parts_name_each_argument_and_show_the_none_value_as_none() -> None:
    space = cast_space()
    aimed = space.make("cast", 1, 2, 0, label="cast Gust on die 3")
    assert aimed.parts == {"spell": 1, "die": 2, "seat": 0}
    assert space.make("cast", 0, 4, 2).parts == {"spell": 0, "die": None, "seat": 2}
    assert aimed.part("die") == 2
    assert space.parts("swap")[1].type == "die" and space.parts("swap")[0].type == "die"
    with pytest.raises(KeyError, match="cast has no part 'card'; its parts: spell, die, seat"):
        aimed.part("card")
    assert Action(3, "x", (5, 6)).parts == {"arg0": 5, "arg1": 6}  # built by hand, no schema


def test_json_form_and_notation_read_back_to_the_same_action() -> None:
    space = cast_space()
    action = space.make("cast", 2, 4, 1, label="cast Counter Spell on player 2")
    data = action.to_json()
    assert data == {
        "id": action.id,
        "kind": "cast",
        "parts": {"spell": 2, "die": None, "seat": 1},
        "label": "cast Counter Spell on player 2",
    }
    assert space.from_json(data) == ("cast", (2, 4, 1))
    assert space.from_json({"id": action.id}) == ("cast", (2, 4, 1))
    assert action.notation() == "cast spell=2 seat=1"
    assert space.parse(action.notation()) == ("cast", (2, 4, 1))
    assert space.parse('cast spell="counter spell" seat=1 die=3') == ("cast", (2, 3, 1))
    assert space.parse("pass") == ("pass", ())


@given(st.data())
def test_every_action_of_a_space_reads_back_from_both_forms(data: st.DataObject) -> None:
    space = cast_space()
    kind, args = space.decode(data.draw(st.integers(0, space.size - 1)))
    action = space.make(kind, *args)
    assert space.from_json(action.to_json()) == (action.kind, action.args)
    assert space.parse(action.notation()) == (action.kind, action.args)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "an empty action"),
        ("fly", "unknown action kind 'fly'"),
        ("cast spell=1", "cast needs its part 'seat'"),
        ("cast spell=1 seat=3", "part seat=3 lies outside 0..2"),
        ("cast spell=Fireball seat=0", "'spell' is 'Fireball'; give an integer or one of its names"),
        ("cast spell=1 seat=0 card=2", "cast has no part 'card'"),
        ("cast spell=1 seat", "write each part as name=value"),
        ("cast spell=1 spell=2 seat=0", "gives the part 'spell' twice"),
        ('cast spell="Gust seat=0', "cannot read action"),
        ("swap die=1 other=x", "'other' is 'x'; give an integer"),
    ],
)
def test_bad_notation_is_refused_naming_the_part(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        cast_space().parse(text)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "a JSON object with a kind and parts, not list"),
        ({"parts": {}}, 'needs "kind"'),
        ({"id": True}, 'needs "kind"'),
        ({"kind": 3}, "is a string"),
        ({"kind": "cast", "parts": [1]}, "object of names and values"),
        ({"kind": "cast", "parts": {"spell": True, "seat": 0}}, "'spell' is True"),
        ({"kind": "cast", "parts": {"spell": 1.0, "seat": 0}}, "'spell' is 1.0"),
        ({"id": 99}, "action id 99 outside range"),
    ],
)
def test_bad_json_is_refused_naming_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        cast_space().from_json(data)


def test_bad_part_declarations_are_refused() -> None:
    with pytest.raises(ValueError, match="names a part twice"):
        ActionSpace([("swap", (Part("die", 4), Part("die", 4)))])
    with pytest.raises(ValueError, match="is not an identifier"):
        Part("a die", 4)
    with pytest.raises(ValueError, match="none value 4 outside range"):
        Part("die", 4, none=4)
    with pytest.raises(ValueError, match="positive size"):
        Part("die", 0)


def test_describe_lists_every_kind_and_part_in_id_order() -> None:
    described = cast_space().describe()
    assert list(described) == ["pass", "cast", "swap"] == list(cast_space().kinds)
    assert described["cast"][0] == {
        "name": "spell",
        "size": 3,
        "type": "spell",
        "none": None,
        "values": list(SPELLS),
    }
    assert described["cast"][1]["none"] == 4


def test_each_game_tells_its_decisions_in_words_and_a_kind_it_leaves_out_reads_as_its_name() -> None:
    for entry in list_games():
        game = load_game(entry.info.name)
        texts = type(game).action_texts
        assert set(texts) <= set(game.action_space.kinds), entry.info.name  # no stray kind
        assert set(type(game).action_confirm) <= set(game.action_space.kinds), entry.info.name
        assert texts or entry.info.name.startswith("toy"), entry.info.name  # each real game has its words
        for kind in game.action_space.kinds:
            text = game.action_text(kind)
            assert text and text == text.strip() and "_" not in text, (kind, text)
    assert load_game("elemenders").action_text("end_turn") == "end your turn"
    assert load_game("elemenders").action_text("no_such_kind") == "no such kind"
