"""Hidden hands and decks: observations, descriptions of draws, and determinization for search."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import elementa
from elementa import CHANCE, State
from elementa.games.warriors import view
from elementa.games.warriors.state import WarriorsState
from tests.support.walk import decision_nodes
from tests.warriors.support import act, cid, deal, make_game, player, start_battle


def play_randomly(state: State, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            p = rng.choice(state.players_to_move())
            state.apply_action(rng.choice(state.legal_actions(p)), p)


def cards_of(state: State, seat: int) -> Counter[str]:
    """Every card in a seat's hand and deck, read from the full text (for the test only)."""
    text = str(state)
    line = next(ln for ln in text.splitlines() if ln.startswith(f"player {seat + 1} ["))
    return Counter(c for c in line.split("hand: ")[1].split(", ") if c != "-")


def test_draws_read_as_a_card_to_the_other_players() -> None:
    s = elementa.load_game("warriors").new_initial_state(4)
    outcome = s.chance_outcomes()[0][0]
    name = outcome.label.removeprefix("player 1 draws ")
    assert s.describe_action(outcome, CHANCE, 0) == f"chance: player 1 draws {name}"
    assert s.describe_action(outcome, CHANCE, 1) == "chance: player 1 draws a card"
    assert s.describe_action(outcome, CHANCE, None) == "chance: player 1 draws a card"


def test_a_beast_drawn_is_public(tmp_path: Path) -> None:
    hand = ["Human Mercenary", "Battle Axe", *["Frozen Pass"] * 6]
    s = make_game(tmp_path, [[*hand, "Dire Wolf"], hand]).new_initial_state(0)
    wolf = next(a for a, _ in s.chance_outcomes() if a.args == (cid(s, "Dire Wolf"),))
    assert s.describe_action(wolf, CHANCE, 1) == "chance: player 1 draws Dire Wolf"


def test_observations_show_only_your_own_hand() -> None:
    s = elementa.load_game("warriors", players=3).new_initial_state(1)
    play_randomly(s, 40, random.Random(1))
    for viewer in range(3):
        obs = s.observation(viewer)
        assert len(obs["hand"]) == obs["players"][viewer]["hand_size"]
    assert "hand" not in s.observation(None)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 400), seat=st.integers(0, 2))
def test_resampling_keeps_what_a_player_sees_and_redraws_the_rest(seed: int, steps: int, seat: int) -> None:
    game = elementa.load_game("warriors", players=3)
    s = game.new_initial_state(seed)
    play_randomly(s, steps, random.Random(seed))
    r = s.resample_from_infostate(seat, random.Random(seed + 1))
    assert r.observation(seat) == s.observation(seat)
    assert r.legal_action_ids(seat) == s.legal_action_ids(seat)
    for q in range(3):
        if q == seat:
            assert cards_of(r, q) == cards_of(s, q)
        known = Counter(player(s, q, viewer=seat)["known_hand"])
        if s.observation(None)["phase"] != "assembly":  # (while assembling they may be equipped)
            assert not known - cards_of(r, q)  # the cards everyone saw go into a hand stay there


def test_resampling_redraws_opponents_hands_from_their_own_cards(tmp_path: Path) -> None:
    s = start_battle(
        tmp_path,
        [("Street Urchin", ["Battle Axe"], []), ("Human Mercenary", [], [])],
        spare=["Sonic Pistol", "Selium Sword", "Dire Wolf", "Chain Mail"],
    )
    rng = random.Random(0)
    seen = set()
    for _ in range(30):
        r = s.resample_from_infostate(0, rng)
        hand = cards_of(r, 1)
        assert sum(hand.values()) == 7 and "Dire Wolf" not in hand  # Beasts never stay in a hand
        seen.add(tuple(sorted(hand.elements())))
        assert cards_of(r, 0) == cards_of(s, 0)
    assert len(seen) > 1


def secret_assembly(tmp_path: Path) -> State:
    """Both seats have fielded a fighter in secret; seat 1 is ready, seat 0 still assembles."""
    hand = ["Human Mercenary", "Battle Axe", *["Frozen Pass"] * 6]
    other = ["Knight Errant", "Greatsword", "Iron Golem", *["Frozen Pass"] * 5]
    s = make_game(tmp_path, [hand * 2, other * 2]).new_initial_state(0)
    deal(s, [hand, other])
    act(s, 1, "field", cid(s, "Knight Errant"))
    act(s, 0, "field", cid(s, "Human Mercenary"))
    act(s, 1, "ready")
    return s


def test_a_secret_assembly_is_redrawn_too(tmp_path: Path) -> None:
    s = secret_assembly(tmp_path)
    assert s.players_to_move() == [0]
    names = set()
    for seed in range(20):
        r = s.resample_from_infostate(0, random.Random(seed))
        assert r.observation(0) == s.observation(0) and r.players_to_move() == [0]
        act(r, 0, "ready")
        names.update(f["name"] for f in r.observation(0)["fighters"] if f["id"] == 1)
    assert names and names <= {"Knight Errant", "Iron Golem"}


def test_equipment_taken_off_while_assembling_is_seen_by_its_owner_alone(tmp_path: Path) -> None:
    s = secret_assembly(tmp_path)
    before = s.clone()
    act(s, 0, "equip", cid(s, "Battle Axe"))
    act(s, 0, "remove", 0)
    # the same cards in hand and on the fighter, but the axe may not go back on in this step: the
    # seat must be able to tell the two positions apart (a search keys its nodes by observations)
    assert s.legal_action_ids(0) != before.legal_action_ids(0)
    assert s.observation(0)["hand"] == before.observation(0)["hand"]
    assert s.observation(0) != before.observation(0)
    assert player(s, 0, viewer=0)["removed"] == ["Battle Axe"]
    assert player(s, 0, viewer=1)["removed"] == []  # the assembly is secret
    assert player(s, 0, viewer=1) == player(before, 0, viewer=1)


def _cards_of(s: WarriorsState, group: int, seats: list[int]) -> Counter[int]:
    """The cards of a deck group held by its pile and by ``seats``: hands and fighters in play."""
    held: Counter[int] = Counter(s.decks[group])
    for q in seats:
        held.update(s.hands[q])
        f = s.fighters[q]
        if f is not None:
            held.update([f.card.id, *f.equipped_ids])
    return held


@pytest.mark.parametrize(
    "options", [{}, {"players": 4, "teams": 2, "team_deck": True}, {"players": 3, "monodeck": True}]
)
def test_resampling_keeps_each_piles_cards_and_leaves_a_pile_nothing_is_dealt_from(
    options: dict[str, object],
) -> None:
    """A resample for a seat redeals only among the others of each deck group: the cards of a group
    (its pile, the others' hands and fighters) are the same after it, and the pile of a group with
    no other seat in it (the seat's own, most often) is left exactly as it was."""
    game = elementa.load_game("warriors", **options)
    untouched = 0
    for seed in range(3):
        for k, (s, seat) in enumerate(
            decision_nodes(game.new_initial_state(seed), random.Random(seed), 2000)
        ):
            assert isinstance(s, WarriorsState)
            r = view.resample(s, seat, random.Random(k))
            for g, deck in enumerate(s.decks):
                others = [q for q in range(s.n) if s.game.deck_of[q] == g and q != seat]
                if others:
                    assert _cards_of(r, g, others) == _cards_of(s, g, others)
                else:
                    assert list(r.decks[g].items()) == list(deck.items())
                    untouched += 1
    assert untouched > 0 or len(set(game.deck_of)) < game.num_players  # type: ignore[attr-defined]
