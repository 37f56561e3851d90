"""Appendix C: the Elemental Opposition example, step by step through the public API."""

from __future__ import annotations

from tests.elementalis.helpers import act, choose_mana, new_game, pass_declarations, pool, roll

A, B, C, D = 0, 1, 2, 3


def opposition_game():
    # A Harmonist Fire/Water, B Purist Earth, C Elementalist Air/Fire, D Purist Water.
    s = new_game(
        [("Fire", "Water"), ("Earth", "Earth"), ("Air", "Fire"), ("Water", "Water")],
        setup=["Earth", "Air", "Water"],
    )
    choose_mana(s, (1, 0, 0, 0))  # A's Pool is empty: A declares a Flux Tap for 1 Fire
    # A rolls no Fire and no Water: Earth, Earth, Air and two dice of Ether/Sun (Sun die shows Ether).
    roll(s, ["Ether", "Earth", "Earth", "Air", "Ether", "Sun"])
    pass_declarations(s)
    return s


def test_no_mana_with_an_empty_channel_starts_opposition() -> None:
    s = opposition_game()
    obs = s.observation(None)
    assert obs["phase"] == "claim"
    assert obs["stage"] == "opposition"
    assert sum(obs["channel"].values()) == 0
    # B may pick up both Earth dice; D has no Water to claim and is not asked.
    assert s.current_player() == B
    assert sorted(a.args[0] for a in s.legal_actions()) == [0, 1, 2]


def test_opposition_example() -> None:
    s = opposition_game()
    act(s, "claim", 2)  # B takes both dice showing Earth
    assert s.current_player() == C
    assert sorted(a.args[0] for a in s.legal_actions()) == [0, 1]
    act(s, "claim", 1)  # C takes the die showing Air
    before = {p: pool(s, p) for p in (A, B, C)}
    roll(s, ["Earth", "Fire"])  # B rolls its own Major and A's Major: no Mana changes hands
    assert pool(s, A) == before[A] and pool(s, B) == before[B]
    roll(s, ["Air"])  # C rolls its Major: A gives up one Mana of A's choice (A holds only its Fire)
    assert pool(s, A) == {"Fire": 0, "Water": 0, "Earth": 0, "Air": 0}
    assert pool(s, C)["Fire"] == before[C]["Fire"] + 1
    # Once Opposition is over, A's turn ends and B's begins.
    assert s.observation(None)["active"] == B


def test_claimant_rolling_the_active_major_pays_the_active_player() -> None:
    s = opposition_game()
    act(s, "claim", 2)
    act(s, "claim", 0)  # C declines to roll
    roll(s, ["Fire", "Fire"])  # B rolls A's Major twice: B pays A two Mana
    # B holds exactly two Earth, so there is nothing to choose: they go to A at once.
    assert pool(s, B) == {"Fire": 0, "Water": 0, "Earth": 0, "Air": 0}
    assert pool(s, A) == {"Fire": 1, "Water": 0, "Earth": 2, "Air": 0}
    assert s.observation(None)["active"] == B
