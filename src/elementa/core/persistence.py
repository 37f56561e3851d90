"""Save files: a game is its name, options, seed and action history, stored as JSON.

``save(state, path)`` writes::

    {"format": "elementa-save", "version": 1, "game": "elementalis",
     "options": {...}, "seed": 7, "history": [[player, action_id], ...]}

``load(path)`` validates the file (pydantic), rebuilds the game and replays the history with checked
actions, so a tampered or mismatched file is refused with the field that is wrong.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from elementa.core.errors import ConfigError, IllegalActionError, SaveFileError
from elementa.core.files import TOO_DEEP, read_user_file
from elementa.core.game import State
from elementa.core.registry import load_game

FORMAT = "elementa-save"
VERSION = 1


class SaveFile(BaseModel):
    """The schema of a save file (validated on load)."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["elementa-save"]
    version: Literal[1]
    game: str
    options: dict[str, Any]
    seed: int
    history: list[tuple[int, int]]


def to_dict(state: State) -> dict[str, Any]:
    """Return the JSON-ready save record of a state."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game.name,
        "options": state.game.options_dict(),
        "seed": state.seed,
        "history": [list(h) for h in state.history()],
    }


def from_dict(data: Any, *, path: str | None = None) -> State:
    """Rebuild a state from a save record.

    Raises:
        SaveFileError: a missing or wrong field, an unknown game or option, or a history entry that
            is not legal where it stands (the message names ``history[i]``).
    """
    try:
        record = SaveFile.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        field = ".".join(str(x) for x in err["loc"]) or None
        raise SaveFileError(
            f"{err['msg']} (is this an Elementa save file?)", path=path, field=field
        ) from None
    try:
        game = load_game(record.game, **record.options)
    except ConfigError as e:
        field = "game" if e.code == "config/unknown-game" or not e.option else f"options.{e.option}"
        raise SaveFileError(str(e), path=path, field=field) from None
    state = game.new_initial_state(record.seed)
    for i, (player, action_id) in enumerate(record.history):
        try:
            state.apply_action(action_id, player)
        except IllegalActionError as e:
            raise SaveFileError(f"does not replay: {e}", path=path, field=f"history[{i}]") from None
    return state


def save(state: State, path: str | Path) -> Path:
    """Write a state's save record as JSON.

    Args:
        state: the state to save.
        path: the file to write (created or overwritten).

    Returns:
        The path written.

    Raises:
        SaveFileError: the file cannot be written.
    """
    p = Path(path)
    try:
        p.write_text(json.dumps(to_dict(state), indent=1) + "\n", encoding="utf-8")
    except OSError as e:
        raise SaveFileError(f"cannot write: {e.strerror}", path=str(p)) from None
    return p


def load(path: str | Path) -> State:
    """Read a save file and return the state it records.

    Raises:
        SaveFileError: the file is missing, not UTF-8 text, not JSON (or nested too deeply to parse),
            of the wrong shape, or does not replay.
    """
    p = Path(path)
    text = read_user_file(p, lambda why: SaveFileError(f"{why}; is this an Elementa save file?", path=str(p)))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveFileError(f"not JSON ({e.msg} at line {e.lineno})", path=str(p)) from None
    except RecursionError:
        raise SaveFileError(f"{TOO_DEEP}; is this an Elementa save file?", path=str(p)) from None
    return from_dict(data, path=str(p))
