"""The rule-based agent: legal, reproducible, reads only its view, and clearly beats random play."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import elementa
from elementa import Action, Agent, State, play_game
from elementa.core.chance import sample_outcome
from elementa.games.warriors.actions import fits
from elementa.games.warriors.agent import WarriorsAgent
from elementa.games.warriors.cards import Card
from elementa.games.warriors.rules import Fighter, load
from elementa.games.warriors.state import WarriorsState
from elementa.games.warriors.view import decision_view
from elementa.games.warriors.views import DecisionView
from tests.support.walk import decision_nodes
from tests.warriors.support import act, cid, deal, make_game, start_battle

LANDS = ["Ruined Keep", "Desert Outpost", "Frozen Pass", "Volcano Rim", "Toxic Swamp", "Fog Valley"]
MERC_HAND = ["Human Mercenary", "Battle Axe", *LANDS]
KNIGHT_HAND = ["Knight Errant", "Greatsword", *LANDS]
TABLES = [{}, {"players": 4, "deathmatch": True, "teams": 2, "revolving_door": True, "monodeck": True}]
"""The option sets the agent's kept values are checked at: the default duel and a busy four-seat table."""


class RandomAgent(Agent):
    name = "random"

    def step(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions(self.player))


def test_the_rule_based_agent_beats_random_play() -> None:
    game = elementa.load_game("warriors")
    score = 0.0
    games = 30
    for i in range(games):
        seat = i % 2
        agents: list[Agent] = [RandomAgent(1 - seat, seed=i)]
        greedy = game.rule_based_agent(seat, seed=i)
        assert greedy is not None
        agents.insert(seat, greedy)
        score += play_game(game, agents, seed=i).returns()[seat]
    assert score / games >= 0.8


def test_the_agent_decides_the_same_on_states_that_look_the_same() -> None:
    game = elementa.load_game("warriors")
    s = game.new_initial_state(11)
    rng = random.Random(11)
    agents = [game.rule_based_agent(p, seed=p) for p in range(2)]
    checked = 0
    while not s.is_terminal() and checked < 40:
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            s.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        p = s.players_to_move()[0]
        agent = agents[p]
        assert agent is not None
        other = s.resample_from_infostate(p, random.Random(checked))
        assert agent.step(other).id == agent.step(s).id
        s.apply_action(agent.step(s), p)
        checked += 1
    assert checked == 40


def test_evaluate_scores_the_race_to_three_locations() -> None:
    state = elementa.load_game("warriors").new_initial_state(2)
    even = state.evaluate()
    assert even is not None and sum(even) == pytest.approx(1.0)
    state.controlled[1] = [(0, 1)]  # type: ignore[attr-defined]  # player 2 holds one location
    behind, ahead = state.evaluate()
    assert ahead > 0.6 > 0.4 > behind
    state.controlled[1].append((1, 1))  # type: ignore[attr-defined]
    assert state.evaluate()[1] > ahead  # two locations of three: closer still
    state.in_game[0] = False  # type: ignore[attr-defined]  # a seat out of the game gets nothing
    assert state.evaluate()[0] == pytest.approx(0.0, abs=1e-6)


def test_evaluate_counts_deathmatch_tokens() -> None:
    state = elementa.load_game("warriors", deathmatch=True).new_initial_state(2)
    state.tokens[0] = 3  # type: ignore[attr-defined]
    ahead, behind = state.evaluate()
    assert ahead > 0.65 and behind < 0.35
    state.tokens[0] = 4  # type: ignore[attr-defined]  # one blow from the win: surer still
    assert state.evaluate()[0] > ahead


def test_evaluate_favours_the_fighter_that_kills_first(tmp_path: Path) -> None:
    # Mercenary (7 durability, Battle Axe: 3.5 a hit) against a bare-handed Knight (8, 1 a hit):
    # the Mercenary needs about 3 hits, the Knight 7, so the Mercenary is likely to win the battle.
    s = start_battle(tmp_path, [("Human Mercenary", ["Battle Axe"], []), ("Knight Errant", [], [])])
    odds = s.battle_odds()  # type: ignore[attr-defined]
    assert odds[0] > 0.9 and odds[0] + odds[1] == pytest.approx(1.0)
    mercenary, knight = s.evaluate()
    assert mercenary > knight
    s.fighters[0].durability = 1  # type: ignore[attr-defined]  # one hit from death: now the Knight leads
    assert s.battle_odds()[1] > 0.5  # type: ignore[attr-defined]
    assert s.evaluate()[1] > knight


def test_evaluate_sees_a_weapon_equipped_at_the_secret_assembly(tmp_path: Path) -> None:
    # Equipping the Greatsword while assembling raises the Knight's chance of winning the battle,
    # so a search sees the worth of equipping before the first blow.
    hands = [MERC_HAND, KNIGHT_HAND]
    s = make_game(tmp_path, [[*h, *["Frozen Pass"] * 8] for h in hands]).new_initial_state(0)
    deal(s, hands)
    act(s, 0, "field", cid(s, "Human Mercenary"))
    act(s, 1, "field", cid(s, "Knight Errant"))
    bare = s.battle_odds()[1]  # type: ignore[attr-defined]
    act(s, 0, "ready")
    act(s, 1, "equip", cid(s, "Greatsword"))
    armed = s.battle_odds()[1]  # type: ignore[attr-defined]
    assert armed > bare + 0.3
    assert s.evaluate()[1] > 0.5


@pytest.mark.parametrize("options", TABLES)
def test_the_decision_view_is_that_part_of_the_observation_at_every_decision(
    options: dict[str, object],
) -> None:
    """The agent reads view.decision_view in place of the whole view: it must say the same."""
    game = elementa.load_game("warriors", **options)
    for seed in range(3):
        for s, _ in decision_nodes(game.new_initial_state(seed), random.Random(seed), 3000):
            assert isinstance(s, WarriorsState)
            for seat in range(game.num_players):
                whole = s.view(seat)
                assert whole.hand is not None
                shown = DecisionView(whole.hand, whole.location, whole.fighters, whole.pending)
                assert decision_view(s, seat) == shown
                own = tuple(fv for fv in whole.fighters if fv.id == seat)
                assert decision_view(s, seat, foes=False) == replace(shown, fighters=own)


def greedy_gear_the_long_way(
    agent: WarriorsAgent, f: Fighter, hand: list[Card], loc: Card | None
) -> list[Card]:
    """The agent's greedy equipping, with the load and best attack worked out afresh at each card."""
    trial = Fighter(f.cid, f.seat, f.card)
    for e in f.equipment:
        trial.equip(e.card)
    for c in hand:
        room = fits(agent.game, f.card, load(e.card for e in trial.equipment))
        if c.id in room and agent._gain(trial, c, loc, agent._attack_now(trial, loc)) > 0:
            trial.equip(c)
    return [e.card for e in trial.equipment]


@pytest.mark.parametrize("options", TABLES)
def test_greedy_gear_carries_the_load_and_best_attack_as_worked_out_afresh(
    options: dict[str, object],
) -> None:
    """The agent carries load and best attack from card to card: the cards picked must be the same."""
    game = elementa.load_game("warriors", **options)
    checked = with_mods = 0
    for seed in range(3):
        agent = WarriorsAgent(0, seed)
        agent.game, agent.cards = game, game.catalog  # as choose sets them
        for s, _ in decision_nodes(game.new_initial_state(seed), random.Random(seed), 3000):
            assert isinstance(s, WarriorsState)
            cards = game.catalog.cards
            loc = s.location_card()
            for seat in range(game.num_players):
                hand = sorted((cards[c] for c in s.hands[seat]), key=agent._card_value, reverse=True)
                trials = [Fighter(seat, seat, c) for c in hand if c.type == "fighter"]
                mine = s.fighters[seat]
                if mine is not None:
                    trials.append(mine)
                for f in trials:
                    picked = agent._greedy_gear(f, hand, loc)
                    assert picked == greedy_gear_the_long_way(agent, f, hand, loc)
                    checked += 1
                    with_mods += any(c.static_mods for c in picked[len(f.equipment) :])
        hand_sorted = sorted(cards, key=agent._card_value)  # kept card values, read as worked out
        assert [agent._card_worth(c) for c in hand_sorted] == [agent._card_value(c) for c in hand_sorted]
        assert agent._worths == {c.id: agent._card_worth(c) for c in cards}
    assert checked > 1000 and with_mods > 20  # a card with modifiers was picked, and re-read the mods


def equipping_views(
    obs: DecisionView, seat: int, locations: list[Any], kits: list[Any]
) -> Iterator[DecisionView]:
    """Yield ``obs`` and copies with another location, the seat's fighter with another equipment
    list or another durability, or a spell of it cast or not."""
    yield obs
    own = [fv for fv in obs.fighters if fv.id == seat]
    for loc in locations:
        yield replace(obs, location=loc)
    for fv in own:
        changed = [replace(fv, equipment=kit) for kit in kits]
        changed.append(replace(fv, durability=fv.durability - 1))
        for i, ev in enumerate(fv.equipment):
            cast = replace(ev, duration=1 if ev.duration is None else None)
            changed.append(replace(fv, equipment=(*fv.equipment[:i], cast, *fv.equipment[i + 1 :])))
        for fighter in changed:
            yield replace(obs, fighters=(fighter,))


@pytest.mark.parametrize("options", [{}, {"players": 4, "teams": 2, "revolving_door": True}])
def test_kept_equipping_picks_are_the_fresh_ones_at_every_decision(options: dict[str, object]) -> None:
    """The agent keeps its equipping picks by what they read: a fresh agent must pick the same, in the
    states of seeded agent games, their clones and states resampled for the seat, and in their views
    with each thing the pick reads changed in turn (the location, the fighter's equipment...)."""
    game = elementa.load_game("warriors", **options)
    kept = [WarriorsAgent(p, 0) for p in range(game.num_players)]  # their memos last across games
    locations = [None, *(c.name for c in game.catalog.cards if c.type == "location")][:8]  # type: ignore[attr-defined]
    kits: list[Any] = []
    asked = 0
    for seed in range(6):
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(sample_outcome(s.chance_outcomes(), rng))
                continue
            seat = s.players_to_move()[0] if s.is_simultaneous_node() else s.current_player()
            legal = s.legal_actions(seat)
            if {a.kind for a in legal} & {"ready", "done"}:
                for state in (s.clone(), s.resample_from_infostate(seat, random.Random(asked))):
                    assert isinstance(state, WarriorsState)
                    menu = state.legal_actions(seat)
                    assert kept[seat].choose(state, menu) == WarriorsAgent(seat, 0).choose(state, menu)
                    obs = decision_view(state, seat, foes=False)
                    for view in equipping_views(obs, seat, locations, kits[-6:]):
                        fresh = WarriorsAgent(seat, 0)
                        fresh.game, fresh.cards = game, game.catalog  # as choose sets them
                        assert kept[seat]._equip_or_finish(view, menu) == fresh._equip_or_finish(view, menu)
                        asked += 1
                    kits += [fv.equipment for fv in obs.fighters if fv.equipment not in kits]
            s.apply_action(kept[seat].choose(s, legal), seat)
    picks = sum(len(agent._picks) for agent in kept)
    assert asked > 2 * picks > 200  # most answers came from the memo
