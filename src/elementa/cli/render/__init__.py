"""Terminal rendering of observations: a game's own renderer if it has one, else a generic tree.

A game ``foo-bar`` may provide ``elementa/cli/render/foo_bar.py`` with
``render(observation: dict, player: int | None) -> rich.console.RenderableType``, and there
``SHORT_FORMS: dict[str, str]``, the abbreviations its board shows (``{"E": "Earth"}``), which typed
answers may use.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from functools import cache
from types import ModuleType
from typing import Any

from rich.console import RenderableType

from elementa.cli.render import generic

Renderer = Callable[[Mapping[str, Any], int | None], RenderableType]


@cache
def module_for(game_name: str) -> ModuleType | None:
    """Return a game's renderer module (which may also hold the menu hooks of
    :mod:`elementa.cli.menu`), or ``None`` when the game has none."""
    module_name = f"{__name__}.{game_name.replace('-', '_')}"
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name != module_name:
            raise
        return None


def renderer_for(game_name: str) -> Renderer:
    """Return the renderer of a game: its module's ``render`` function, or :func:`generic.render`."""
    module = module_for(game_name)
    if module is None:
        return generic.render
    render: Renderer = module.render
    return render


def short_forms(game_name: str) -> dict[str, str]:
    """Return the abbreviations a game's board shows and the words they stand for (often none)."""
    return dict(getattr(module_for(game_name), "SHORT_FORMS", {}))


def render_observation(game_name: str, observation: Mapping[str, Any], player: int | None) -> RenderableType:
    """Return a Rich renderable of what ``player`` sees.

    Args:
        game_name: the registered game name (``"toy-dice"``); dashes map to underscores in module names.
        observation: ``state.observation(player)``.
        player: the seat whose view it is (0-based), or ``None`` for a spectator.
    """
    return renderer_for(game_name)(observation, player)
