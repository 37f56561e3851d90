"""Test setup: the toy test game is registered alongside the real games."""

from elementa.core import register_game
from tests.support.toy import ToyGame

register_game(ToyGame)
