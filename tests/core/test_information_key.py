"""Information-set keys: ``State.information_state_key`` and the digest it is built with."""

from __future__ import annotations

import copy
import enum
import sys
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from elementa.core import Action, State, information_digest


class Shows(State):
    """A state of no game whose observation holds whatever it was given, for every seat: only
    ``observation`` (which the default key reads) is ever called. Two of them show observations
    that print alike exactly when the values they were given print alike."""

    def __init__(self, observation: Any) -> None:  # no game: nothing here reads it
        self.shown = observation

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"shown": self.shown}  # a dict, as State.observation returns (the compiled build checks)

    def current_player(self) -> int:
        raise NotImplementedError

    def _legal_actions(self, player: int) -> list[Action]:
        raise NotImplementedError

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        raise NotImplementedError

    def _apply(self, action: Action, player: int) -> None:
        raise NotImplementedError

    def returns(self) -> list[float]:
        raise NotImplementedError


def key_of(observation: Any, player: int = 0) -> bytes:
    """The default key of a state showing ``observation`` to ``player``."""
    return Shows(observation).information_state_key(player)


JSON_LIKE = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=3) | st.integers(-3, 3), inner, max_size=3)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(JSON_LIKE, JSON_LIKE)
def test_keys_are_equal_exactly_when_the_observations_print_alike(a: Any, b: Any) -> None:
    """The key's equality is repr's (what the search's nodes were keyed by before marshal wrote them)."""
    assert (key_of(a) == key_of(b)) == (repr(a) == repr(b))
    assert key_of(a) == key_of(copy.deepcopy(a))
    assert key_of(a, 0) != key_of(a, 1)
    assert len(key_of(a)) == 16


def test_keys_do_not_depend_on_which_objects_an_observation_shares() -> None:
    word = "".join(["fire"] * 3)
    shared = {"hand": [word, word], "top": word}
    separate = {"hand": ["firefirefire", "".join(["fire"] * 3)], "top": sys.intern("fire" * 3)}
    assert key_of(shared) == key_of(separate)


def test_values_marshal_cannot_write_are_digested_through_repr() -> None:
    class Colour(enum.IntEnum):
        RED = 1

    assert key_of({"c": Colour.RED}) == key_of({"c": Colour.RED})
    assert key_of({"c": Colour.RED}) != key_of({"c": 1})
    assert key_of({"c": Colour.RED}, 0) != key_of({"c": Colour.RED}, 1)
    assert information_digest((Colour.RED,)) != information_digest((1,))
