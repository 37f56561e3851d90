"""Research adapters: every Elementa game as an OpenSpiel game, a PettingZoo environment and a
single-agent Gymnasium environment.

Optional extras, imported by nobody else (core and the games never import this package):

- :mod:`elementa.adapters.openspiel` (``pip install elementa[openspiel]``): ``register_games()``
  registers ``elementa_<game>`` with ``pyspiel`` for every game (and ``elementa_<game>_sequential``,
  a turn-based view, for the games with simultaneous moves).
- :mod:`elementa.adapters.pettingzoo` (``pip install elementa[pettingzoo]``): ``env(game, ...)``, an
  AEC environment, and ``parallel_env(game, ...)`` for games with simultaneous moves.
- :mod:`elementa.adapters.gymnasium` (the same extra): importing it registers ``elementa/<Title>-v0``
  for every game, one seat against Elementa agents, with action masks.
- :mod:`elementa.adapters.observers`: observations of a chosen kind (public, private, perfect
  recall), which the OpenSpiel observers give.

All use the games only through the public API of :mod:`elementa.core`; observations are the
games' tensors (:meth:`elementa.Game.encode_observation`), so they hide what the game hides.
See ``docs/research.md``.
"""
