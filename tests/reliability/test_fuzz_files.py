"""Mutated scenario, house-rule and record files: each is refused with a clear
error before play, or plays; never a traceback, never a hang (issue 13).

Every case mutates one bundled file at random (from a fixed seed: a failure
reproduces from its number), loads it as the program does, and if it is
accepted plays a short game (or replays the record) with the computer on
every side. Anything but a :class:`QuarterdeckError` at load, or any error
at all in play, fails the case; so does a case that runs past its time.
"""

from __future__ import annotations

import json
import os
import random
import signal
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from quarterdeck.cli.main import load_scenario
from quarterdeck.core import scenario as scenarios
from quarterdeck.core.dice import RandomDice
from quarterdeck.core.engine import Game
from quarterdeck.core.errors import QuarterdeckError
from quarterdeck.core.record import Record
from quarterdeck.core.scenario import Scenario
from quarterdeck.players import SeededPlayer
from tests.reliability.mutate import expand_deep, mutate_bytes, mutate_data, to_toml

CASES = int(os.environ.get("QUARTERDECK_FUZZ_CASES", "120"))
SECONDS = 20  # far beyond what any case needs: past it, the case has hung
DECISIONS = 40  # of each accepted game

SCENARIO_FILES = sorted(scenarios.bundled_paths().values())
TABLE_FILES = sorted(p for p in Path(scenarios.__file__).parents[1].glob("rulesets/*/tables.toml"))


class Hung(Exception):
    pass


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    def alarm(_signum: int, _frame: Any) -> None:
        raise Hung(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def one_line_each(message: str) -> None:
    """A refusal is one line per problem, each saying where."""
    assert message.strip(), "an empty error message"
    assert "Traceback" not in message
    for line in message.splitlines():
        assert line.strip(), f"a blank line in {message!r}"
        assert len(line) < 6000, f"a line of {len(line)} characters"


def play_a_little(scenario: Scenario, seed: int) -> Game:
    """A short game with the computer on every side, as ``play`` makes it."""
    game = Game.new(scenario, dice=RandomDice(seed), seed=seed)
    kinds = ["ai", "random"]
    players = {
        side: SeededPlayer(
            kinds[(seed + n) % 2],
            scenario.ruleset,
            side,
            seed,
            lambda: len(game.record.decisions()),
        )
        for n, side in enumerate(scenario.side_names)
    }
    for _ in range(DECISIONS):
        prompt = game.prompt()
        if prompt is None:
            break
        game.apply(prompt.seat, players[prompt.seat].decide(game.view(prompt.seat), prompt))
        game.view(None)
        game.ruleset.render(game.state, prompt.seat)
    return game


@pytest.mark.parametrize("case", range(CASES))
def test_a_mutated_scenario_is_refused_clearly_or_plays(tmp_path: Path, case: int) -> None:
    rng = random.Random(f"scenario-{case}")
    source = rng.choice(SCENARIO_FILES)
    path = tmp_path / f"{source.stem}.toml"
    if case % 4 == 3:
        path.write_bytes(mutate_bytes(source.read_bytes(), rng))
    else:
        data = tomllib.loads(source.read_text("utf-8"))
        path.write_text(to_toml(mutate_data(data, rng, rng.choice((1, 1, 2, 3)))), "utf-8")
    with time_limit(SECONDS):
        try:
            scenario = scenarios.load(str(path))
        except QuarterdeckError as exc:
            one_line_each(str(exc))
            return
        game = play_a_little(scenario, case)
        replayed = Game.replay(game.record)
        assert replayed.record.entries == game.record.entries


@pytest.mark.parametrize("case", range(CASES // 2))
def test_mutated_house_rules_are_refused_naming_the_file_or_play(tmp_path: Path, case: int) -> None:
    rng = random.Random(f"tables-{case}")
    source = rng.choice(TABLE_FILES)
    ruleset = source.parent.name.replace("_", "-")
    scenario_id = rng.choice([p.stem for p in SCENARIO_FILES if p.parent.parent == source.parent])
    house = tmp_path / "house.toml"
    if case % 4 == 3:
        house.write_bytes(mutate_bytes(source.read_bytes(), rng))
    else:
        data = tomllib.loads(source.read_text("utf-8"))
        house.write_text(to_toml(mutate_data(data, rng, rng.choice((1, 2)))), "utf-8")
    with time_limit(SECONDS):
        try:
            scenario = load_scenario(scenario_id, [], house)
        except QuarterdeckError as exc:
            one_line_each(str(exc))
            assert str(house) in str(exc) or "house_rules" not in str(exc), str(exc)
            assert "tables.toml with" not in str(exc), f"names the printed charts: {exc}"
            return
        assert scenario.ruleset == ruleset
        play_a_little(scenario, case)


def _finished_record(case: int) -> dict[str, Any]:
    rng = random.Random(f"record-{case}")
    source = rng.choice(SCENARIO_FILES)
    game = play_a_little(scenarios.load_file(source), case)
    return game.record.to_json()


@pytest.mark.parametrize("case", range(CASES))
def test_a_mutated_record_is_refused_clearly_or_replays(tmp_path: Path, case: int) -> None:
    rng = random.Random(f"record-mutation-{case}")
    good = _finished_record(case % 12)
    path = tmp_path / "game.json"
    kind = case % 6
    if kind == 0:
        path.write_bytes(mutate_bytes(json.dumps(good, indent=1).encode(), rng))
    elif kind == 1:  # nested very deep
        depth = rng.choice((500, 5_000, 200_000))
        bad = json.dumps({**good, "entries": ["@"]}).replace('"@"', "[" * depth + "]" * depth)
        path.write_text(bad, "utf-8")
    elif kind == 2 and good["entries"]:  # the entries only
        entries = mutate_data(good["entries"], rng, rng.choice((1, 2)))
        path.write_text(expand_deep(json.dumps({**good, "entries": entries})), "utf-8")
    elif kind == 3:  # the header and the scenario inside it
        header = {k: v for k, v in good.items() if k != "entries"}
        mutated = mutate_data(header, rng, rng.choice((1, 2)))
        text = json.dumps({**mutated, "entries": good["entries"]})
        path.write_text(expand_deep(text), "utf-8")
    elif kind == 4:  # a roll of a die no rule asks for
        rolls = [i for i, e in enumerate(good["entries"]) if e["t"] == "r"]
        entries = [dict(e) for e in good["entries"]]
        if rolls:
            at = rng.choice(rolls)
            entries[at]["sides"] = rng.choice((2**70, 0, -6, 7, 20))
            entries[at]["values"] = [1] * len(entries[at]["values"])
        path.write_text(json.dumps({**good, "entries": entries}), "utf-8")
    else:
        path.write_text(expand_deep(json.dumps(mutate_data(good, rng, 2))), "utf-8")
    with time_limit(SECONDS):
        try:
            record = Record.load(path)
            game = Game.replay(record)
        except QuarterdeckError as exc:
            one_line_each(str(exc))
            return
        assert kind != 4 or not record.rolls(), "a roll of a die no rule asks for replayed"
        # what was accepted is what the rules made (a field left out, such as a
        # roll's sides, may take its default; nothing else may differ)
        assert [_essence(e) for e in game.record.entries] == [_essence(e) for e in record.entries]
        game.view(None)


def _essence(entry: dict[str, Any]) -> tuple[Any, ...]:
    if entry["t"] == "d":
        return ("d", entry["seat"], entry["answer"])
    if entry["t"] == "r":
        return ("r", entry["label"], entry.get("sides", 6), entry["values"], entry.get("seat"))
    return ("c", entry["label"], entry["deck"], entry["card"], entry.get("seat"))
