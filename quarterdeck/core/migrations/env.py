"""Alembic's environment: run by the store at start (with its connection, in
a transaction that holds the database's write lock) or by the ``alembic``
command of a developer (with ``QUARTERDECK_DB`` or the default database)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from quarterdeck.core.store import VERSION_TABLE, default_url, metadata

connection = context.config.attributes.get("connection")
if connection is not None:
    context.configure(connection=connection, target_metadata=metadata, version_table=VERSION_TABLE)
    with context.begin_transaction():
        context.run_migrations()
else:
    engine = create_engine(default_url())
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=metadata, version_table=VERSION_TABLE)
        with context.begin_transaction():
            context.run_migrations()
