"""The shipped value nets of the ``expert`` level, one ``<game name>.npz`` per game (see
:mod:`elementa.agents.value`)."""
