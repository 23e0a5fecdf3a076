"""An index on games by status and last change: ``quarterdeck resume`` finds
the latest unfinished game without reading every game.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_games_status_updated", "games", ["status", "updated"])


def downgrade() -> None:
    op.drop_index("ix_games_status_updated", table_name="games")
