"""Records replay exactly; the store keeps every entry as it is made, so a
game killed part-way resumes where it stopped, identical to one never stopped."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.dice import RandomDice
from quarterdeck.core.engine import Game, play_out
from quarterdeck.core.errors import IllegalAnswer, RecordError
from quarterdeck.core.record import Record
from quarterdeck.core.store import Store, attach
from quarterdeck.players import make_player

SCENARIO = "cape-st-vincent-1797"


def _players(game: Game) -> dict[str, object]:
    return {s: make_player("ai", game.scenario.ruleset, s, 5) for s in game.scenario.side_names}


def _state(game: Game) -> str:
    return json.dumps(game.ruleset.state_to_json(game.state), sort_keys=True)


def test_replay_reproduces_the_final_state(tmp_path: Path) -> None:
    game = Game.new(scenarios.load(SCENARIO), seed=11)
    play_out(game, _players(game))  # type: ignore[arg-type]
    path = tmp_path / "game.json"
    game.record.save(path)
    again = Game.replay(Record.load(path))
    assert _state(again) == _state(game)
    assert again.result() == game.result()
    assert [str(e) for e in again.log] == [str(e) for e in game.log]


def test_illegal_answer_changes_nothing() -> None:
    game = Game.new(scenarios.load(SCENARIO), seed=3)
    before, entries = _state(game), len(game.record.entries)
    prompt = game.prompt()
    assert prompt is not None
    with pytest.raises(IllegalAnswer, match="legal answers: yes, no"):
        game.apply(prompt.seat, "board:everything")
    with pytest.raises(IllegalAnswer, match="has nothing to answer"):
        game.apply("french", "yes")
    assert _state(game) == before and len(game.record.entries) == entries


def test_killed_game_resumes_identically(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    uninterrupted = Game.new(scenarios.load(SCENARIO), seed=21)
    play_out(uninterrupted, _players(uninterrupted))  # type: ignore[arg-type]

    store = Store(url)
    game = Game.new(scenarios.load(SCENARIO), seed=21)
    game_id = store.create(game.record, {"british": "ai", "spanish": "ai"})
    attach(game, store, game_id)
    players = _players(game)
    for _ in range(9):  # nine decisions, then the process "dies"
        prompt = game.prompt()
        assert prompt is not None
        game.apply(prompt.seat, players[prompt.seat].decide(game.view(prompt.seat), prompt))  # type: ignore[attr-defined]
    del game

    record, row = Store(url).load(game_id)
    assert row.status == "playing" and len(record.decisions()) == 9
    resumed = Game.replay(record)
    play_out(resumed, _players(resumed))  # type: ignore[arg-type]
    assert _state(resumed) == _state(uninterrupted)


def test_interrupted_step_continues_from_the_rolls_already_made(tmp_path: Path) -> None:
    """A kill in the middle of a step: the decision and some rolls are stored."""
    game = Game.new(scenarios.load(SCENARIO), seed=4)
    play_out(game, _players(game))  # type: ignore[arg-type]
    entries = game.record.entries
    # cut the record just after the first roll that follows a decision
    cut = next(i for i, e in enumerate(entries) if e["t"] == "r" and entries[i + 1]["t"] == "r") + 1
    partial = Record.from_json({**game.record.to_json(), "entries": entries[:cut]})
    resumed = Game.replay(partial, live=RandomDice(999))
    assert len(resumed.record.rolls()) >= len(partial.rolls())
    assert resumed.record.entries[:cut] == entries[:cut]


def test_malformed_record_is_refused_with_the_place() -> None:
    with pytest.raises(RecordError, match="field 'format'"):
        Record.from_json({"format": "x"})
    good = Game.new(scenarios.load(SCENARIO), seed=1).record.to_json()
    bad = {**good, "entries": [{"t": "r", "label": "x", "sides": 6, "values": [9]}]}
    with pytest.raises(RecordError, match=r"entries\[0\].*9 is not a possible roll"):
        Record.from_json(bad)


def test_record_that_does_not_fit_the_rules_is_refused() -> None:
    game = Game.new(scenarios.load(SCENARIO), seed=1)
    data = game.record.to_json()
    data["entries"] = [{"t": "d", "seat": "british", "answer": "board:san-josef"}]
    with pytest.raises(RecordError, match="decision 1 does not replay"):
        Game.replay(Record.from_json(data))


def test_store_lists_and_finishes_games(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}")
    game = Game.new(scenarios.load(SCENARIO), seed=2)
    game_id = store.create(game.record, {"british": "human", "spanish": "ai"})
    attach(game, store, game_id)
    result = play_out(game, _players(game))  # type: ignore[arg-type]
    store.finish(game_id, result.to_json())
    rows = store.list()
    assert [r.id for r in rows] == [game_id]
    assert rows[0].status == "finished" and rows[0].entries == len(game.record.entries)
    record, _ = store.load(game_id)
    assert record.entries == game.record.entries


# -- the store's tables: migrations, racing processes, failed games (issue 13)


def _old_schema(url: str) -> None:
    """A database as the releases before migrations made it (create_all)."""
    from sqlalchemy import (
        Column,
        Float,
        ForeignKey,
        Integer,
        MetaData,
        String,
        Table,
        Text,
        create_engine,
    )

    old = MetaData()
    Table(
        "games",
        old,
        Column("id", String(32), primary_key=True),
        Column("ruleset", String(40), nullable=False),
        Column("scenario_id", String(80), nullable=False),
        Column("scenario_json", Text, nullable=False),
        Column("seed", Integer),
        Column("dice_mode", String(16), nullable=False),
        Column("seats_json", Text, nullable=False),
        Column("status", String(16), nullable=False),
        Column("result_json", Text),
        Column("created", Float, nullable=False),
        Column("updated", Float, nullable=False),
    )
    Table(
        "entries",
        old,
        Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
        Column("seq", Integer, primary_key=True),
        Column("payload", Text, nullable=False),
    )
    engine = create_engine(url)
    old.create_all(engine)
    engine.dispose()


def _tables(url: str) -> tuple[set[str], set[str], list[str]]:
    from sqlalchemy import create_engine, inspect, text

    engine = create_engine(url)
    with engine.connect() as conn:
        names = set(inspect(conn).get_table_names())
        indexes = {i["name"] for i in inspect(conn).get_indexes("games")}
        version = [r[0] for r in conn.execute(text("SELECT version_num FROM quarterdeck_version"))]
    engine.dispose()
    return names, indexes, version


def test_a_database_made_before_migrations_is_upgraded_and_keeps_its_games(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    _old_schema(url)
    from sqlalchemy import create_engine

    from quarterdeck.core import store as store_module

    # a game saved by the old release, written straight into its tables
    game = Game.new(scenarios.load(SCENARIO), seed=6)
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(
            store_module.games.insert().values(
                id="abc123",
                ruleset=game.record.ruleset,
                scenario_id=game.record.scenario_id,
                scenario_json=json.dumps(game.record.scenario),
                seed=6,
                dice_mode="program",
                seats_json="{}",
                status="playing",
                created=1.0,
                updated=1.0,
            )
        )
        for seq, entry in enumerate(game.record.entries):
            conn.execute(
                store_module.entries.insert().values(
                    game_id="abc123", seq=seq, payload=json.dumps(entry)
                )
            )
    engine.dispose()

    store = Store(url)
    names, indexes, version = _tables(url)
    assert {"games", "entries", "quarterdeck_version"} <= names
    assert "ix_games_status_updated" in indexes and version == ["0003"]
    record, row = store.load("abc123")
    assert row.status == "playing" and record.entries == game.record.entries


def test_a_database_at_the_first_revision_is_brought_to_the_newest(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine

    from quarterdeck.core.store import MIGRATIONS

    url = f"sqlite:///{tmp_path / 'r1.sqlite3'}"
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("path_separator", "os")
    config.set_main_option("version_locations", str(MIGRATIONS / "versions"))
    engine = create_engine(url)
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
    engine.dispose()
    assert _tables(url)[1] == set() and _tables(url)[2] == ["0001"]
    Store(url)
    assert _tables(url)[1] == {"ix_games_status_updated"} and _tables(url)[2] == ["0003"]


def _open_store_at(url: str, start: float) -> None:
    import time

    while time.time() < start:
        pass
    Store(url)


def test_processes_starting_at_once_on_a_new_file_all_open_it(tmp_path: Path) -> None:
    """Four processes make the tables of one new SQLite file at the same
    moment: none fails (the old create_all lost one in about one try in
    seven with 'table games already exists')."""
    import multiprocessing
    import time

    context = multiprocessing.get_context("fork")
    for attempt in range(3):
        url = f"sqlite:///{tmp_path / f'new{attempt}.sqlite3'}"
        start = time.time() + 0.5
        procs = [context.Process(target=_open_store_at, args=(url, start)) for _ in range(4)]
        for p in procs:
            p.start()
        for p in procs:
            p.join(60)
        assert [p.exitcode for p in procs] == [0, 0, 0, 0]
        assert _tables(url)[2] == ["0003"]


def test_two_writers_of_one_entry_the_second_is_refused_and_writes_nothing(
    tmp_path: Path,
) -> None:
    from quarterdeck.core.store import StoreConflict

    url = f"sqlite:///{tmp_path / 'race.sqlite3'}"
    first, second = Store(url), Store(url)
    game = Game.new(scenarios.load(SCENARIO), seed=2)
    game_id = first.create(game.record, {})
    n = len(game.record.entries)
    first.append_many(game_id, n, [{"t": "d", "seat": "british", "answer": "yes"}])
    with pytest.raises(StoreConflict, match="another player or server"):
        second.append_many(game_id, n, [{"t": "d", "seat": "british", "answer": "no"}])
    with pytest.raises(StoreConflict, match=f"has {n + 1} entries stored, not {n + 5}"):
        second.append_many(game_id, n + 5, [{"t": "d", "seat": "british", "answer": "no"}])
    record, _ = second.load(game_id)
    assert record.entries[n:] == [{"t": "d", "seat": "british", "answer": "yes"}]


def test_a_failed_game_is_not_left_playing_and_is_passed_by(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'f.sqlite3'}")
    game = Game.new(scenarios.load(SCENARIO), seed=2)
    game_id = store.create(game.record, {})
    store.fail(game_id, "Traceback ... ZeroDivisionError")
    assert store.list(status="playing") == []
    (row,) = store.list()
    assert row.status == "failed" and row.result == {"error": "Traceback ... ZeroDivisionError"}
    store.set_status(game_id, "playing")
    assert [r.id for r in store.list(status="playing")] == [game_id]


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("sqlite:////no/such/folder/games.sqlite3", "the folder /no/such/folder does not exist"),
        ("not a url", "not a database URL"),
        ("postgresql+nosuchdriver://u:secret@h/d", "cannot open the database"),
    ],
)
def test_a_database_that_cannot_be_opened_is_one_clear_error(url: str, message: str) -> None:
    from quarterdeck.core.errors import QuarterdeckError

    with pytest.raises(QuarterdeckError, match=message) as caught:
        Store(url)
    assert "secret" not in str(caught.value)  # never the password


def test_resuming_a_record_cut_in_a_step_stores_the_rest_of_the_step(tmp_path: Path) -> None:
    """Issue 13, point 1: the entries the replay makes to finish an
    interrupted step are stored, so the store has no gap."""
    whole = Game.new(scenarios.load(SCENARIO), seed=4)
    play_out(whole, _players(whole))  # type: ignore[arg-type]
    entries = whole.record.entries
    cut = next(i for i, e in enumerate(entries) if e["t"] == "r" and entries[i + 1]["t"] == "r")
    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}")
    partial = Record.from_json({**whole.record.to_json(), "entries": entries[: cut + 1]})
    game_id = store.create(partial, {})
    resumed = Game.replay(partial)
    attach(resumed, store, game_id, stored=cut + 1)
    stored, _ = store.load(game_id)
    assert len(resumed.record.entries) > cut + 1
    assert stored.entries == resumed.record.entries == entries[: len(stored.entries)]


@pytest.mark.skipif(
    not os.environ.get("QUARTERDECK_TEST_POSTGRES"),
    reason="QUARTERDECK_TEST_POSTGRES (a PostgreSQL URL to an empty database) not set",
)
def test_a_64_bit_seed_is_stored_on_postgresql_too() -> None:
    # `--seed 3000000000` failed on PostgreSQL ("integer out of range"): the
    # column was 32 bits; migration 0003 makes it 64, as --seed allows
    url = os.environ["QUARTERDECK_TEST_POSTGRES"]
    store = Store(url)
    game = Game.new(scenarios.load(SCENARIO), seed=2**63 - 1)
    game_id = store.create(game.record, {})
    record, _ = store.load(game_id)
    assert record.seed == 2**63 - 1 and record.entries == game.record.entries
    assert _tables(url)[2] == ["0003"]
