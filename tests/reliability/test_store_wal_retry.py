"""Issue 13, point 4: two servers starting at once on a new SQLite file.
SQLite can refuse the switch to write-ahead logging with "database is
locked" at once (no busy wait) while the other process makes it; the store
tries again rather than failing to start."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from quarterdeck.core.store import _wal


class Cursor:
    def __init__(self, refusals: int, message: str = "database is locked") -> None:
        self.refusals = refusals
        self.message = message
        self.calls: list[str] = []

    def execute(self, sql: str, *args: Any) -> None:
        self.calls.append(sql)
        if self.refusals:
            self.refusals -= 1
            raise sqlite3.OperationalError(self.message)


def test_a_locked_switch_to_wal_is_tried_again_until_it_takes() -> None:
    cursor = Cursor(refusals=3)
    _wal(cursor, wait=5)
    assert cursor.calls == ["PRAGMA journal_mode=WAL"] * 4


def test_a_lock_that_outlasts_the_wait_is_reported() -> None:
    cursor = Cursor(refusals=10_000)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        _wal(cursor, wait=0.05)
    assert 1 < len(cursor.calls) < 10_000


def test_any_other_error_is_not_retried() -> None:
    cursor = Cursor(refusals=1, message="disk I/O error")
    with pytest.raises(sqlite3.OperationalError, match="disk"):
        _wal(cursor, wait=5)
    assert len(cursor.calls) == 1
