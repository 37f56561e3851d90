"""``elementa verify RECORD``: check a finished server table's dealing offline.

The record is what ``GET /api/tables/{id}/record`` serves once a table is over (see
:mod:`elementa.server.fairness`): the command checks that the revealed seed and salt match the
commitment every seat was shown at the start, that every chance outcome is the one
``chance_rng(seed, step)`` draws, and that every move was legal. It prints one line: ``ok: ...``
(exit 0) or ``error: ...`` (exit 1 for a record that does not verify, 2 for a file it cannot read).
"""

from __future__ import annotations

import json
from pathlib import Path

import typer

from elementa.cli.common import EXIT_USAGE, fail
from elementa.core import ElementaError, read_user_file
from elementa.server.fairness import VerifyError, verify

EXIT_MISMATCH = 1
"""The exit status of a record that does not verify."""


def verify_command(path: Path) -> int:
    """Run ``elementa verify`` and return the exit status (0: the record verifies)."""
    try:
        text = read_user_file(path, lambda why: ElementaError(f"{path}: {why}"))
        data = json.loads(text)
    except ElementaError as e:
        fail(str(e), EXIT_USAGE)
    except (ValueError, RecursionError) as e:
        fail(f"{path}: not JSON ({e})", EXIT_USAGE)
    try:
        verdict = verify(data)
    except VerifyError as e:
        fail(f"{path}: {e}", EXIT_MISMATCH)
    typer.echo(verdict)
    return 0
