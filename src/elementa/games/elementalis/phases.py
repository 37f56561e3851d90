"""The decision points of an ElementaliS turn (the ``phase`` of a state)."""

from __future__ import annotations

# Phases (decision points); CHANCE phases are ROLL.
DRAFT_MAJOR, DRAFT_MINOR, CHAOS, CHOICE, CULTIST, ROLL = (
    "draft_major",
    "draft_minor",
    "chaos",
    "choice",
    "cultist",
    "roll",
)
DECLARE, CAST, TARGET_MANA, REACT, CONTINUE, CLAIM, OVER = (
    "declare", "cast", "target_mana", "react", "continue", "claim", "over",
)  # fmt: skip
OPPOSITION_DIE = -1
"""A roll-queue entry for a die picked up in Elemental Opposition (not a table die)."""
