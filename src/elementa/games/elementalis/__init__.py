"""ElementaliS, a dice game for 2-7 elemental mages (source: elementalis.txt)."""

from elementa.games.elementalis.game import ElementalisGame, ElementalisOptions

GAME = ElementalisGame

__all__ = ["GAME", "ElementalisGame", "ElementalisOptions"]
