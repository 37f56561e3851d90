"""Import a script of the repository (``benchmarks/``, ``examples/``, ``setup.py``) as a module."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
"""The repository's root folder."""


def load_script(relative: str, name: str | None = None) -> ModuleType:
    """Import the script at ``ROOT / relative`` as a module and return it.

    Its folder is on ``sys.path`` while it runs (so it may import its sibling scripts), and the
    module is in ``sys.modules`` under ``name`` (default ``script_<stem>``), as dataclasses need.
    A ``setup()`` or ``main()`` guarded by ``if __name__ == "__main__"`` does not run.
    """
    path = ROOT / relative
    name = name or f"script_{path.stem}"
    sys.path.insert(0, str(path.parent))
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(path.parent))
