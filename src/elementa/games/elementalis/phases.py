"""The decision points of an ElementaliS turn: the ``phase`` each step of the flow shows in the views."""

from __future__ import annotations

# Phases (decision points); the chance steps show ROLL.
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
"""The die of a :class:`~.steps.Roll` picked up in Elemental Opposition (not a table die)."""
