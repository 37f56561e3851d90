"""Card effects, part 4: the Multitasking, Exploration and Recycling tiers (utility die, rounded up)
and the passives that change the turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.elemental_card_dice.table import Table

U4 = (3, 3, 3, 3, 3, 3, 4)
TIERS = [("Novice", 2), ("Master", 2), ("Lord", 3), ("God", 4)]  # ⌈4/3⌉, ⌈4/2⌉, ⌈8/3⌉, 4


@pytest.mark.parametrize(("tier", "gain"), TIERS)
def test_multitasking_gives_extra_action_plays(tmp_path: Path, tier: str, gain: int) -> None:
    card = f"Multitasking {tier}"
    t = Table(tmp_path, start={card: 1}, dice=U4)
    t.draw(card)
    t.do("bless", card)
    assert t.obs()["turn_state"]["actions_left"] == 1 + gain


def test_extra_action_plays_allow_several_actions(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Multitasking God": 1, "Fire": 1, "Tremor": 1}, dice=U4)
    t.turn("Fire")
    t.turn()
    t.turn("Tremor")
    t.turn()
    t.draw("Multitasking God")
    t.do("bless", "Multitasking God")
    t.play("Fire")
    t.play("Tremor")
    assert t.obs()["players"][1]["health"] == 100 - 3 - 3


@pytest.mark.parametrize(("tier", "cards"), TIERS)
def test_exploration_draws_more_cards(tmp_path: Path, tier: str, cards: int) -> None:
    card = f"Exploration {tier}"
    t = Table(tmp_path, start={card: 1}, dice=U4, basic_income=6)
    t.draw(card)
    t.play(card)
    assert t.me()["hand"] == ["Basic Income"] * cards


@pytest.mark.parametrize(("tier", "most"), TIERS)
def test_recycling_returns_up_to_its_count_to_the_bottom_of_the_shop_deck(
    tmp_path: Path, tier: str, most: int
) -> None:
    card = f"Recycling {tier}"
    t = Table(tmp_path, start={card: 1}, dice=U4, basic_income=6)
    for _ in range(4):
        t.turn("Basic Income")
        t.turn()
    t.draw(card)
    t.play(card)
    for _ in range(most):
        assert t.can("stop")
        t.do("recycle", "Basic Income")
    assert not t.can("recycle", "Basic Income")
    assert t.me()["hand"] == ["Basic Income"] * (4 - most)
    assert t.obs()["shops"][0]["returned"] == ["Basic Income"] * most


def test_recycling_may_stop_early(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Recycling God": 1, "Fire": 1}, dice=U4)
    t.turn("Fire")
    t.turn()
    t.draw("Recycling God")
    t.play("Recycling God")
    t.do("stop")
    assert t.me()["hand"] == ["Fire"]
    assert t.can("end_turn")


def _bought(tmp_path: Path, passive: str, **kw: object) -> Table:
    cheap = passive == "Big Handed"
    t = Table(
        tmp_path,
        cheap=(passive,) if cheap else (),
        expensive=() if cheap else (passive,),
        start_gold=30,
        **kw,  # type: ignore[arg-type]
    )
    t.buy(passive)
    assert t.me()["passives"] == [passive]  # a passive is active at once
    return t


def test_big_handed_raises_the_hand_limit_by_the_utility_die(tmp_path: Path) -> None:
    t = _bought(tmp_path, "Big Handed", dice=U4)
    assert t.me()["hand_limit"] == 5 + 4
    assert t.obs()["players"][1]["hand_limit"] == 5


def test_cheapskate_makes_face_down_actions_free(tmp_path: Path) -> None:
    t = _bought(tmp_path, "Cheapskate", start={"Fire": 1}, dice=(5, 3, 3, 3, 3, 3, 3))
    t.draw("Fire")
    t.do("place", "Fire")
    t.end_turn()
    t.turn()
    gold = t.me()["gold"]
    t.do("execute", "Fire")
    t.do("pass")
    assert t.me()["gold"] == gold + 5  # the damage's gold, and nothing paid


def test_truly_blessed_draws_per_blessing_and_blocks_action_draws(tmp_path: Path) -> None:
    t = _bought(tmp_path, "Truly Blessed", start={"Exploration God": 1}, basic_income=3, dice=U4)
    t.draw("Basic Income")
    t.do("bless", "Basic Income")
    t.draws("Exploration God")
    assert t.me()["hand"] == ["Exploration God"]
    t.play("Exploration God")
    assert t.me()["hand"] == []


def test_always_lucky_draws_one_more_card_each_turn(tmp_path: Path) -> None:
    t = _bought(tmp_path, "Always Lucky", basic_income=3)
    t.end_turn()
    t.turn()
    t.draw()
    assert t.me()["hand"] == ["Basic Income", "Basic Income"]
