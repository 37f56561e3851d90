"""Elementa: digital editions of five elemental tabletop games.

The public API::

    import elementa
    game = elementa.load_game("elementalis", players=4)
    state = game.new_initial_state(seed=7)
    while not state.is_terminal(): ...

See ``docs/architecture.md`` for the layers.
"""

from elementa.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Agent,
    ConfigError,
    ElementaError,
    Game,
    GameInfo,
    IllegalActionError,
    PositionError,
    SaveFileError,
    State,
    list_games,
    load,
    load_game,
    play_game,
    save,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Action",
    "Agent",
    "ConfigError",
    "ElementaError",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "PositionError",
    "SaveFileError",
    "State",
    "list_games",
    "load",
    "load_game",
    "play_game",
    "save",
]
