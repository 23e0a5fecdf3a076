"""Records replay exactly; the store keeps every entry as it is made, so a
game killed part-way resumes where it stopped, identical to one never stopped."""

from __future__ import annotations

import json
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
