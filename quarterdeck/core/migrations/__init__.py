"""The saved-games database's migrations (Alembic), run by the store at start.

``versions/`` holds one file per change to the tables, oldest first. To add
one after changing the tables in ``quarterdeck/core/store.py``::

    alembic -c quarterdeck/core/migrations/alembic.ini revision -m "what changed"

then write its ``upgrade`` (and ``downgrade``) by hand, keeping it safe to run
on a database made by any earlier release.
"""
