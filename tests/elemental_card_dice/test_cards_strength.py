"""Card effects, part 1: damage, healing, gold, shields and amplifiers (each card at least once).

The dice are fire 5, earth 4, water 3, nature 2, magic 6, gold 2, utility 4 unless a test says so.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.elemental_card_dice.table import Table

DICE = (5, 4, 3, 2, 6, 2, 4)


@pytest.mark.parametrize(
    ("card", "to_foe", "to_self"),
    [
        ("Fire", 5, 0),
        ("Tremor", 4, 0),
        ("Heavy Rain", 3, 3),
        ("Blazing Fire", 10, 0),
        ("Earthquake", 8, 0),
        ("Rainstorm", 6, 6),
        ("Magical Firestorm", 30, 0),
        ("Meteor Strike", 24, 0),
        ("Biblical Flood", 18, 18),
        ("Volcanic Eruption", 20, 0),
    ],
)
def test_damage_cards_hurt_and_pay_the_dealer(tmp_path: Path, card: str, to_foe: int, to_self: int) -> None:
    t = Table(tmp_path, start={card: 1}, dice=DICE)
    t.draw(card)
    t.play(card)
    me, foe = t.obs()["players"]
    assert foe["health"] == 100 - to_foe
    assert me["health"] == 100 - to_self
    assert me["gold"] == 6 + to_foe + to_self  # damage dealt, to anyone, is paid in gold
    assert me["discard"] == [card]


@pytest.mark.parametrize(
    ("card", "healed"),
    [
        ("Ecology", 2),
        ("Reforestation", 4),
        ("Nature Reserves", 8),
        ("Hot Springs", 6),
        ("Mystical Restoration", 12),
    ],
)
def test_healing_cards_heal_beyond_the_starting_health(tmp_path: Path, card: str, healed: int) -> None:
    t = Table(tmp_path, start={card: 1}, dice=DICE)
    t.draw(card)
    t.play(card)
    assert t.me()["health"] == 100 + healed


@pytest.mark.parametrize(
    ("card", "gold"),
    [
        ("Treasury", 6 + 2),
        ("Gold Refinery", 6 + 4),
        ("Gold Mine", 6 + 8),
        ("Gold Panning", 6 + 6),
        ("Ancient Alchemy", 6 + 12),
        ("Free Market", 12),
        ("Basic Income", 7),
    ],
)
def test_gold_cards(tmp_path: Path, card: str, gold: int) -> None:
    t = Table(tmp_path, start={card: 1}, dice=DICE)
    t.draw(card)
    if card == "Basic Income":
        t.do("bless", card)
    else:
        t.play(card)
    assert t.me()["gold"] == gold


def _shielded(tmp_path: Path, shield: str, attack: str, **options: bool) -> Table:
    """Player 1 buys ``shield`` on turn 1; player 2 plays ``attack`` at them on turn 2."""
    cheap = shield in ("Water Reservoirs", "Solid Infrastructure", "Natural Forests")
    t = Table(
        tmp_path,
        start={attack: 1},
        dice=DICE,
        cheap=(shield,) if cheap else (),
        expensive=() if cheap else (shield,),
        start_gold=30,
        **options,
    )
    t.buy(shield)
    assert t.me()["passives"] == [shield]
    t.end_turn()
    t.draw(attack)
    t.do("play", attack)
    t.do("pass")
    return t


@pytest.mark.parametrize(
    ("shield", "attack", "taken"),
    [
        ("Water Reservoirs", "Fire", 5 - 3),
        ("Solid Infrastructure", "Heavy Rain", 0),
        ("Solid Infrastructure", "Fire", 5 - 4),
        ("Natural Forests", "Tremor", 4 - 2),
        ("Natural Forests", "Fire", 5),
        ("Magical Barrier", "Magical Firestorm", 30 - 24),
        ("Magical Barrier", "Fire", 5),
        ("Water Reservoirs", "Volcanic Eruption", 20),
    ],
)
def test_shields_reduce_each_hit_of_their_types(tmp_path: Path, shield: str, attack: str, taken: int) -> None:
    t = _shielded(tmp_path, shield, attack)
    me, foe = t.obs()["players"]
    assert me["health"] == 100 - taken
    assert foe["gold"] == 30 + taken + (3 if attack == "Heavy Rain" else 0)  # Heavy Rain hits its dealer too


def test_option_elemental_shields_stop_combo_damage(tmp_path: Path) -> None:
    t = _shielded(tmp_path, "Water Reservoirs", "Volcanic Eruption", elemental_shield_vs_combo=True)
    assert t.me()["health"] == 100 - (20 - 3)


def test_paid_militia_lets_its_owner_buy_off_damage(tmp_path: Path) -> None:
    t = _shielded(tmp_path, "Paid Militia", "Fire")
    assert t.state.current_player() == 0
    assert [a.args[0] for a in t.legal()] == [0, 1, 2, 3, 4, 5]
    t.do("militia", 3)
    me, foe = t.obs()["players"]
    assert (me["health"], me["gold"]) == (98, 30 - 12 - 3)
    assert foe["gold"] == 30 + 2


def _amplified(tmp_path: Path, amp: str, card: str) -> tuple[Table, dict[str, int]]:
    """Player 1 places ``card`` face down on turn 1; on turn 3 plays ``amp`` and then ``card``."""
    t = Table(tmp_path, start={amp: 1, card: 1}, dice=DICE, start_gold=40)
    t.draw(card)
    t.do("place", card)
    t.end_turn()
    t.turn()
    t.draw(amp)
    t.play(amp)
    before = {"gold": t.me()["gold"], "health": t.me()["health"], "foe": t.obs()["players"][1]["health"]}
    t.do("execute", card)
    t.do("pass")
    return t, before


@pytest.mark.parametrize(
    ("amp", "card", "foe_loss", "my_change", "gold_change"),
    [
        ("Prometheus's Gift", "Fire", 15, 0, -7 + 15),
        ("Gaia's Protection", "Tremor", 8, 0, -7 + 8),
        ("Poseidon's Trident", "Heavy Rain", 6, -6, -7 + 12),
        ("Ancient Grimoire", "Magical Firestorm", 60, 0, -18 + 60),
        ("Nymphs' Grace", "Ecology", 0, 4, -3),
        ("Midas Touch", "Treasury", 0, 0, -3 + 4),
        ("Purism", "Fire", 10, 0, -7 + 10),
        ("Purism", "Magical Firestorm", 30, 0, -18 + 30),
    ],
)
def test_amplifiers_multiply_their_die_for_the_rest_of_the_turn(
    tmp_path: Path, amp: str, card: str, foe_loss: int, my_change: int, gold_change: int
) -> None:
    t, before = _amplified(tmp_path, amp, card)
    me, foe = t.obs()["players"]
    assert foe["health"] == before["foe"] - foe_loss
    assert me["health"] == before["health"] + my_change
    assert me["gold"] == before["gold"] + gold_change
    assert me["amplifiers"]
    t.end_turn()
    assert t.obs()["players"][0]["amplifiers"] == {}


def test_a_paid_militia_payment_above_the_card_count_is_an_amount(tmp_path: Path) -> None:
    # a payment of 100 gold (more than the 69 card ids) once failed, read as a card id
    t = Table(
        tmp_path,
        start={"Magical Firestorm": 1},
        dice=(20, 4, 3, 2, 20, 2, 4),
        expensive=("Paid Militia",),
        die_sides=20,
        start_gold=200,
        start_health=1000,
    )
    t.buy("Paid Militia")
    t.end_turn()
    t.draw("Magical Firestorm")
    t.do("play", "Magical Firestorm")
    t.do("pass")
    t.do("militia", 100)
    assert (t.me()["health"], t.me()["gold"]) == (1000 - 300, 200 - 12 - 100)
