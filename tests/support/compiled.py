"""Tests that meet the optional compiled build (``setup.py``, docs/ai.md "Compiled build")."""

from __future__ import annotations

from types import ModuleType

import pytest


def is_compiled(cls: type) -> bool:
    """Return whether the compiled build compiled ``cls`` (a compiled class lists its attributes in
    ``__mypyc_attrs__``; its interpreted subclasses only inherit that list)."""
    return "__mypyc_attrs__" in vars(cls)


def skip_patching_compiled(cls: type) -> None:
    """Skip the test where ``cls`` is compiled: compiled code calls a compiled class's methods
    directly, so a method the test patches (``monkeypatch.setattr``) is never called from there."""
    if is_compiled(cls):
        pytest.skip(f"patches a method of the compiled {cls.__name__}, which compiled callers do not see")


def skip_patching_compiled_module(module: ModuleType) -> None:
    """Skip the test where ``module`` is compiled: its compiled functions call each other directly,
    so a function the test patches (``monkeypatch.setattr(module, ...)``) is never called from there."""
    if not (module.__file__ or "").endswith(".py"):
        pytest.skip(
            f"patches a function of the compiled {module.__name__}, which compiled callers do not see"
        )
