"""Provably fair dealing: the server draws each table's seed, commits to it, and reveals it at the end.

At creation the server draws a seed (:func:`draw_seed`, from :mod:`secrets`) and a random salt, and
shows every seat the commitment ``SHA-256("<seed>:<salt>")`` (:func:`commitment`). Every chance
outcome of the table is drawn with :func:`elementa.core.chance_rng` ``(seed, step)``, so once the game
is over and the seed and salt are revealed, anyone can check offline, from the table's record
(:func:`record`), that the seed is the one committed to, that every shuffle and roll is the one the
seed draws, and that every move was legal (:func:`verify`, the ``elementa verify`` command).

A table whose creator chose the seed is a *practice* table: it is shown as such and never rated.

This module needs only the core (no server extra), so the command line can verify records.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from elementa.core import CHANCE, ConfigError, IllegalActionError, State, chance_rng, load_recorded_game

RECORD_FORMAT = "elementa-record"
RECORD_VERSION = 1
SEED_BITS = 53
"""A drawn seed is ``0 <= seed < 2**53``: too many to try each against the cards a player sees, and
exact as a JavaScript number (the browser shows the revealed seed)."""


def draw_seed() -> int:
    """Return a fresh unpredictable seed (``0 <= seed < 2**53``)."""
    return secrets.randbits(SEED_BITS)


def new_salt() -> str:
    """Return a fresh random salt (32 hex characters) that hides the seed inside its commitment."""
    return secrets.token_hex(16)


def commitment(seed: int, salt: str) -> str:
    """Return the commitment to a seed: hex SHA-256 of the UTF-8 text ``"<seed>:<salt>"``."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def record(
    state: State, *, practice: bool, commitment_hex: str, salt: str, seats: Sequence[str]
) -> dict[str, Any]:
    """Return the JSON-ready record of a finished table (what ``elementa verify`` checks).

    Args:
        state: the table's final state (its seed and full history, chance outcomes included).
        practice: whether the creator chose the seed.
        commitment_hex: the commitment shown at creation.
        salt: the salt of the commitment.
        seats: the seats' names, in seat order.

    Returns:
        ``{"format": "elementa-record", "version": 1, "game", "action_format", "options", "practice",
        "commitment", "seed", "salt", "seats", "history": [[player, action id], ...]}``; a chance
        outcome's player is ``-1``.
    """
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": state.game.name,
        "action_format": state.game.action_format,
        "options": state.game.options_dict(),
        "practice": practice,
        "commitment": commitment_hex,
        "seed": state.seed,
        "salt": salt,
        "seats": list(seats),
        "history": [list(h) for h in state.history()],
    }


class Record(BaseModel):
    """The schema of a table record (validated before anything is replayed)."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["elementa-record"]
    version: Literal[1]
    game: str
    action_format: int
    options: dict[str, Any]
    practice: bool
    commitment: str
    seed: int
    salt: str
    seats: list[str]
    history: list[tuple[int, int]]


class VerifyError(ValueError):
    """A record that does not verify; the message says where and why."""


def verify(data: Any) -> str:
    """Check a table record: the commitment, every chance outcome and every move.

    Args:
        data: the parsed JSON of a record (:func:`record`).

    Returns:
        A one-line verdict for a record that verifies.

    Raises:
        VerifyError: a malformed record, a seed and salt that do not match the commitment, an action
            format other than the game's, a chance outcome that is not the one ``chance_rng(seed,
            step)`` draws, an illegal move, or a history that stops before the game is over.
    """
    try:
        rec = Record.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(x) for x in err["loc"])
        raise VerifyError(f"not a table record: {where}: {err['msg']}") from None
    if not secrets.compare_digest(commitment(rec.seed, rec.salt), rec.commitment.lower()):
        raise VerifyError("the seed and salt do not match the commitment shown at the start")
    try:
        game = load_recorded_game(rec.game, rec.options)  # an option added since: its legacy value
    except ConfigError as e:
        raise VerifyError(f"the record's game: {e}") from None
    if rec.action_format != game.action_format:
        raise VerifyError(
            f"action format {rec.action_format}, this Elementa reads {game.action_format} for {rec.game}"
        )
    state = game.new_initial_state(rec.seed)
    chance = 0
    for step, (player, action_id) in enumerate(rec.history):
        if player == CHANCE:
            if not state.is_chance_node():
                raise VerifyError(f"step {step}: a chance outcome where no chance node is")
            drawn = state.sample_chance_outcome(chance_rng(rec.seed, step))
            if drawn.id != action_id:
                raise VerifyError(f"step {step}: chance outcome {action_id}, but the seed draws {drawn.id}")
            chance += 1
        try:
            state.apply_action(action_id, player)
        except IllegalActionError as e:
            raise VerifyError(f"step {step}: an illegal move: {e}") from None
    if not state.is_terminal():
        raise VerifyError(f"the history stops at step {len(rec.history)}, before the game is over")
    kind = "practice table (seed chosen by its creator)" if rec.practice else "fair table"
    return (
        f"ok: {game.info.title}, {kind}: the seed matches the commitment, {chance} chance outcomes are"
        f" the seed's and {len(rec.history) - chance} moves are legal ({len(rec.history)} steps)"
    )
