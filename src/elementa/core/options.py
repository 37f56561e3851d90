"""Game options: one frozen dataclass per game, declared with :func:`option`, validated at load.

A game declares its options as a frozen dataclass whose fields use :func:`option` (default, one-line
help, and the allowed values or range). :func:`parse_options` turns keyword arguments (or strings
from a command line) into a validated instance and raises :class:`ConfigError` naming the option and
its valid choices; :func:`describe_options` lists them for ``elementa games``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from elementa.core.errors import ConfigError

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """The description of one option, as ``list_games()`` reports it.

    Attributes:
        name: the keyword, for example ``"players"``.
        type: ``"int"``, ``"bool"``, ``"str"`` or ``"float"``.
        default: the default value.
        choices: the allowed values, or ``None`` when any value of the type (within a range) is allowed.
        minimum: the smallest allowed value of a numeric option, or ``None``.
        maximum: the largest allowed value of a numeric option, or ``None``.
        help: one line of help.
        fix: what to do about a refused value, said after the allowed values ("" for nothing more).
    """

    name: str
    type: str
    default: Any
    choices: tuple[Any, ...] | None
    minimum: float | None
    maximum: float | None
    help: str
    fix: str = ""

    def refusal(self) -> str:
        """Return the end of a refused value's message: ``"allowed: 1, 2"``, and the fix if any."""
        return f"allowed: {self.allowed()}" + (f"; fix: {self.fix}" if self.fix else "")

    def allowed(self) -> str:
        """Return the allowed values in words, for example ``"2..7"`` or ``"beater, mutual_pairs"``."""
        if self.choices is not None:
            return ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in self.choices)
        if self.minimum is not None or self.maximum is not None:
            lo = "" if self.minimum is None else f"{self.minimum:g}"
            hi = "" if self.maximum is None else f"{self.maximum:g}"
            return f"{lo}..{hi}"
        return f"any {self.type}"


def option(
    default: T,
    help: str,
    *,
    choices: Sequence[T] | None = None,
    minimum: float | None = None,
    maximum: float | None = None,
    fix: str = "",
) -> Any:
    """Declare a field of a game's options dataclass.

    Args:
        default: the default value; its type is the option's type.
        help: one line of help for ``elementa games``.
        choices: the allowed values (booleans get ``(False, True)`` automatically).
        minimum: for numbers, the smallest allowed value.
        maximum: for numbers, the largest allowed value.
        fix: what to do about a refused value beyond the allowed values, for example where a
            value comes from a newer Elementa's save (added to the error as ``"; fix: ..."``).

    Returns:
        A dataclass field, typed ``Any`` so that it may stand for a value of the field's type:
        typed as the default (as ``dataclasses.field`` is), compiled code (mypyc) checks at the
        call that the result is of that type, and a field is not.
    """
    allowed: tuple[Any, ...] | None = None if choices is None else tuple(choices)
    if isinstance(default, bool) and allowed is None:
        allowed = (False, True)
    meta = {
        "help": help,
        "choices": allowed,
        "minimum": minimum,
        "maximum": maximum,
        "type": type(default).__name__,
        "fix": fix,
    }
    return dataclasses.field(default=default, metadata=meta)


def describe_options(options_cls: type[Any]) -> list[OptionInfo]:
    """Return the :class:`OptionInfo` of every option of an options dataclass, in declaration order."""
    infos = []
    for f in dataclasses.fields(options_cls):
        m = f.metadata
        infos.append(
            OptionInfo(
                name=f.name,
                type=m.get("type", "str"),
                default=f.default,
                choices=m.get("choices"),
                minimum=m.get("minimum"),
                maximum=m.get("maximum"),
                help=m.get("help", ""),
                fix=m.get("fix", ""),
            )
        )
    return infos


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _coerce(info: OptionInfo, value: Any, game: str) -> Any:
    """Convert ``value`` (possibly a command-line string) to the option's type, or raise ConfigError."""

    def fail(why: str) -> ConfigError:
        return ConfigError(
            f"{game}: option {info.name}={value!r} {why}; {info.refusal()}",
            option=info.name,
            choices=None if info.choices is None else list(info.choices),
        )

    if info.type == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
            return value.lower() in _TRUE
        raise fail("is not a boolean")
    if info.type == "int":
        if isinstance(value, bool):
            raise fail("is not an integer")
        if isinstance(value, int):
            return value
        if isinstance(value, str):
            try:
                return int(value)
            except ValueError:
                raise fail("is not an integer") from None
        raise fail("is not an integer")
    if info.type == "float":
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        if isinstance(value, str):
            try:
                return float(value)
            except ValueError:
                raise fail("is not a number") from None
        raise fail("is not a number")
    if not isinstance(value, str):
        raise fail("is not a string")
    return value


def parse_options(options_cls: type[T], raw: Mapping[str, Any], *, game: str) -> T:
    """Validate keyword options against an options dataclass and return the frozen instance.

    Args:
        options_cls: the game's options dataclass (fields declared with :func:`option`).
        raw: option names to values; values may be strings as typed on a command line.
        game: the game's name, for error messages.

    Returns:
        An instance of ``options_cls`` with defaults for the options not given.

    Raises:
        ConfigError: an unknown option (listing the valid names), a value of the wrong type, a value
            outside its choices or range.
    """
    infos = {i.name: i for i in describe_options(options_cls)}
    values: dict[str, Any] = {}
    for name, value in raw.items():
        key = name.replace("-", "_")
        info = infos.get(key)
        if info is None:
            raise ConfigError(
                f"{game}: unknown option {name!r}; valid options: {', '.join(infos)}",
                option=name,
                choices=list(infos),
                code="config/unknown-option",
            )
        v = _coerce(info, value, game)
        if info.choices is not None and v not in info.choices:
            raise ConfigError(
                f"{game}: option {key}={v!r} is not allowed; {info.refusal()}",
                option=key,
                choices=list(info.choices),
            )
        if (info.minimum is not None and v < info.minimum) or (info.maximum is not None and v > info.maximum):
            raise ConfigError(
                f"{game}: option {key}={v!r} is out of range; {info.refusal()}",
                option=key,
            )
        values[key] = v
    return options_cls(**values)


def options_dict(options: Any) -> dict[str, Any]:
    """Return an options instance as a plain JSON-ready dict."""
    return dataclasses.asdict(options)
