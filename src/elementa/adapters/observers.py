"""Observations of a chosen kind, as OpenSpiel's ``IIGObservationType`` asks: public information only,
the seat's private information only, or both; with or without perfect recall; as text and tensors.

Game-agnostic: it reads only :meth:`State.observation` (``None`` is the spectator, whose view is the
public information), :meth:`State.information_state_key`, :meth:`Game.encode_observation` and the
state's history.

- **Public** (``public=True, private=False``): the spectator's observation, the same for every seat;
  its tensor is the game's tensor of that observation, from the seat's point of view (seats counted
  from it), where a list or dict the spectator is not shown (``None``) is read as empty.
- **Private** (``public=False, private=True``): the parts of the seat's observation that the spectator
  does not see (:func:`private_part`); its tensor is the seat's tensor with every entry that the public
  tensor shows the same set to 0.
- **Both**: the seat's observation (the default observation of the adapters).
- **Perfect recall**: everything the seat observed (of the kind chosen), in order, and each of its own
  actions where it took them (:class:`RecallBook`). The text is one line per item (``you <id>``, or
  ``saw <digest>`` when what the seat sees changed) and then the current observation as JSON; the
  tensor, of fixed shape, is the current observation's tensor followed by the 128 bits of the digest
  of that sequence, so two different sequences give different tensors (but for a collision of a
  128-bit hash).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

import numpy as np

from elementa.core import CHANCE, Game, State, information_digest

DIGEST_BITS = 128
"""The bits of the recall digest appended to a perfect-recall tensor."""


@dataclass(frozen=True)
class ObservationKind:
    """Which information an observation holds (OpenSpiel's ``IIGObservationType``, private info of one seat).

    Attributes:
        public: the public information (what a spectator sees).
        private: the seat's private information (what it sees beyond the spectator).
        perfect_recall: the whole sequence of what the seat observed and did, not only the present.
    """

    public: bool = True
    private: bool = True
    perfect_recall: bool = False

    @property
    def present(self) -> ObservationKind:
        """The same kind without perfect recall: what one moment shows."""
        return ObservationKind(self.public, self.private, False)


OBSERVATION = ObservationKind()
"""The seat's observation (public and private, no recall)."""

INFORMATION_STATE = ObservationKind(perfect_recall=True)
"""The seat's perfect-recall information state."""


def private_part(own: Any, public: Any) -> Any:
    """Return what ``own`` (a seat's observation) holds beyond ``public`` (the spectator's).

    Dicts keep the keys whose values differ (recursively); lists of equal length become a dict of
    the differing positions (as strings, recursively); any other value that differs is kept whole.

    Returns:
        the differing parts, or ``None`` when there is none (at the top level: ``{}``).
    """
    part = _difference(own, public)
    return {} if part is None else part


def _difference(own: Any, public: Any) -> Any:
    if own == public:
        return None
    if isinstance(own, dict) and isinstance(public, dict):
        out = {}
        for key, value in own.items():
            d = _difference(value, public.get(key)) if key in public else value
            if d is not None or (key not in public and value is None):
                out[key] = d
        return out or None
    if isinstance(own, list) and isinstance(public, list) and len(own) == len(public):
        items = {str(i): _difference(a, b) for i, (a, b) in enumerate(zip(own, public, strict=True))}
        return {k: v for k, v in items.items() if v is not None} or None
    return own


def _filled(public: Any, own: Any) -> Any:
    """``public`` with each ``None`` where ``own`` has a list or dict replaced by an empty one (a hand the
    spectator is not shown reads as no cards)."""
    if public is None and isinstance(own, (list, dict)):
        return type(own)()
    if isinstance(public, dict) and isinstance(own, dict):
        return {k: _filled(v, own.get(k)) for k, v in public.items()}
    if isinstance(public, list) and isinstance(own, list) and len(public) == len(own):
        return [_filled(a, b) for a, b in zip(public, own, strict=True)]
    return public


def observed(state: State, player: int, kind: ObservationKind) -> Any:
    """Return what seat ``player`` sees now under ``kind`` (its recall ignored), as a JSON value."""
    if kind.public and kind.private:
        return state.observation(player)
    if kind.public:
        return state.observation(None)
    if kind.private:
        return private_part(state.observation(player), state.observation(None))
    return {}


def observed_digest(state: State, player: int, kind: ObservationKind) -> bytes:
    """Return 16 bytes, equal for two states exactly when :func:`observed` is (the game's own key for
    the plain observation)."""
    if kind.public and kind.private:
        return state.information_state_key(player)
    return information_digest(observed(state, player, kind))


def tensor_size(game: Game, kind: ObservationKind) -> int:
    """Return the length of :func:`observed_tensor` under ``kind`` for ``game``."""
    base = int(np.prod(game.observation_tensor_shape())) if (kind.public or kind.private) else 0
    return base + (DIGEST_BITS if kind.perfect_recall else 0)


def observed_tensor(state: State, player: int, kind: ObservationKind) -> np.ndarray:
    """Return the float32 tensor of :func:`observed` (its recall ignored; see the module docstring)."""
    game = state.game
    if not (kind.public or kind.private):
        return np.zeros(0, np.float32)
    own = state.observation(player)
    if kind.public != kind.private:
        public = np.asarray(
            game.encode_observation(_filled(state.observation(None), own), player), np.float32
        )
        if kind.public:
            return public
        mine = np.asarray(game.encode_observation(own, player), np.float32)
        return np.where(mine != public, mine, np.float32(0))
    return np.asarray(game.encode_observation(own, player), np.float32)


def _bits(digest: bytes) -> np.ndarray:
    return np.unpackbits(np.frombuffer(digest, np.uint8)).astype(np.float32)


class RecallBook:
    """Perfect-recall sequences of one game's states, for one kind of observation.

    A seat's sequence is, step by step through the state's history, ``you <id>`` for each of its own
    actions (where the kind holds private information: a seat's own choices are its own) and
    ``saw <hex digest>`` whenever what it observes (:func:`observed_digest`) changed. It is computed
    by replaying the history from the game's initial state, kept for the last :attr:`CAPACITY`
    (history, seat) pairs, and extended from the parent's entry where that is kept, so a walk down
    the tree replays each step once.

    Args:
        game: the game.
        kind: what the seat observes (``perfect_recall`` is ignored).
    """

    CAPACITY = 4096

    def __init__(self, game: Game, kind: ObservationKind) -> None:
        self.game = game
        self.kind = kind.present
        self._book: dict[tuple[tuple[tuple[int, int], ...], int], tuple[str, ...]] = {}

    def _keep(self, key: tuple[tuple[tuple[int, int], ...], int], items: tuple[str, ...]) -> None:
        if len(self._book) >= self.CAPACITY:
            self._book.clear()
        self._book[key] = items

    def _extend(
        self, items: tuple[str, ...], state: State, player: int, step: tuple[int, int]
    ) -> tuple[str, ...]:
        who, action = step
        seen = "saw " + observed_digest(state, player, self.kind).hex()
        last = next((i for i in reversed(items) if i.startswith("saw ")), None)
        new = [f"you {action}"] if who == player and self.kind.private else []  # own actions are private
        if seen != last:
            new.append(seen)
        return items + tuple(new)

    def sequence(self, state: State, player: int) -> tuple[str, ...]:
        """Return the seat's perfect-recall sequence at ``state`` (see the class docstring)."""
        history = tuple(state.history())
        key = (history, player)
        items = self._book.get(key)
        if items is not None:
            return items
        parent = self._book.get((history[:-1], player)) if history else None
        if parent is not None:
            items = self._extend(parent, state, player, history[-1])
        else:
            replay = self.game.new_initial_state(state.seed)
            replay.record_events(False)
            items = ("saw " + observed_digest(replay, player, self.kind).hex(),)
            self._keep(((), player), items)
            for k, (who, action) in enumerate(history):
                replay.apply_action(action, player=None if who == CHANCE else who)
                items = self._extend(items, replay, player, (who, action))
                if k + 1 < len(history):
                    self._keep((history[: k + 1], player), items)
        self._keep(key, items)
        return items

    def string(self, state: State, player: int) -> str:
        """Return the perfect-recall text: the sequence, one item a line, then the observation as JSON."""
        present = json.dumps(observed(state, player, self.kind), sort_keys=True)
        return "\n".join((*self.sequence(state, player), present))

    def tensor(self, state: State, player: int) -> np.ndarray:
        """Return the perfect-recall tensor: the observation's tensor, then the sequence digest's bits."""
        digest = hashlib.blake2b("\n".join(self.sequence(state, player)).encode(), digest_size=16).digest()
        return np.concatenate([observed_tensor(state, player, self.kind), _bits(digest)])
