"""Alembic environment of the game server: runs migrations on the connection the server passes in."""

from alembic import context

from elementa.server.db import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()
