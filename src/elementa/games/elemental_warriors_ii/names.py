"""The players' names, in a module of their own so that every module of the rules can import them
(:mod:`.effects` and :mod:`.actions` cannot import :mod:`.steps`, which imports them)."""

from __future__ import annotations

from elementa.core import describe_player

PLAYER_NAMES = tuple(describe_player(p) for p in range(6))
"""The players' names by seat, ``"player 1"`` for seat 0, as every game's texts name seats (the
log's, the prompts' and the labels'; seats count from 1 in text, from 0 in data)."""
