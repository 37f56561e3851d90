"""Test setup: the toy test game is registered alongside the real games; autosaves go to a tmp folder."""

import os

import pytest

from elementa.core import register_game
from tests.support.toy import ToyGame

register_game(ToyGame)


@pytest.fixture(autouse=True, scope="session")
def _data_dir(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Keep autosaves (``elementa play``) out of the real per-user data folder during tests."""
    os.environ["ELEMENTA_DATA_DIR"] = str(tmp_path_factory.mktemp("elementa-data"))
