"""ActionSpace numbering and the Action value type."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from elementa.core import Action, ActionSpace

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
