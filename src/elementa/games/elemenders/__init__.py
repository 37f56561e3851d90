"""Elemenders: a two-player tactics game of fire, water and plant units that terraform the board.

``GAME`` is the game class the registry finds (``elementa.load_game("elemenders")``). The package is
split into the board geometry and terraforming (``board``), movement and attack reach
(``movement``), the action space (``actions``), the state and its rules (``state``), the game and its
options (``game``) and the rule-based agent (``agent``).
"""

from elementa.games.elemenders.game import ElemendersGame, ElemendersOptions
from elementa.games.elemenders.state import ElemendersState

GAME = ElemendersGame

__all__ = ["GAME", "ElemendersGame", "ElemendersOptions", "ElemendersState"]
