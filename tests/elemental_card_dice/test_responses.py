"""Responses: the chain in the state and the observation, answers resolving first at their cost,
answers to answers, what may answer (option response_whitelist), and Veto."""

from __future__ import annotations

from pathlib import Path

from tests.elemental_card_dice.table import Table

DICE = (5, 3, 3, 3, 3, 3, 3)


def _answering(tmp_path: Path, answer: str, attack: str = "Fire", **options: str) -> Table:
    """Player 2 holds ``answer``; player 1 plays ``attack`` on turn 3; player 2 is to answer."""
    t = Table(tmp_path, start={attack: 1, answer: 1}, dice=DICE, start_gold=30, **options)
    t.turn(attack)
    t.turn(answer)
    t.draw(answer)
    t.do("play", attack)
    return t


def test_the_chain_is_shown_and_the_opponent_may_answer(tmp_path: Path) -> None:
    t = _answering(tmp_path, "Cheap Trick")
    for viewer in (0, 1, None):
        assert t.obs(viewer)["chain"] == [{"card": "Fire", "player": 0, "from": "hand"}]
        assert t.obs(viewer)["priority"] == 1
    assert t.state.current_player() == 1
    assert {a.kind for a in t.legal()} == {"respond", "pass"}
    assert "bless" not in {a.kind for a in t.legal()}  # blessings are for the active player only


def test_an_answer_resolves_first_and_costs_its_price(tmp_path: Path) -> None:
    t = _answering(tmp_path, "Cheap Trick")
    t.do("respond", "Cheap Trick")
    assert t.me(1)["gold"] == 30 - 3
    assert [e["card"] for e in t.obs()["chain"]] == ["Fire", "Cheap Trick"]
    assert t.state.current_player() == 0  # player 1 may answer the answer
    t.do("pass")
    t.choose("change the fire die from 5 to 4")  # player 2's choice
    assert [e["card"] for e in t.obs()["chain"]] == ["Fire"]
    assert t.state.current_player() == 0  # player 1 may add before Fire resolves
    t.do("pass")
    assert t.state.current_player() == 1  # and player 2 may answer Fire again
    t.do("pass")
    assert t.obs()["players"][1]["health"] == 100 - 4
    assert t.obs()["chain"] == []


def test_the_active_player_may_play_blessings_before_the_original_action(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Fire": 1, "Gambling": 1}, basic_income=1, dice=DICE, start_gold=30)
    t.turn("Fire")
    t.turn("Gambling")
    t.turn("Basic Income")
    t.turn()
    t.do("play", "Fire")
    t.do("respond", "Gambling")
    t.do("pass")
    t.do("die", 1)
    t.chance("face", 0)
    t.do("bless", "Basic Income")
    assert t.me()["gold"] == 31 and t.obs()["chain"][0]["card"] == "Fire"


def test_an_answer_can_itself_be_answered(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Fire": 1, "Veto": 1, "Gambling": 1}, dice=DICE, start_gold=40)
    t.draw("Veto")
    t.do("place", "Veto")  # player 1 keeps Veto face down for later
    t.end_turn()
    t.turn("Gambling")
    t.draw("Fire")
    t.do("play", "Fire")
    t.do("respond", "Gambling")
    assert t.can("execute", "Veto")
    t.do("execute", "Veto")  # 18 gold from face down
    assert [e["from"] for e in t.obs()["chain"]] == ["hand", "hand", "face down"]
    t.do("pass")  # player 2 lets the Veto resolve: Gambling is cancelled
    assert [e["card"] for e in t.obs()["chain"]] == ["Fire"]
    t.do("pass")
    t.do("pass")
    p1, p2 = t.obs()["players"]
    assert p2["health"] == 95 and p2["discard"] == ["Gambling"]
    assert p1["gold"] == 40 - 18 + 5


def test_a_veto_can_be_vetoed(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Fire": 1, "Veto": 1}, dice=DICE, start_gold=40)
    t.draw("Veto")
    t.do("place", "Veto")
    t.end_turn()
    t.turn("Veto")
    t.draw("Fire")
    t.do("play", "Fire")
    t.do("respond", "Veto")
    t.do("execute", "Veto")  # player 1 vetoes the Veto from face down
    t.do("pass")
    assert [e["card"] for e in t.obs()["chain"]] == ["Fire"]
    t.do("pass")
    t.do("pass")
    p1, p2 = t.obs()["players"]
    assert (p2["health"], p2["gold"], p2["discard"]) == (95, 40 - 18, ["Veto"])
    assert (p1["gold"], p1["discard"]) == (40 - 18 + 5, ["Veto", "Fire"])


def test_what_may_answer_under_the_default_whitelist(tmp_path: Path) -> None:
    t = _answering(tmp_path, "Tremor")
    assert not t.can("respond", "Tremor")  # damage does not change Fire's result
    t = _answering(tmp_path / "x", "Tremor", response_whitelist="any")
    assert t.can("respond", "Tremor")


def test_die_manipulation_cannot_answer_what_reads_no_die(tmp_path: Path) -> None:
    t = _answering(tmp_path, "Gambling", attack="Free Market")
    assert not t.can("respond", "Gambling")
    t = _answering(tmp_path / "x", "Gambling")
    assert t.can("respond", "Gambling")


def test_an_amplifier_may_answer_damage_when_it_strengthens_a_shield(tmp_path: Path) -> None:
    start = {"Fire": 1, "Poseidon's Trident": 1}
    t = Table(tmp_path, start=start, cheap=("Tremor", "Water Reservoirs"), dice=DICE, start_gold=30)
    t.turn("Fire")
    t.draw("Poseidon's Trident")
    t.buy("Water Reservoirs")
    t.end_turn()
    t.do("play", "Fire")
    t.do("respond", "Poseidon's Trident")
    t.do("pass")
    t.do("pass")
    t.do("pass")
    assert t.obs()["players"][1]["health"] == 100  # 5 fire against 2 × 3 water


def test_an_amplifier_without_a_shield_to_strengthen_may_not_answer(tmp_path: Path) -> None:
    t = _answering(tmp_path, "Poseidon's Trident")
    assert not t.can("respond", "Poseidon's Trident")


def test_an_answer_from_face_down_pays_its_cost(tmp_path: Path) -> None:
    t = Table(tmp_path, start={"Fire": 1, "Gambling": 1}, dice=DICE, start_gold=30)
    t.turn("Fire")
    t.draw("Gambling")
    t.do("place", "Gambling")
    t.end_turn()
    t.do("play", "Fire")
    t.do("respond_facedown", "Gambling")
    assert t.me(1)["gold"] == 30 - 3
    assert t.me(1)["face_down"] == []
    assert t.obs(0)["chain"][-1] == {"card": "Gambling", "player": 1, "from": "face down"}


def test_under_cheapskate_a_face_down_answer_is_free(tmp_path: Path) -> None:
    start = {"Fire": 1, "Gambling": 1}
    t = Table(tmp_path, start=start, expensive=("Earthquake", "Cheapskate"), dice=DICE, start_gold=30)
    t.turn("Fire")
    t.draw("Gambling")
    t.do("place", "Gambling")
    t.buy("Cheapskate")
    t.end_turn()
    t.do("play", "Fire")
    t.do("respond_facedown", "Gambling")
    assert t.me(1)["gold"] == 30 - 12
