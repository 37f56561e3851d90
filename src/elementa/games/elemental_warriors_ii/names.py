"""The players' short names, in a module of their own so that every module of the rules can import
them (:mod:`.effects` and :mod:`.actions` cannot import :mod:`.steps`, which imports them)."""

from __future__ import annotations

PLAYER_NAMES = tuple(f"P{p + 1}" for p in range(6))
"""The players' short names by seat, ``"P1"`` for seat 0 (the log's, the prompts' and the views')."""
