"""Ending battles, controlling locations, winning, reshuffles, Beasts, Legends and location abilities.

source: warriors.txt, 2.8 and 4.4 (locations), 6.0 (ending a battle), 7.1 (Beasts), 7.4 (Legend).
"""

from __future__ import annotations

from pathlib import Path

from elementa import CHANCE, SIMULTANEOUS, State
from tests.warriors.support import (
    act,
    assemble,
    cid,
    deal,
    draw,
    draw_any,
    fighter,
    gear,
    has,
    make_game,
    percentile,
    player,
    roll,
    start_battle,
)

MERC = [
    "Human Mercenary",
    "Battle Axe",
    "Ruined Keep",
    "Desert Outpost",
    "Frozen Pass",
    "Healing Spring",
    "Sacred Grove",
    "Supply Depot",
]
KNIGHT = [
    "Knight Errant",
    "Greatsword",
    "Ruined Keep",
    "Desert Outpost",
    "Frozen Pass",
    "Volcano Rim",
    "Toxic Swamp",
    "Fog Valley",
]
LINEUP = {0: ("Human Mercenary", ["Battle Axe"]), 1: ("Knight Errant", ["Greatsword"])}


def opening(tmp_path: Path, spare: list[str] | None = None, **options: object) -> State:
    spare = ["Frozen Pass"] * 8 if spare is None else spare
    s = make_game(tmp_path, [MERC + spare, KNIGHT + spare], **options).new_initial_state(0)
    deal(s, [MERC, KNIGHT])
    return s


def player_one_wins_a_battle(s: State) -> None:
    assemble(s, LINEUP)
    act(s, 0, "pass")
    act(s, 1, "retreat")
    draw_any(s)


def test_three_controlled_locations_win_the_game(tmp_path: Path) -> None:
    s = opening(tmp_path)
    player_one_wins_a_battle(s)  # battle 1 is fought over no location
    for location in ("Ruined Keep", "Desert Outpost", "Frozen Pass"):
        assert not s.is_terminal()
        act(s, 0, "location", cid(s, location))
        player_one_wins_a_battle(s)
    assert s.is_terminal()
    assert s.returns() == [1.0, 0.0]
    assert player(s, 0)["locations"] == ["Ruined Keep", "Desert Outpost", "Frozen Pass"]


def test_an_empty_deck_is_reshuffled_and_each_opponent_may_draw(tmp_path: Path) -> None:
    s = make_game(
        tmp_path,
        [["Street Urchin", "Battle Axe", *MERC[2:]], KNIGHT + ["Frozen Pass"] * 8],
        mulligan_requires_weapon=False,
    ).new_initial_state(0)
    deal(s, [["Street Urchin", "Battle Axe", *MERC[2:]], KNIGHT])
    assemble(s, {0: ("Street Urchin", ["Battle Axe"]), 1: LINEUP[1]})
    act(s, 0, "pass")
    act(s, 1, "attack", 0, 0)
    roll(s, 7)  # the Urchin dies: its player must draw 3 from an empty deck
    assert "player 1 shuffles the discard pile into a new deck" in s.observation(None)["events"]
    assert s.current_player() == 1 and has(s, 1, "take")
    act(s, 1, "take")
    draw(s, "Frozen Pass")
    draw(s, "Street Urchin")  # the only card of the new deck; the other two draws find nothing
    assert player(s, 0)["hand_size"] == 6 + 1 + 1  # hand, the Battle Axe back, the Urchin


def test_a_beast_drawn_joins_the_next_battle_and_attacks_the_toughest(tmp_path: Path) -> None:
    s = opening(tmp_path, spare=["Dire Wolf", *["Frozen Pass"] * 8])
    assemble(s, LINEUP)
    act(s, 0, "pass")
    act(s, 1, "retreat")
    draw(s, "Dire Wolf")  # player 2's retreat draws: the Beast waits for the next battle
    assert s.observation(0)["waiting_beasts"] == [{"name": "Dire Wolf", "seat": 1}]
    draw_any(s)
    act(s, 0, "location", cid(s, "Ruined Keep"))
    assemble(s, LINEUP)
    obs = s.observation(None)
    assert obs["order"] == [0, 1, 2] and obs["waiting_beasts"] == []  # seated after player 2
    assert has(s, 0, "attack", 0, 2)  # a Beast is a fighter to attack
    act(s, 0, "pass")
    act(s, 1, "pass")
    assert s.current_player() == CHANCE and len(s.chance_outcomes()) == 8  # the wolf: max damage 4
    roll(s, 7)  # at the Knight Errant (durability 8 > 7), who loses 4
    assert fighter(s, 1)["durability"] == 4
    percentile(s, 9, 9)  # the Beast picks the Greatsword for both rolls; the defender rolls
    percentile(s, 9, 9)
    act(s, 0, "attack", 0, 2)
    roll(s, 5)  # 5 damage kills the wolf (durability 5): its Bonus 2 to the killer
    hand = player(s, 0)["hand_size"]
    draw_any(s)
    assert player(s, 0)["hand_size"] == hand + 2
    assert player(s, 1)["discard"] == ["Dire Wolf"]


def test_if_a_beast_is_left_alone_nobody_wins_and_the_location_goes_back(tmp_path: Path) -> None:
    s = opening(tmp_path, spare=["Dire Wolf", *["Frozen Pass"] * 8])
    assemble(s, LINEUP)
    act(s, 0, "pass")
    act(s, 1, "retreat")
    draw(s, "Dire Wolf")
    draw_any(s)
    act(s, 0, "location", cid(s, "Ruined Keep"))
    assemble(s, LINEUP)
    act(s, 0, "retreat")
    draw_any(s)
    act(s, 1, "retreat")
    draw_any(s)
    obs = s.observation(0)
    assert "nobody wins battle 2" in obs["events"]
    assert "Ruined Keep" in obs["hand"] and obs["players"][0]["locations"] == []
    assert obs["chooser"] == 0 and s.current_player() == 0  # the last chooser chooses again


def test_two_players_using_one_legendary_card_both_discard_it(tmp_path: Path) -> None:
    lances = [("Human Mercenary", ["Dragon Lance"], []), ("Knight Errant", ["Dragon Lance"], [])]
    s = start_battle(tmp_path, lances)
    assert gear(s, 0) == gear(s, 1) == []
    assert player(s, 0)["discard"] == player(s, 1)["discard"] == ["Dragon Lance"]
    other = start_battle(tmp_path, lances, legend_penalty="any_card")
    assert other.current_player() == 0 and {a.kind for a in other.legal_actions(0)} == {"discard"}
    act(other, 0, "discard", cid(other, "Frozen Pass"))
    act(other, 1, "discard", cid(other, "Fog Valley"))
    assert gear(other, 0) == gear(other, 1) == ["Dragon Lance"]
    assert player(other, 1)["discard"] == ["Fog Valley"]


def second_battle_at(tmp_path: Path, location: str) -> State:
    s = opening(tmp_path)
    player_one_wins_a_battle(s)
    act(s, 0, "location", cid(s, location))
    assemble(s, LINEUP)
    return s


def test_any_fighter_may_use_an_action_location(tmp_path: Path) -> None:
    s = second_battle_at(tmp_path, "Healing Spring")
    act(s, 0, "pass")
    act(s, 1, "attack", 0, 0)
    roll(s, 2)
    act(s, 1, "break", 0)
    percentile(s, 9, 9)
    act(s, 0, "use", 17, 5)  # Healing Spring: heal 2
    assert fighter(s, 0)["durability"] == 7
    assert has(s, 1, "use", 17, 5)


def test_a_static_location_affects_every_fighter(tmp_path: Path) -> None:
    s = second_battle_at(tmp_path, "Sacred Grove")
    assert fighter(s, 0)["protection"] == fighter(s, 1)["protection"] == 1


def test_a_battle_start_location_ability(tmp_path: Path) -> None:
    s = opening(tmp_path)
    player_one_wins_a_battle(s)
    act(s, 0, "location", cid(s, "Supply Depot"))
    hands = [player(s, p)["hand_size"] for p in (0, 1)]
    assemble(s, LINEUP)
    assert s.current_player() == CHANCE
    draw_any(s)
    assert [player(s, p)["hand_size"] for p in (0, 1)] == [hands[0] - 1, hands[1] - 1]  # 2 played, 1 drawn
    assert s.current_player() == 0


def test_a_location_that_hurts_at_the_beginning_of_each_turn(tmp_path: Path) -> None:
    s = opening(tmp_path)
    assemble(s, LINEUP)
    act(s, 0, "pass")
    act(s, 1, "pass")  # first battle: no location, no harm
    assert fighter(s, 0)["durability"] == 7
    act(s, 0, "retreat")
    draw_any(s)
    act(s, 1, "location", cid(s, "Volcano Rim"))
    assemble(s, LINEUP)
    assert fighter(s, 0)["durability"] == 6 and fighter(s, 1)["durability"] == 8
    act(s, 0, "pass")
    assert fighter(s, 1)["durability"] == 7
    assert s.current_player() == 1 and s.observation(None)["phase"] == "battle"
    assert s.current_player() != SIMULTANEOUS


def test_a_location_that_hurts_at_the_end_of_each_turn(tmp_path: Path) -> None:
    s = opening(tmp_path)
    assemble(s, LINEUP)
    act(s, 0, "retreat")
    draw_any(s)
    act(s, 1, "location", cid(s, "Toxic Swamp"))
    assemble(s, LINEUP)
    act(s, 0, "pass")
    assert fighter(s, 0)["durability"] == 6 and fighter(s, 1)["durability"] == 8
    act(s, 1, "pass")
    assert fighter(s, 1)["durability"] == 7


def test_equipping_a_legendary_card_another_fighter_uses_costs_both(tmp_path: Path) -> None:
    s = start_battle(
        tmp_path, [("Human Mercenary", [], ["Dragon Lance"]), ("Knight Errant", ["Dragon Lance"], [])]
    )
    act(s, 0, "equip", cid(s, "Dragon Lance"))
    assert gear(s, 0) == gear(s, 1) == []
    assert player(s, 0)["discard"] == player(s, 1)["discard"] == ["Dragon Lance"]
