"""The rule-based agent's brief view is exactly the part of a seat's observation that it shows.

``observe.brief_view`` builds only the fields the agent reads (for search speed: the agent runs at
every step of every rollout). Along random playouts of 2, 4 and 7 seats, at every decision node and
on a clone and a resample of it, every value in each seat's brief view must equal the one under the
same key in that seat's full observation, and the brief view must hold the keys the agent reads.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import elementa
from elementa.games.elementalis.observe import brief_view
from elementa.games.elementalis.state import ElementalisState
from tests.support.walk import decision_nodes

TOP_KEYS = {
    "phase", "stage", "active", "round", "rounds", "channel", "dice", "pending_spell", "mana_choice",
    "players",
}  # fmt: skip
SEAT_KEYS = {"seat", "major", "total"}


def _check(state: ElementalisState, viewer: int) -> dict[str, Any]:
    brief = brief_view(state, viewer)
    full = state.observation(viewer)
    assert set(brief) == TOP_KEYS
    for key in TOP_KEYS - {"players"}:
        assert brief[key] == full[key], key
    assert len(brief["players"]) == len(full["players"])
    for p, (mine, theirs) in enumerate(zip(brief["players"], full["players"], strict=True)):
        assert set(mine) == (SEAT_KEYS | {"chosen_major", "pool", "spells"} if p == viewer else SEAT_KEYS)
        for key in mine:
            assert mine[key] == theirs[key], (p, key)
    return brief


@pytest.mark.parametrize("players", [2, 4, 7])
def test_brief_view_matches_the_observation(players: int) -> None:
    game = elementa.load_game("elementalis", players=players)
    seen_cast = seen_pending = False
    for seed in range(8):
        rng = random.Random(seed)
        for state, seat in decision_nodes(game.new_initial_state(seed), rng):
            assert isinstance(state, ElementalisState)
            copies = (state, state.clone(), state.resample_from_infostate(seat, random.Random(seed)))
            for copy in copies:
                assert isinstance(copy, ElementalisState)
                for viewer in range(players):
                    brief = _check(copy, viewer)
                    seen_cast |= any(s["cast_this_turn"] for s in brief["players"][viewer]["spells"])
                    seen_pending |= brief["pending_spell"] is not None
    assert seen_cast  # the playouts reached the views' rarer parts (a spell answered: 4 and 7 seats)
    assert seen_pending or players == 2
