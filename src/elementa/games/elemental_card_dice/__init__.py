"""The Elemental Card-Dice Game (Emil Indzhev, 2021): two players, seven dice, shops and auctions.

``GAME`` is the :class:`~.game.CardDiceGame` class the registry finds (``load_game("elemental-card-dice")``).
The card list is data (``cards.toml``); see ``rules.md`` for our rules summary and
``docs/rulings/elemental-card-dice.md`` for the rulings.
"""

from elementa.games.elemental_card_dice.game import CardDiceGame, CardDiceOptions

GAME = CardDiceGame

__all__ = ["GAME", "CardDiceGame", "CardDiceOptions"]
