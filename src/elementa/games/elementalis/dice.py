"""The dice on the table during a turn."""

from __future__ import annotations

from mypy_extensions import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class Die:
    """One die on the table this turn. Index 0 is always the Sun die."""

    __slots__ = ("charred", "destroyed", "face", "held", "sun")

    def __init__(self, sun: bool, face: int | None = None) -> None:
        self.sun = sun
        self.face = face
        self.held = False
        self.destroyed = False
        self.charred = False

    def copy(self) -> Die:
        d = Die(self.sun, self.face)
        d.held, d.destroyed, d.charred = self.held, self.destroyed, self.charred
        return d

    def counts(self) -> bool:
        """Whether the die's face counts for scoring now."""
        return not self.destroyed and not self.charred and self.face is not None
