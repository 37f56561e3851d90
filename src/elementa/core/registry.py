"""The game registry: ``load_game`` and ``list_games``.

Games register themselves: the built-in ones are the sub-packages of ``elementa.games`` that expose a
``GAME`` attribute (a :class:`~elementa.core.game.Game` subclass); third-party games can do the same
through the ``elementa.games`` entry-point group. The registry imports no game by name.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any

from elementa.core.errors import ConfigError
from elementa.core.game import Game, GameInfo
from elementa.core.options import OptionInfo, parse_options

_GAMES: dict[str, type[Game]] = {}
_discovered = False


@dataclass(frozen=True, slots=True)
class GameListing:
    """One line of ``list_games()``: a game's info and its options.

    Attributes:
        info: the game's :class:`GameInfo` (name, title, player range...).
        options: every option with its type, default, allowed values and help.
    """

    info: GameInfo
    options: list[OptionInfo]


def register_game(game_cls: type[Game]) -> type[Game]:
    """Register a game class under ``game_cls.info.name`` (usable as a decorator).

    Raises:
        ValueError: another class is already registered under that name.
    """
    name = game_cls.info.name
    existing = _GAMES.get(name)
    if existing is not None and existing is not game_cls:
        raise ValueError(f"two games are registered as {name!r}")
    _GAMES[name] = game_cls
    return game_cls


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    package = importlib.import_module("elementa.games")
    for mod in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        module = importlib.import_module(mod.name)
        game_cls = getattr(module, "GAME", None)
        if game_cls is not None:
            register_game(game_cls)
    for ep in entry_points(group="elementa.games"):
        register_game(ep.load())


def game_class(name: str) -> type[Game]:
    """Return the registered class of a game.

    Raises:
        ConfigError: no game has that name (the message lists the games).
    """
    _discover()
    try:
        return _GAMES[name]
    except KeyError:
        names = sorted(_GAMES)
        raise ConfigError(
            f"unknown game {name!r}; available games: {', '.join(names)}",
            option="game",
            choices=names,
            code="config/unknown-game",
        ) from None


def load_game(name: str, **options: Any) -> Game:
    """Return a game with validated options.

    Args:
        name: a registered game name (see :func:`list_games`).
        **options: the game's options; strings are converted (``players="4"``), dashes allowed.

    Returns:
        The :class:`Game`.

    Raises:
        ConfigError: an unknown game or option, or a value of the wrong type or out of range; the
            message names the option and lists the valid choices.
    """
    cls = game_class(name)
    return cls(parse_options(cls.options_class, options, game=name))


def recorded_options(name: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """Return a record's options with the game's :attr:`~elementa.core.game.Game.legacy_options`
    filled in where the record lacks them (a record written before those options existed).

    Args:
        name: a registered game name.
        options: the options a record holds (a save file's, a stored table's).

    Returns:
        ``options`` plus the missing legacy options (``{"edition": 1}`` for a Warriors save made
        before deck editions).

    Raises:
        ConfigError: an unknown game.
    """
    legacy = game_class(name).legacy_options
    # a record may spell an option with dashes, as load_game accepts
    given = {key.replace("-", "_") for key in options}
    return {**{k: v for k, v in legacy.items() if k not in given}, **options}


def load_recorded_game(name: str, options: Mapping[str, Any]) -> Game:
    """Return the game a record names (a save file, a server table, a table record): as
    :func:`load_game`, but an option the record lacks takes its legacy value
    (:func:`recorded_options`), so that an older record replays with the rules it was played under.

    Raises:
        ConfigError: as :func:`load_game`.
    """
    return load_game(name, **recorded_options(name, options))


def list_games() -> list[GameListing]:
    """Return every registered game with its player range and options, sorted by name."""
    _discover()
    return [GameListing(cls.info, cls.describe_options()) for _, cls in sorted(_GAMES.items())]


def register_games_from(targets: Sequence[str]) -> None:
    """Import and register extra game classes named ``"package.module:ClassName"``.

    For scripts and tools that take ``--register`` (modules are looked up from the current directory
    too, so a checkout's test games can be named).

    Raises:
        ConfigError: a target without ``:``, or a module or class that cannot be found.
    """
    if targets and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    for target in targets:
        module, sep, cls = target.partition(":")
        try:
            if not sep:
                raise ValueError("write MODULE:CLASS")
            register_game(getattr(importlib.import_module(module), cls))
        except (ImportError, AttributeError, ValueError) as exc:
            raise ConfigError(f"cannot register game {target!r}: {exc}", option="register") from None
