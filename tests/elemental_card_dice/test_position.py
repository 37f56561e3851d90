"""Elemental Card-Dice positions: round trips along random play, every refused invariant, saves of
a game set up from a position, and rulebook examples set up by position (elemental-card-dice.txt)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import elementa
from elementa.core import CHANCE, PositionError
from tests.support.positions import (
    assert_position_save,
    assert_refused,
    assert_round_trip,
    documented_example,
    step,
)

NAME = "elemental-card-dice"
BI = "Basic Income"
CHAIN = [{"card": "Fire", "player": 0, "from": "hand"}]
"""Player 1's Fire on the response chain."""


def _kind(data: dict[str, Any]) -> str:
    """Where a position waits: its first pending step, else the end, the chain, the auction or the
    main part of the turn."""
    if data["flow"]:
        return str(data["flow"][0]["step"])
    return "over" if data["over"] else "chain" if data["chain"] else "auction" if data["auction"] else "turn"


OPTIONS = [
    ({"start_health": 30, "turn_limit": 60}, {"turn", "auction", "refill", "draw", "over"}),
    (
        {"start_health": 30, "turn_limit": 60, "reroll_dice_each_turn": True, "first_player": "2"},
        {"turn", "refill", "roll", "over"},
    ),
    (
        {"start_health": 40, "sudden_death": 20, "simultaneous_zero": "dealer_wins", "die_sides": 8},
        {"turn", "refill", "over"},
    ),
    # rich players buy passives, place face down and look at hands and decks
    (
        {"start_health": 60, "start_gold": 40, "turn_limit": 80},
        {"turn", "auction", "chain", "refill", "over"},
    ),
]


@pytest.mark.parametrize("seed", [2, 3])
@pytest.mark.parametrize(("options", "reached"), OPTIONS)
def test_round_trip_along_random_play(seed: int, options: dict[str, Any], reached: set[str]) -> None:
    """At every 4th node of random games that a position describes (and each at a chain, an auction,
    a draw or the end), the position read back is the same state to every viewer and plays on
    alike; the other nodes (the setup, a card's resolution) are refused naming ``flow``."""
    game = elementa.load_game(NAME, **options)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    kinds: set[str] = set()
    nodes = 0
    while True:
        try:
            kind = _kind(state.position())
        except PositionError as e:
            assert e.field == "flow"
        else:
            if nodes % 4 == 0 or kind not in ("turn", "refill", "roll"):  # each of the rarer ones
                kinds.add(_kind(assert_round_trip(game, state, nodes, 30)))
            nodes += 1
        if state.is_terminal():
            break
        step(state, rng)
    assert reached <= kinds


def test_round_trip_along_rule_based_play() -> None:
    """Rule-based play reaches the response chain, face-down actions and passives: those positions
    round-trip too."""
    game = elementa.load_game(NAME, start_health=40, turn_limit=40, first_player="1")
    agents = [game.rule_based_agent(p, seed=5) for p in (0, 1)]
    state = game.new_initial_state(5)
    rng = random.Random(5)
    kinds: set[str] = set()
    for n in range(3000):
        if state.is_terminal():
            break
        try:
            state.position()
        except PositionError:
            pass
        else:
            if n % 3 == 0:
                kinds.add(_kind(assert_round_trip(game, state, n, 20)))
        if state.is_chance_node():
            step(state, rng)
        else:
            state.apply_action(agents[state.current_player()].step(state))
    assert {"turn", "chain", "refill"} <= kinds


def test_the_documented_example_round_trips_and_plays() -> None:
    """docs/positions.md's example: player 1 plays Fire, and player 2 may answer it with its
    face-down Cheap Trick, which changes a die Fire reads (elemental-card-dice.txt: "The action may
    either come from the player's hand or their face down actions"; ruling ECD-A9)."""
    game = elementa.load_game(NAME)
    state = game.new_position(documented_example("Elemental Card-Dice Game"), seed=6)
    assert_round_trip(game, state, 6, 40)
    seen = [state.observation(p)["players"][0]["known_top"] for p in (0, 1)]
    assert seen == [["Tremor"], []]  # player 1 alone has looked
    # the cheap deck: the 30 cheap cards but the 12 the example places (4 in the row, 2 removed, 6
    # with the players)
    assert state.observation(1)["shops"][0]["deck_size"] == 30 - 12
    state.apply_action(game.card_actions["play"][game.names.index("Fire")])
    assert state.current_player() == 1
    assert game.card_actions["respond_facedown"][game.names.index("Cheap Trick")] in state.legal_actions()


def test_the_parts_of_a_turn_under_way_round_trip() -> None:
    """What a turn leaves behind round-trips: amplifiers, a card bought, a card returned under its
    shop's deck, cards of a hand and a face-down action the opponent has seen, a reshuffle."""
    game = elementa.load_game(NAME)
    players = _players(
        0,
        amplifiers={"fire": 2, "non-combo": 4},
        bought=["Heavy Rain"],
        hand=["Fire", BI],
        hand_seen_by_opponent=[True, False],
        discard=[BI, "Heavy Rain"],
        face_down=[{**FACE_DOWN, "seen_by_opponent": True}],
        reshuffled=3,
    )
    table = _table(
        players=players,
        shops=_shops(cheap=["Treasury", "Gambling", "Cheap Trick"], returned=["Magnetic Hands"]),
        turn_state={"actions_left": 0, "gained_gold": True, "bid_done": True},
    )
    table["shops"]["cheap"]["returned"] = [BI]  # player 1 recycled one of its five
    state = game.new_position(table)
    data = assert_round_trip(game, state, 2, 40)
    assert data["players"][0]["amplifiers"] == {"fire": 2, "non-combo": 4}
    assert state.observation(1)["players"][0]["known_hand"] == ["Fire"]
    assert state.observation(1)["shops"][0]["returned"] == [BI]


def test_the_setup_and_a_resolution_are_refused() -> None:
    """The setup (dice, first player, shops) and a card's resolution are no positions (field
    ``flow``): Gambling asks its player to pick a die to reroll."""
    game = elementa.load_game(NAME)
    with pytest.raises(PositionError) as e:
        game.new_initial_state(1).position()
    assert e.value.field == "flow" and "Roll" in e.value.reason and "Begin" in e.value.reason
    gambling = [{"card": "Gambling", "player": 0, "from": "hand"}]
    shops = _shops(cheap=["Treasury", "Cheap Trick", "Heavy Rain"])
    state = game.new_position(_table(chain=gambling, priority=1, shops=shops))
    state.apply_action(state.game.plain_actions["pass"])  # player 2 lets Gambling resolve
    assert state.observation(None)["decision"]["kind"] == "pick_reroll"
    with pytest.raises(PositionError) as e:
        state.position()
    assert e.value.field == "flow" and "PickReroll" in e.value.reason


def test_a_save_of_a_position_starts_from_it() -> None:
    def misspell(position: dict[str, Any]) -> None:
        position["players"][0]["hand"][0] = "Fier"

    game = elementa.load_game(NAME, start_health=30)
    assert_position_save(game, _table(), 40, misspell, "position.players[0].hand[0]")


def test_a_shop_deck_left_out_holds_the_rest_of_its_cards() -> None:
    """At the end of a turn the cheap shop refills from its deck (elemental-card-dice.txt, "Then both
    shops are refilled back to four cards from their respective decks"): left out, the deck holds
    every cheap card the position places nowhere else, and each is an outcome alike."""
    game = elementa.load_game(NAME)
    state = game.new_position(_refill())
    assert state.current_player() == CHANCE
    outcomes = {a.label: p for a, p in state.chance_outcomes()}
    placed = {"Fire", "Tremor", "Ecology", "Treasury", "Gambling", "Cheap Trick", "Heavy Rain"}
    cheap = {c.name for c in game.cards if c.shop == 0}
    assert set(outcomes) == cheap - placed
    assert set(outcomes.values()) == {1 / len(cheap - placed)}
    assert_round_trip(game, state, 1, 40)


def test_rulebook_damage_pays_its_dealer() -> None:
    """elemental-card-dice.txt: "A player dealing damage (to their opponent or themselves) receives
    gold equal to the damage dealt." Player 1's Fire is on the chain with the fire die at 4; player 2
    lets it resolve."""
    game = elementa.load_game(NAME)
    state = game.new_position(_chained())
    assert state.current_player() == 1
    state.apply_action(state.game.plain_actions["pass"])
    view = state.observation(None)
    assert view["players"][1]["health"] == 100 - 4 and view["players"][0]["gold"] == 8 + 4
    assert view["players"][0]["discard"] == [BI, BI, "Fire"] and view["chain"] == []


def test_rulebook_the_opponent_may_outbid() -> None:
    """elemental-card-dice.txt, bidding: "their opponent may outbid them to two times that. The
    player may then match their opponent's bid." Player 1 bid 3 gold for Treasury; player 2 raises to
    6, and player 1 may match with its 8 gold."""
    game = elementa.load_game(NAME)
    auction = {"card": "Treasury", "level": 1, "stage": "raise"}
    table = _table(auction=auction, turn_state={"bid_done": True})
    state = game.new_position(table)
    assert state.current_player() == 1
    state.apply_action(state.game.plain_actions["raise"])
    assert state.current_player() == 0
    assert [a.kind for a in state.legal_actions()][:2] == ["match", "pass"]
    assert state.observation(None)["auction"]["bid"] == 6


def test_the_first_player_option_fixes_whose_turn_it_is() -> None:
    """With ``first_player = "1"`` player 1 plays the odd turns."""
    game = elementa.load_game(NAME, first_player="1")
    assert_refused(game, _table(), _table(turn=4), "active", "turn 4 is player 2's")


def _players(seat: int, **changes: Any) -> list[dict[str, Any]]:
    players: list[dict[str, Any]] = copy.deepcopy(_table()["players"])
    players[seat].update(changes)
    return players


def _shops(cheap: list[str] | None = None, **expensive: Any) -> dict[str, Any]:
    shops: dict[str, Any] = copy.deepcopy(_table()["shops"])
    if cheap is not None:
        shops["cheap"]["row"] = cheap
    shops["expensive"].update(expensive)
    return shops


def _table(**changes: Any) -> dict[str, Any]:
    """Turn 3, player 1 to play: Fire in hand, Tremor face down, both shops full."""
    base: dict[str, Any] = {
        "turn": 3,
        "active": 0,
        "dice": {"fire": 4, "earth": 3, "water": 2, "nature": 5, "magic": 1, "gold": 6, "utility": 2},
        "players": [
            {"health": 90, "gold": 8, "hand": ["Fire", BI], "deck": [BI, BI, "Ecology"], "discard": [BI, BI],
             "face_down": [{"card": "Tremor", "placed_turn": 1}]},
            {"health": 100, "gold": 6, "hand": [BI, BI], "deck": [BI, BI, BI]},
        ],
        "shops": {"cheap": {"row": ["Treasury", "Gambling", "Cheap Trick", "Heavy Rain"]},
                  "expensive": {"row": ["Blazing Fire", "Veto", "Paid Militia", "Cheapskate"]}},
        "log": [{"text": "turn 3: player 1"}],
    }  # fmt: skip
    base.update(changes)
    return base


def _refill(**changes: Any) -> dict[str, Any]:
    """Player 1 has ended turn 3: the cheap shop (Heavy Rain bought earlier) refills, then the
    expensive one, then player 2's turn begins."""
    table = _table(
        shops=_shops(cheap=["Treasury", "Gambling", "Cheap Trick"]),
        flow=[{"step": "refill", "shop": "cheap"}, {"step": "refill", "shop": "expensive"},
              {"step": "begin", "seat": 1}],
        players=_players(0, discard=[BI, BI, "Heavy Rain"]),
    )  # fmt: skip
    table.update(changes)
    return table


def _chained(**changes: Any) -> dict[str, Any]:
    """Player 1 has played Fire from its hand; player 2 may answer it."""
    table = _table(chain=CHAIN, priority=1, players=_players(0, hand=[BI]))
    table.update(changes)
    return table


def _draw(**changes: Any) -> dict[str, Any]:
    """Player 1 draws its card of the turn from a deck of Basic Income and Ecology."""
    table = _table(flow=[{"step": "draw", "seat": 0, "count": 1}], turn_state={"drew": True})
    table.update(changes)
    return table


FACE_DOWN = {"card": "Tremor", "placed_turn": 1}
REFUSED = [
    (_table(dice={**_table()["dice"], "fire": 7}), "dice.fire", "at most 6 (die_sides)"),
    (_table(dice={**_table()["dice"], "fire": 0}), "dice.fire", "at least 1"),
    (_table(dice={"fire": 1}), "dice.earth", "is missing"),
    (_table(players=_players(0, hand=["Fier", BI])), "players[0].hand[0]", "no card is called 'Fier' "
     "(did you mean 'Fire'?)"),
    (_table(players=_players(0, hand=["Fire", "Fire"])), "players[0].hand[1]",
     "one Fire too many: the game has 1"),
    (_table(players=_players(1, deck=[BI] * 4)), "players[1].deck[3]",
     "one Basic Income too many: the game has 10"),
    (_table(players=_players(1, deck=[BI] * 2)), "players", "1 Basic Income is nowhere"),
    (_table(shops=_shops(deck=[])), "shops.expensive.deck", "is nowhere: list it"),
    (_table(players=_players(0, hand=["Big Handed", BI])), "players[0].hand[0]",
     "is a passive: it is activated"),
    (_table(players=_players(0, face_down=[{"card": "Mirror Wall", "placed_turn": 1}])),
     "players[0].face_down[0].card", "only actions are placed face down"),
    (_table(players=_players(0, face_down=[{**FACE_DOWN, "placed_turn": 4}])),
     "players[0].face_down[0].placed_turn", "still to come"),
    (_table(players=[{**_table()["players"][0], "face_down": []},
                     {**_table()["players"][1], "face_down": [{**FACE_DOWN, "placed_turn": 3}]}]),
     "players[1].face_down[0].placed_turn", "only the active player places"),
    (_table(players=_players(0, face_down=[{**FACE_DOWN, "placed_turn": 0}])),
     "players[0].face_down[0].placed_turn", "at least 1"),
    (_table(players=_players(0, passives=["Tremor"], face_down=[])), "players[0].passives[0]",
     "Tremor is an action: only passives"),
    (_table(shops=_shops(cheap=["Veto"], row=["Blazing Fire"])), "shops.cheap.row[0]",
     "Veto belongs to the expensive shop"),
    (_table(shops=_shops(cheap=["Treasury", "Gambling", "Cheap Trick", "Heavy Rain", "Ecology"])),
     "shops.cheap.row", "too many"),
    (_table(players=_players(1, health=0)), "players[1].health", "at least 1 while the game goes on"),
    (_table(players=_players(0, gold=-1)), "players[0].gold", "at least 0"),
    (_table(players=_players(0, hand_seen_by_opponent=[True])), "players[0].hand_seen_by_opponent",
     "1 entries for 2 cards"),
    (_table(players=_players(0, known_top=[1, 0])), "players[0].known_top[0]", "the 0 cards of deck_top"),
    (_table(players=_players(0, amplifiers={"fire": 0})), "players[0].amplifiers.fire", "at least 1"),
    (_table(players=_players(0, amplifiers={"wind": 2})), "players[0].amplifiers.wind", "should be 'fire'"),
    (_table(players=_players(0, reshuffled=4)), "players[0].reshuffled", "turn 3 now"),
    (_table(players=_players(0, bought=["Fire", "Ecology"])), "players[0].bought", "one card at most"),
    (_table(players=_players(0, bought=["Fire"])), "turn_state.bid_done", "a card was bought"),
    (_chained(priority=None), "priority", "names the seat to answer"),
    (_table(priority=1), "priority", "null while the chain is empty"),
    (_chained(chain=[{**CHAIN[0], "player": 1}], priority=0), "chain[0].player",
     "starts with an action of the active"),
    (_chained(chain=[*CHAIN, {"card": "Cheap Trick", "player": 1, "from": "hand"},
                   {"card": "Gambling", "player": 1, "from": "hand"}], priority=0,
            shops=_shops(cheap=["Treasury", "Heavy Rain"])), "chain[2].player",
     "answers an action of the active"),
    (_chained(chain=[*CHAIN, {"card": "Cheap Trick", "player": 1, "from": "hand"}], priority=1,
            shops=_shops(cheap=["Treasury", "Gambling", "Heavy Rain"])), "priority",
     "answers only an action"),
    (_table(chain=[{"card": BI, "player": 0, "from": "hand"}], priority=1,
            players=_players(0, hand=["Fire"])),
     "chain[0].card", "only actions go on the chain"),
    (_chained(chain=[{**CHAIN[0], "from": "deck"}]), "chain[0].from", "should be"),
    (_table(auction={"card": "Fire"}, turn_state={"bid_done": True}), "auction.card", "not on display"),
    (_table(auction={"card": "Treasury"}), "turn_state.bid_done", "an auction is under way"),
    (_table(auction={"card": "Treasury", "stage": "match"}, turn_state={"bid_done": True}), "auction.level",
     "level 2 or more"),
    (_chained(auction={"card": "Treasury"}, turn_state={"bid_done": True}),
     "auction.stage", "only when the bid is to match"),
    (_draw(turn_state={"drew": False}), "turn_state.drew", "draw is under way"),
    (_draw(flow=[{"step": "draw", "seat": 1}]), "flow[0].seat", "the active player's"),
    (_draw(flow=[{"step": "draw", "seat": 0, "count": 2}]), "flow[0].count", "takes 1 card at most"),
    (_draw(players=_players(0, deck=[BI, BI], hand=["Fire", BI, "Ecology"])), "flow[0]",
     "waits for no chance"),
    (_chained(flow=_draw()["flow"], turn_state={"drew": True}), "flow", "outside a response"),
    (_refill(flow=[{"step": "refill", "shop": "cheap"}, {"step": "refill", "shop": "expensive"},
                   {"step": "begin", "seat": 0}]), "flow[2].seat", "player 2's turn begins"),
    (_refill(flow=[{"step": "refill", "shop": "expensive"}, {"step": "refill", "shop": "cheap"},
                   {"step": "begin", "seat": 1}]), "flow", "cheap first"),
    (_refill(shops=_table()["shops"], players=_table()["players"]), "flow[0]", "the cheap shop is full"),
    (_refill(flow=[{"step": "refill"}, {"step": "begin", "seat": 1}]), "flow[0].shop", "is missing"),
    (_refill(flow=[{"step": "begin", "seat": 1}]), "flow", "not inside a card's resolution"),
    (_refill(flow=[{"step": "roll", "die": "fire", "seat": 0}]), "flow[0].seat", "not part of a roll step"),
    (_refill(flow=[{"step": "roll", "die": "utility"}]), "flow", "only with reroll_dice_each_turn"),
    (_refill(flow=[{"step": "roll", "die": "fire"}]), "flow", "in die order"),
    (_refill(flow=[{"step": "shuffle"}]), "flow[0].step", "should be"),
    (_table(winner=0), "winner", "not over"),
    (_table(over=True), "over", "the game ends at turn 201"),
    (_table(over=True, winner=1, players=_players(1, health=-3)), "winner", "player 2 has no health left"),
    (_table(over=True, winner=0, players=[{**_table()["players"][0], "health": 0},
                                          {**_table()["players"][1], "health": -2}]),
     "winner", "simultaneous_zero is 'draw'"),
    (_table(turn=201), "turn", "after turn 200 (turn_limit)"),
    (_table(log=[{"text": "x"}] * 41), "log", "too many"),
    (_table(log=[{"text": "x", "to": 2}]), "log[0].to", "should be"),
    (_table(players=_table()["players"][:1]), "players", "too few"),
    (_table(colour="red"), "colour", "is not part of a position"),
]  # fmt: skip


@pytest.mark.parametrize(("changed", "field", "reason"), REFUSED)
def test_a_position_that_breaks_a_rule_is_refused_with_its_field(
    changed: dict[str, Any], field: str, reason: str
) -> None:
    assert_refused(elementa.load_game(NAME), _table(), changed, field, reason)
