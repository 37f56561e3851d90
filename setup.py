"""The optional compiled build: ``ELEMENTA_COMPILE=1 pip install .`` compiles the rules with mypyc.

Everything about the package (name, dependencies, data files) is in ``pyproject.toml``; this file
only adds mypyc's extension modules, and only when the ``ELEMENTA_COMPILE`` environment variable is
``1``. Without it the install is the pure-Python package, built by setuptools alone.

Compiling needs mypy (which brings mypyc), the runtime dependencies (mypyc type-checks the code
against them) and a C compiler. ``pyproject.toml``'s static ``[build-system] requires`` leaves them
out, so that a pure install never downloads mypy; when compiling, this file names them as
``setup_requires``, which ``setuptools.build_meta`` reports to pip from its
``get_requires_for_build_*`` hooks, so that pip installs them into the isolated build environment.
See docs/ai.md, "Compiled build".
"""

from __future__ import annotations

import os
import sys
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from setuptools import setup

ROOT = Path(__file__).resolve().parent

COMPILED_PACKAGES = (
    "elementa/core",
    "elementa/games/elementalis",
    "elementa/games/elemental_warriors_ii",
    "elementa/games/warriors",
    "elementa/games/elemenders",
    "elementa/games/elemental_card_dice",
)
"""The packages whose modules mypyc compiles (paths under ``src``)."""

COMPILED_MODULES = ("elementa/agents/ismcts.py",)
"""Single modules compiled beside those packages."""

NOT_COMPILED = (
    # subclasses of pydantic's BaseModel, whose class mypyc's C code cannot find through the
    # ``pydantic`` re-export (mypyc/mypyc#1025); they load files, saves and positions, off the hot path
    "elementa/core/persistence.py",
    "elementa/games/warriors/cards.py",
    "elementa/games/elemental_card_dice/cards.py",
    "elementa/games/elemenders/position.py",
    "elementa/games/elementalis/position.py",
    "elementa/games/elemental_card_dice/position.py",
    "elementa/games/warriors/position.py",
    "elementa/games/elemental_warriors_ii/position.py",
    # dataclasses with a ClassVar in their body (an event's ``type``), which mypyc hands to
    # ``dataclass`` as a field with a default (mypyc/mypyc#1122): the class fails to build (the
    # games' steps set theirs after the class body instead, and compile)
    "elementa/core/events.py",
    # typed views, which View.from_json reads back by their annotations: mypyc gives a compiled
    # dataclass annotations without type arguments (``tuple``, not ``tuple[Unit, ...]``)
    "elementa/games/elementalis/views.py",
    "elementa/games/elemental_warriors_ii/views.py",
    "elementa/games/warriors/views.py",
    "elementa/games/elemenders/views.py",
    "elementa/games/elemental_card_dice/views.py",
)
"""Modules of those packages left interpreted, for mypyc bugs open today; compiled code calls them,
and reads their objects, as Python objects. (A ``Step`` subclass may be interpreted: ``Step`` allows
interpreted subclasses.)"""

MYPY = "mypy>=2.4"
"""The mypy (with mypyc) the compiled build was tested with."""


def wants_compiled(environ: Mapping[str, str] = os.environ) -> bool:
    """Return whether ``ELEMENTA_COMPILE`` asks for the compiled build (``1``, ``true`` or ``yes``)."""
    return environ.get("ELEMENTA_COMPILE", "").strip().lower() in ("1", "true", "yes")


def compiled_sources(root: Path = ROOT) -> list[str]:
    """Return the source paths (relative to ``root``, ``src/...``) that the compiled build compiles."""
    src = root / "src"
    skip = {src / m for m in NOT_COMPILED}
    paths: list[Path] = []
    for package in COMPILED_PACKAGES:
        paths += sorted(p for p in (src / package).glob("*.py") if p not in skip)
    paths += [src / m for m in COMPILED_MODULES]
    return [str(p.relative_to(root)) for p in paths]


def compiled_groups(sources: list[str]) -> list[tuple[list[str], str]]:
    """Return mypyc's ``separate`` groups: one shared library per compiled package (the core, each
    game, the search), named after it, so that gcc compiles seven smaller C files, in parallel where
    ``build_ext`` runs in parallel, and a rebuild after a change compiles only that package's.

    Args:
        sources: paths from :func:`compiled_sources` (``src/elementa/<package path>/<module>.py``).
    """
    groups: dict[str, list[str]] = {}
    for source in sources:
        package = Path(source).parent.relative_to("src").as_posix()
        if source.removeprefix("src/") in COMPILED_MODULES:
            package = source.removeprefix("src/").removesuffix(".py")
        groups.setdefault(package, []).append(source)
    return [(files, package.replace("/", "_") + "__lib") for package, files in groups.items()]


def compile_requirements(root: Path = ROOT) -> list[str]:
    """Return what compiling needs installed: mypy and the project's runtime dependencies."""
    with open(root / "pyproject.toml", "rb") as f:
        return [MYPY, *tomllib.load(f)["project"]["dependencies"]]


def setup_arguments(environ: Mapping[str, str] = os.environ, argv: list[str] = sys.argv) -> dict[str, Any]:
    """Return the arguments this file adds to ``setup()``: none for the pure build; when compiling,
    mypyc's ``ext_modules``, or the ``setup_requires`` that compiling needs while
    ``setuptools.build_meta`` asks for the build requirements (its ``egg_info`` run).

    Raises:
        SystemExit: compiling was asked for outside that query, and mypyc cannot be imported.
    """
    if not wants_compiled(environ):
        return {}
    try:
        from mypyc.build import mypycify
    except ImportError:
        if argv[-1:] == ["egg_info"]:
            return {"setup_requires": compile_requirements()}
        sys.exit("ELEMENTA_COMPILE=1 needs mypy (which brings mypyc) where the package is built")
    sources = compiled_sources()
    # -O1: as fast as one -O3 library in the playouts measured (docs/ai.md), at a third of the gcc time
    extensions = mypycify(sources, opt_level="1", separate=compiled_groups(sources))
    return {"ext_modules": extensions, "options": {"build_ext": {"parallel": os.cpu_count() or 1}}}


if __name__ == "__main__":
    setup(**setup_arguments())
