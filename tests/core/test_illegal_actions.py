"""IllegalActionError: every refusal names the action, the reason and whose turn it is.

Driven through the toy game (Hidden Dice, tests/support/toy.py), whose ids are: face 0-5 (ids 0-5),
bid 0-2 (ids 6-8), keep (9), reroll (10).
"""

from __future__ import annotations

import pytest

import elementa
from elementa import CHANCE, SIMULTANEOUS, TERMINAL, ElementaError, IllegalActionError, State
from elementa.core import describe_player
from elementa.core.options import parse_options
from tests.support.toy import ToyGame, ToyOptions, ToyState

BID0, BID2, KEEP, REROLL = 6, 8, 9, 10


def toy(players: int = 2) -> State:
    return elementa.load_game("toy-dice", players=players).new_initial_state(seed=1)


def at_bidding() -> State:
    state = toy()
    state.apply_action(2)  # player 1's die: 3
    state.apply_action(4)  # player 2's die: 5
    return state


def at_keep_or_reroll() -> State:
    state = at_bidding()
    state.apply_action(BID0, 0)
    state.apply_action(BID2, 1)
    return state


def refusal(state: State, action: object, player: int | None = None) -> IllegalActionError:
    before = (str(state), state.history(), state.observation(0), state.observation(None))
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(action, player)  # type: ignore[arg-type]
    assert (str(state), state.history(), state.observation(0), state.observation(None)) == before
    return caught.value


def test_an_id_outside_the_action_space() -> None:
    error = refusal(toy(), 99)
    assert str(error) == (
        "illegal action 99: no action has id 99 in Hidden Dice (test game) (ids 0..10) (to move: chance)"
    )
    assert (error.action, error.player, error.code) == (99, CHANCE, "action/illegal")


def test_an_action_that_exists_but_is_not_legal_now_is_shown_by_its_label() -> None:
    state = at_keep_or_reroll()
    bid = state.game.action_space.make("bid", 0, label="bid 0")
    error = refusal(state, bid)
    assert str(error) == (
        "illegal action bid 0: bid[0] (id 6) is not among the legal actions now (to move: player 1)"
    )
    assert error.action is bid
    assert error.reason == "bid[0] (id 6) is not among the legal actions now"
    assert error.player == 0


@pytest.mark.parametrize("action", ["9", 9.0, True, None])
def test_values_that_are_not_actions(action: object) -> None:
    error = refusal(at_keep_or_reroll(), action)
    assert "an action is an Action or an integer id" in str(error)
    assert str(error).startswith(f"illegal action {action!s}:")


def test_the_wrong_player_at_a_turn() -> None:
    error = refusal(at_keep_or_reroll(), KEEP, player=1)
    assert str(error) == "illegal action 9: it is not player 2's turn (to move: player 1)"
    assert error.code == "action/inactive-player"


def test_a_player_at_a_chance_node() -> None:
    error = refusal(toy(), 2, player=0)
    assert "it is not player 1's turn (to move: chance)" in str(error)


def test_simultaneous_node_needs_the_player() -> None:
    error = refusal(at_bidding(), BID0)
    assert str(error) == (
        "illegal action 6: several players act at once here; name one of player 1, player 2"
        " (to move: simultaneous)"
    )
    assert (error.code, error.player) == ("action/player-required", SIMULTANEOUS)


def test_simultaneous_node_refuses_a_seat_that_has_already_chosen() -> None:
    state = at_bidding()
    state.apply_action(BID0, 0)
    error = refusal(state, BID2, player=0)
    assert str(error) == "illegal action 8: player 1 has nothing to do now (to move: simultaneous)"
    assert error.code == "action/inactive-player"
    assert "player 5 has nothing to do now" in str(refusal(state, BID2, player=4))


class SeatListToMove(ToyState):
    """Answers ``_to_move`` by indexing its per-seat bids, as a game's faster test does."""

    def _to_move(self, player: int) -> bool:
        return self.bids[player] is None


def test_seats_outside_the_table_are_refused_before_a_games_own_to_move_test() -> None:
    class Game(ToyGame):
        def new_initial_state(self, seed: int | None = None) -> ToyState:
            return SeatListToMove(self, seed)

    state = Game(parse_options(ToyOptions, {"players": 2}, game="toy-dice")).new_initial_state(1)
    state.apply_action(2)
    state.apply_action(4)
    state.apply_action(BID0, 1)  # seat 0 still bids; bids[-2] would read seat 0's bid
    assert [state.legal_action_ids(p) for p in (0, 1)] == [[6, 7, 8], []]
    assert state.legal_actions(2) == state.legal_actions(-2) == []
    assert refusal(state, BID0, player=-2).code == "action/inactive-player"
    assert "player 3 has nothing to do now" in str(refusal(state, BID0, player=2))


def test_nothing_is_legal_once_the_game_is_over() -> None:
    state = at_keep_or_reroll()
    state.apply_action(KEEP)
    state.apply_action(KEEP)
    assert state.is_terminal()
    error = refusal(state, KEEP)
    assert str(error) == "illegal action 9: the game is over (to move: terminal)"
    assert (error.code, error.player) == ("action/game-over", TERMINAL)


def test_action_from_id_refuses_with_the_same_message() -> None:
    state = at_keep_or_reroll()
    assert state.action_from_id(KEEP).label == "keep"
    with pytest.raises(IllegalActionError, match="bid\\[0\\] \\(id 6\\) is not among the legal actions now"):
        state.action_from_id(BID0)


def test_errors_are_value_errors_with_codes() -> None:
    error = IllegalActionError("fly", "no wings", player=2)
    assert isinstance(error, ElementaError) and isinstance(error, ValueError)
    assert str(error) == "illegal action fly: no wings (to move: player 3)"
    assert str(IllegalActionError("fly", "no wings")) == "illegal action fly: no wings"
    assert IllegalActionError("fly", "x", code="action/custom").code == "action/custom"


@pytest.mark.parametrize(
    ("player", "words"),
    [
        (0, "player 1"),
        (3, "player 4"),
        (CHANCE, "chance"),
        (SIMULTANEOUS, "simultaneous"),
        (TERMINAL, "terminal"),
    ],
)
def test_describe_player(player: int, words: str) -> None:
    assert describe_player(player) == words


@pytest.mark.parametrize("player", ["0", 0.0, False, True, 1.0])
def test_a_player_that_is_not_a_seat_number_is_refused_at_a_turn(player: object) -> None:
    error = refusal(at_keep_or_reroll(), KEEP, player=player)  # type: ignore[arg-type]
    assert str(error) == (
        f"illegal action 9: player {player!r} ({type(player).__name__}) is not a seat number: "
        "name the seat as an int (0 for the first player) (to move: player 1)"
    )
    assert (error.code, error.player) == ("action/bad-player", 0)


@pytest.mark.parametrize("player", ["0", 0.0, False, 1.0])
def test_a_player_that_is_not_a_seat_number_is_refused_at_a_simultaneous_node(player: object) -> None:
    error = refusal(at_bidding(), BID0, player=player)  # type: ignore[arg-type]
    assert f"player {player!r} ({type(player).__name__}) is not a seat number" in str(error)
    assert (error.code, error.player) == ("action/bad-player", SIMULTANEOUS)


def test_an_integer_of_another_type_is_a_seat_and_the_history_keeps_plain_ints() -> None:
    class Seat:  # an int-like value such as numpy.int64
        def __index__(self) -> int:
            return 0

    state = at_keep_or_reroll()
    state.apply_action(KEEP, player=Seat())  # type: ignore[arg-type]
    assert state.history()[-1] == (0, KEEP) and type(state.history()[-1][0]) is int


def test_describe_player_shows_a_value_that_is_not_a_seat_as_given() -> None:
    assert describe_player("0") == "player '0'"  # type: ignore[arg-type]
    assert describe_player(False) == "player False"
