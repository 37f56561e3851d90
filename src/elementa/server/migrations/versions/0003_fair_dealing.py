"""Fair dealing and invite codes: a seed commitment per table, practice tables, 64-bit seeds.

Revision ID: 0003
Revises: 0002

Adds ``tables.practice``, ``tables.salt`` and ``tables.commitment`` (see
:mod:`elementa.server.fairness`), widens ``tables.seed`` to 64 bits (the server now draws seeds below
2**53, and a practice table may choose any 64-bit seed), and adds ``seats.invite_hash`` (SHA-256
of a reserved seat's invite code).

Existing tables: their seed may have been chosen by their creator, and nobody was shown a commitment
before play, so they become practice tables (shown as such, never rated); each gets a fresh salt and
the commitment of its seed, so its record verifies like any other. Existing reserved seats keep the
token their creator was given (no invite code: ``invite_hash`` stays empty).
"""

import secrets

import sqlalchemy as sa
from alembic import op

from elementa.server.fairness import commitment

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the columns and fill them in for every existing table.

    SQLite's integers are 64-bit already and it cannot alter a column without copying its table
    (which the foreign keys of ``seats`` forbid), so there the seed keeps its column and ``salt`` and
    ``commitment`` stay nullable in the schema (the server always writes them).
    """
    connection = op.get_bind()
    op.add_column("tables", sa.Column("practice", sa.Boolean(), nullable=False, server_default=sa.true()))
    op.add_column("tables", sa.Column("salt", sa.String(64), nullable=True))
    op.add_column("tables", sa.Column("commitment", sa.String(64), nullable=True))
    op.add_column("seats", sa.Column("invite_hash", sa.String(64), nullable=True))
    tables = sa.table(
        "tables",
        sa.column("id", sa.String),
        sa.column("seed", sa.BigInteger),
        sa.column("salt", sa.String),
        sa.column("commitment", sa.String),
    )
    for table_id, seed in connection.execute(sa.select(tables.c.id, tables.c.seed)).all():
        salt = secrets.token_hex(16)
        connection.execute(
            sa.update(tables)
            .where(tables.c.id == table_id)
            .values(salt=salt, commitment=commitment(seed, salt))
        )
    if connection.dialect.name != "sqlite":
        op.alter_column("tables", "seed", type_=sa.BigInteger(), existing_type=sa.Integer())
        op.alter_column("tables", "practice", server_default=sa.false(), existing_type=sa.Boolean())
        op.alter_column("tables", "salt", nullable=False, existing_type=sa.String(64))
        op.alter_column("tables", "commitment", nullable=False, existing_type=sa.String(64))


def downgrade() -> None:
    """Drop the columns again (a seed drawn above 2**31 no longer fits a PostgreSQL integer)."""
    op.drop_column("seats", "invite_hash")
    op.drop_column("tables", "commitment")
    op.drop_column("tables", "salt")
    op.drop_column("tables", "practice")
    if op.get_bind().dialect.name != "sqlite":
        op.alter_column("tables", "seed", type_=sa.Integer(), existing_type=sa.BigInteger())
