"""The layout of every game's state: fewer than 30 attributes in its instance dictionary.

CPython 3.11 shares one compact key table among the instance dictionaries of a class only while
they hold fewer than 30 attributes; from the 30th on, every attribute read of a state is about
10-15% slower (found when Warriors' state grew a 30th, and measured at 29 against 30). A state that
needs more keeps them in ``__slots__`` (see docs/architecture.md). The games keep every attribute in
slots, also because a clone that writes its attributes through ``__dict__`` reads them slowly.
"""

from __future__ import annotations

import random

import elementa
from tests.support.walk import decision_nodes

SHARED_KEYS_MAX = 29


def test_state_instance_dictionary_stays_compact(game_name: str) -> None:
    """Along a random playout, no state holds 30 or more attributes in its ``__dict__``."""
    state = elementa.load_game(game_name).new_initial_state(5)
    for node, _seat in decision_nodes(state, random.Random(5), max_steps=400):
        attributes = sorted(getattr(node, "__dict__", {}))
        assert len(attributes) <= SHARED_KEYS_MAX, (
            f"{game_name}: {type(node).__name__} has {len(attributes)} attributes in its instance "
            f"dictionary ({', '.join(attributes)}); at 30 or more declare them in __slots__"
        )


def test_a_clone_holds_every_slot_its_state_holds(game_name: str) -> None:
    """A ``clone`` that assigns slots by name sets each one the state has set (a slot left out
    raises AttributeError only where a rule happens to read it, which a playout may never reach)."""
    state = elementa.load_game(game_name).new_initial_state(5)
    for node, _seat in decision_nodes(state, random.Random(5), max_steps=400):
        slots = [name for cls in type(node).__mro__ for name in getattr(cls, "__slots__", ())]
        copy = node.clone()
        missing = [name for name in slots if hasattr(node, name) and not hasattr(copy, name)]
        assert not missing, f"{game_name}: clone() leaves out {', '.join(missing)}"
