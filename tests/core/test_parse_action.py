"""State.parse_action: an action named by id, JSON form, notation or label, checked against the legal ones.

Driven through the toy game (Hidden Dice, tests/support/toy.py): ids face 0-5, bid 0-2 (6-8), keep (9),
reroll (10).
"""

from __future__ import annotations

import pytest

import elementa
from elementa import IllegalActionError, State


def at_keep_or_reroll() -> State:
    state = elementa.load_game("toy-dice").new_initial_state(seed=1)
    for action_id, player in ((2, None), (4, None), (6, 0), (8, 1)):
        state.apply_action(action_id, player)
    return state


@pytest.mark.parametrize(
    "move", [10, {"kind": "reroll"}, {"id": 10}, "reroll", "  REROLL ", {"kind": "reroll", "parts": {}}]
)
def test_every_form_names_the_legal_action(move: object) -> None:
    state = at_keep_or_reroll()
    action = state.parse_action(move)  # type: ignore[arg-type]
    assert (action.id, action.kind, action.label) == (10, "reroll", "reroll")


def test_a_simultaneous_choice_is_read_for_the_seat_named() -> None:
    state = elementa.load_game("toy-dice").new_initial_state(seed=1)
    state.apply_action(2)
    state.apply_action(4)
    assert state.parse_action("bid amount=2", 1).id == 8
    assert state.parse_action({"kind": "bid", "parts": {"amount": 1}}, 0).label == "bid 1"
    assert state.parse_action("bid 0", 0).id == 6  # its label


@pytest.mark.parametrize(
    ("move", "code", "words"),
    [
        ("fly", "action/unparsable", "unknown action kind 'fly'"),
        ("bid amount=7", "action/unparsable", "amount=7 lies outside 0..2"),
        ({"kind": "bid", "parts": {"amount": "2"}}, "action/unparsable", "'amount' is '2'; give an integer"),
        ("bid amount=1", "action/illegal", "bid[1] (id 7) is not among the legal actions"),
        (["keep"], "action/unparsable", "not list"),
        (3, "action/illegal", "face[3] (id 3) is not among the legal actions"),
    ],
)
def test_what_cannot_be_read_or_is_not_legal_is_refused_with_a_code(
    move: object, code: str, words: str
) -> None:
    state = at_keep_or_reroll()
    before = (state.history(), state.observation(None))
    with pytest.raises(IllegalActionError) as caught:
        state.parse_action(move)  # type: ignore[arg-type]
    assert caught.value.code == code
    assert words in str(caught.value)
    assert (state.history(), state.observation(None)) == before


def test_a_label_that_two_legal_actions_share_is_ambiguous() -> None:
    state = at_keep_or_reroll()
    keep, reroll = state.legal_actions()
    twin = type(reroll)(reroll.id, reroll.kind, reroll.args, keep.label, reroll.schema)
    state.legal_actions = lambda player=None: [keep, twin]  # type: ignore[method-assign]
    with pytest.raises(IllegalActionError, match="several legal actions read so") as caught:
        state.parse_action("keep")
    assert caught.value.code == "action/ambiguous"
    assert "keep; reroll" in str(caught.value)
    assert state.parse_action("reroll").id == reroll.id  # the notation still names it
