"""The one exception tree of Elementa.

Every error the engine raises on bad input derives from :class:`ElementaError` and carries a stable
``code`` (for example ``"action/illegal"``) that a client can act on, and a message that names the
input and the fix. They are also ``ValueError`` subclasses so that generic code catching bad values
keeps working.
"""

from __future__ import annotations

from typing import Any, ClassVar

from mypy_extensions import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)  # the server's errors subclass it
class ElementaError(ValueError):
    """Base class of every error Elementa raises on bad input.

    Attributes:
        code: a stable, machine-readable code such as ``"config/unknown-option"``: the ``code``
            given, else the class's ``default_code``.
    """

    default_code: ClassVar[str] = "elementa/error"
    """The code of an error raised without one; each subclass sets its own."""

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        # set on every instance, never read from a class default: the compiled build (setup.py) does
        # not give an exception instance its class's attribute defaults
        self.code: str = self.default_code if code is None else code


class ConfigError(ElementaError):
    """An unknown game or option, or an option value of the wrong type or out of range.

    Attributes:
        option: the offending option's name (``"game"`` for an unknown game name), or ``None``.
        choices: the valid choices, when they can be listed.
    """

    default_code = "config/invalid"

    def __init__(
        self,
        message: str,
        *,
        option: str | None = None,
        choices: list[Any] | None = None,
        code: str | None = None,
    ) -> None:
        super().__init__(message, code=code)
        self.option = option
        self.choices = choices


class IllegalActionError(ElementaError):
    """An action that is not legal in the state it was applied to.

    The state it was applied to is left exactly as it was.

    Attributes:
        action: the action (or the raw id) that was refused.
        reason: why it was refused, in words.
        player: whose turn it was (a player index or one of the node constants).
    """

    default_code = "action/illegal"

    def __init__(
        self, action: object, reason: str, *, player: int | None = None, code: str | None = None
    ) -> None:
        whose = "" if player is None else f" (to move: {describe_player(player)})"
        super().__init__(f"illegal action {action!s}: {reason}{whose}", code=code)
        self.action = action
        self.reason = reason
        self.player = player


class SaveFileError(ElementaError):
    """A save file that cannot be read: not JSON, a wrong field, or a history that does not replay.

    Attributes:
        path: the file, when known.
        field: the offending field (for example ``"history[12]"``), when known.
    """

    default_code = "save/invalid"

    def __init__(self, message: str, *, path: str | None = None, field: str | None = None) -> None:
        where = f"{path}: " if path else ""
        what = f"field {field!r}: " if field else ""
        super().__init__(f"{where}{what}{message}")
        self.path = path
        self.field = field


def describe_player(player: object) -> str:
    """Return a person-readable name for a player index or node constant.

    Args:
        player: a seat index (0-based) or one of ``CHANCE``, ``SIMULTANEOUS``, ``TERMINAL``.

    Returns:
        ``"player 2"`` for index 1, or ``"chance"``, ``"simultaneous"``, ``"terminal"``.
    """
    from elementa.core.nodes import CHANCE, SIMULTANEOUS, TERMINAL

    names = {CHANCE: "chance", SIMULTANEOUS: "simultaneous", TERMINAL: "terminal"}
    if isinstance(player, bool) or not isinstance(player, int):
        return f"player {player!r}"  # not a seat number: shown as given, for an error message
    return names.get(player, f"player {player + 1}")


class PositionError(ElementaError):
    """A position (see :meth:`elementa.core.game.Game.new_position`) that cannot be set up: a field
    of the wrong shape, or a position the rules cannot reach (two units on one square, more Mana than
    the supply holds...), or a game that has no positions (code ``"position/unsupported"``).

    Attributes:
        field: the offending field as a path into the position's JSON (``"units[3].square"``,
            ``"pool[1]"``), or ``""`` for the position as a whole.
        reason: what is wrong with it, in words (``"occupied by another unit"``).
    """

    default_code = "position/invalid"

    def __init__(self, field: str, reason: str, *, code: str | None = None) -> None:
        where = f"field {field!r}: " if field else ""
        super().__init__(f"position {where}{reason}", code=code)
        self.field = field
        self.reason = reason
