"""The first tables: games, and one row per record entry.

Databases made before migrations existed already have these tables (made by
``create_all``); they are kept as they are and stamped with this revision.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if "games" not in existing:
        op.create_table(
            "games",
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("ruleset", sa.String(40), nullable=False),
            sa.Column("scenario_id", sa.String(80), nullable=False),
            sa.Column("scenario_json", sa.Text, nullable=False),
            sa.Column("seed", sa.Integer),
            sa.Column("dice_mode", sa.String(16), nullable=False),
            sa.Column("seats_json", sa.Text, nullable=False),
            sa.Column("status", sa.String(16), nullable=False),
            sa.Column("result_json", sa.Text),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("updated", sa.Float, nullable=False),
        )
    if "entries" not in existing:
        # the primary key (game, seq) is the unique constraint that makes two
        # processes writing the same entry of one game a conflict, never a gap
        op.create_table(
            "entries",
            sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
            sa.Column("seq", sa.Integer, primary_key=True),
            sa.Column("payload", sa.Text, nullable=False),
        )


def downgrade() -> None:
    op.drop_table("entries")
    op.drop_table("games")
