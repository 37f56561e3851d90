"""A generator whose ``random()`` returns one chosen value: to test what a chance draw picks."""

from __future__ import annotations

import random


class Fixed(random.Random):
    """A generator whose ``random()`` always returns ``value``."""

    def __init__(self, value: float) -> None:
        super().__init__(0)
        self.value = value

    def random(self) -> float:
        return self.value
