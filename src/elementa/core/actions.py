"""Actions as small immutable values, and the mixed-radix action space that numbers them.

Every game numbers all of its possible actions once, from its options: an action *kind* (``"cast"``,
``"roll"``) and a tuple of small integer arguments, each below a fixed radix. The id is stable for a
given game and options, so logs, saves and learning agents can rely on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Action:
    """One action: a stable integer id, its structured meaning and a label a person understands.

    Two actions are equal when their ids are equal; the label is presentation only.

    Attributes:
        id: the action's integer id in its game's :class:`ActionSpace`.
        kind: the kind of action, for example ``"cast"``.
        args: the kind's integer arguments.
        label: a human-readable description, for example ``"cast Breeze on die 3"``.
    """

    id: int
    kind: str = field(compare=False)
    args: tuple[int, ...] = field(compare=False)
    label: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.label or f"{self.kind}{list(self.args)}"


class ActionSpace:
    """A fixed numbering of every action of a game: kinds, each with mixed-radix integer arguments.

    Args:
        kinds: ``(kind, radices)`` pairs in a fixed order; each argument ``i`` of that kind lies in
            ``range(radices[i])``.

    Example:
        >>> space = ActionSpace([("pass", ()), ("roll", (6,))])
        >>> space.encode("roll", 3)
        4
        >>> space.decode(4)
        ('roll', (3,))
    """

    MEMO_LIMIT = 100_000
    """The most actions :meth:`make` keeps built at once."""

    def __init__(self, kinds: Sequence[tuple[str, Sequence[int]]]) -> None:
        self._offsets: dict[str, int] = {}
        self._radices: dict[str, tuple[int, ...]] = {}
        self._order: list[tuple[int, str]] = []
        offset = 0
        for kind, radices in kinds:
            if kind in self._offsets:
                raise ValueError(f"duplicate action kind {kind!r}")
            self._offsets[kind] = offset
            self._radices[kind] = tuple(radices)
            self._order.append((offset, kind))
            size = 1
            for r in radices:
                size *= r
            offset += size
        self.size = offset
        """The number of distinct action ids."""
        self._memo: dict[tuple[str, tuple[int, ...], str], Action] = {}

    def encode(self, kind: str, *args: int) -> int:
        """Return the id of ``kind(*args)``.

        Raises:
            ValueError: an unknown kind, a wrong number of arguments or one out of range.
        """
        radices = self._radices.get(kind)
        if radices is None:
            raise ValueError(f"unknown action kind {kind!r}; kinds: {', '.join(self._radices)}")
        if len(args) != len(radices):
            raise ValueError(f"{kind} takes {len(radices)} arguments, got {len(args)}")
        code = 0
        for a, r in zip(args, radices, strict=True):
            if not 0 <= a < r:
                raise ValueError(f"argument {a} of {kind} outside range({r})")
            code = code * r + a
        return self._offsets[kind] + code

    def decode(self, action_id: int) -> tuple[str, tuple[int, ...]]:
        """Return ``(kind, args)`` for an id.

        Raises:
            ValueError: the id lies outside ``range(size)``.
        """
        if not 0 <= action_id < self.size:
            raise ValueError(f"action id {action_id} outside range({self.size})")
        kind = ""
        offset = 0
        for off, k in self._order:
            if off > action_id:
                break
            offset, kind = off, k
        code = action_id - offset
        args: list[int] = []
        for r in reversed(self._radices[kind]):
            args.append(code % r)
            code //= r
        return kind, tuple(reversed(args))

    def make(self, kind: str, *args: int, label: str = "") -> Action:
        """Return the :class:`Action` ``kind(*args)`` with a label.

        Actions are immutable, so each distinct ``(kind, args, label)`` is built once and then
        shared: listing legal actions, which search does millions of times, costs a dictionary
        lookup per action. The memo is cleared when it outgrows :attr:`MEMO_LIMIT` entries.

        Raises:
            ValueError: as :meth:`encode`.
        """
        key = (kind, args, label)
        action = self._memo.get(key)
        if action is None:
            if len(self._memo) >= self.MEMO_LIMIT:
                self._memo.clear()
            action = self._memo[key] = Action(self.encode(kind, *args), kind, tuple(args), label)
        return action
