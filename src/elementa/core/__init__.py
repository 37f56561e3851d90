"""The game-agnostic core of Elementa: the game protocol, actions, errors, options, run loops, saves.

This package knows no game. Games implement :class:`Game` and :class:`State`; everything else
(agents, the command line, simulation) uses games only through what this package exports.
"""

from elementa.core.actions import Action, ActionSpace, Part
from elementa.core.agent import Agent
from elementa.core.chance import (
    die_outcomes,
    draw_outcomes,
    pick_from_counts,
    pick_uniform,
    sample_outcome,
    shuffle,
    shuffle_draws,
)
from elementa.core.errors import (
    ConfigError,
    ElementaError,
    IllegalActionError,
    PositionError,
    SaveFileError,
    describe_player,
)
from elementa.core.events import (
    Blocked,
    CardMoved,
    Changed,
    Damaged,
    Event,
    Moved,
    Noted,
    Place,
    Revealed,
    Scored,
)
from elementa.core.files import TOO_DEEP, read_user_file
from elementa.core.flow import AUTOMATIC, Flow, Step
from elementa.core.game import Game, GameInfo, State, information_digest, win_shares
from elementa.core.nodes import CHANCE, SIMULTANEOUS, TERMINAL
from elementa.core.options import OptionInfo, option
from elementa.core.persistence import SavedGame, load, load_saved, save
from elementa.core.registry import (
    GameListing,
    list_games,
    load_game,
    load_recorded_game,
    register_game,
    register_games_from,
)
from elementa.core.runner import chance_rng, play_game, resolve_chance
from elementa.core.views import View

__all__ = [
    "AUTOMATIC",
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "TOO_DEEP",
    "Action",
    "ActionSpace",
    "Agent",
    "Blocked",
    "CardMoved",
    "Changed",
    "ConfigError",
    "Damaged",
    "ElementaError",
    "Event",
    "Flow",
    "Game",
    "GameInfo",
    "GameListing",
    "IllegalActionError",
    "Moved",
    "Noted",
    "OptionInfo",
    "Part",
    "Place",
    "PositionError",
    "Revealed",
    "SaveFileError",
    "SavedGame",
    "Scored",
    "State",
    "Step",
    "View",
    "chance_rng",
    "describe_player",
    "die_outcomes",
    "draw_outcomes",
    "information_digest",
    "list_games",
    "load",
    "load_game",
    "load_recorded_game",
    "load_saved",
    "option",
    "pick_from_counts",
    "pick_uniform",
    "play_game",
    "read_user_file",
    "register_game",
    "register_games_from",
    "resolve_chance",
    "sample_outcome",
    "save",
    "shuffle",
    "shuffle_draws",
    "win_shares",
]
