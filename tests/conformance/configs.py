"""The games and option sets the conformance suite runs, and its settings from the environment.

:func:`configs` gives, for one registered game, the option sets to run: the defaults, each of
``GameClass.presets``, and the fewest and most players the ``players`` option allows. Nothing here
names a game.

Environment variables (all optional):

- ``ELEMENTA_CONFORMANCE_PLAYOUTS``: random playouts per game and option set (default 3).
- ``ELEMENTA_CONFORMANCE_MAX_STEPS``: a playout longer than this fails as endless (default 10000).
- ``ELEMENTA_CONFORMANCE_SAMPLE_EVERY``: after the first 16 steps of a playout, about one step in
  this many gets the snapshot checks (``str``, JSON observations, illegal actions, descriptions);
  1 checks every step (default 8).
- ``ELEMENTA_CONFORMANCE_SEED``: the first seed of the playouts (default 0); vary it to explore.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import elementa
from elementa import Game
from elementa.core.registry import game_class
from tests.conformance.checks import Walk


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name, "")
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise pytest.UsageError(f"{name}={raw!r} is not an integer") from None


PLAYOUTS = _env_int("ELEMENTA_CONFORMANCE_PLAYOUTS", 3)
MAX_STEPS = _env_int("ELEMENTA_CONFORMANCE_MAX_STEPS", 10_000)
FIRST_SEED = _env_int("ELEMENTA_CONFORMANCE_SEED", 0)
SAMPLE_EVERY = max(1, _env_int("ELEMENTA_CONFORMANCE_SAMPLE_EVERY", 8))


@dataclass(frozen=True)
class Config:
    """One game with one option set.

    Attributes:
        game: the registry name.
        variant: ``"default"``, ``"preset=<name>"`` or ``"players=<n>"``.
        options: the keyword options given to ``elementa.load_game``.
    """

    game: str
    variant: str
    options: dict[str, Any] = field(hash=False)

    @property
    def label(self) -> str:
        """The test id, also used in failure messages: ``"toy-dice[players=4]"``."""
        return f"{self.game}[{self.variant}]"

    def load(self) -> Game:
        """Return the game with these options."""
        return elementa.load_game(self.game, **self.options)

    def seeds(self) -> range:
        """The seeds of the playouts of this option set."""
        return range(FIRST_SEED, FIRST_SEED + PLAYOUTS)

    @property
    def max_steps(self) -> int:
        """The step limit of one playout."""
        return MAX_STEPS

    def walk(self, tmp_dir: Path) -> Walk:
        """Return a :class:`Walk` of this game and options with the settings from the environment."""
        return Walk(self.load(), self.label, tmp_dir, max_steps=MAX_STEPS, sample_every=SAMPLE_EVERY)


def players_range(name: str) -> tuple[int, int, int]:
    """Return the fewest, most and default players of a game's ``players`` option."""
    cls = game_class(name)
    info = next(o for o in cls.describe_options() if o.name == "players")
    if info.choices is not None:
        return min(info.choices), max(info.choices), info.default
    lo = cls.info.min_players if info.minimum is None else int(info.minimum)
    hi = cls.info.max_players if info.maximum is None else int(info.maximum)
    return lo, hi, info.default


def configs(name: str) -> list[Config]:
    """Return the option sets the suite runs for one game (see the module docstring)."""
    cls = game_class(name)
    found = [Config(name, "default", {})]
    found += [Config(name, f"preset={p}", dict(opts)) for p, opts in cls.presets.items()]
    if any(o.name == "players" for o in cls.describe_options()):
        lo, hi, default = players_range(name)
        found += [Config(name, f"players={n}", {"players": n}) for n in sorted({lo, hi}) if n != default]
    return found


def game_names() -> list[str]:
    """Return the names of every registered game."""
    return [listing.info.name for listing in elementa.list_games()]
