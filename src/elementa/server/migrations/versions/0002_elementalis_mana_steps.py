"""ElementaliS's stored actions in its action format 2 (Mana chosen colour by colour).

Revision ID: 0002
Revises: 0001

Tables store applied action ids. ElementaliS's format 1 numbered every Mana vector (6.3 million
ids); format 2 chooses a vector one colour at a time, which renumbers every action after the Mana
kind. Each ElementaliS table's actions are replayed with
:meth:`~elementa.games.elementalis.game.ElementalisGame.upgrade_history` and stored again, so a
game in progress plays on. Other games keep their ids. The history is replayed, so it must be the
legal one the server stored; a table that does not replay (its options no longer accepted, an
illegal entry) is left as it was, and the server refuses it as it would before.
"""

import logging

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

FORMAT = 1
"""The action format of the ids stored before this revision (every game's first)."""

tables = sa.table(
    "tables", sa.column("id", sa.String), sa.column("game", sa.String), sa.column("options", sa.JSON)
)
actions = sa.table(
    "actions",
    sa.column("table_id", sa.String),
    sa.column("index", sa.Integer),
    sa.column("player", sa.Integer),
    sa.column("action", sa.Integer),
)


def upgrade() -> None:
    """Re-encode the actions of every ElementaliS table from action format 1."""
    from elementa.core import load_game

    connection = op.get_bind()
    rows = connection.execute(sa.select(tables.c.id, tables.c.options).where(tables.c.game == "elementalis"))
    for table_id, options in rows.all():
        stored = connection.execute(
            sa.select(actions.c.player, actions.c.action)
            .where(actions.c.table_id == table_id)
            .order_by(actions.c.index)
        ).all()
        try:
            game = load_game("elementalis", **options)
            history = game.upgrade_history(FORMAT, [(p, a) for p, a in stored])
        except ValueError as e:  # Elementa's errors (ConfigError, IllegalActionError) are ValueErrors
            logging.getLogger("alembic").warning("table %s left in action format 1: %s", table_id, e)
            continue
        connection.execute(sa.delete(actions).where(actions.c.table_id == table_id))
        if history:
            connection.execute(
                sa.insert(actions),
                [
                    {"table_id": table_id, "index": i, "player": p, "action": a}
                    for i, (p, a) in enumerate(history)
                ],
            )


def downgrade() -> None:
    """Not supported: format-2 Mana steps cannot always be grouped back without replaying them."""
    raise NotImplementedError("ElementaliS's actions cannot be renumbered back to format 1")
