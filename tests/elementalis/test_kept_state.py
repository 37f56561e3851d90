"""ElementaliS's kept state, checked against a fresh computation along seeded random games.

Each seat's repertoires (``ElementalisState.repertoires``: what its Arcana let it cast without and
with Ether Leak, kept as the draft and Chaotica's choice of Major change them) must always equal
what ``casting._repertoire`` builds from the seat's Major, Minor and chosen Major at that node, in
the state played, its clones and its redraws; a stale entry would show here as a difference.
"""

from __future__ import annotations

import random

import pytest

import elementa
from elementa.games.elementalis import casting
from elementa.games.elementalis.state import ElementalisState
from tests.support.walk import decision_nodes


def fresh_repertoires(s: ElementalisState, p: int) -> tuple[casting.Repertoire, casting.Repertoire] | None:
    """A seat's repertoires worked out from its Arcana, as the rules define them."""
    major, minor = s.major[p], s.minor[p]
    if major is None or minor is None:
        return None
    chosen = s.chosen[p]
    return casting._repertoire(major, minor, chosen, False), casting._repertoire(major, minor, chosen, True)


def check(s: ElementalisState) -> None:
    for p in range(s.game.num_players):
        assert s.repertoires[p] == fresh_repertoires(s, p)
        want = fresh_repertoires(s, p)
        assert casting.seat_repertoire(s, p) == (None if want is None else want[s.ether_leak])


@pytest.mark.parametrize("players", [2, 4, 7])
def test_repertoires_match_the_arcana_along_random_games(players: int) -> None:
    game = elementa.load_game("elementalis", players=players)
    for seed in range(12):
        rng = random.Random(seed)
        for state, seat in decision_nodes(game.new_initial_state(seed), rng):
            assert isinstance(state, ElementalisState)
            check(state)
            for copy in (state.clone(), state.resample_from_infostate(seat, random.Random(seed))):
                assert isinstance(copy, ElementalisState)
                assert copy.repertoires is not state.repertoires  # a copy keeps its own list
                check(copy)
