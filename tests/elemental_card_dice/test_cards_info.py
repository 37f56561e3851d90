"""Card effects, part 3: information, deck order, hands and the table (hidden facts shown only to the
player who looked)."""

from __future__ import annotations

from pathlib import Path

from tests.elemental_card_dice.table import Table


def test_mirror_wall_draws_then_shows_the_opponents_hand_to_the_looker_only(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Mirror Wall": 1, "Fire": 1, "Tremor": 1})
    t.turn("Fire")
    t.turn("Tremor")  # player 2 holds Tremor
    t.draw("Mirror Wall")
    assert t.obs(0)["players"][1]["known_hand"] == []
    t.do("bless", "Mirror Wall")
    t.draws("Tremor")
    assert t.me(0)["hand"] == ["Fire", "Tremor"]
    assert t.obs(0)["players"][1]["known_hand"] == ["Tremor"]
    assert t.obs(1)["players"][1]["hand_seen_by_opponent"] == [True]
    assert t.obs(None)["players"][1]["known_hand"] == []
    t.end_turn()
    t.do("play", "Tremor")  # what the looker saw leaves the hand with the card
    assert t.obs(0)["players"][1]["known_hand"] == []


def test_mirror_table_shows_the_opponents_face_down_actions(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Mirror Table": 1, "Fire": 1}, basic_income=1)
    t.turn("Basic Income")
    t.draw("Fire")
    t.do("place", "Fire")
    t.end_turn()
    t.draw("Mirror Table")
    assert t.obs(0)["players"][1]["face_down"][0]["card"] is None
    t.do("bless", "Mirror Table")
    assert t.me(0)["hand"] == ["Basic Income", "Fire"]  # the card drawn first
    assert t.obs(0)["players"][1]["face_down"][0]["card"] == "Fire"
    assert t.obs(None)["players"][1]["face_down"][0]["card"] is None


def test_sneak_peek_draws_then_shows_the_top_magic_cards_of_your_deck(tmp_path: Path) -> None:
    t = Table(
        tmp_path, start={"Sneak Peek": 1, "Fire": 1, "Tremor": 1, "Heavy Rain": 1}, dice=(3, 3, 3, 3, 2, 3, 3)
    )
    t.draw("Sneak Peek")
    t.do("bless", "Sneak Peek")
    t.draws("Fire", "Heavy Rain", "Tremor")  # one drawn, then the top two seen
    assert t.me(0)["hand"] == ["Fire"]
    assert t.me(0)["known_top"] == ["Heavy Rain", "Tremor"]
    assert t.obs(1)["players"][0]["known_top"] == []
    t.end_turn()
    t.turn()
    t.do("draw")
    assert not t.state.is_chance_node()  # the top card is already known
    assert t.me(0)["hand"] == ["Fire", "Heavy Rain"]


def test_option_sneak_peek_die_utility(tmp_path: Path) -> None:
    start = {"Sneak Peek": 1, "Fire": 1, "Tremor": 1, "Heavy Rain": 1, "Ecology": 1}
    t = Table(tmp_path, start=start, dice=(3, 3, 3, 3, 1, 3, 3), sneak_peek_die="utility")
    t.draw("Sneak Peek")
    t.do("bless", "Sneak Peek")
    t.draws("Fire", "Heavy Rain", "Tremor", "Ecology")
    assert t.me(0)["known_top"] == ["Heavy Rain", "Tremor", "Ecology"]


def test_reconnaissance_shows_the_top_of_the_opponents_deck(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Reconnaissance": 1, "Fire": 1, "Tremor": 1}, dice=(3, 3, 3, 3, 1, 3, 3))
    t.draw("Reconnaissance")
    t.do("bless", "Reconnaissance")
    t.draws("Fire", "Tremor")  # player 1 draws Fire, then sees Tremor on top of player 2's deck
    assert t.obs(0)["players"][1]["known_top"] == ["Tremor"]
    assert t.obs(1)["players"][1]["known_top"] == []
    t.end_turn()
    t.do("draw")
    assert t.obs(0)["players"][1]["known_hand"] == ["Tremor"]  # still known once in hand


def _reordered(tmp_path: Path, card: str) -> Table:
    start = {card: 1, "Fire": 1, "Tremor": 1, "Heavy Rain": 1, "Ecology": 1}
    t = Table(tmp_path, start=start, dice=(3, 3, 3, 3, 3, 3, 3))
    t.draw(card)
    t.play(card)
    deck = "Fire", "Tremor", "Heavy Rain"
    t.draws(*deck)  # the top three (utility 3) come face up for the player
    return t


def test_impatience_reorders_the_top_utility_cards_of_your_deck(tmp_path: Path) -> None:
    t = _reordered(tmp_path, "Impatience")
    assert sorted(t.obs(0)["decision"]["cards"]) == ["Fire", "Heavy Rain", "Tremor"]
    t.do("order", "Heavy Rain")
    assert t.obs(0)["decision"]["cards"] == ["Fire", "Tremor"]
    t.do("order", "Fire")
    assert t.me(0)["known_top"] == ["Heavy Rain", "Fire", "Tremor"]
    t.end_turn()
    t.turn()
    t.draw()
    assert t.me(0)["hand"] == ["Heavy Rain"]


def test_sabotage_reorders_the_opponents_deck_out_of_their_sight(tmp_path: Path) -> None:
    t = _reordered(tmp_path, "Sabotage")
    assert t.obs(1)["decision"]["cards"] is None
    t.do("order", "Tremor")
    assert t.state.describe_action(t.find("order", "Fire"), 0, 1) == "player 1: puts a card back on a deck"  # type: ignore[arg-type]
    t.do("order", "Fire")
    assert t.obs(0)["players"][1]["known_top"] == ["Tremor", "Fire", "Heavy Rain"]
    assert t.obs(1)["players"][1]["known_top"] == []
    t.end_turn()
    t.draw()
    assert t.me(1)["hand"] == ["Tremor"]


def test_magnetic_hands_takes_a_chosen_card_and_shuffles_the_deck(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Magnetic Hands": 1, "Fire": 1, "Tremor": 1, "Heavy Rain": 1})
    t.draw("Magnetic Hands")
    t.play("Magnetic Hands")
    assert sorted(a.label for a in t.legal()) == [
        f"take {n} into your hand" for n in ("Fire", "Heavy Rain", "Tremor")
    ]
    t.do("tutor", "Tremor")
    me = t.me(0)
    assert (me["hand"], me["deck_size"], me["known_top"]) == (["Tremor"], 2, [])
    assert t.obs(1)["players"][0]["known_hand"] == []


def test_express_shipping_moves_a_card_bought_this_turn_to_hand(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Express Shipping": 1}, cheap=("Fire",))
    t.draw("Express Shipping")
    assert not t.can("play", "Express Shipping")  # nothing bought yet
    t.do("gain_gold")
    t.buy("Fire")
    assert t.me(0)["discard"] == ["Fire"]
    t.play("Express Shipping")
    t.do("ship", "Fire")
    me = t.me(0)
    assert me["hand"] == ["Fire"]
    assert me["discard"] == ["Express Shipping"]
    assert t.obs(1)["players"][0]["known_hand"] == ["Fire"]


def test_weak_hands_makes_the_opponent_discard_utility_cards_of_their_choice(tmp_path: Path) -> None:
    t = Table(
        tmp_path, start={"Weak Hands": 1, "Fire": 1, "Tremor": 1, "Heavy Rain": 1}, dice=(3, 3, 3, 3, 3, 3, 2)
    )
    t.turn("Weak Hands")
    t.turn("Fire")
    t.turn("Fire")
    t.turn("Tremor")
    t.turn("Tremor")
    t.turn("Heavy Rain")
    t.do("bless", "Weak Hands")
    assert t.state.current_player() == 1
    assert [a.kind for a in t.legal()] == ["forced_discard"] * 3
    t.do("forced_discard", "Tremor")
    t.do("forced_discard", "Heavy Rain")
    assert t.me(1)["hand"] == ["Fire"]
    assert t.obs(0)["players"][1]["discard"] == ["Tremor", "Heavy Rain"]
    assert t.state.current_player() == 0


def test_weak_hands_takes_what_there_is(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Weak Hands": 1}, dice=(3, 3, 3, 3, 3, 3, 6))
    t.draw("Weak Hands")
    t.do("bless", "Weak Hands")
    assert t.state.current_player() == 0  # the opponent's hand is empty: nothing to do


def test_faulty_table_makes_the_opponent_discard_face_down_actions(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Faulty Table": 1, "Fire": 1}, dice=(3, 3, 3, 3, 3, 3, 2))
    t.turn("Faulty Table")
    t.draw("Fire")
    t.do("place", "Fire")
    t.end_turn()
    t.do("bless", "Faulty Table")
    t.do("forced_discard_facedown", "Fire")  # two were asked for; one was there
    assert t.obs(0)["players"][1]["face_down"] == []
    assert t.obs(0)["players"][1]["discard"] == ["Fire"]
    assert t.state.current_player() == 0


def test_veto_cancels_an_action_of_the_opponent(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Veto": 1, "Fire": 1}, start_gold=20, dice=(5, 3, 3, 3, 3, 3, 3))
    t.turn("Veto")
    t.draw("Fire")  # player 2 plays Fire; player 1 answers with Veto
    t.do("play", "Fire")
    t.do("respond", "Veto")
    assert [e["card"] for e in t.obs()["chain"]] == ["Fire", "Veto"]
    t.do("pass")
    p1, p2 = t.obs(1)["players"]
    assert (p1["health"], p2["health"]) == (100, 100)
    assert (p1["gold"], p1["discard"]) == (20 - 18, ["Veto"])
    assert (p2["gold"], p2["discard"]) == (20, ["Fire"])
    assert t.obs()["chain"] == []
