"""Save files: a game is its name, options, seed and action history, stored as JSON.

``save(state, path)`` writes::

    {"format": "elementa-save", "version": 2, "game": "elementalis", "action_format": 2,
     "options": {...}, "seed": 7, "history": [[player, action_id], ...]}

and, when the game was played against computer players, ``"agents": [null, "medium", ...]``: one
entry per seat, the agent spec that played it or ``null`` for a person (older saves have no such
field); and ``"hints": false`` when the person played with hints off (``elementa play --no-hints``),
so that the game resumes with them off (a file without the field, every older save included, allows
them); and, for a game set up from a position (:meth:`~elementa.core.game.Game.new_position`),
``"position": {...}``, the position its history starts from (see :mod:`elementa.core.positions`).
``load(path)`` validates the file (pydantic), rebuilds the game and replays the history with
checked actions, so a tampered or mismatched file is refused with the field that is wrong;
``load_saved(path)`` also gives back the agents and the hints setting.

Versions: ``version`` is the file's layout; ``action_format`` (version 2 on) the game's
:attr:`~elementa.core.game.Game.action_format`, the numbering of its action ids. A version-1 file
has none: its ids are of each game's format 1, and :meth:`~elementa.core.game.Game.upgrade_history`
turns them into today's (ElementaliS renumbered its actions in format 2). A later version or
action format than this Elementa knows is refused, naming the field.

Options: a save records every option its game had then (:meth:`~elementa.core.game.Game.options_dict`).
An option added later is missing from older saves; it takes the value the game lists in
:attr:`~elementa.core.game.Game.legacy_options`, the rules those saves were played under (Warriors'
``edition``: 1, the first deck lists), else its default
(:func:`~elementa.core.registry.load_recorded_game`, which the server's stored tables use too). So
adding an option needs no new save version.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, StrictBool, StrictInt, ValidationError

from elementa.core.errors import ConfigError, IllegalActionError, PositionError, SaveFileError
from elementa.core.files import TOO_DEEP, read_user_file
from elementa.core.game import State
from elementa.core.registry import load_recorded_game

FORMAT = "elementa-save"
VERSION = 2


class SaveFile(BaseModel):
    """The schema of a save file (validated on load)."""

    model_config = ConfigDict(extra="forbid")

    # strict integers: JSON true/false or 1.0 is no seat, action or seed
    format: Literal["elementa-save"]
    version: StrictInt
    game: str
    action_format: StrictInt | None = None
    options: dict[str, Any]
    seed: StrictInt
    history: list[tuple[StrictInt, StrictInt]]
    agents: list[str | None] | None = None
    hints: StrictBool | None = None
    position: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class SavedGame:
    """What a save file holds: the state and who played each seat.

    Attributes:
        state: the state, its history replayed.
        agents: one entry per seat: the agent spec that played it (``"medium"``), or ``None`` for a
            person; ``None`` as a whole for a save that does not record them (older saves).
        hints: whether the person may ask for hints (``False`` when the game was played with hints
            off; ``True`` for a save that does not say, older saves included).
    """

    state: State
    agents: list[str | None] | None = None
    hints: bool = True


def to_dict(
    state: State, agents: Sequence[str | None] | None = None, *, hints: bool = True
) -> dict[str, Any]:
    """Return the JSON-ready save record of a state.

    Args:
        state: the state to record.
        agents: one agent spec per seat (``None`` for a person), or ``None`` not to record them.
        hints: whether hints are allowed; ``False`` is recorded as ``"hints": false`` (``True``, the
            default, writes nothing, so such a save reads the same in an Elementa without the field).
    """
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game.name,
        "action_format": state.game.action_format,
        "options": state.game.options_dict(),
        "seed": state.seed,
        "history": [list(h) for h in state.history()],
    }
    origin = state.origin()
    if origin is not None:  # a game set up from a position: the history starts there
        record["position"] = origin
    if agents is not None:
        record["agents"] = list(agents)
    if not hints:
        record["hints"] = False
    return record


def from_dict(data: Any, *, path: str | None = None) -> State:
    """Rebuild a state from a save record (see :func:`saved_from_dict`, which also returns the agents)."""
    return saved_from_dict(data, path=path).state


_PROBLEMS = {
    "missing": "is missing",
    "int_type": "should be a whole number",
    "int_parsing": "should be a whole number",
    "int_from_float": "should be a whole number",
    "string_type": "should be text in quotes",
    "dict_type": "should be an object ({...})",
    "list_type": "should be a list ([...])",
    "extra_forbidden": "is not part of a save file",
}
"""A save file's problems in words, by the validation error's type (the library's own wording,
"Input should be a valid dictionary or instance of SaveFile", means nothing to a player)."""


def _in_words(err: Any) -> tuple[str | None, str]:
    """Return the field (``history[3]``, ``agents[0]``; ``None`` for the whole file) and the problem
    in words of one pydantic validation error of :class:`SaveFile`."""
    loc = list(err["loc"])
    if not loc:
        return None, "should be a JSON object ({...}) of a game's name, options, seed and history"
    if loc[0] == "history" and len(loc) >= 2:  # an entry: its shape and its numbers alike
        return f"history[{loc[1]}]", "should be a pair [seat, action] of whole numbers"
    field = str(loc[0]) + "".join(f"[{x}]" if isinstance(x, int) else f".{x}" for x in loc[1:])
    if err["type"] == "literal_error":
        return field, f"should be {err['ctx']['expected']}"
    return field, _PROBLEMS.get(err["type"], f"is not valid ({err['msg'].lower()})")


def saved_from_dict(data: Any, *, path: str | None = None) -> SavedGame:
    """Rebuild a state and its seats' agents from a save record.

    Raises:
        SaveFileError: a missing or wrong field, a ``version`` or ``action_format`` later than this
            Elementa reads, an unknown game or option, an ``agents`` list whose length is not the
            number of players, an old history that cannot be upgraded (field ``history``), or a
            history entry that is not legal where it stands (the message names ``history[i]``).
    """
    try:
        record = SaveFile.model_validate(data)
    except ValidationError as e:
        field, problem = _in_words(e.errors()[0])
        raise SaveFileError(f"{problem} (is this an Elementa save file?)", path=path, field=field) from None
    newer = "was written by a newer Elementa; upgrade Elementa (pip install -U elementa) to load it"
    if record.version > VERSION:
        raise SaveFileError(f"{newer} (save version {record.version}, this one reads 1-{VERSION})",
                            path=path, field="version")  # fmt: skip
    if record.version < 1:
        raise SaveFileError(f"no save version {record.version} exists", path=path, field="version")
    if (record.action_format is None) != (record.version == 1):
        want = "has no action_format" if record.version == 1 else "needs an action_format"
        raise SaveFileError(f"a version-{record.version} save {want}", path=path, field="action_format")
    try:
        game = load_recorded_game(record.game, record.options)
    except ConfigError as e:
        field = "game" if e.code == "config/unknown-game" or not e.option else f"options.{e.option}"
        raise SaveFileError(str(e), path=path, field=field) from None
    if record.agents is not None and len(record.agents) != game.num_players:
        raise SaveFileError(
            f"lists {len(record.agents)} seats for a game of {game.num_players} players",
            path=path,
            field="agents",
        )
    fmt = record.action_format or 1
    if fmt > game.action_format:
        raise SaveFileError(f"{newer} (action format {fmt}, this one reads {game.action_format})",
                            path=path, field="action_format")  # fmt: skip
    history = record.history
    if fmt != game.action_format:
        try:
            history = game.upgrade_history(fmt, history)
        except (ValueError, IllegalActionError) as e:
            raise SaveFileError(f"cannot read action format {fmt}: {e}", path=path, field="history") from None
    if record.position is None:
        state = game.new_initial_state(record.seed)
    else:
        try:
            state = game.new_position(record.position, record.seed)
        except PositionError as e:
            field = "position" + (f".{e.field}" if e.field and not e.field.startswith("[") else e.field)
            raise SaveFileError(e.reason, path=path, field=field) from None
    for i, (player, action_id) in enumerate(history):
        try:
            state.apply_action(action_id, player)
        except IllegalActionError as e:
            raise SaveFileError(f"does not replay: {e}", path=path, field=f"history[{i}]") from None
    return SavedGame(state, record.agents, record.hints is not False)


def save(
    state: State, path: str | Path, *, agents: Sequence[str | None] | None = None, hints: bool = True
) -> Path:
    """Write a state's save record as JSON.

    The record is written to a temporary file beside ``path`` and then moved over it, so that a
    save cut short (Ctrl-C, a full disk) never leaves a half-written file where a good one was.

    Args:
        state: the state to save.
        path: the file to write (created or overwritten).
        agents: one agent spec per seat, ``None`` for a person (see :class:`SavedGame`), or
            ``None`` not to record them.
        hints: whether the person may ask for hints (``False`` is recorded; see :func:`to_dict`).

    Returns:
        The path written.

    Raises:
        SaveFileError: the file cannot be written.
    """
    p = Path(path)
    partial = p.with_name(p.name + ".partial")
    try:
        partial.write_text(json.dumps(to_dict(state, agents, hints=hints), indent=1) + "\n", encoding="utf-8")
        os.replace(partial, p)
    except OSError as e:
        raise SaveFileError(f"cannot write: {e.strerror}", path=str(p)) from None
    return p


def load(path: str | Path) -> State:
    """Read a save file and return the state it records (see :func:`load_saved` for its agents).

    Raises:
        SaveFileError: see :func:`load_saved`.
    """
    return load_saved(path).state


def load_saved(path: str | Path) -> SavedGame:
    """Read a save file and return the state and the agents it records.

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
    return saved_from_dict(data, path=str(p))
