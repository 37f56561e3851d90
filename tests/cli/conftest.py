"""Every command-line test gets its own per-user data folder (autosaves), so that none sees another's."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The ``ELEMENTA_DATA_DIR`` of one test."""
    folder = tmp_path / "data"
    monkeypatch.setenv("ELEMENTA_DATA_DIR", str(folder))
    return folder
