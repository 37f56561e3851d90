"""What Elemental Warriors II keeps as play goes on matches what it stands for.

Each sheet keeps the cents on it as squares change instead of summing them at every check, and
choices that depend on a few step arguments alone are built once per game and shared. Random
playouts under every preset check, at every step, that each player's change is the sum of the
squares they see on their own sheet, that the squares a sheet lists as holding coins are those that
do, that the live seats are those neither out nor surrendered, and that changing a list of legal
actions a caller got does not change what the state offers next.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import elementa
from elementa import CHANCE, SIMULTANEOUS
from elementa.core import Action, State
from elementa.core.chance import sample_outcome
from elementa.games.elemental_warriors_ii.game import EW2Game
from elementa.games.elemental_warriors_ii.sheet import Sheet
from elementa.games.elemental_warriors_ii.state import EW2State
from tests.support.compiled import skip_patching_compiled, skip_patching_compiled_module
from tests.support.walk import decision_nodes

MINIATURES = ("tiny", "small")
"""The one-round miniatures (ruling R38): too short for the counts below; conformance and
``test_miniature.py`` play them."""
LONG_PRESETS = {name: opts for name, opts in EW2Game.presets.items() if name not in MINIATURES}
PRESETS = [{}, *LONG_PRESETS.values()]
PRESET_IDS = ["default", *LONG_PRESETS]


@pytest.mark.parametrize("options", PRESETS, ids=PRESET_IDS)
def test_change_is_the_sum_of_the_sheet_and_shared_choices_stay_intact(options: dict[str, object]) -> None:
    game = elementa.load_game("elemental-warriors-ii", **options)
    steps = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal() and steps < 4000 * (seed + 1):
            live = []
            for q in range(game.num_players):
                me = state.observation(q)["players"][q]
                cents = sum(p + 5 * n + 10 * d for row in me["sheet"] for p, n, d in row)
                assert me["change"] == cents, (seed, len(state.history()))
                live += [] if me["out"] or me["surrendered"] else [q]
                sheet = state.sheets[q]  # type: ignore[attr-defined]
                assert sheet.filled == [i for i, square in enumerate(sheet) if square != (0, 0, 0)]
            assert list(state.live()) == live  # type: ignore[attr-defined]
            p = state.current_player()
            if p == CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
                continue
            q = rng.choice(state.players_to_move()) if p == SIMULTANEOUS else p
            acts = state.legal_actions(q)
            offered = list(acts)
            acts.clear()  # a caller's own copy: the state's choices are untouched
            assert state.legal_actions(q) == offered
            assert state.clone().legal_actions(q) == offered
            state.apply_action(rng.choice(offered), q)
            steps += 1
    assert steps > 150


def choose_one(state: State, rng: random.Random) -> tuple[int, Action]:
    """Return a random step as ``(actor, action)``: a chance outcome drawn by its probability, else a
    uniformly random legal action of the seat to move (at a simultaneous node, of one mover picked
    at random)."""
    p = state.current_player()
    if p == CHANCE:
        return CHANCE, sample_outcome(state.chance_outcomes(), rng)
    q = rng.choice(state.players_to_move()) if p == SIMULTANEOUS else p
    return q, rng.choice(state.legal_actions(q))


def play_one(state: State, rng: random.Random) -> None:
    """Apply one random step (see :func:`choose_one`)."""
    actor, action = choose_one(state, rng)
    state.apply_action(action, actor)


def walk(
    options: dict[str, object], players: tuple[int | None, ...] = (None,), seeds: int = 4, limit: int = 1500
) -> Iterator[EW2State]:
    """Yield the state at every node of seeded random playouts, stepped by :func:`play_one` once the
    caller is done with it: for each player count (``None``: the options' own) and the seeds
    ``0..seeds-1``, until the game ends or ``limit`` actions are played."""
    for n in players:
        chosen = options if n is None else {**options, "players": n}
        game = elementa.load_game("elemental-warriors-ii", **chosen)
        for seed in range(seeds):
            rng = random.Random(seed)
            state: EW2State = game.new_initial_state(seed)  # type: ignore[assignment]
            while not state.is_terminal() and len(state.history()) < limit:
                yield state
                play_one(state, rng)


def _public(view: dict[str, object], viewer: int) -> dict[str, object]:
    """What a viewer's observation shows of the others and of the table (not of their own seat)."""
    players = view["players"]
    assert isinstance(players, list)
    others = [p for q, p in enumerate(players) if q != viewer]
    return {k: view[k] for k in ("turn", "phase", "deck_sizes", "discard_sizes", "events")} | {
        "others": others
    }


@pytest.mark.parametrize("options", PRESETS, ids=PRESET_IDS)
def test_inside_a_window_the_others_stay_as_the_window_found_them(options: dict[str, object]) -> None:
    """What the window keeps of itself at its first action (not a whole copy of the state) is all
    its actions can change: until it closes, every seat sees the others and the table unchanged."""
    game = elementa.load_game("elemental-warriors-ii", **options)
    n, checked = game.num_players, 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        seen: list[dict[str, object]] = []  # each seat's view of the others as the window opened
        window: tuple[object, ...] = ()  # turn, phase and the seats still to act
        while not state.is_terminal() and len(state.history()) < 1500:
            p = state.current_player()
            if p != SIMULTANEOUS:
                seen = []
            else:
                view, movers = state.observation(None), set(state.players_to_move())
                opens = not seen or not movers <= window[2] or (view["turn"], view["phase"]) != window[:2]
                if opens:  # a new window: the same phase and turn, and no seat comes back to act
                    seen = [_public(state.observation(v), v) for v in range(n)]
                else:
                    assert [_public(state.observation(v), v) for v in range(n)] == seen, seed
                    checked += 1
                window = (view["turn"], view["phase"], movers)
            play_one(state, rng)
    assert checked > 20


def test_a_copy_taken_inside_a_window_never_changes_what_the_original_shows() -> None:
    """A window keeps each seat as it was at the seat's first action; a copy taken inside the window
    keeps its own table of those seats, so a seat acting in the copy (here after a change made to
    the copy alone, as a determinization would) leaves the original showing the seat as before:
    the original shows what a replay of its history shows."""
    game = elementa.load_game("elemental-warriors-ii")
    n, checked = game.num_players, 0
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal() and len(state.history()) < 600:
            p = state.current_player()
            if p == CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
                continue
            movers = state.players_to_move()
            if p == SIMULTANEOUS and state.window_start is not None:  # type: ignore[attr-defined]
                copy = state.clone()
                q = movers[-1]
                copy.tokens[q][0] += 5  # type: ignore[attr-defined]
                copy.apply_action(copy.legal_actions(q)[0], q)
                replay = game.new_initial_state(seed)
                for actor, action_id in state.history():
                    replay.apply_action(action_id, actor)
                assert [state.observation(v) for v in range(n)] == [replay.observation(v) for v in range(n)]
                checked += 1
            q = rng.choice(movers)
            state.apply_action(rng.choice(state.legal_actions(q)), q)
    assert checked > 10


def _check_combat_view(state: EW2State, where: object) -> None:
    """Assert that ``view.combat_view`` gives each viewer what ``observation`` shows it."""
    from elementa.games.elemental_warriors_ii import cards
    from elementa.games.elemental_warriors_ii.view import combat_view

    for q in range(state.num_players()):
        obs, mine = state.observation(q), combat_view(state, q)
        assert (mine.phase, list(mine.rows), mine.prompt) == (obs["phase"], obs["rows"], obs["prompt"]), (
            where,
            q,
        )
        assert (mine.prompt is None) == (q not in state.players_to_move()), (where, q)
        for shown, seat in zip(obs["players"], mine.players, strict=True):
            kept = seat.to_json()
            hand = kept.pop("hand_cards")
            names = None if hand is None else [cards.name(c, state.ndecks) for c in hand]
            assert names == shown["hand"], (where, q)
            squares = [list(square) for square in kept.pop("squares")]
            assert squares == [square for row in shown["sheet"] for square in row], (where, q)
            assert kept == {k: shown[k] for k in kept}, (where, q)


@pytest.mark.parametrize("options", PRESETS, ids=PRESET_IDS)
def test_the_agents_combat_view_is_the_observation_it_stands_for(options: dict[str, object]) -> None:
    """``view.combat_view`` (what the rule-based agent reads instead of the whole observation) gives
    every seat's entries as ``observation`` shows them to that viewer, at every step of random
    playouts, inside windows too, and in a copy of each step's state where every seat's Defense is
    doubled (Earth (d), which random play seldom reaches) or was doubled until the last turn."""
    game = elementa.load_game("elemental-warriors-ii", **options)
    steps = shown = 0
    for seed in range(4):
        walk = decision_nodes(game.new_initial_state(seed), random.Random(seed), max_steps=3000)
        for state, _ in walk:
            steps += 1
            s: EW2State = state  # type: ignore[assignment]
            _check_combat_view(s, (seed, len(s.history())))
            for until in (s.turn, s.turn - 1):
                copy = s.clone()
                copy.double_until = [until] * s.num_players()
                _check_combat_view(copy, (seed, len(s.history()), until))
            shown += any(p["defense"] for p in s.observation(0)["players"])
    assert steps > 150 and shown > 50  # states showing a Defense


@pytest.mark.parametrize("options", PRESETS, ids=PRESET_IDS)
def test_kept_orders_and_a_windows_discards_match_a_recount(options: dict[str, object]) -> None:
    """Decks and hands are kept sorted, so chance outcomes list the cards without sorting them
    again; a window keeps the discard piles' lengths only (its actions only add to them); the
    seats' window stacks are empty outside windows (a new window's steps are queued on them).
    Along random playouts: every deck and hand is sorted, the cards of each chance node come in
    increasing order, outside windows no seat has a step queued, and inside a window the state as
    the window found it shows the discard piles as they were when it opened."""
    game = elementa.load_game("elemental-warriors-ii", **options)
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        found: list[list[int]] = []  # the discard piles as the open window found them
        while not state.is_terminal() and len(state.history()) < 1500:
            for pile in [*state.decks, *state.hands]:  # type: ignore[attr-defined]
                assert pile == sorted(pile), (seed, len(state.history()))
            if state.window is None:  # type: ignore[attr-defined]
                assert not any(state.pending), (seed, len(state.history()))  # type: ignore[attr-defined]
            else:
                if state.window_start is None:  # type: ignore[attr-defined]  # nobody acted yet
                    found = [pile[:] for pile in state.discards]  # type: ignore[attr-defined]
                else:
                    assert state.opened_window().discards == found, (seed, len(state.history()))  # type: ignore[attr-defined]
                    checked += 1
            p = state.current_player()
            if p == CHANCE:
                outcomes = state.chance_outcomes()
                ids = [a.args[0] for a, _ in outcomes]
                assert ids == sorted(ids), (seed, len(state.history()))
                state.apply_action(sample_outcome(outcomes, rng))
                continue
            q = rng.choice(state.players_to_move()) if p == SIMULTANEOUS else p
            state.apply_action(rng.choice(state.legal_actions(q)), q)
    assert checked > 20


def test_the_log_keeps_the_latest_events_an_observation_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    """The log cuts its older events once in a while instead of at every event: along random
    playouts every observation still shows the last ``EVENTS_SHOWN`` public events logged so far."""
    from elementa.games.elemental_warriors_ii.state import EW2State
    from elementa.games.elemental_warriors_ii.view import EVENTS_SHOWN

    logged: list[str] = []  # every public event, none cut
    log = EW2State.log

    def log_all(state: EW2State, text: str) -> None:
        if state.window is None:
            logged.append(text)
        log(state, text)

    skip_patching_compiled(EW2State)
    monkeypatch.setattr(EW2State, "log", log_all)
    game = elementa.load_game("elemental-warriors-ii")
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        logged.clear()
        state = game.new_initial_state(seed)
        while not state.is_terminal() and len(state.history()) < 1500:
            p = state.current_player()
            if p != SIMULTANEOUS:  # inside a window the others are shown as it found them
                shown = state.observation(None)["events"]
                assert shown == logged[-EVENTS_SHOWN:], (seed, len(state.history()))
                checked += 1
            play_one(state, rng)
    assert checked > 200 and len(logged) > 2 * EVENTS_SHOWN


def _recount_mover(state: EW2State) -> int:
    """Who moves, from the state's flow: the end, an open window, a chance step or a decision's seat."""
    from elementa import TERMINAL
    from elementa.games.elemental_warriors_ii.steps import Chance, Decision

    if state.over:
        return TERMINAL
    if state.window is not None:
        return SIMULTANEOUS
    step = state.steps[-1]
    if isinstance(step, Chance):
        return CHANCE
    assert isinstance(step, Decision), step  # the flow never waits at an automatic step
    return step.seat


def _check_kept(state: EW2State, where: object) -> None:
    """Assert that what the state keeps as play goes on matches a recount from scratch: the seat to
    move, the legal actions kept for a seat (those of the step on top of its stack), and the moves
    each sheet keeps by square (each entry still naming its square, and every seat's Recompiles and
    Rebalances, as a menu reads them, equal to those made afresh square by square)."""
    from elementa.games.elemental_warriors_ii.actions import _square_moves, rearrangements

    assert state.current_player() == _recount_mover(state), where
    for seat, kept in state._cache.items():
        assert seat in state.players_to_move(), where
        assert kept == state.step_for(seat).legal(state, seat), where
    for seat, sheet in enumerate(state.sheets):
        for i, (square, recompile, rebalance) in enumerate(sheet.found):
            if square is sheet[i]:
                assert (recompile, rebalance) == _square_moves(state.game, i, square), where
        fresh = [_square_moves(state.game, i, sheet[i]) for i in range(len(sheet)) if sheet[i] != (0, 0, 0)]
        expected = [a for moves, _ in fresh for a in moves] + [a for _, moves in fresh for a in moves]
        assert rearrangements(state, seat) == expected, where


@pytest.mark.parametrize("options", PRESETS, ids=PRESET_IDS)
def test_kept_fields_match_a_recount_at_every_node_in_copies_and_redraws(options: dict[str, object]) -> None:
    """The seat to move is kept where the engine stops (not found again at every ask), and so are
    the legal actions found for a seat: along random playouts both match a recount at every node
    (chance and simultaneous ones included), in a copy and in a state redrawn from a seat's
    information (whose own actions may replay a window)."""
    game = elementa.load_game("elemental-warriors-ii", **options)
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while True:
            where = (seed, len(state.history()))
            _check_kept(state, where)  # type: ignore[arg-type]
            _check_kept(state.clone(), where)  # type: ignore[arg-type]
            if state.is_terminal() or len(state.history()) >= 1200:
                break
            p = state.current_player()
            movers = state.players_to_move()
            seat = movers[0] if movers else 0
            _check_kept(state.resample_from_infostate(seat, random.Random(checked)), where)  # type: ignore[arg-type]
            checked += 1
            if p == CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
                continue
            q = rng.choice(movers)
            state.apply_action(rng.choice(state.legal_actions(q)), q)
    assert checked > 200


@pytest.mark.parametrize("options", PRESETS, ids=PRESET_IDS)
def test_the_duel_fast_paths_agree_with_the_general_ones(
    options: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two players attacking each other skip the Assault tables by target: along random playouts
    (three-player ones too, once a player is out) each duel's attacks and log lines are those the
    general path finds for the same state."""
    from elementa.games.elemental_warriors_ii import flow

    skip_patching_compiled_module(flow)
    duels = 0

    def duel_attacks(s: EW2State, order: list[int]) -> list[tuple[int, int, bool]]:
        nonlocal duels
        general = s.clone()
        expected = flow.assault_attacks(general, order)
        got = fast_attacks(s, order)
        assert got == expected and s.events == general.events
        duels += 1
        return got

    fast_attacks = flow.duel_attacks
    monkeypatch.setattr(flow, "duel_attacks", duel_attacks)
    for _ in walk(options, (2, 3), seeds=6, limit=2000):
        pass
    assert duels > 100


def test_the_card_tables_read_as_the_cards() -> None:
    """The tables made once by card id (every deck of the Independence variants) give what the card
    functions compute: its resolution order, and the column a numbered card activates (none for a
    wild card)."""
    from elementa.games.elemental_warriors_ii import cards

    assert len(cards.COLUMN_OF) == len(cards.ORDER_KEYS) == cards.MAX_DECKS * cards.CARDS_PER_DECK
    for c, col in enumerate(cards.COLUMN_OF):
        assert col == (None if cards.is_face(c) else cards.rank(c) - 1)
        assert cards.ORDER_KEYS[c] == (*cards.declare_key(c), cards.deck_of(c))


@pytest.mark.parametrize("options", PRESETS, ids=PRESET_IDS)
def test_the_resolution_order_of_a_duel_is_that_of_a_sort(options: dict[str, object]) -> None:
    """A duel's resolution order is one comparison, not a sort: along random playouts of two and
    three players it is, at every node, the live seats sorted by the rules' keys (the card's rank
    and suit, a d10 roll's number above every suit, no card first), then by seat."""
    from elementa.games.elemental_warriors_ii import cards

    def key(s: EW2State, p: int) -> tuple[tuple[int, int, int], int]:
        c, col = s.played[p], s.column[p]
        if c is not None:
            return (*cards.declare_key(c), cards.deck_of(c)), p
        if s.mode[p] == "roll" and col is not None:
            return (col + 1, 4, 0), p
        return (0, 0, 0), p

    duels = 0
    for s in walk(options, (2, 3)):
        assert s.resolution_order() == sorted(s.live_seats, key=lambda p: key(s, p))
        duels += len(s.live_seats) == 2
    assert duels > 300


@pytest.mark.parametrize("options", PRESETS, ids=PRESET_IDS)
def test_a_window_left_open_kept_what_it_found_of_every_seat_that_acted(options: dict[str, object]) -> None:
    """A window's last action (a step of CLOSING, the last one left) keeps nothing of what the
    window found, as it closes the window: along random playouts of two to four players, whenever
    a window is still open after an action, it kept the table and every seat that acted in it."""
    closed = kept = 0
    for players in (2, 3, 4):
        game = elementa.load_game("elemental-warriors-ii", **{**options, "players": players})
        for seed in range(3):
            rng = random.Random(seed)
            state = game.new_initial_state(seed)
            while not state.is_terminal() and len(state.history()) < 1500:
                s: EW2State = state  # type: ignore[assignment]
                if s.window is not None:
                    acted = {q for q, done in enumerate(s.window_actions) if done}
                    if acted:
                        assert s.window_start is not None and acted <= set(s.window_start["seats"])
                        kept += 1
                q, action = choose_one(state, rng)
                window = s.window
                state.apply_action(action, q)
                closed += window is not None and s.window is None
    assert kept > 100 and closed > 100


@pytest.mark.parametrize("options", PRESETS, ids=PRESET_IDS)
def test_every_turn_starts_with_no_card_played(
    options: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A turn does not clear the cards played (the last turn's cleanup did): along random playouts
    every turn after the first starts with none."""
    from elementa.games.elemental_warriors_ii import flow

    skip_patching_compiled_module(flow)
    turns = 0

    def turn(s: EW2State) -> None:
        nonlocal turns
        assert s.played == [None] * s.num_players()
        turns += 1
        start_turn(s)

    start_turn = flow._turn
    monkeypatch.setattr(flow, "_turn", turn)
    for s in walk(options):
        if not s.history():  # a new state: nothing played yet
            assert s.played == [None] * s.num_players()
    assert turns > 20


SEAT_ENTRIES = (
    "sheets", "hands", "tokens", "floods", "pending", "pool", "played", "mode", "column", "draw_req",
    "surrender_req", "out", "known", "discards", "live_seats", "last_exit",
)  # fmt: skip
"""The entries of a state a window's actions can change."""


@pytest.mark.parametrize("options", PRESETS, ids=PRESET_IDS)
def test_the_window_as_it_opened_is_the_state_it_opened_on(options: dict[str, object]) -> None:
    """A seat's last action in a window (a step of CLOSING, the last one of the seat, while others
    still act) keeps only what that action can change: along random playouts of two to four
    players, at every node inside a window the state as the window found it (``opened_window``)
    has every entry a window can change as the state had it when the window opened."""
    checked = 0
    opened: EW2State | None = None  # a copy of the state the open window opened on
    for s in walk(options, (2, 3, 4), seeds=3):
        if s.window is None:
            opened = None
        elif not any(s.window_actions):  # nobody acted yet: the window just opened
            opened = s.clone()
        elif opened is not None:
            base = s.opened_window()
            for name in SEAT_ENTRIES:
                assert getattr(base, name) == getattr(opened, name), (name, s.seed)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("options", PRESETS, ids=PRESET_IDS)
def test_outside_windows_nothing_of_a_window_is_kept(options: dict[str, object]) -> None:
    """A window opens without dropping what the last one kept (its closing did): along random
    playouts, at every node outside a window, in the state and in a copy, nothing is kept of one."""
    outside = 0
    for state in walk(options):
        for s in (state, state.clone()):
            if s.window is None:
                assert s.window_start is None and s.window_base is None
                outside += 1
    assert outside > 100


@pytest.mark.parametrize("options", PRESETS, ids=PRESET_IDS)
def test_moves_of_coins_keep_the_cents_and_the_squares_holding_coins(options: dict[str, object]) -> None:
    """A Recompile, Rebalance, cent paid or cent placed sets its squares without working out the
    cents from the squares (a Recompile and a Rebalance keep them): after each one the sheet's
    cents and coin-holding squares match a recount."""
    game = elementa.load_game("elemental-warriors-ii", **options)
    seen = dict.fromkeys(("recompile", "rebalance", "pay", "add"), 0)
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal() and len(state.history()) < 3000:
            q, action = choose_one(state, rng)
            before = [list(sheet) for sheet in state.sheets]  # type: ignore[attr-defined]
            state.apply_action(action, q)
            if action.kind not in ("recompile", "rebalance", "pay", "add"):
                continue
            seen[action.kind] += 1
            for sheet, old in zip(state.sheets, before, strict=True):  # type: ignore[attr-defined]
                recount = Sheet(list(sheet))
                assert (sheet.cents, sheet.filled) == (recount.cents, recount.filled), seed
                if action.kind in ("recompile", "rebalance"):
                    assert sheet.cents == Sheet(old).cents
    assert min(seen.values()) > 0, seen
