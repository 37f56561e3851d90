"""Observers that give exactly what their ``IIGObservationType`` asks, checked on every game by
resampling what the type leaves out, and perfect-recall information states."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import elementa

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

from open_spiel.python.observation import make_observation  # noqa: E402

from elementa.adapters import openspiel as eos  # noqa: E402
from elementa.adapters.observers import RecallBook, private_part  # noqa: E402
from elementa.core import resolve_chance  # noqa: E402
from tests.adapters.settings import CONFIGS, AdapterConfig  # noqa: E402

eos.register_games()

NONE, SINGLE = pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.SINGLE_PLAYER
KINDS = {
    "public": pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=NONE),
    "private": pyspiel.IIGObservationType(perfect_recall=False, public_info=False, private_info=SINGLE),
    "both": pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=SINGLE),
    "recall": pyspiel.IIGObservationType(perfect_recall=True, public_info=True, private_info=SINGLE),
    "public-recall": pyspiel.IIGObservationType(perfect_recall=True, public_info=True, private_info=NONE),
}
"""The observation types checked; their names say what each keeps."""

DEFAULTS = [c for c in CONFIGS if c.variant == "default"]
"""One (shortened) option set per game."""

NODES = 6
"""Nodes checked per game, spread along one random playout."""


def _views(observers: dict[str, Any], state: Any, player: int) -> dict[str, tuple[str, list[float]]]:
    out = {}
    for name, observer in observers.items():
        observer.set_from(state, player)
        out[name] = (observer.string_from(state, player), observer.tensor.tolist())
    return out


def _nodes(game: Any, seed: int) -> list[Any]:
    """States along one random playout of the sequential view, :data:`NODES` of them, spread out."""
    rng = np.random.default_rng(seed)
    state, states = game.new_initial_state(), []
    while not state.is_terminal() and len(states) < 60:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        states.append(state.clone())
        state.apply_action(int(rng.choice(state.legal_actions())))
    return states[:: max(1, len(states) // NODES)][:NODES]


@pytest.mark.parametrize("config", DEFAULTS, ids=[c.label for c in DEFAULTS])
def test_observers_hide_what_their_type_leaves_out(config: AdapterConfig) -> None:
    """Resampling what a type excludes leaves its output unchanged: the hidden information of the other
    seats for the seat's own kinds, the seat's own private information too for the public kinds."""
    simultaneous = elementa.load_game(config.game).info.simultaneous
    game = eos.load(config.game, sequential=simultaneous, **config.options)
    observers = {name: make_observation(game, kind) for name, kind in KINDS.items()}
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    public_differs = False
    for state in _nodes(game, config.seed):
        players = range(game.num_players())
        seen = {p: _views(observers, state, p) for p in players}
        assert len({seen[p]["public"][0] for p in players}) == 1  # public information is everyone's
        for p in players:
            public_differs |= seen[p]["public"][0] != seen[p]["both"][0]
            for q in players:
                other = state.resample_from_infostate(q, sampler)
                again = _views(observers, other, p)
                for name in KINDS:
                    if q == p or name.startswith("public"):
                        assert again[name] == seen[p][name], f"{name} of seat {p} resampled by seat {q}"
    if not elementa.load_game(config.game).info.perfect_information:
        assert public_differs, "the public observer never differs from the seat's own"


def test_private_part_keeps_only_what_the_spectator_does_not_see() -> None:
    own = {"turn": 3, "hand": ["a", "b"], "seats": [{"coins": 2, "card": "x"}, {"coins": 1, "card": None}]}
    public = {"turn": 3, "hand": None, "seats": [{"coins": 2, "card": None}, {"coins": 1, "card": None}]}
    assert private_part(own, public) == {"hand": ["a", "b"], "seats": {"0": {"card": "x"}}}
    assert private_part(public, public) == {}


def _own_actions(state: elementa.State, player: int) -> tuple[int, ...]:
    return tuple(a for who, a in state.history() if who == player)


@pytest.mark.parametrize("config", DEFAULTS, ids=[c.label for c in DEFAULTS])
def test_information_states_have_perfect_recall(config: AdapterConfig) -> None:
    """No information state (string or tensor) is reached by two different sequences of the seat's
    own actions, over seeded random playouts of the Elementa game."""
    game = elementa.load_game(config.game, **config.options)
    book = RecallBook(game, eos.observation_kind(KINDS["recall"], False))
    strings: dict[tuple[int, str], tuple[int, ...]] = {}
    tensors: dict[tuple[int, bytes], tuple[int, ...]] = {}
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        state.record_events(False)
        for _ in range(120):
            if state.is_terminal():
                break
            if state.is_chance_node():
                resolve_chance(state)
                continue
            for p in range(game.num_players):
                own = _own_actions(state, p)
                text, tensor = book.string(state, p), book.tensor(state, p).tobytes()
                assert strings.setdefault((p, text), own) == own, f"seat {p}: one string, two pasts"
                assert tensors.setdefault((p, tensor), own) == own, f"seat {p}: one tensor, two pasts"
            p = state.players_to_move()[0]
            state.apply_action(rng.choice(state.legal_actions(p)), player=p)
    assert len(strings) == len(tensors) > 20


def test_information_state_tensors_have_a_fixed_shape_and_the_observation_first() -> None:
    game = eos.load("elemenders", max_turns=30)
    state = game.new_initial_state()
    size = game.observation_tensor_size()
    assert game.information_state_tensor_size() == size + 128
    info = state.information_state_tensor(0)
    assert len(info) == size + 128 and info[:size] == state.observation_tensor(0)
    assert state.information_state_string(0).splitlines()[-1] == state.observation_string(0)


def test_all_players_private_information_is_refused() -> None:
    game = eos.load("warriors", max_turns=40)
    kind = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match="ALL_PLAYERS"):
        make_observation(game, kind)
