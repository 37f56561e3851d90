"""Warriors' observation tensor is computed from the typed view; the JSON dict gives the same numbers."""

from __future__ import annotations

import random

import elementa
from elementa.games.warriors.views import WarriorsView
from tests.support.walk import decision_nodes


def test_the_tensor_reads_the_view_and_the_dict_reads_back_into_it() -> None:
    game = elementa.load_game("warriors", players=3)
    assert game.observation_encoder().view is WarriorsView
    nodes = 0
    for seed in range(2):
        walk = decision_nodes(game.new_initial_state(seed), random.Random(seed), 600)
        for k, (state, _) in enumerate(walk):
            if k % 7:
                continue
            nodes += 1
            for viewer in (0, 1, 2, None):
                view = state.view(viewer)
                assert isinstance(view, WarriorsView)
                assert WarriorsView.from_json(state.observation(viewer)) == view
                if viewer is not None:
                    tensor = state.observation_tensor(viewer)
                    assert len(tensor) == game.observation_tensor_shape()[0]
                    assert tensor == game.encode_observation(state.observation(viewer), viewer)
                    assert tensor == game.encode_observation(view, viewer)
    assert nodes > 20
