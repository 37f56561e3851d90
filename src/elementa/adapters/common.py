"""What the OpenSpiel and PettingZoo adapters share: loading games by options, sorted legal actions,
legal-action masks, and a box that copies and pickles an Elementa state cheaply."""

from __future__ import annotations

import functools
import io
import json
import pickle
from collections.abc import Callable
from typing import Any

import numpy as np

import elementa
from elementa.core import Action, Game, State


def canonical_options(options: dict[str, Any]) -> str:
    """Return options as one sorted JSON string: a hashable key that also pickles small."""
    return json.dumps(options, sort_keys=True)


@functools.lru_cache(maxsize=64)
def cached_game(name: str, options_key: str) -> Game:
    """Return ``elementa.load_game(name, **options)`` for a :func:`canonical_options` key, loaded once.

    Raises:
        elementa.ConfigError: a bad option (named, with its allowed values).
    """
    return elementa.load_game(name, **json.loads(options_key))


def sorted_legal(state: State, player: int) -> list[Action]:
    """Return the legal actions of ``player`` (or the chance outcomes, for CHANCE) sorted by id."""
    return sorted(state.legal_actions(player), key=lambda a: a.id)


def apply_joint(state: State, action_of: Callable[[int], int]) -> None:
    """Apply one action per seat to move now, in seat order: a joint action of a simultaneous node.

    A seat that is no longer to move once the seats before it have acted (or whose node has given
    way to another) is skipped.

    Args:
        state: the state, changed in place.
        action_of: the action id of a seat (raising if it has none).

    Raises:
        IllegalActionError: an action is not legal for its seat; earlier seats' actions stay applied.
    """
    start = state.current_player()
    for p in state.players_to_move():
        if state.current_player() == start and p in state.players_to_move():
            state.apply_action(action_of(p), player=p)


def legal_mask(state: State, player: int, size: int) -> np.ndarray:
    """Return an int8 vector of ``size`` entries, 1 at the ids of the seat's legal actions now."""
    mask = np.zeros(size, dtype=np.int8)
    ids = [a.id for a in state.legal_actions(player)]
    if ids:
        mask[ids] = 1
    return mask


class _GamePickler(pickle.Pickler):
    """Pickles a state without its game: the game is written as a reference and reloaded by options."""

    def __init__(self, file: io.BytesIO, game: Game) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._game = game

    def persistent_id(self, obj: Any) -> str | None:
        return "game" if obj is self._game else None


class _GameUnpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, game: Game) -> None:
        super().__init__(file)
        self._game = game

    def persistent_load(self, pid: Any) -> Game:
        if pid != "game":
            raise pickle.UnpicklingError(f"unknown persistent id {pid!r}")
        return self._game


def _unbox(name: str, options_key: str, payload: bytes) -> StateBox:
    game = cached_game(name, options_key)
    return StateBox(_GameUnpickler(io.BytesIO(payload), game).load())


class StateBox:
    """Holds an Elementa state for a foreign framework that deep-copies or pickles its attributes.

    A deep copy is :meth:`State.clone` (the game is shared, not copied); a pickle holds the game's
    name and options and the state without its game, which the unpickler loads again (once per
    process and options).

    Attributes:
        state: the Elementa state.
    """

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> StateBox:
        return StateBox(self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[str, str, bytes]]:
        game = self.state.game
        buffer = io.BytesIO()
        _GamePickler(buffer, game).dump(self.state)
        return _unbox, (game.name, canonical_options(game.options_dict()), buffer.getvalue())
