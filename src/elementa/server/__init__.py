"""``elementa serve``: a game server with seats, bots and hidden hands kept hidden, and its web client.

- :mod:`elementa.server.db`: the stored tables, seats and actions (SQLAlchemy, Alembic migrations).
- :mod:`elementa.server.tables`: lobby, moves, undo, views and replays over the public game API.
- :mod:`elementa.server.app`: the FastAPI application (REST lobby, websockets, bots, static client).
- :mod:`elementa.server.serve`: starting uvicorn for ``elementa serve``.

Needs the ``server`` extra (``pip install elementa[server]``).
"""
