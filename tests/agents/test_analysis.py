"""Hints and analysis judge a seat from its own information, and a hint names the search's move."""

from __future__ import annotations

import random

import pytest

import elementa
from elementa.agents.analysis import (
    Judgement,
    analyse,
    analysis_agent,
    hints,
    judge,
    move_words,
    part_words,
    to_move,
)
from elementa.core import CHANCE, SIMULTANEOUS, State, list_games

GAMES = sorted(
    g.info.name
    for g in list_games()
    if g.info.name
    in {"elemenders", "elemental-card-dice", "elemental-warriors-ii", "elementalis", "warriors"}
)
ITERATIONS = 24


def sampled_positions(name: str, count: int, seed: int = 3, skip: int = 8) -> list[tuple[State, int]]:
    """Positions of a random game where a seat decides between two or more moves, after ``skip`` steps."""
    game = elementa.load_game(name)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    found: list[tuple[State, int]] = []
    steps = 0
    while not state.is_terminal() and len(found) < count and steps < 600:
        steps += 1
        p = state.current_player()
        if p == CHANCE:
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        q = state.players_to_move()[0] if p == SIMULTANEOUS else p
        legal = state.legal_actions(q)
        if len(legal) > 1 and steps > skip and rng.random() < 0.3:
            found.append((state.clone(), q))
        state.apply_action(rng.choice(legal), q)
    assert found, f"no decision found in {name}"
    return found


def numbers(j: Judgement) -> list[tuple[int, int, float]]:
    return [(m.action.id, m.visits, m.win_chance) for m in j.moves]


def test_the_five_games_are_covered() -> None:
    assert len(GAMES) == 5


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_is_judged_the_same_when_what_it_cannot_see_is_redealt(name: str) -> None:
    for state, seat in sampled_positions(name, 2):
        real = judge(state, seat, iterations=ITERATIONS, seed=11)
        for redeal in (5, 6):
            other = state.resample_from_infostate(seat, random.Random(redeal))
            assert other.information_state_key(seat) == state.information_state_key(seat)
            again = judge(other, seat, iterations=ITERATIONS, seed=11)
            assert numbers(again) == numbers(real)
            assert again.win_chance == real.win_chance


def test_redealing_changes_something_hidden_somewhere() -> None:
    """The invariance above is not vacuous: a redeal does change another seat's view in a card game."""
    changed = 0
    for state, seat in sampled_positions("warriors", 3):
        other = state.resample_from_infostate(seat, random.Random(5))
        changed += any(
            other.observation(q) != state.observation(q) for q in range(state.game.num_players) if q != seat
        )
    assert changed


@pytest.mark.parametrize("name", GAMES)
def test_a_hint_names_the_move_the_search_would_play(name: str) -> None:
    for state, seat in sampled_positions(name, 2, seed=4):
        top = hints(state, seat, iterations=ITERATIONS, seed=7)
        played = analysis_agent(seat, 7, ITERATIONS).step(state.clone())
        assert top[0].action == played and top[0].best
        assert 1 <= len(top) <= 3 and not any(m.best for m in top[1:])
        assert all(0.0 <= m.win_chance <= 1.0 for m in top)
        legal = state.legal_actions(seat)
        assert all(m.action in legal for m in top)
        assert all(m.reason.startswith(move_words(state, m.action, seat)) for m in top)
        # the game's words, never a kind's name (``end_turn``) nor the reader's own seat
        assert all(m.action.kind not in m.reason.split(";")[0] or "_" not in m.action.kind for m in top)
        assert not any(m.reason.lower().startswith(f"player {seat + 1}") for m in top)


@pytest.mark.parametrize("name", GAMES)
def test_move_words_are_the_game_s_description_for_the_seat(name: str) -> None:
    """A hint's reason opens with what the game says the move does (``describe_action`` for the
    seat itself, its name left out), not with the action kind's name."""
    for state, seat in sampled_positions(name, 2, seed=4):
        for a in state.legal_actions(seat):
            words = move_words(state, a, seat)
            assert words and "_" not in words.split(" ")[0]
            assert state.describe_action(a, seat, seat).endswith(words)
            assert not words.lower().startswith(f"player {seat + 1}:")


def test_a_hint_is_reproducible_and_leaves_the_state_alone() -> None:
    state, seat = sampled_positions("elementalis", 1)[0]
    before = state.history()
    first = hints(state, seat, iterations=ITERATIONS, seed=2)
    second = hints(state, seat, iterations=ITERATIONS, seed=2)
    assert [(m.action.id, m.visits, m.win_chance) for m in first] == [
        (m.action.id, m.visits, m.win_chance) for m in second
    ]
    assert state.history() == before


def test_a_position_without_a_choice_is_refused() -> None:
    game = elementa.load_game("warriors")
    state = game.new_initial_state(1)
    while state.current_player() == CHANCE or len(state.legal_actions(state.current_player())) > 1:
        p = state.current_player()
        state.apply_action(
            state.sample_chance_outcome(random.Random(1)) if p == CHANCE else state.legal_actions(p)[0]
        )
    with pytest.raises(ValueError, match="nothing to judge"):
        judge(state, state.current_player(), iterations=4, seed=0)


def test_part_words_read_kind_and_parts() -> None:
    game = elementa.load_game("elementalis")
    space = game.action_space
    kind = next(k for k in space.kinds if any(p.values for p in space.parts(k)))
    parts = space.parts(kind)
    action = space.make(kind, *[0 if p.none != 0 else min(1, p.size - 1) for p in parts])
    words = part_words(action)
    assert words.startswith(kind.replace("_", " "))
    named = next(p for p in parts if p.values)
    assert named.values is not None and named.values[action.args[parts.index(named)]] in words


def test_an_analysis_judges_each_decision_from_its_seat() -> None:
    state, _ = sampled_positions("warriors", 1, skip=20)[0]
    result = analyse(state, iterations=8, seed=1)
    assert result.decisions and result.returns is None
    for d in result.decisions:
        assert d.judgement.estimate(d.played).action == d.played and d.judgement.seat == d.seat
        assert state.history()[d.step] == (d.seat, d.played.id)
        assert 0.0 <= d.win_chance <= 1.0
        assert d.loss is None or 0.0 <= d.loss <= 1.0
    seats = {d.seat for d in result.decisions}
    assert seats <= {0, 1}
    only = analyse(state, seats=[1], iterations=8, seed=1)
    assert {d.seat for d in only.decisions} == {1}
    assert [d.win_chance for d in only.decisions] == [d.win_chance for d in result.of(1)]


def test_to_move() -> None:
    state, seat = sampled_positions("elemenders", 1)[0]
    assert to_move(state, seat)


def twin_games(name: str, seat: int, seed: int, moves: int = 30) -> tuple[State, State]:
    """Two games from one seed that ``seat`` cannot tell apart: the same moves, and at each chance
    node of the second an outcome that leaves ``seat`` the same information state, another than the
    first game's where there is one; each move as :func:`twin_moves` picks it. They stop after
    ``moves`` moves or where no such outcome or move is left."""
    game = elementa.load_game(name)
    a, b = game.new_initial_state(seed), game.new_initial_state(seed)
    rng = random.Random(seed)
    made = 0
    while not a.is_terminal() and made < moves:
        p = a.current_player()
        if p == CHANCE:
            drawn = a.sample_chance_outcome(rng)
            a.apply_action(drawn)
            outcomes = [o for o, _ in b.chance_outcomes()]
            rng.shuffle(outcomes)
            outcomes.sort(key=lambda o: o == drawn)  # another outcome first
            for o in outcomes:
                c = b.clone()
                c.apply_action(o)
                if c.information_state_key(seat) == a.information_state_key(seat) and _movers(c) == _movers(
                    a
                ):
                    b = c
                    break
            else:
                return a, b
            continue
        q = a.players_to_move()[0] if p == SIMULTANEOUS else p
        pair = twin_moves(a, b, q, seat, rng)
        if pair is None:
            return a, b
        a, b = pair
        made += 1
    return a, b


def _movers(state: State) -> list[int]:
    """Who is to move: public in every game (a seat sees that another is still choosing, though not
    what), so twins that ``seat`` cannot tell apart agree on it."""
    return [] if state.is_terminal() else state.players_to_move()


def twin_moves(a: State, b: State, q: int, seat: int, rng: random.Random) -> tuple[State, State] | None:
    """``a`` and ``b`` after a move of ``q`` in each that leaves ``seat`` unable to tell them apart
    (the same information state and the same seats to move):
    where ``q`` is another seat, different moves where some are (a sealed or secret choice); else the
    same move; ``None`` where there is none (up to 8 moves of ``a`` tried)."""
    ours, theirs = a.legal_actions(q), b.legal_actions(q)
    tries = rng.sample(ours, min(8, len(ours)))
    for move in tries:
        answers = [m for m in theirs if m != move] if q != seat else []
        rng.shuffle(answers)
        c = a.clone()
        c.apply_action(move, q)
        for other in [*answers, move] if move in theirs else answers:
            d = b.clone()
            d.apply_action(other, q)
            if c.information_state_key(seat) == d.information_state_key(seat) and _movers(c) == _movers(d):
                return c, d
    return None


# Not the Card-Dice Game: in its opening every chance draw leaves both seats a different information
# state (each of 30 cards drawn, 30 keys), so there is nothing to redeal there; the position-level
# test above resamples it.
@pytest.mark.parametrize("name", ["elemenders", "elemental-warriors-ii", "elementalis", "warriors"])
@pytest.mark.parametrize("seat", [0, 1])
def test_a_seat_s_analysis_is_unchanged_when_the_others_cards_are_redealt(name: str, seat: int) -> None:
    # With Warriors' edition-2 decks (issue 40) the twins of seed 5 part after 3 moves, none of them
    # seat 2's, so its analysis would compare nothing; seed 19's twins give both seats decisions.
    first, second = twin_games(name, seat, seed=19 if name == "warriors" else 5)
    assert first.history() != second.history()
    others = [q for q in range(first.game.num_players) if q != seat]
    assert any(first.observation(q) != second.observation(q) for q in others)
    mine = analyse(first, seats=[seat], iterations=6, seed=3)
    theirs = analyse(second, seats=[seat], iterations=6, seed=3)
    assert mine.decisions
    assert [(d.step, d.played.id, d.win_chance, numbers(d.judgement)) for d in mine.decisions] == [
        (d.step, d.played.id, d.win_chance, numbers(d.judgement)) for d in theirs.decisions
    ]
