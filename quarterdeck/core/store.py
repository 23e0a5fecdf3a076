"""Saved games: SQLite by default, any SQLAlchemy URL (PostgreSQL for a server).

A game is stored as its record header plus one row per record entry, written
as each entry is made: a decision as soon as it is checked, each roll as soon
as it is rolled. Killing the program loses nothing that was decided before.

The tables are made and changed by migrations (Alembic, in
``quarterdeck/core/migrations``), run at start under the database's write
lock, so that several processes may start at once on a new file and a
database survives the next release's changes to its tables. An entry is
unique by game and sequence number: when two processes race to write the
same entry of one game, the second is refused with :class:`StoreConflict`
and writes nothing.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import (
    BigInteger,
    Column,
    Engine,
    Float,
    ForeignKey,
    Index,
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
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, NoSuchModuleError
from sqlalchemy.pool import NullPool, StaticPool

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
    Column("seed", BigInteger),  # --seed takes 64 bits (migration 0003)
    Column("dice_mode", String(16), nullable=False),
    Column("seats_json", Text, nullable=False, default="{}"),
    Column("status", String(16), nullable=False, default="playing"),
    Column("result_json", Text),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Index("ix_games_status_updated", "status", "updated"),
)

entries = Table(
    "entries",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("payload", Text, nullable=False),
)


MIGRATIONS = Path(__file__).with_name("migrations")
VERSION_TABLE = "quarterdeck_version"  # Alembic's table: our own name, in case of a shared database
STATUSES = ("playing", "finished", "failed")
SQLITE_WAIT = 30  # seconds a process waits for another's write to the same SQLite file


class StoreConflict(QuarterdeckError):
    """Another process (a second server on the same database) wrote this
    game's next entry first; nothing of this write was kept."""


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
        shown = _shown(self.url)
        sqlite = _check_sqlite_folder(self.url, shown)
        options: dict[str, Any] = {}
        if sqlite:
            options["connect_args"] = {"timeout": SQLITE_WAIT}
            if _in_memory(self.url):
                options["poolclass"] = StaticPool  # one database for every connection
        try:
            self.engine: Engine = create_engine(self.url, **options)
        except (ArgumentError, NoSuchModuleError, ImportError, ValueError) as exc:
            raise QuarterdeckError(f"cannot open the database {shown}: {_reason(exc)}") from None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        try:
            migrate(self.engine)
        except DBAPIError as exc:
            raise QuarterdeckError(f"cannot open the database {shown}: {_reason(exc)}") from None

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
        """Write entries ``start``, ``start + 1``, ... in one transaction.

        Raises :class:`StoreConflict` and writes nothing if any of them is
        already stored (another process played this game on) or if the game
        has fewer than ``start`` entries (a gap would follow)."""
        if not new:
            return
        try:
            with self.engine.begin() as conn:
                have = conn.execute(
                    select(func.count()).select_from(entries).where(entries.c.game_id == game_id)
                ).scalar_one()
                if have != start:
                    raise StoreConflict(
                        f"game {game_id} has {have} entries stored, not {start}: "
                        "another player or server moved it on"
                    )
                conn.execute(
                    insert(entries),
                    [
                        {"game_id": game_id, "seq": start + n, "payload": json.dumps(entry)}
                        for n, entry in enumerate(new)
                    ],
                )
                conn.execute(update(games).where(games.c.id == game_id).values(updated=time.time()))
        except IntegrityError:
            raise StoreConflict(
                f"game {game_id}: entry {start} was stored by another player or server first"
            ) from None

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

    def fail(self, game_id: str, error: str) -> None:
        """Mark a game whose rules failed with an unexpected error: it is no
        longer "playing" (``resume`` without an id passes it by), and the
        error is kept with it. Its record still replays up to the failure."""
        with self.engine.begin() as conn:
            conn.execute(
                update(games)
                .where(games.c.id == game_id, games.c.status != "finished")
                .values(
                    status="failed",
                    result_json=json.dumps({"error": error[:4000]}),
                    updated=time.time(),
                )
            )

    def set_status(self, game_id: str, status: str) -> None:
        """Put a failed game back into play (``resume ID`` tries it again)."""
        if status not in STATUSES:
            raise QuarterdeckError(f"status {status!r}: legal values: {', '.join(STATUSES)}")
        with self.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == game_id).values(status=status))

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
        try:
            data = {
                "format": FORMAT,
                "ruleset": row.ruleset,
                "scenario_id": row.scenario_id,
                "scenario": json.loads(row.scenario_json),
                "seed": row.seed,
                "dice_mode": row.dice_mode,
                "entries": [json.loads(r.payload) for r in rows],
            }
        except (ValueError, RecursionError) as exc:
            raise RecordError(f"saved game {game_id}: damaged in the database ({exc})") from None
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
            seats=_json_or(row.seats_json, {}),
            result=_json_or(row.result_json, None),
            created=row.created,
            updated=row.updated,
            entries=n,
        )


def _json_or(text: str | None, default: Any) -> Any:
    if not text:
        return default
    try:
        return json.loads(text)
    except ValueError:
        return default


def _shown(url: str) -> str:
    """The URL as it may be printed: never its password."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return repr(url)


def _reason(exc: BaseException) -> str:
    """The first line of a driver's error, without SQLAlchemy's advice links."""
    if isinstance(exc, DBAPIError) and exc.orig is not None:
        exc = exc.orig
    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    return first[:300]


def _check_sqlite_folder(url: str, shown: str) -> bool:
    """True for an SQLite URL; its folder must exist (checked before anything
    is written, with the folder named)."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise QuarterdeckError(
            f"cannot open the database {shown}: not a database URL "
            "(e.g. sqlite:///games.sqlite3 or postgresql+psycopg://user@host/dbname)"
        ) from None
    if not parsed.drivername.startswith("sqlite"):
        return False
    database = parsed.database or ""
    if database and database != ":memory:" and not database.startswith("file:"):
        folder = Path(database).expanduser().resolve().parent
        if not folder.is_dir():
            raise QuarterdeckError(
                f"cannot open the database {shown}: the folder {folder} does not exist"
            )
    return True


def _in_memory(url: str) -> bool:
    database = make_url(url).database or ""
    return database in ("", ":memory:") or "mode=memory" in database


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    _wal(cursor)
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _wal(cursor: Any, wait: float = SQLITE_WAIT) -> None:
    """Switch the file to write-ahead logging. SQLite may answer "database is
    locked" at once, without its busy wait, while another process is making
    the same switch on a new file: try again until ``wait`` seconds pass."""
    deadline = time.monotonic() + wait
    pause = 0.01
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.5)


def migrate(store_engine: Engine) -> None:
    """Bring the database's tables to the newest revision.

    The whole upgrade runs in one transaction that first takes the database's
    write lock (``BEGIN IMMEDIATE`` on SQLite, an advisory lock on
    PostgreSQL): a second process starting at the same moment waits, then
    finds the tables made and does nothing."""
    from alembic import command
    from alembic.config import Config

    url = store_engine.url
    sqlite = url.drivername.startswith("sqlite")
    own = sqlite and not _in_memory(url.render_as_string(hide_password=False))
    engine = (
        create_engine(url, poolclass=NullPool, connect_args={"timeout": SQLITE_WAIT})
        if own
        else store_engine
    )
    if own:
        # the driver's own transaction handling would commit before DDL; take
        # it over, and begin with the write lock held
        @event.listens_for(engine, "connect")
        def _connect(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None
            _sqlite_pragmas(dbapi_connection, _record)

        @event.listens_for(engine, "begin")
        def _begin(conn: Any) -> None:
            conn.exec_driver_sql("BEGIN IMMEDIATE")

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("path_separator", "os")
    config.set_main_option("version_locations", str(MIGRATIONS / "versions"))
    try:
        with engine.begin() as conn:
            if engine.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(5146766)"))  # "QDV"
            config.attributes["connection"] = conn
            command.upgrade(config, "head")
    finally:
        if own:
            engine.dispose()


def attach(game: Any, store: Store, game_id: str, stored: int | None = None) -> None:
    """Make ``game`` write each record entry to ``store`` as it is made.

    ``stored`` is how many of the record's entries the store already holds
    (all of them by default); any beyond are written at once, so that a game
    rebuilt from a record cut off in the middle of a step (whose replay made
    the rest of the step) leaves no gap in the store."""
    have = len(game.record.entries)
    if stored is not None and stored < have:
        store.append_many(game_id, stored, game.record.entries[stored:])
    counter = [have]

    def on_entry(entry: dict[str, Any]) -> None:
        store.append(game_id, counter[0], entry)
        counter[0] += 1

    def on_rollback(length: int) -> None:
        store.truncate(game_id, length)
        counter[0] = length

    game.on_entry = on_entry
    game.on_rollback = on_rollback
