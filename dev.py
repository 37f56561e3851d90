#!/usr/bin/env python3
"""Set up Elementa in a virtual environment and run it: needs nothing but Python 3.11+.

    python3 dev.py play        # set up, then play ElementaliS against the computer
    python3 dev.py test        # set up, then lint, type-check and run the test suite (on every core)
    python3 dev.py bench       # set up, then print the speed benchmarks

Extra arguments after ``play`` go to ``elementa play`` (for example ``--players 3 --seed 7``).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".installed"


def run(*cmd: str | Path) -> None:
    """Run a command in the project folder; exit with its status if it fails.

    Ctrl-C goes to the command (it shares the terminal), which answers it in its own way (a game
    saves and says how to resume); this script only waits for it, so that no KeyboardInterrupt
    traceback of its own is printed. A handler, not SIG_IGN, which the command would inherit.
    """
    previous = signal.signal(signal.SIGINT, lambda signum, frame: None)
    try:
        code = subprocess.call([str(c) for c in cmd], cwd=ROOT)
    finally:
        signal.signal(signal.SIGINT, previous)
    if code:
        sys.exit(code)


def setup() -> None:
    """Create .venv and install Elementa with its development tools, once per pyproject change."""
    if sys.version_info < (3, 11):  # noqa: UP036 - a newcomer may run an older Python
        sys.exit(f"Elementa needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if not (BIN / "python").exists() and not (BIN / "python.exe").exists():
        print("creating the virtual environment in .venv ...", flush=True)
        venv.create(VENV, with_pip=True)
    pyproject = ROOT / "pyproject.toml"
    if not STAMP.exists() or STAMP.stat().st_mtime < pyproject.stat().st_mtime:
        print("installing Elementa and its tools (first run only) ...", flush=True)
        run(BIN / "python", "-m", "pip", "install", "--quiet", "--upgrade", "pip")
        run(BIN / "python", "-m", "pip", "install", "--quiet", "-e", ".[dev]")
        STAMP.touch()


def main(argv: list[str]) -> None:
    if not argv or argv[0] not in ("play", "test", "bench", "setup"):
        sys.exit(__doc__)
    setup()
    task, extra = argv[0], argv[1:]
    if task == "play":
        args = extra or ["--players", "4", "--seat", "1", "--ai", "greedy"]
        run(BIN / "elementa", "play", "elementalis", *args)
    elif task == "test":
        run(BIN / "ruff", "check", "src", "tests", "benchmarks", "dev.py", "setup.py")
        run(BIN / "ruff", "format", "--check", "src", "tests", "benchmarks", "dev.py", "setup.py")
        run(BIN / "mypy")
        # every core (pytest-xdist); a later `-n 0` in the extra arguments runs in one process
        run(BIN / "python", "-m", "pytest", "-n", "auto", *extra)
    elif task == "bench":
        run(BIN / "python", "benchmarks/bench.py", *extra)


if __name__ == "__main__":
    main(sys.argv[1:])
