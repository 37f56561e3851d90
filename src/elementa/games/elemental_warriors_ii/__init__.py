"""Elemental Warriors II, a simultaneous duel of coins on a character sheet
(source: elemental-warriors-ii.txt; rulings in docs/rulings/elemental-warriors-ii.md)."""

from elementa.games.elemental_warriors_ii.game import EW2Game, EW2Options

GAME = EW2Game

__all__ = ["GAME", "EW2Game", "EW2Options"]
