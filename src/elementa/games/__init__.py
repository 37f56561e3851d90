"""The games, one package each. A package exposes ``GAME`` (its Game class) to be registered."""
