#!/usr/bin/env python3
"""Set up Elementa in a virtual environment and run it: needs nothing but Python 3.11+.

    python3 dev.py play        # set up, then play ElementaliS against the computer
    python3 dev.py test        # set up, then lint, type-check and run the test suite (on every core)
    python3 dev.py bench       # set up, then print the speed benchmarks
    python3 dev.py test-compiled   # build the optional compiled engine, run the engine's tests on it

Extra arguments after ``play`` go to ``elementa play`` (for example ``--players 3 --seed 7``).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".installed"
COMPILED = ROOT / "build" / "compiled"
"""Where ``test-compiled`` builds the package with its compiled modules (``lib/``; git ignores build/)."""
COMPILED_TESTS = (
    "tests/test_compiled_build.py",
    "tests/core",
    "tests/agents",
    "tests/elementalis",
    "tests/elemental_warriors_ii",
    "tests/warriors",
    "tests/elemenders",
    "tests/elemental_card_dice",
    "tests/conformance",
)
"""The tests ``test-compiled`` runs on the compiled build: the engine's (core, search, the five games and
their conformance); the interfaces above the engine (server, CLI, lab) run on the pure build only."""


def run(*cmd: str | Path, environ: dict[str, str] | None = None) -> None:
    """Run a command in the project folder, with ``environ`` added to this process's environment;
    exit with its status if it fails.

    Ctrl-C goes to the command (it shares the terminal), which answers it in its own way (a game
    saves and says how to resume); this script only waits for it, so that no KeyboardInterrupt
    traceback of its own is printed. A handler, not SIG_IGN, which the command would inherit.
    """
    previous = signal.signal(signal.SIGINT, lambda signum, frame: None)
    try:
        code = subprocess.call([str(c) for c in cmd], cwd=ROOT, env={**os.environ, **(environ or {})})
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


def test_compiled(extra: list[str]) -> None:
    """Build the package with mypyc's compiled modules (setup.py, ``ELEMENTA_COMPILE=1``) into
    ``build/compiled/lib``, check that this build is what Python imports with it first on the path,
    and run pytest there on :data:`COMPILED_TESTS` (or with the arguments in ``extra`` instead). The
    source tree is not touched, so the pure tests keep testing pure code. Needs a C compiler: exits
    non-zero without one, or when the build or a test fails.
    """
    if not any(shutil.which(cc) for cc in ("cc", "gcc", "clang")):
        sys.exit("test-compiled needs a C compiler (cc, gcc or clang) to build the compiled engine")
    run(BIN / "python", "-m", "pip", "install", "--quiet", "setuptools>=77", "mypy>=2.4")
    lib = COMPILED / "lib"
    shutil.rmtree(lib, ignore_errors=True)  # no module left over from an earlier build
    build = ["build", "--build-base", COMPILED, "--build-lib", lib]
    run(BIN / "python", "setup.py", "--quiet", *build, environ={"ELEMENTA_COMPILE": "1"})
    # one random playout per game and option set in the conformance suite (the pure run has three):
    # the compiled build plays the same games (docs/ai.md), and CI runs both suites in 30 minutes
    env = {
        "PYTHONPATH": str(lib),
        "ELEMENTA_CONFORMANCE_PLAYOUTS": os.environ.get("ELEMENTA_CONFORMANCE_PLAYOUTS", "1"),
    }
    compiled = "m.__file__.endswith(('.so', '.pyd'))"
    check = f"import sys, elementa.core.game as m; sys.exit(None if {compiled} else 'pure: ' + m.__file__)"
    run(BIN / "python", "-c", check, environ=env)
    run(BIN / "python", "-m", "pytest", "-n", "auto", *(extra or COMPILED_TESTS), environ=env)


def main(argv: list[str]) -> None:
    if not argv or argv[0] not in ("play", "test", "bench", "setup", "test-compiled"):
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
    elif task == "test-compiled":
        test_compiled(extra)
    elif task == "bench":
        run(BIN / "python", "benchmarks/bench.py", *extra)


if __name__ == "__main__":
    main(sys.argv[1:])
