"""Shimmy's OpenSpiel-to-PettingZoo bridge on every game (joint and sequential views), checked with
PettingZoo's api_test."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
shimmy = pytest.importorskip("shimmy", reason="shimmy is not installed (the dev extra has it)")
pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")

from pettingzoo.test import api_test  # noqa: E402

from elementa.adapters import openspiel as eos  # noqa: E402
from elementa.core.registry import game_class  # noqa: E402
from tests.adapters.settings import CONFIGS, AdapterConfig  # noqa: E402

eos.register_games()

DEFAULTS = [c for c in CONFIGS if c.variant == "default"]


@pytest.mark.parametrize("config", DEFAULTS, ids=[c.label for c in DEFAULTS])
def test_shimmy_bridge_passes_api_test(config: AdapterConfig) -> None:
    warnings.filterwarnings("ignore", category=UserWarning)  # Shimmy's float64 boxes without bounds
    views = [False, True] if game_class(config.game).info.simultaneous else [False]
    for sequential in views:
        params = {k: eos.to_param(v) for k, v in config.options.items()}
        name = eos.short_name(config.game, sequential)
        env = shimmy.OpenSpielCompatibilityV0(game_name=name, config=params)
        api_test(env, num_cycles=200)
