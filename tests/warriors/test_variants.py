"""The official variants as options (warriors.txt, 8.1-8.4), Beasts off (7.1), and the turn cap."""

from __future__ import annotations

from pathlib import Path

import pytest

import elementa
from elementa import SIMULTANEOUS, ConfigError
from tests.warriors.support import (
    FILLER,
    act,
    assemble,
    cid,
    deal,
    draw,
    draw_any,
    fighter,
    has,
    make_game,
    player,
    roll,
    start_battle,
)


def test_deathmatch_lethal_blows_score_and_the_dead_come_back(tmp_path: Path) -> None:
    knight = ["Knight Errant", "Greatsword", *["Combat Knife"] * 6]
    urchins = ["Street Urchin"] * 8
    s = make_game(
        tmp_path,
        [[*knight, "Ruined Keep"], [*urchins, *["Street Urchin"] * 30, "Ruined Keep"]],
        deathmatch=True,
        mulligan_requires_weapon=False,
    ).new_initial_state(0)
    assert player(s, 0)["deck_size"] == 8  # the Ruined Keep is left out: locations are not used
    deal(s, [knight, urchins])
    assert player(s, 0)["deck_size"] == 0
    assemble(s, {0: ("Knight Errant", ["Greatsword"]), 1: ("Street Urchin", [])})
    for tokens in range(1, 6):
        act(s, 1, "pass")
        act(s, 0, "attack", 0, 1)
        roll(s, 8)
        if tokens == 5:
            break
        assert player(s, 0)["tokens"] == tokens
        for _ in range(4):  # the dead fighter's player draws 4 and stays in the game
            draw(s, "Street Urchin")
        assert s.current_player() == 1 and {a.kind for a in s.legal_actions(1)} == {"field"}
        act(s, 1, "field", cid(s, "Street Urchin"))  # enters at the beginning of their turn
        act(s, 1, "ready")
        assert fighter(s, 1)["durability"] == 3
    assert s.is_terminal() and s.returns() == [1.0, 0.0]


def test_deathmatch_has_no_locations(tmp_path: Path) -> None:
    game = elementa.load_game("warriors", deathmatch=True)
    types = {game.catalog.cards[c].type for d in game.start_decks for c in d}  # type: ignore[attr-defined]
    assert "location" not in types


def test_teammates_gang_and_the_team_wins_the_battle(tmp_path: Path) -> None:
    seats = [
        ("Street Urchin", ["Battle Axe"], []),
        ("Human Mercenary", ["Battle Axe"], []),
        ("Knight Errant", ["Battle Axe"], []),
        ("Iron Golem", ["Battle Axe"], []),
    ]
    s = start_battle(tmp_path, seats, teams=2)
    assert [p["team"] for p in s.observation(None)["players"]] == [0, 1, 0, 1]
    assert [a.args[1] for a in s.legal_actions(0) if a.kind == "attack"] == [1, 3]
    act(s, 0, "pass")
    act(s, 1, "retreat")
    draw_any(s)
    assert [a.args[1] for a in s.legal_actions(2) if a.kind == "attack"] == [3]
    act(s, 2, "pass")
    act(s, 3, "retreat")
    draw_any(s)  # retreat draws, then both winners draw 3
    obs = s.observation(None)
    assert "player 1 and player 3 win battle 1" in obs["events"]
    assert obs["chooser"] == 0


def test_teams_control_locations_jointly(tmp_path: Path) -> None:
    hand = ["Human Mercenary", "Battle Axe", "Ruined Keep", "Desert Outpost", "Frozen Pass", *FILLER[3:6]]
    other = ["Knight Errant", "Battle Axe", *FILLER]
    s = make_game(
        tmp_path, [hand + ["Frozen Pass"] * 9, other + ["Frozen Pass"] * 9] * 2, teams=2
    ).new_initial_state(0)
    deal(s, [hand, other, hand, other])
    lineup = {p: ("Human Mercenary" if p % 2 == 0 else "Knight Errant", ["Battle Axe"]) for p in range(4)}

    def battle(winner: int) -> None:
        assemble(s, lineup)
        if s.current_player() != 0:  # a tie for first between seats 0 and 2
            s.apply_action(s.chance_outcomes()[0][0])
        act(s, 0, "pass" if winner == 0 else "retreat")
        draw_any(s)
        act(s, 1, "retreat")
        draw_any(s)
        act(s, 2, "pass")
        act(s, 3, "retreat")
        draw_any(s)

    battle(0)
    act(s, 0, "location", cid(s, "Ruined Keep"))
    battle(2)  # seat 0 retreats: seat 2 wins and takes the Keep
    assert player(s, 2)["locations"] == ["Ruined Keep"]
    act(s, 2, "location", cid(s, "Desert Outpost"))
    battle(0)
    act(s, 0, "location", cid(s, "Frozen Pass"))
    battle(0)
    assert s.is_terminal() and s.returns() == [0.5, 0.0, 0.5, 0.0]


def test_teams_must_be_equal() -> None:
    with pytest.raises(ConfigError, match="teams=2") as e:
        elementa.load_game("warriors", players=3, teams=2)
    assert e.value.option == "teams"


def test_a_team_may_share_one_deck() -> None:
    s = elementa.load_game("warriors", players=4, teams=2, team_deck=True).new_initial_state(0)
    sizes = [p["deck_size"] for p in s.observation(None)["players"]]
    assert sizes[0] == sizes[2] and sizes[1] == sizes[3]


def test_monodeck_shares_the_deck_and_the_discard_pile() -> None:
    game = elementa.load_game("warriors", players=3, monodeck=True)
    assert len(game.start_decks) == 1  # type: ignore[attr-defined]
    s = game.new_initial_state(0)
    sizes = {p["deck_size"] for p in s.observation(None)["players"]}
    assert len(sizes) == 1
    agents = [game.rule_based_agent(p, seed=p) for p in range(3)]
    end = elementa.play_game(game, agents, seed=0)  # type: ignore[arg-type]
    discards = [p["discard"] for p in end.observation(None)["players"]]
    assert discards[0] == discards[1] == discards[2]


def test_revolving_door_players_leave_and_join_between_battles(tmp_path: Path) -> None:
    hands = [
        ["Human Mercenary", "Battle Axe", *FILLER],
        ["Knight Errant", "Battle Axe", *FILLER],
        ["Iron Golem", "Battle Axe", *FILLER],
    ]
    s = make_game(tmp_path, [h * 3 for h in hands], revolving_door=True).new_initial_state(0)
    deal(s, hands)
    lineup = {
        0: ("Human Mercenary", ["Battle Axe"]),
        1: ("Knight Errant", ["Battle Axe"]),
        2: ("Iron Golem", ["Battle Axe"]),
    }
    assemble(s, lineup)
    act(s, 0, "pass")
    act(s, 1, "retreat")
    draw(s, "Frozen Pass")
    draw(s, "Frozen Pass")
    act(s, 2, "retreat")
    draw_any(s)
    assert s.current_player() == 0 and {a.kind for a in s.legal_actions(0)} == {"stay", "leave"}
    act(s, 0, "stay")
    act(s, 1, "leave")
    assert player(s, 1)["hand_size"] == 0 and not player(s, 1)["in_game"]
    assert len(player(s, 1)["discard"]) == 10
    act(s, 2, "stay")
    act(s, 0, "no_location")
    assert s.current_player() == SIMULTANEOUS and s.players_to_move() == [0, 2]
    del lineup[1]
    assemble(s, lineup)
    act(s, 0, "retreat")
    draw_any(s)
    act(s, 0, "stay")
    assert {a.kind for a in s.legal_actions(1)} == {"join", "stay"}
    act(s, 1, "join")
    joiner = [
        "Knight Errant",
        "Battle Axe",
        "Ruined Keep",
        "Desert Outpost",
        "Fog Valley",
        "Toxic Swamp",
        "Volcano Rim",
        "Battle Axe",
    ]
    deal(s, [joiner])  # a joiner draws eight
    assert player(s, 1)["in_game"] and player(s, 1)["hand_size"] == 8


def test_the_last_player_cannot_leave(tmp_path: Path) -> None:
    hands = [["Human Mercenary", "Battle Axe", *FILLER], ["Knight Errant", "Battle Axe", *FILLER]]
    s = make_game(tmp_path, [h + h for h in hands], revolving_door=True).new_initial_state(0)
    deal(s, hands)
    assemble(s, {0: ("Human Mercenary", ["Battle Axe"]), 1: ("Knight Errant", ["Battle Axe"])})
    act(s, 0, "pass")
    act(s, 1, "retreat")
    draw_any(s)
    assert not has(s, 0, "leave")


def test_beasts_can_be_left_out() -> None:
    game = elementa.load_game("warriors", beasts=False, decks="wild-hunt")
    types = {game.catalog.cards[c].type for d in game.start_decks for c in d}  # type: ignore[attr-defined]
    assert "beast" not in types


def test_the_turn_cap_ends_the_game_in_a_draw(tmp_path: Path) -> None:
    s = start_battle(tmp_path, [("Street Urchin", [], []), ("Human Mercenary", [], [])], max_turns=3)
    for p in (0, 1, 0):
        act(s, p, "pass")
    assert s.is_terminal() and s.returns() == [0.5, 0.5]


def test_battles_without_turns_count_towards_the_cap(tmp_path: Path) -> None:
    nobody = ["Battle Axe", *FILLER, "Frozen Pass"]
    deck = [*nobody, "Human Mercenary", *["Sacred Grove"] * 4]
    s = make_game(tmp_path, [deck, deck], max_turns=2).new_initial_state(0)
    deal(s, [nobody, nobody])
    for _ in range(5):  # five mulligans each, then the fighterless hands are kept
        deal(s, [nobody])
        act(s, 1, "decline")
    for _ in range(5):
        deal(s, [nobody])
        act(s, 0, "decline")
    for _ in range(2):  # two battles that both players forfeit
        assemble(s, {0: None, 1: None})
        for _ in range(4):
            draw(s, "Sacred Grove")
    assert s.observation(None)["turns"] == 0
    assert s.is_terminal() and s.returns() == [0.5, 0.5]
