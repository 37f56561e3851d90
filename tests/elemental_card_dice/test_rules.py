"""The rules of play: setup, the turn's options, face-down actions, shops, auctions, the hand limit,
reshuffles, winning, the turn limit, and illegal actions (source: elemental-card-dice.txt)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from elementa import CHANCE, IllegalActionError, load_game
from elementa.core.chance import sample_outcome
from tests.elemental_card_dice.table import NAME, Table


def test_setup_rolls_seven_dice_one_at_a_time_then_draws_the_first_player() -> None:
    state = load_game(NAME).new_initial_state(seed=3)
    for face in (2, 5, 1, 6, 4, 3, 2):
        assert state.current_player() == CHANCE
        assert len(state.chance_outcomes()) == 6
        state.apply_action(next(a for a, _ in state.chance_outcomes() if a.args == (face - 1,)))
    seats = state.chance_outcomes()
    assert [(a.kind, p) for a, p in seats] == [("seat", 0.5), ("seat", 0.5)]
    state.apply_action(seats[1][0])
    while state.is_chance_node():  # the shops are dealt one card at a time
        state.apply_action(state.chance_outcomes()[0][0])
    obs = state.observation(1)
    assert obs["dice"] == {
        "fire": 2,
        "earth": 5,
        "water": 1,
        "nature": 6,
        "magic": 4,
        "gold": 3,
        "utility": 2,
    }
    assert state.current_player() == 1 == obs["active"]
    for p in obs["players"]:
        assert (p["health"], p["gold"], p["hand_size"], p["deck_size"]) == (100, 6, 0, 5)
    assert [len(s["cards"]) for s in obs["shops"]] == [4, 4]
    assert [s["deck_size"] for s in obs["shops"]] == [26, 34]
    assert all(card["cost"] in (3, 7) for card in (obs["cards"][n] for n in obs["shops"][0]["cards"]))


def test_each_turn_option_once_blessings_any_number(tmp_path: Path) -> None:
    t = Table(tmp_path, basic_income=5)
    for _ in range(2):
        t.turn("Basic Income")
        t.turn("Basic Income")
    t.do("gain_gold")
    assert not t.can("gain_gold")
    t.draw()
    assert not t.can("draw")
    assert t.me()["hand"] == ["Basic Income"] * 3
    for _ in range(3):
        t.do("bless", "Basic Income")
    assert t.me()["gold"] == 6 + 1 + 3  # this turn's gold and three blessings


def test_one_action_play_per_turn(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Fire": 1, "Tremor": 1})
    t.turn("Fire")
    t.turn()
    t.draw("Tremor")
    t.play("Fire")
    assert not t.can("play", "Tremor") and not t.can("place", "Tremor")
    assert t.obs()["turn_state"]["actions_left"] == 0


def test_a_face_down_action_waits_a_turn_then_costs_its_price_and_no_action_play(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Fire": 1, "Tremor": 1}, dice=(5, 3, 3, 3, 3, 3, 3), start_gold=10)
    t.draw("Fire")
    t.do("place", "Fire")
    assert t.me()["face_down"] == [{"card": "Fire", "placed_turn": 1, "seen_by_opponent": False}]
    assert t.obs(1)["players"][0]["face_down"][0]["card"] is None
    assert not t.can("execute", "Fire")  # placed for a later turn
    t.end_turn()
    t.turn()
    t.draw("Tremor")
    t.do("execute", "Fire")
    assert t.me()["gold"] == 10 - 7
    t.do("pass")
    assert t.me()["gold"] == 10 - 7 + 5
    assert t.obs()["players"][1]["health"] == 95
    assert t.can("play", "Tremor")  # the action play is still there


def test_the_hand_limit_is_five_at_the_end_of_a_turn(tmp_path: Path) -> None:
    t = Table(tmp_path, basic_income=8)
    for _ in range(5):
        t.turn("Basic Income")
        t.turn()
    t.draw()
    assert len(t.me()["hand"]) == 6
    assert not t.can("end_turn")
    t.do("discard", "Basic Income")
    assert t.me()["discard"] == ["Basic Income"]
    assert t.can("end_turn")


def test_an_empty_deck_takes_the_discard_pile_shuffled(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Fire": 1, "Tremor": 1})
    t.turn("Fire")
    t.turn()
    t.draw("Tremor")
    t.do("discard", "Tremor")
    t.do("discard", "Fire")
    t.end_turn()
    t.turn()
    assert t.me()["deck_size"] == 0
    t.do("draw")
    assert {a.args for a, _ in t.state.chance_outcomes()} == {(t.id("Fire"),), (t.id("Tremor"),)}
    t.chance("card", "Tremor")
    me = t.me()
    assert (me["hand"], me["discard"], me["deck_size"]) == (["Tremor"], [], 1)


def test_end_of_turn_removes_the_oldest_shop_cards_and_refills(tmp_path: Path) -> None:
    t = Table(tmp_path, cheap=("Fire", "Tremor", "Heavy Rain", "Ecology"))
    oldest_expensive = t.obs()["shops"][1]["cards"][0]
    t.do("end_turn")
    t.chance("card", "Treasury")
    t.settle()
    cheap, expensive = t.obs()["shops"]
    assert cheap["cards"] == ["Tremor", "Heavy Rain", "Ecology", "Treasury"]
    assert cheap["removed"] == ["Fire"]
    assert expensive["removed"] == [oldest_expensive]
    assert len(expensive["cards"]) == 4


def test_a_bought_card_leaves_its_shop_and_is_replaced(tmp_path: Path) -> None:
    t = Table(tmp_path, cheap=("Fire", "Tremor", "Heavy Rain", "Ecology"))
    t.do("gain_gold")
    t.buy("Heavy Rain")
    assert t.obs()["shops"][0]["cards"] == ["Fire", "Tremor", "Ecology"]
    t.end_turn()
    assert t.obs()["shops"][0]["cards"][:2] == ["Tremor", "Ecology"]
    assert len(t.obs()["shops"][0]["cards"]) == 4


def test_an_empty_shop_deck_takes_the_removed_cards_back(tmp_path: Path) -> None:
    keep = ("Fire", "Tremor", "Heavy Rain", "Ecology", "Treasury")
    cheap = [c.name for c in load_game(NAME).cards if c.shop == 0 and c.name not in keep]
    t = Table(tmp_path, start={name: 0 for name in cheap}, cheap=keep[:4])  # out of the game
    assert t.obs()["shops"][0]["deck_size"] == 1
    t.end_turn()  # Fire removed; Treasury, the last card, comes in
    t.do("end_turn")  # Tremor removed; the deck is empty: Fire and Tremor are shuffled back in
    assert {a.args for a, _ in t.state.chance_outcomes()} == {(t.id("Fire"),), (t.id("Tremor"),)}
    t.chance("card", "Tremor")
    t.settle()
    shop = t.obs()["shops"][0]
    assert shop["cards"] == ["Heavy Rain", "Ecology", "Treasury", "Tremor"]
    assert shop["removed"] == [] and shop["deck_size"] == 1


def test_auction_bids_double_and_the_active_player_wins_ties(tmp_path: Path) -> None:
    t = Table(tmp_path, cheap=("Fire",), start_gold=30)
    t.do("bid", "Fire")
    assert t.obs()["auction"] == {"card": "Fire", "shop": "cheap", "bid": 7, "level": 1, "to_move": "raise"}
    assert t.state.current_player() == 1
    t.do("raise")
    assert t.obs()["auction"]["bid"] == 14 and t.state.current_player() == 0
    t.do("match")
    t.do("raise")
    t.do("match")
    t.do("pass")  # player 2 does not outbid 21
    me, foe = t.obs()["players"]
    assert (me["gold"], me["discard"], foe["gold"]) == (30 - 21, ["Fire"], 30)
    assert not t.can("bid", "Tremor")  # one auction per turn


def test_auction_the_opponent_wins_when_the_player_does_not_match(tmp_path: Path) -> None:
    t = Table(tmp_path, cheap=("Fire",), start_gold=30)
    t.do("bid", "Fire")
    t.do("raise")
    t.do("pass")
    me, foe = t.obs()["players"]
    assert (me["gold"], foe["gold"], foe["discard"]) == (30, 30 - 14, ["Fire"])


def test_auction_bids_must_be_covered(tmp_path: Path) -> None:
    t = Table(tmp_path, cheap=("Fire",), start_gold=13)
    t.do("gain_gold")
    t.do("bid", "Fire")
    assert not t.can("raise")  # 14 > 13
    t = Table(tmp_path, cheap=("Treasury",), start_gold=2)
    assert not t.can("bid", "Treasury")


def test_auction_the_player_may_play_actions_during_it(tmp_path: Path) -> None:
    shop = ("Fire", "Tremor", "Heavy Rain", "Ecology")
    t = Table(tmp_path, start={"Gold Refinery": 1}, cheap=shop, start_gold=8, dice=(3, 3, 3, 3, 3, 3, 3))
    t.turn("Gold Refinery")
    t.do("gain_gold")
    t.end_turn()
    t.do("bid", "Ecology")
    t.do("raise")
    t.do("match")
    t.do("raise")  # 9 gold; player 1 has 8
    assert not t.can("match")
    t.play("Gold Refinery")
    assert t.obs()["auction"]["bid"] == 9 and t.me()["gold"] == 14
    t.do("match")
    t.do("pass")
    assert t.me()["discard"] == ["Gold Refinery", "Ecology"]
    assert t.me()["gold"] == 14 - 9


def test_reaching_zero_health_loses(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Fire": 1}, dice=(5, 3, 3, 3, 3, 3, 3), start_health=5)
    t.draw("Fire")
    t.play("Fire")
    assert t.state.is_terminal()
    assert t.state.returns() == [1.0, 0.0]
    assert t.obs()["winner"] == 0


@pytest.mark.parametrize(
    ("rule", "returns"), [("draw", [0.5, 0.5]), ("dealer_loses", [0.0, 1.0]), ("dealer_wins", [1.0, 0.0])]
)
def test_both_at_zero_at_once_follows_the_option(tmp_path: Path, rule: str, returns: list[float]) -> None:
    t = Table(
        tmp_path, start={"Heavy Rain": 1}, dice=(3, 3, 3, 3, 3, 3, 3), start_health=3, simultaneous_zero=rule
    )
    t.draw("Heavy Rain")
    t.play("Heavy Rain")
    assert t.state.returns() == returns


def test_the_turn_limit_ends_the_game_in_a_draw(tmp_path: Path) -> None:
    t = Table(tmp_path, turn_limit=2)
    t.end_turn()
    assert not t.state.is_terminal()
    t.end_turn()
    assert t.state.is_terminal() and t.state.returns() == [0.5, 0.5]


def test_option_reroll_dice_each_turn(tmp_path: Path) -> None:
    t = Table(tmp_path, reroll_dice_each_turn=True)
    t.do("end_turn")
    t.settle()  # refills and all seven dice, one chance node each
    assert t.state.current_player() == 1
    t = Table(tmp_path, reroll_dice_each_turn=True)
    t.do("end_turn")
    rolls = 0
    while t.state.is_chance_node():
        rolls += t.state.chance_outcomes()[0][0].kind == "face"
        t.state.apply_action(t.state.chance_outcomes()[-1][0])
    assert rolls == 7
    assert set(t.dice().values()) == {6}


def test_fractions_round_up(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Multitasking Novice": 1}, dice=(3, 3, 3, 3, 3, 3, 1))
    t.draw("Multitasking Novice")
    t.do("bless", "Multitasking Novice")
    assert t.obs()["turn_state"]["actions_left"] == 1 + 1  # ⌈1/3⌉


def test_an_illegal_action_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Fire": 1})
    before = (str(t.state), t.state.history(), t.obs(0), t.obs(1))
    for kind, args in (("play", (t.id("Fire"),)), ("pass", ()), ("militia", (3,))):
        action_id = t.game.action_space.encode(kind, *args)
        with pytest.raises(IllegalActionError, match="not among the legal actions"):
            t.state.apply_action(action_id)
    with pytest.raises(IllegalActionError):
        t.state.apply_action(t.legal()[0], player=1)
    assert (str(t.state), t.state.history(), t.obs(0), t.obs(1)) == before


def test_a_card_shown_twice_in_a_shop_gives_one_bid() -> None:
    """Issue 21: with two Basic Incomes returned to the cheap shop, legal_actions listed its bid twice.

    Seed 20's random playout (decisions drawn with ``random.Random(20)``) reaches that shop at
    about step 400; every decision on the way must list each action id once.
    """
    game = load_game(NAME)
    state = game.new_initial_state(seed=20)
    rng = random.Random(20)
    twice = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_unchecked(sample_outcome(state.chance_outcomes(), rng), CHANCE)
            continue
        legal = state.legal_actions()
        ids = [a.id for a in legal]
        assert len(ids) == len(set(ids)), [a.label for a in legal]
        shops = [shop["cards"] for shop in state.observation(None)["shops"]]
        if any(len(set(cards)) < len(cards) for cards in shops) and any(a.kind == "bid" for a in legal):
            twice += 1
        state.apply_unchecked(rng.choice(legal), state.current_player())
    assert twice, "the playout no longer shows a card twice in a shop: pick another seed"


def test_a_card_draw_lists_each_card_left_once_in_card_order_with_its_share() -> None:
    """Card draws (refills, draws, reveals) offer every distinct card of the pile once, in card
    order, weighted by its copies: the same list :func:`elementa.core.draw_outcomes` gives."""
    game = load_game(NAME)
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        draws = 0
        while not state.is_terminal() and draws < 300:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                if outcomes[0][0].kind == "card":
                    draws += 1
                    ids = [a.id for a, _ in outcomes]
                    assert ids == sorted(set(ids))
                    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
                    smallest = min(p for _, p in outcomes)
                    assert all(abs(p / smallest - round(p / smallest)) < 1e-9 for _, p in outcomes)
                state.apply_unchecked(sample_outcome(outcomes, rng), CHANCE)
            else:
                state.apply_unchecked(rng.choice(state.legal_actions()), state.current_player())
        assert draws
