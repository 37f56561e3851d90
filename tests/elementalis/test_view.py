"""ElementaliS's typed view: the parts an interface reads with types, and what each seat may see."""

from __future__ import annotations

import random

import elementa
from elementa.games.elementalis.views import ElementalisView, ManaChoiceView, ManaView
from tests.elementalis.helpers import act


def typed(state: elementa.State, viewer: int | None) -> ElementalisView:
    """Return the state's typed view for ``viewer`` (an ElementalisView, or the test fails)."""
    view = state.view(viewer)
    assert isinstance(view, ElementalisView)
    return view


def test_the_view_types_the_mana_choice_and_pools_and_keys_colours_by_name_in_json() -> None:
    s = elementa.load_game("elementalis", players=3).new_initial_state(seed=1)
    for _ in range(3):
        act(s, "major", s.legal_actions()[0].args[0])
    for _ in range(3):
        act(s, "minor", s.legal_actions()[0].args[0])
    view = s.view(None)
    assert isinstance(view, ElementalisView) and view.phase == "choice"
    assert isinstance(view.mana_choice, ManaChoiceView)
    assert (view.mana_choice.seat, view.mana_choice.purpose, view.mana_choice.to) == (1, "setup", None)
    assert all(sum((v.fire, v.water, v.earth, v.air)) == 2 for v in view.mana_choice.options)
    pool = view.players[1].pool
    assert isinstance(pool, ManaView) and pool.to_json() == {"Fire": 0, "Water": 0, "Earth": 0, "Air": 0}


def test_a_sealed_declaration_shows_only_to_its_seat() -> None:
    game = elementa.load_game("elementalis", players=4)
    rng = random.Random(3)
    for seed in range(10):
        s = game.new_initial_state(seed)
        # a declaration with another seat still to declare (the last one starts the casting)
        while not s.is_terminal() and not (
            s.current_player() == elementa.SIMULTANEOUS and len(s.players_to_move()) >= 2
        ):
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
            elif s.current_player() == elementa.SIMULTANEOUS:
                q = s.players_to_move()[0]
                s.apply_action(rng.choice(s.legal_actions(q)), q)
            else:
                s.apply_action(rng.choice(s.legal_actions()))
        if s.is_terminal():
            continue
        seat = s.players_to_move()[0]
        act(s, "declare", player=seat)
        mine = typed(s, seat).declarations[str(seat)]
        others = {typed(s, q).declarations[str(seat)] for q in range(4) if q != seat}
        assert mine == "declared" and others == {"chosen"}
        assert typed(s, None).declarations[str(seat)] == "chosen"
        return
    raise AssertionError("no declaration in ten seeded games")
