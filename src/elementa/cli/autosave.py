"""Autosave: a game a person plays in the terminal is saved after each of their moves, until it ends.

It is saved after each of the person's moves and before each of their prompts; the computer
players' and chance's moves in between are played again when the game resumes.

The files live in ``autosave/`` under the per-user data folder (``platformdirs.user_data_dir``, for
example ``~/.local/share/elementa`` on Linux), or under the folder that the environment variable
``ELEMENTA_DATA_DIR`` names (tests point it at a temporary folder). Each game gets its own file,
an ordinary save file (``elementa play --resume FILE`` reads it); the file is deleted when the game
ends, so what is left are the unfinished games, and ``elementa play --resume`` without a file
offers the most recent of them. At most :data:`KEEP` unfinished games are kept.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import platformdirs

from elementa.core import CHANCE, SavedGame, SaveFileError, State, save

DATA_DIR_VARIABLE = "ELEMENTA_DATA_DIR"
"""The environment variable that replaces the per-user data folder."""

KEEP = 20
"""How many unfinished games the autosave folder keeps (the oldest are deleted beyond that)."""


def data_dir() -> Path:
    """Return the per-user data folder (``$ELEMENTA_DATA_DIR`` when set); it may not exist yet."""
    override = os.environ.get(DATA_DIR_VARIABLE)
    return Path(override) if override else Path(platformdirs.user_data_dir("elementa", appauthor=False))


def autosave_dir() -> Path:
    """Return the folder of the unfinished games' autosaves."""
    return data_dir() / "autosave"


SEED_DIGITS = 20
"""Seeds up to this many characters appear in an autosave's file name as they are; longer ones by a hash."""


def seed_tag(seed: int) -> str:
    """Return the part of an autosave's file name that stands for the seed.

    A seed of at most :data:`SEED_DIGITS` characters is written out (``7``, ``-12``); a longer one
    (any ``--seed`` is accepted, and a 230-digit one made the name too long for the file system)
    becomes its first 8 digits and 16 hex digits of its SHA-256, so every name stays short.
    """
    text = str(seed)
    if len(text) <= SEED_DIGITS:
        return text
    return f"{text[:8]}h{hashlib.sha256(text.encode()).hexdigest()[:16]}"


def new_autosave_path(game_name: str, seed: int) -> Path:
    """Return a fresh autosave file name for a game starting now (the folder is not created here).

    The name is ``STAMP-GAME-SEED.json`` (see :func:`seed_tag`), with ``-2``, ``-3``... added when
    another game of that second already has it.
    """
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    base = f"{stamp}-{game_name}-{seed_tag(seed)}"
    path = autosave_dir() / f"{base}.json"
    n = 1
    while _exists(path):
        n += 1
        path = autosave_dir() / f"{base}-{n}.json"
    return path


def _exists(path: Path) -> bool:
    """Whether ``path`` exists; a folder that cannot be looked at counts as no (saving it will say why)."""
    try:
        return path.exists()
    except OSError:
        return False


@dataclass(frozen=True, slots=True)
class Unfinished:
    """An unfinished game in the autosave folder.

    Attributes:
        path: its file.
        saved_at: when it was last saved (seconds since the epoch).
    """

    path: Path
    saved_at: float

    def describe(self, saved: SavedGame) -> str:
        """Return one line naming the game, the moves made, its players and when it was saved."""
        state = saved.state
        when = datetime.fromtimestamp(self.saved_at).strftime("%Y-%m-%d %H:%M")
        seats = ""
        if saved.agents is not None:
            seats = "; " + ", ".join(
                f"player {p + 1}: {'you' if spec is None else spec}" for p, spec in enumerate(saved.agents)
            )
        moves = sum(1 for player, _ in state.history() if player != CHANCE)
        return f"{state.game.info.title}, after {moves} moves, saved {when}{seats}"


def unfinished_games(game_name: str | None = None) -> list[Unfinished]:
    """Return the unfinished games, the most recently saved first.

    Args:
        game_name: only the games of this game (its registry name), or ``None`` for all.
    """
    folder = autosave_dir()
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob("*.json"):
        if game_name is not None and not path.stem.split("-", 2)[-1].startswith(f"{game_name}-"):
            continue
        try:
            found.append(Unfinished(path, path.stat().st_mtime))
        except OSError:
            continue
    return sorted(found, key=lambda u: (u.saved_at, u.path.name), reverse=True)


class Autosaver:
    """Saves one game after every move to its autosave file, and deletes the file when it ends.

    Args:
        path: the autosave file (its folder is created on the first save).
        agents: one agent spec per seat, ``None`` for the person (recorded in the file).
        hints: whether the person may ask for hints (off is recorded, so a resumed game keeps it off).
    """

    def __init__(self, path: Path, agents: list[str | None], *, hints: bool = True) -> None:
        self.path = path
        self.agents = agents
        self.hints = hints
        self.failed: str | None = None

    def save(self, state: State) -> bool:
        """Save the state (or delete the file once the game is over); return whether it worked.

        A failure (a full disk, a folder that cannot be created) does not stop the game: it is
        kept in :attr:`failed` for the caller to report once.
        """
        try:
            if state.is_terminal():
                self.path.unlink(missing_ok=True)
                return True
            self.path.parent.mkdir(parents=True, exist_ok=True)
            save(state, self.path, agents=self.agents, hints=self.hints)
        except (OSError, SaveFileError) as e:
            self.failed = str(e)
            return False
        self.failed = None
        return True

    def prune(self) -> None:
        """Delete the oldest unfinished games beyond :data:`KEEP` (never this game's own file)."""
        for old in unfinished_games()[KEEP:]:
            if old.path != self.path:
                old.path.unlink(missing_ok=True)
