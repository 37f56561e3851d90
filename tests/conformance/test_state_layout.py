"""The layout of every game's state: at most 30 attributes in its instance dictionary.

CPython 3.11 shares one compact key table among the instance dictionaries of a class only up to 30
attributes; past that every attribute read of a state is about 15% slower (found when Warriors'
state grew a 30th). A state that needs more keeps them in ``__slots__`` (see docs/architecture.md).
"""

from __future__ import annotations

import random

import elementa
from elementa import CHANCE, SIMULTANEOUS

SHARED_KEYS_MAX = 30


def test_state_instance_dictionary_stays_compact(game_name: str) -> None:
    """Along a random playout, no state holds more than 30 attributes in its ``__dict__``."""
    game = elementa.load_game(game_name)
    rng = random.Random(5)
    state = game.new_initial_state(5)
    for _ in range(400):
        attributes = sorted(getattr(state, "__dict__", {}))
        assert len(attributes) <= SHARED_KEYS_MAX, (
            f"{game_name}: {type(state).__name__} has {len(attributes)} attributes in its instance "
            f"dictionary ({', '.join(attributes)}); past {SHARED_KEYS_MAX} declare them in __slots__"
        )
        if state.is_terminal():
            break
        p = state.current_player()
        if p == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [w for _, w in outcomes])[0])
            continue
        if p == SIMULTANEOUS:
            p = state.players_to_move()[0]
        state.apply_action(rng.choice(state.legal_actions(p)), p)
