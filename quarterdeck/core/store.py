"""Saved games: SQLite by default, any SQLAlchemy URL (PostgreSQL for a server).

A game is stored as its record header plus one row per record entry, written
as each entry is made: a decision as soon as it is checked, each roll as soon
as it is rolled. Killing the program loses nothing that was decided before.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import (
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)

from quarterdeck.core.errors import QuarterdeckError, RecordError
from quarterdeck.core.record import FORMAT, Record

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("ruleset", String(40), nullable=False),
    Column("scenario_id", String(80), nullable=False),
    Column("scenario_json", Text, nullable=False),
    Column("seed", Integer),
    Column("dice_mode", String(16), nullable=False),
    Column("seats_json", Text, nullable=False, default="{}"),
    Column("status", String(16), nullable=False, default="playing"),
    Column("result_json", Text),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)

entries = Table(
    "entries",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("payload", Text, nullable=False),
)


def default_url() -> str:
    """``QUARTERDECK_DB`` if set, else an SQLite file in the user's data folder."""
    env = os.environ.get("QUARTERDECK_DB")
    if env:
        return env
    folder = Path(platformdirs.user_data_dir("quarterdeck", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'games.sqlite3'}"


@dataclass(frozen=True)
class GameRow:
    """A saved game as listed: enough to choose one to resume or replay."""

    id: str
    ruleset: str
    scenario_id: str
    status: str
    seats: dict[str, str]
    result: dict[str, Any] | None
    created: float
    updated: float
    entries: int


class Store:
    """Saved games in a database."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        try:
            self.engine: Engine = create_engine(self.url, future=True)
        except Exception as exc:  # bad URL, missing driver
            raise QuarterdeckError(f"cannot open the database {self.url!r}: {exc}") from None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)

    def create(self, record: Record, seats: dict[str, str] | None = None) -> str:
        game_id = secrets.token_hex(6)
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                insert(games).values(
                    id=game_id,
                    ruleset=record.ruleset,
                    scenario_id=record.scenario_id,
                    scenario_json=json.dumps(record.scenario),
                    seed=record.seed,
                    dice_mode=record.dice_mode,
                    seats_json=json.dumps(seats or {}),
                    status="playing",
                    created=now,
                    updated=now,
                )
            )
            for seq, entry in enumerate(record.entries):
                conn.execute(
                    insert(entries).values(game_id=game_id, seq=seq, payload=json.dumps(entry))
                )
        return game_id

    def append(self, game_id: str, seq: int, entry: dict[str, Any]) -> None:
        self.append_many(game_id, seq, [entry])

    def append_many(self, game_id: str, start: int, new: list[dict[str, Any]]) -> None:
        """Write entries ``start``, ``start + 1``, ... in one transaction."""
        if not new:
            return
        with self.engine.begin() as conn:
            conn.execute(
                insert(entries),
                [
                    {"game_id": game_id, "seq": start + n, "payload": json.dumps(entry)}
                    for n, entry in enumerate(new)
                ],
            )
            conn.execute(update(games).where(games.c.id == game_id).values(updated=time.time()))

    def heads(self, game_ids: list[str]) -> dict[str, tuple[int, dict[str, str]]]:
        """For each game: how many entries are stored, and its seat data (one
        query; what a server sharing the database checks its cache against)."""
        if not game_ids:
            return {}
        counts = (
            select(entries.c.game_id, func.count().label("n"))
            .where(entries.c.game_id.in_(game_ids))
            .group_by(entries.c.game_id)
            .subquery()
        )
        query = (
            select(games.c.id, games.c.seats_json, counts.c.n)
            .outerjoin(counts, counts.c.game_id == games.c.id)
            .where(games.c.id.in_(game_ids))
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return {gid: (n or 0, json.loads(seats or "{}")) for gid, seats, n in rows}

    def truncate(self, game_id: str, length: int) -> None:
        """Drop entries from ``length`` on (a step that failed part-way)."""
        with self.engine.begin() as conn:
            conn.execute(
                delete(entries).where(entries.c.game_id == game_id, entries.c.seq >= length)
            )

    def finish(self, game_id: str, result: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(games)
                .where(games.c.id == game_id)
                .values(status="finished", result_json=json.dumps(result), updated=time.time())
            )

    def set_seats(self, game_id: str, seats: dict[str, str]) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(games).where(games.c.id == game_id).values(seats_json=json.dumps(seats))
            )

    def load(self, game_id: str) -> tuple[Record, GameRow]:
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(games.c.id == game_id)).first()
            if row is None:
                raise RecordError(f"no saved game with id {game_id!r}")
            rows = conn.execute(
                select(entries.c.payload)
                .where(entries.c.game_id == game_id)
                .order_by(entries.c.seq)
            ).all()
        data = {
            "format": FORMAT,
            "ruleset": row.ruleset,
            "scenario_id": row.scenario_id,
            "scenario": json.loads(row.scenario_json),
            "seed": row.seed,
            "dice_mode": row.dice_mode,
            "entries": [json.loads(r.payload) for r in rows],
        }
        return Record.from_json(data, f"saved game {game_id}"), self._row(row, len(rows))

    def list(self, status: str | None = None, limit: int = 50) -> list[GameRow]:
        counts = (
            select(entries.c.game_id, func.count().label("n"))
            .group_by(entries.c.game_id)
            .subquery()
        )
        query = (
            select(games, counts.c.n)
            .outerjoin(counts, counts.c.game_id == games.c.id)
            .order_by(games.c.updated.desc())
            .limit(limit)
        )
        if status is not None:
            query = query.where(games.c.status == status)
        with self.engine.connect() as conn:
            return [self._row(r, r.n or 0) for r in conn.execute(query)]

    @staticmethod
    def _row(row: Any, n: int) -> GameRow:
        return GameRow(
            id=row.id,
            ruleset=row.ruleset,
            scenario_id=row.scenario_id,
            status=row.status,
            seats=json.loads(row.seats_json or "{}"),
            result=json.loads(row.result_json) if row.result_json else None,
            created=row.created,
            updated=row.updated,
            entries=n,
        )


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def attach(game: Any, store: Store, game_id: str) -> None:
    """Make ``game`` write each record entry to ``store`` as it is made."""
    counter = [len(game.record.entries)]

    def on_entry(entry: dict[str, Any]) -> None:
        store.append(game_id, counter[0], entry)
        counter[0] += 1

    def on_rollback(length: int) -> None:
        store.truncate(game_id, length)
        counter[0] = length

    game.on_entry = on_entry
    game.on_rollback = on_rollback
