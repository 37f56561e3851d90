"""The conformance checks fail where they should: each broken variant of the toy game is caught.

Each variant below breaks one promise of the game protocol (a hidden die that shows, a clone that
shares its lists...). The suite's walk must fail on it with the matching message, and pass on the
unbroken toy game with the same seeds, so that no check is one that cannot fail.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

from elementa import Action, State
from elementa.core import Noted, information_digest
from elementa.core.options import parse_options
from tests.conformance.checks import (
    CLONE,
    DESCRIBE_HIDES,
    ILLEGAL,
    INFO_KEY,
    OBS_COPY,
    REPLAY,
    RESAMPLE,
    STANDARD,
    CheckFailure,
    Walk,
)
from tests.support.toy import ToyGame, ToyOptions, ToyState

SEEDS = range(6)


def toy_with(state_cls: type[ToyState], players: int = 2) -> ToyGame:
    """Return the toy game whose states are of ``state_cls``."""

    class Variant(ToyGame):
        def new_initial_state(self, seed: int | None = None) -> ToyState:
            return state_cls(self, seed)

    return Variant(parse_options(ToyOptions, {"players": players}, game="toy-dice"))


def walk_all(game: ToyGame, checks: frozenset[str], tmp_path: Path, max_steps: int = 10_000) -> None:
    walk = Walk(game, "variant", tmp_path, checks=checks, max_steps=max_steps)
    for seed in SEEDS:
        walk.run(seed)


# ------------------------------------------------------------------------------- broken variants
class DiceShowing(ToyState):
    """Every die shows in every observation: the hidden-information leak the suite must find."""

    def observation(self, player: int | None) -> dict[str, Any]:
        return {**super().observation(player), "dice": list(self.dice)}


class BidsShowing(ToyState):
    """Sealed bids show before everyone has bid."""

    def observation(self, player: int | None) -> dict[str, Any]:
        return {**super().observation(player), "bids": list(self.bids)}


class LabelsShowing(ToyState):
    """Descriptions show everyone the secret die just dealt."""

    def describe_action(self, action: Action, player: int, viewer: int | None) -> str:
        return action.label


class NoResample(ToyState):
    """Hides the dice but lets resample_from_infostate hand out the true state."""

    resample_from_infostate = State.resample_from_infostate  # type: ignore[assignment]


class Endless(ToyState):
    """Keeping or rerolling never ends the turn."""

    def _apply(self, action: Action, player: int) -> None:
        if action.kind not in ("keep", "reroll"):
            super()._apply(action, player)


class LoadedDie(ToyState):
    """Chance probabilities that sum to less than 1."""

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(a, p * 0.9) for a, p in super()._chance_outcomes()]


class FirstFaceSampler(ToyState):
    """A faster chance draw that always gives the first outcome: not what the probabilities say."""

    def _sample_chance_outcome(self, rng: random.Random) -> Action:
        rng.random()
        return self._chance_outcomes()[0][0]


class RepeatedBid(ToyState):
    """The same bid offered twice."""

    def _legal_actions(self, player: int) -> list[Action]:
        actions = super()._legal_actions(player)
        return [*actions, actions[0]]


class EveryoneToMove(ToyState):
    """A faster seat test (``_to_move``) that says every seat still bids, even one that has bid."""

    def _to_move(self, player: int) -> bool:
        return True


class ShortReturns(ToyState):
    """One return too few."""

    def returns(self) -> list[float]:
        return super().returns()[1:]


class OverRange(ToyState):
    """Winners get 2, outside the default utility range [0, 1]."""

    def returns(self) -> list[float]:
        return [2 * r for r in super().returns()]


class TupleObservation(ToyState):
    """An observation that changes in a JSON round trip."""

    def observation(self, player: int | None) -> dict[str, Any]:
        return {**super().observation(player), "turn": (self.turn,)}


class AliasedObservation(ToyState):
    """An observation holding the state's own list: clearing it clears the state."""

    def observation(self, player: int | None) -> dict[str, Any]:
        return {**super().observation(player), "record": self.record}

    def __init__(self, game: ToyGame, seed: int | None) -> None:
        super().__init__(game, seed)
        self.record: list[int] = [1]

    def __str__(self) -> str:
        return f"{super().__str__()} record={self.record}"


class KeyWithoutTurn(ToyState):
    """The information-state key leaves out the turn, which every seat sees."""

    def information_state_key(self, player: int) -> bytes:
        shown = self.observation(player)
        del shown["turn"]
        return information_digest((player, shown))


class KeyWithDice(ToyState):
    """The information-state key holds every die, hidden ones too."""

    def information_state_key(self, player: int) -> bytes:
        return information_digest((player, self.observation(player), self.dice))


class SharedClone(ToyState):
    """clone() copies everything but the bids, which the copy shares with the original."""

    def clone(self) -> SharedClone:
        twin = copy.deepcopy(self)
        twin.bids = self.bids
        return twin


class CountsAttempts(ToyState):
    """Records every attempted action, even refused ones."""

    def __init__(self, game: ToyGame, seed: int | None) -> None:
        super().__init__(game, seed)
        self.attempts = 0

    def apply_action(self, action: Action | int, player: int | None = None) -> None:
        self.attempts += 1
        super().apply_action(action, player)

    def __str__(self) -> str:
        return f"{super().__str__()} attempts={self.attempts}"


class UnseededDeal(ToyState):
    """Draws a hidden value from the global generator, not from a chance node: replays differ."""

    def __init__(self, game: ToyGame, seed: int | None) -> None:
        super().__init__(game, seed)
        self.luck = random.random()

    def __str__(self) -> str:
        return f"{super().__str__()} luck={self.luck}"


class EventsShowing(ToyState):
    """Each die dealt is told to everyone in a public event, though only its owner may see it."""

    def _apply(self, action: Action, player: int) -> None:
        super()._apply(action, player)
        if action.kind == "face":
            self.emit(Noted(f"a die shows {action.args[0] + 1}"))


BROKEN = [
    (DiceShowing, RESAMPLE, "different observation"),
    (BidsShowing, RESAMPLE, "different observation"),
    (LabelsShowing, DESCRIBE_HIDES, "description leaks hidden information"),
    (EventsShowing, DESCRIBE_HIDES, "the events tell"),
    (NoResample, RESAMPLE, "keeps the default resample_from_infostate"),
    (LoadedDie, RESAMPLE, "chance probabilities sum to"),
    (FirstFaceSampler, RESAMPLE, "sample_chance_outcome\\(\\) drew"),
    (RepeatedBid, RESAMPLE, "repeated action ids"),
    (EveryoneToMove, RESAMPLE, "_to_move\\(\\) says"),
    (ShortReturns, RESAMPLE, "returns\\(\\) has 1 entries for 2 players"),
    (OverRange, RESAMPLE, "outside utility_range"),
    (TupleObservation, RESAMPLE, "changes in a JSON round trip"),
    (AliasedObservation, OBS_COPY, "must return fresh data"),
    (KeyWithoutTurn, INFO_KEY, "leaves out something the seat sees"),
    (KeyWithDice, INFO_KEY, "depends on something the seat does not see"),
    (KeyWithDice, RESAMPLE, "information_state_key\\(\\d\\) changed though"),
    (SharedClone, CLONE, "applying an action to a clone changed the original"),
    (CountsAttempts, ILLEGAL, "refused illegal actions changed the state"),
    (UnseededDeal, REPLAY, "replaying history\\(\\) gives a different state"),
]


@pytest.mark.parametrize(("state_cls", "family", "message"), BROKEN, ids=[b[0].__name__ for b in BROKEN])
def test_broken_variant_is_caught(
    state_cls: type[ToyState], family: str, message: str, tmp_path: Path
) -> None:
    with pytest.raises(CheckFailure, match=message):
        walk_all(toy_with(state_cls), frozenset({family}), tmp_path)


def test_endless_game_hits_the_step_cap(tmp_path: Path) -> None:
    with pytest.raises(CheckFailure, match="no terminal state after 50 random steps"):
        walk_all(toy_with(Endless), frozenset(), tmp_path, max_steps=50)


@pytest.mark.parametrize("players", [2, 4])
def test_unbroken_toy_passes_every_check_on_the_same_seeds(players: int, tmp_path: Path) -> None:
    walk = Walk(toy_with(ToyState, players), "toy", tmp_path, checks=STANDARD)
    for seed in SEEDS:
        assert walk.run(seed).is_terminal()
    assert walk.stats["deep"] >= len(SEEDS)
