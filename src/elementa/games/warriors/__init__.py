"""Warriors, a card game of equipped fighters battling over locations (source: warriors.txt)."""

from elementa.games.warriors.game import WarriorsGame, WarriorsOptions

GAME = WarriorsGame

__all__ = ["GAME", "WarriorsGame", "WarriorsOptions"]
