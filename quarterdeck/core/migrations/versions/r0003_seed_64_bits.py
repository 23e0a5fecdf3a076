"""A game's seed is a 64-bit number (``--seed`` takes 0 to 2**63 - 1). On
PostgreSQL the column was a 32-bit integer, and ``quarterdeck play --seed
3000000000`` failed when the game was stored ("integer out of range").
SQLite's INTEGER holds 64 bits already: nothing changes there.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        op.alter_column(
            "games",
            "seed",
            type_=sa.BigInteger(),
            existing_type=sa.Integer(),
            existing_nullable=True,
        )


def downgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        op.alter_column(
            "games",
            "seed",
            type_=sa.Integer(),
            existing_type=sa.BigInteger(),
            existing_nullable=True,
        )
