"""In a real terminal (pexpect): Ctrl-C under ``python3 dev.py play``; the packaging metadata."""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

import pexpect
import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_ctrl_c_under_dev_py_play_saves_and_prints_no_traceback(tmp_path: Path) -> None:
    stamp, pyproject = ROOT / ".venv" / ".installed", ROOT / "pyproject.toml"
    if not stamp.exists() or stamp.stat().st_mtime < pyproject.stat().st_mtime:
        pytest.skip("dev.py would set up .venv first (run: python3 dev.py setup)")
    env = {**os.environ, "ELEMENTA_DATA_DIR": str(tmp_path), "COLUMNS": "100"}
    child = pexpect.spawn(
        sys.executable,
        ["dev.py", "play", "--players", "2", "--ai", "random", "--seed", "1"],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=60,
    )
    child.expect("Your choice")
    child.expect("help.*: ")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    output = (child.before or "").replace("\r", "")
    assert "Traceback" not in output and "KeyboardInterrupt" not in output, output
    assert "interrupted: the game is saved in" in output, output
    assert child.exitstatus == 130
    assert list((tmp_path / "autosave").glob("*-elementalis-1.json"))


def test_the_licence_is_an_spdx_string() -> None:
    # setuptools >= 77 warns (twice per install) about the older table form {text = "MIT"}
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT"
