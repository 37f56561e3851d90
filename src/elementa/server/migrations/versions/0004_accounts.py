"""Accounts, sessions, ratings and results; rated and correspondence tables; seats linked to accounts.

Revision ID: 0004
Revises: 0003

New tables ``users``, ``sessions`` (only a session token's SHA-256 is stored), ``ratings`` (openskill
mu and sigma per account and game) and ``results`` (one row per account seat of a finished table).
``tables`` gains ``rated``, ``deadline`` (seconds per move of a correspondence table) and
``turn_since``; ``seats`` gains ``user_id``. Existing tables stay unrated live tables and their
seats stay unlinked.
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the account tables and add the new columns."""
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("username", sa.String(32), nullable=False),
        sa.Column("username_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(256), nullable=False),
        sa.Column("created", sa.DateTime, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("expires", sa.DateTime, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    op.create_table(
        "results",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("mu", sa.Float, nullable=True),
        sa.Column("sigma", sa.Float, nullable=True),
        sa.Column("finished", sa.DateTime, nullable=False),
    )
    # plain ADD COLUMNs (no table rebuild, which SQLite's foreign keys would refuse for ``tables``);
    # seats.user_id is not a foreign key for the same reason: the service only stores existing ids
    op.add_column("tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("tables", sa.Column("deadline", sa.Integer, nullable=True))
    op.add_column("tables", sa.Column("turn_since", sa.DateTime, nullable=True))
    op.add_column("seats", sa.Column("user_id", sa.Integer, nullable=True))
    op.create_index("ix_seats_user_id", "seats", ["user_id"])


def downgrade() -> None:
    """Drop the account tables and columns."""
    op.drop_index("ix_seats_user_id", "seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("user_id")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("turn_since")
        batch.drop_column("deadline")
        batch.drop_column("rated")
    for name in ("results", "ratings", "sessions", "users"):
        op.drop_table(name)
