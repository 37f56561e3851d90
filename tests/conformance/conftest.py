"""Parametrisation of the conformance suite over every registered game and option set.

A test that takes ``game_name`` runs once per game of ``elementa.list_games()``; a test that takes
``config`` runs once per game and option set (see ``configs.py``, which also lists the environment
variables that tune the suite).
"""

from __future__ import annotations

import pytest

from tests.conformance.configs import configs, game_names


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrise ``game_name`` over the games and ``config`` over the games' option sets."""
    if "game_name" in metafunc.fixturenames:
        metafunc.parametrize("game_name", game_names())
    if "config" in metafunc.fixturenames:
        all_configs = [c for name in game_names() for c in configs(name)]
        metafunc.parametrize("config", all_configs, ids=[c.label for c in all_configs])
