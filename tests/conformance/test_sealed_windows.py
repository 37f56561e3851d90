"""Sealed choices stay sealed in every game with simultaneous nodes, seat by seat.

OpenSpiel's sequential view and PettingZoo's AEC env play a simultaneous node one seat after another
(see ``docs/research.md``): a seat acts while another has already made its choice, or some steps of
a choice of several steps (a Warriors fighter assembly, the coins of an Elemental Warriors II turn).
So nothing a seat or a spectator is shown may change while another seat moves through such a window:
its observation, its events, and for a seat its information-state key and tensor stay exactly as they
were until the window closes for everyone at once (the reveal). Which seats still have to choose is
public (``players_to_move``); what they chose is not.

Nothing here names a game: every registered game whose ``GameInfo.simultaneous`` is set is walked
with random play in each option set of the conformance suite, and at every simultaneous node up to
four legal actions of each seat to move are tried on copies.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from elementa import SIMULTANEOUS, Game, State
from elementa.core.options import parse_options
from elementa.core.registry import game_class
from tests.conformance.configs import Config, configs, game_names
from tests.support.toy import ToyGame, ToyOptions, ToyState

SIMULTANEOUS_CONFIGS = [
    c for name in game_names() if game_class(name).info.simultaneous for c in configs(name)
]

STEPS = 300
"""The steps of each random walk (the first rounds hold many simultaneous nodes in every game)."""


def seen(state: State, viewer: int | None, start: int) -> tuple[Any, ...]:
    """Everything ``viewer`` (a seat, or ``None``: a spectator) is shown: its observation, its events
    from the ``start``-th, and for a seat its information-state key and observation tensor."""
    obs = json.dumps(state.observation(viewer), sort_keys=True)
    events = json.dumps([e.to_json() for e in state.events_for(viewer, start)], sort_keys=True)
    if viewer is None:
        return obs, events
    return obs, events, state.information_state_key(viewer), state.observation_tensor(viewer)


def difference(a: Any, b: Any, path: str = "") -> str:
    """The first place where two JSON values differ, as ``path: a -> b`` (for failure messages)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if a.get(k) != b.get(k):
                return difference(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return difference(x, y, f"{path}[{i}]")
    return f"({path or 'the whole'}: {json.dumps(a)[:80]} -> {json.dumps(b)[:80]})" if a != b else ""


def still_open(before: State, after: State, mover: int) -> bool:
    """Whether the window that ``mover`` acted in is still open: the node is still simultaneous and
    the other seats that had to choose still do (none of them has been answered by a reveal)."""
    if after.current_player() != SIMULTANEOUS:
        return False
    waiting = set(before.players_to_move()) - {mover}
    return bool(waiting) and waiting <= set(after.players_to_move())


def check_window(state: State, rng: random.Random, where: str) -> int:
    """Try up to four legal actions of each seat to move, each on a copy, while others still choose.

    A step after which the mover still has to choose must leave every other viewer's view as it
    was; the steps that end the mover's choice may show that it has chosen (as ``players_to_move``
    does), but not what: they must all leave the other viewers one and the same view. Returns how
    many steps were checked.
    """
    checked = 0
    viewers: list[int | None] = [*range(state.num_players()), None]
    start = state.event_count()
    for mover in state.players_to_move():
        others = [v for v in viewers if v != mover]
        before = {v: seen(state, v, start) for v in others}
        finished: dict[int | None, tuple[Any, ...]] = {}  # the view after the first finishing step tried
        legal = state.legal_actions(mover)
        for action in rng.sample(legal, min(4, len(legal))):
            after = state.clone()
            after.apply_action(action, mover)
            if not still_open(state, after, mover):
                continue
            expected = before if mover in after.players_to_move() else finished
            for v in others:
                now = seen(after, v, start)
                if expected.setdefault(v, now) != now:
                    who = "a spectator" if v is None else f"seat {v}"
                    parts = ["observation", "events", "information-state key", "tensor"]
                    changed = [part for part, x, y in zip(parts, expected[v], now, strict=False) if x != y]
                    detail = difference(json.loads(expected[v][0]), json.loads(now[0]))
                    raise AssertionError(
                        f"{where}: {who} sees seat {mover}'s sealed choice {action.label!r}:"
                        f" its {', '.join(changed)} changed {detail}"
                    )
            checked += 1
    return checked


def walk_windows(game: Game, label: str) -> int:
    """Walk two seeded random games of ``game``, checking every simultaneous node on the way
    (:func:`check_window`); return how many sealed steps were checked."""
    checked = 0
    for seed in range(2):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        for step in range(STEPS):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes], [w for _, w in outcomes])[0])
                continue
            if state.current_player() == SIMULTANEOUS:
                checked += check_window(state, rng, f"{label} seed {seed} step {step}")
                mover = state.players_to_move()[0]  # seat by seat, as the sequential views play it
            else:
                mover = state.current_player()
            state.apply_action(rng.choice(state.legal_actions(mover)), mover)
    return checked


@pytest.mark.parametrize("sealed", SIMULTANEOUS_CONFIGS, ids=lambda c: c.label)
def test_no_viewer_sees_a_sealed_choice_while_its_window_is_open(sealed: Config) -> None:
    assert walk_windows(sealed.load(), sealed.label) > 0, f"{sealed.label}: no sealed step in {STEPS} steps"


class BidsShowing(ToyState):
    """The toy game whose observations show every bid while the bidding is still sealed."""

    def observation(self, player: int | None) -> dict[str, Any]:
        return {**super().observation(player), "bids": list(self.bids)}


def test_a_bid_shown_before_the_reveal_is_caught() -> None:
    class Leaky(ToyGame):
        def new_initial_state(self, seed: int | None = None) -> ToyState:
            return BidsShowing(self, seed)

    game = Leaky(parse_options(ToyOptions, {"players": 3}, game="toy-dice"))
    with pytest.raises(AssertionError, match=r"sees seat \d's sealed choice 'bid \d'"):
        walk_windows(game, "leaky toy")
    assert walk_windows(ToyGame(parse_options(ToyOptions, {"players": 3}, game="toy-dice")), "toy") > 0
