"""The games and option sets the adapter suites run: every game with each of its presets and its
fewest and most players (as the conformance suite), shortened by each game's own limit options so
that the suites stay fast (some games run to thousands of steps)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.conformance.configs import configs, game_names

SHORT: dict[str, dict[str, Any]] = {
    "elemenders": {"max_turns": 30},
    "elemental-card-dice": {"start_health": 20, "turn_limit": 40},
    "elemental-warriors-ii": {"max_rounds": 6},
    "elementalis": {"rounds": 1},
    "warriors": {"max_turns": 40},
}
"""Options that end each game sooner; a preset's own value of the same option wins."""


@dataclass(frozen=True)
class AdapterConfig:
    """One game with one (shortened) option set.

    Attributes:
        game: the registry name. variant: as the conformance suite names it. options: the options.
    """

    game: str
    variant: str
    options: dict[str, Any] = field(hash=False)
    seed: int = 0

    @property
    def label(self) -> str:
        """The test id, for example ``"warriors[preset=deathmatch]"``."""
        return f"{self.game}[{self.variant}]"


CONFIGS = [
    AdapterConfig(c.game, c.variant, {**SHORT.get(c.game, {}), **c.options}, seed=i)
    for i, c in enumerate(c for name in game_names() for c in configs(name))
]
