"""Hidden information: hands, deck order and face-down actions stay out of other seats' observations,
action descriptions hide what others may not see, and resampling keeps a seat's view."""

from __future__ import annotations

import json
import random
from pathlib import Path

from elementa import CHANCE, load_game
from tests.elemental_card_dice.table import NAME, Table


def _after_draw(tmp_path: Path, card: str) -> Table:
    t = Table(tmp_path, start={"Fire": 1, "Tremor": 1})
    t.draw(card)
    return t


def test_a_seat_sees_its_hand_and_only_the_size_of_the_opponents(tmp_path: Path) -> None:
    t = _after_draw(tmp_path, "Fire")
    assert t.obs(0)["players"][0]["hand"] == ["Fire"]
    for viewer in (1, None):
        seat = t.obs(viewer)["players"][0]
        assert seat["hand"] is None and seat["hand_size"] == 1 and seat["known_hand"] == []


def test_other_seats_observations_do_not_depend_on_the_card_drawn(tmp_path: Path) -> None:
    fire, tremor = _after_draw(tmp_path / "a", "Fire"), _after_draw(tmp_path / "b", "Tremor")
    for viewer in (1, None):
        assert fire.obs(viewer) == tremor.obs(viewer)
    assert fire.obs(0) != tremor.obs(0)


def test_face_down_cards_are_hidden_from_the_opponent(tmp_path: Path) -> None:
    tables = []
    for card in ("Fire", "Tremor"):
        t = _after_draw(tmp_path / card, card)
        t.do("place", card)
        tables.append(t)
    assert tables[0].obs(1) == tables[1].obs(1)
    assert tables[0].obs(1)["players"][0]["face_down"] == [
        {"card": None, "placed_turn": 1, "seen_by_opponent": False}
    ]


def test_describe_action_hides_draws_and_placements_from_others(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Fire": 1, "Tremor": 1})
    t.do("draw")
    outcome = t.find("card", "Fire")
    assert outcome is not None
    assert t.state.describe_action(outcome, CHANCE, 0) == "chance: player 1 draws Fire"
    assert t.state.describe_action(outcome, CHANCE, 1) == "chance: player 1 draws a card"
    assert t.state.describe_action(outcome, CHANCE, None) == "chance: player 1 draws a card"
    t.chance("card", "Fire")
    place = t.find("place", "Fire")
    assert place is not None
    assert t.state.describe_action(place, 0, 1) == "player 1: places an action face down"
    assert "Fire" in t.state.describe_action(place, 0, 0)


def test_the_log_shows_a_seat_only_its_own_private_events(tmp_path: Path) -> None:
    t = _after_draw(tmp_path, "Fire")
    assert "you draw Fire" in t.obs(0)["log"]
    assert not any("Fire" in line for line in t.obs(1)["log"] + t.obs(None)["log"])


def test_resampling_keeps_the_seats_view_and_redraws_the_rest(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Fire": 1, "Tremor": 1, "Heavy Rain": 1, "Ecology": 1})
    t.turn("Fire")
    t.draw("Tremor")
    t.do("place", "Tremor")
    seen_face_down = set()
    for seed in range(40):
        r = t.state.resample_from_infostate(0, random.Random(seed))
        assert r.observation(0) == t.obs(0)
        seen_face_down.add(r.observation(1)["players"][1]["face_down"][0]["card"])
    assert seen_face_down == {
        "Tremor",
        "Heavy Rain",
        "Ecology",
        "Fire",
    }  # player 2's face-down card is redrawn for player 1
    assert t.obs(1)["players"][1]["face_down"][0]["card"] == "Tremor"


def test_observations_are_json_throughout_a_game() -> None:
    game = load_game(NAME)
    state = game.new_initial_state(seed=5)
    rng = random.Random(5)
    agents = [game.rule_based_agent(0, 1), game.rule_based_agent(1, 2)]
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            p = state.current_player()
            state.apply_action(agents[p].step(state), p)
        for viewer in (0, 1, None):
            json.dumps(state.observation(viewer))
