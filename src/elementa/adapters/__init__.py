"""Research adapters: every Elementa game as an OpenSpiel game and as a PettingZoo environment.

Optional extras, imported by nobody else (core and the games never import this package):

- :mod:`elementa.adapters.openspiel` (``pip install elementa[openspiel]``): ``register_games()``
  registers ``elementa_<game>`` with ``pyspiel`` for every game (and ``elementa_<game>_sequential``,
  a turn-based view, for the games with simultaneous moves).
- :mod:`elementa.adapters.pettingzoo` (``pip install elementa[pettingzoo]``): ``env(game, ...)``, an
  AEC environment, and ``parallel_env(game, ...)`` for games with simultaneous moves.

Both use the games only through the public API of :mod:`elementa.core`; observations are the
games' tensors (:meth:`elementa.Game.encode_observation`), so they hide what the game hides.
See ``docs/research.md``.
"""
