"""Node constants returned by ``State.current_player()`` (the values OpenSpiel uses)."""

from __future__ import annotations

from typing import Final

CHANCE: Final = -1
"""A chance node: resolve it by applying one of ``chance_outcomes()``."""

SIMULTANEOUS: Final = -2
"""A simultaneous node: every player in ``players_to_move()`` submits one action, in any order."""

TERMINAL: Final = -4
"""The game is over: ``returns()`` holds the result."""
