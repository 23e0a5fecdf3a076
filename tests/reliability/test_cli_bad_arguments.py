"""Every command of ``quarterdeck`` given bad arguments or bad files: exit
status 2, one line per problem on stderr, each saying what was wrong, never a
traceback, nothing written to the store, and never a hang (issue 13, points 6
to 10). Each runs in a forked child through ``main()``, the real exit path of
the installed command (tests/cli/test_cli.py runs a sample of them through
the installed script itself)."""

from __future__ import annotations

from pathlib import Path

import pytest

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.store import Store
from tests.reliability.harness import run_cli

SPEEDY = "speedy-el-gamo-1801"
DUEL = "iron-city-duel"


def _files(folder: Path) -> dict[str, str]:
    """Bad files of every kind, by name."""
    duel = scenarios.bundled_paths()[DUEL].read_text("utf-8")
    speedy = scenarios.bundled_paths()[SPEEDY].read_text("utf-8")
    made = {
        "latin1.toml": speedy.replace("El Gamo", "El Gamo \xe9").encode("latin-1"),
        "nan-land.toml": duel.replace(
            "\nturn_limit", "\nland = [[[0, 0], [nan, 3], [4, 4]]]\nturn_limit", 1
        ).encode(),
        "huge-land.toml": duel.replace(
            "\nturn_limit", "\nland = [[[0, 0], [1e300, 3], [4, 4]]]\nturn_limit", 1
        ).encode(),
        "bad-id.toml": speedy.replace('id = "speedy-el-gamo-1801"', 'id = "Speedy!"').encode(),
        "latin1.json": b'{"format": "quarterdeck-record/1", "ruleset": "gundice\xe9"}',
        "deep.json": b"[" * 200_000 + b"]" * 200_000,
        "house-latin1.toml": b"[attempt]\nrule = 'caf\xe9'\n",
        "house-unknown.toml": b"[attempt]\nbase = 3\nfoo = 4\n",
        "house-nan.toml": b"[attempt]\nstarting_dice = nan\n",
    }
    for name, data in made.items():
        (folder / name).write_bytes(data)
    return {name: str(folder / name) for name in made} | {"missing": str(folder / "no" / "x")}


# (arguments, what the message must say); {name} is a bad file of _files
CASES: list[tuple[list[str], str]] = [
    (["nosuch"], "No such command 'nosuch'"),
    (["play"], "Missing argument"),
    (["play", SPEEDY, "extra", "args"], "unexpected extra argument"),
    (["play", SPEEDY, "--no-such-option"], "No such option: --no-such-option"),
    (["play", SPEEDY, "--seed", "abc"], "Invalid value for '--seed'"),
    (["play", SPEEDY, "--seed", str(2**64)], "Invalid value for '--seed'"),
    (["play", SPEEDY, "--seed", "-1"], "Invalid value for '--seed'"),
    (["play", SPEEDY, "--dice", "loaded"], "legal values are program, manual"),
    (["play", SPEEDY, "--side", "british"], "expected SIDE=KIND"),
    (["play", SPEEDY, "--side", "french=ai"], "has no side 'french'"),
    (["play", SPEEDY, "--side", "british=robot"], "legal values: human, ai, random"),
    (["play", SPEEDY, "--set", "turn_limit"], "expected KEY=VALUE"),
    (["play", SPEEDY, "--set", "turn_limit=inf"], "field 'turn_limit': inf is not a number"),
    (["play", SPEEDY, "--set", "turn_limit=0"], "field 'turn_limit'"),
    (["play", DUEL, "--set", "current=inf"], "field 'current': inf is not a number"),
    (["play", DUEL, "--set", "current=nan"], "field 'current': nan is not a number"),
    (["play", DUEL, "--set", "table=[0,0]"], "field 'table[0]': Input should be greater than 0"),
    (["play", DUEL, "--set", "table=[1e300,10]"], "field 'table[0]': 1e+300 is too large"),
    (["play", "trafalgar"], "unknown scenario 'trafalgar'"),
    (["play", "{latin1.toml}"], "line 3: not a UTF-8 text file"),
    (["play", "{nan-land.toml}"], "field 'land[0][1][0]': nan is not a number"),
    (["play", "{huge-land.toml}"], "field 'land[0][1][0]': 1e+300 is too large"),
    (["play", "{bad-id.toml}"], "String should match pattern '^[a-z0-9][a-z0-9-]*$'"),
    (["play", "{missing}.toml"], "cannot read the scenario file"),
    (["play", SPEEDY, "--save", "{missing}/game.json"], "does not exist"),
    (["play", SPEEDY, "--tables", "{house-latin1.toml}"], "house-latin1.toml: not a UTF-8"),
    (["play", SPEEDY, "--tables", "{house-unknown.toml}"], "house-unknown.toml, line 2: field"),
    (["play", SPEEDY, "--tables", "{house-nan.toml}"], "house-nan.toml, line 2: field"),
    (["play", SPEEDY, "--tables", "{missing}.toml"], "cannot read the table file"),
    (["play", SPEEDY, "--db", "sqlite:///{missing}/games.sqlite3"], "does not exist"),
    (["play", SPEEDY, "--db", "nonsense"], "not a database URL"),
    (["play", SPEEDY, "--db", "mysql+nosuchdriver://x/y"], "cannot open the database"),
    (["resume", "nosuchgame"], "no saved game with id 'nosuchgame'"),
    (["resume"], "there is no unfinished game to resume"),
    (["resume", "--side", "x"], "there is no unfinished game"),
    (["replay"], "Missing argument"),
    (["replay", "nosuchgame"], "neither a record file nor a saved game id"),
    (["replay", "{latin1.json}"], "not a UTF-8 text file"),
    (["replay", "{deep.json}"], "nested too deeply"),
    (["replay", "{missing}.json"], "cannot read the record"),
    (["games", "--db", "sqlite:///{missing}/g.sqlite3"], "does not exist"),
    (["games", "extra"], "unexpected extra argument"),
    (["rulesets", "--jsn"], "No such option: --jsn"),
    (["scenarios", "--ruleset", "chess"], "unknown rule set 'chess'"),
    (["scenarios", "show"], "Missing argument"),
    (["scenarios", "show", "nosuch"], "unknown scenario 'nosuch'"),
    (["scenarios", "nosuch"], "No such command 'nosuch'"),
    (["simulate"], "Missing argument"),
    (["simulate", SPEEDY, "--games", "0"], "Invalid value for '--games'"),
    (["simulate", SPEEDY, "--games", "99999999999999999"], "Invalid value for '--games'"),
    (["simulate", SPEEDY, "--games", "x"], "Invalid value for '--games'"),
    (["simulate", SPEEDY, "--workers", "0"], "Invalid value for '--workers'"),
    (["simulate", SPEEDY, "--workers", "100000"], "Invalid value for '--workers'"),
    (["simulate", SPEEDY, "--seed", "abc"], "Invalid value for '--seed'"),
    (["simulate", SPEEDY, "--seed", str(2**70)], "Invalid value for '--seed'"),
    (["simulate", SPEEDY, "--side", "british=human"], "ai and random sides only"),
    (["simulate", SPEEDY, "--plot", "{missing}/plot.png"], "does not exist"),
    (["simulate", SPEEDY, "--plot", "plot.txt"], "give a file name ending in .png"),
    (["simulate", DUEL, "--set", "current=1e300"], "is too large"),
    (["odds", "nosuch"], "No such command 'nosuch'"),
    (["odds", "round", "0", "0"], "Invalid value for 'attacker'"),
    (["odds", "round", "1"], "Missing argument"),
    (["odds", "round", "x", "1"], "Invalid value for 'attacker'"),
    (["odds", "capture", "-1", "3"], "Invalid value for 'attacker'"),
    (["odds", "capture", "99", "99"], "Invalid value for 'attacker'"),
    (["odds", "capture", "3", "1000000000000"], "Invalid value for 'defender'"),
    (["odds", "table", "--max", "13"], "Invalid value for '--max'"),
    (["odds", "table", "--max", "0"], "Invalid value for '--max'"),
    (["serve", "--port", "abc"], "Invalid value for '--port'"),
    (["serve", "--port", "99999"], "Invalid value for '--port'"),
    (["serve", "--port", "0"], "Invalid value for '--port'"),
    (["serve", "--db", "sqlite:///{missing}/g.sqlite3"], "does not exist"),
]


def _fill(arg: str, files: dict[str, str]) -> str:
    for name, path in files.items():
        arg = arg.replace("{" + name + "}", path)
    return arg


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return _files(tmp_path_factory.mktemp("bad"))


@pytest.mark.parametrize(("args", "message"), CASES, ids=[" ".join(a) for a, _ in CASES])
def test_a_bad_command_line_gets_one_clear_line_and_exit_2(
    tmp_path: Path, bad_files: dict[str, str], args: list[str], message: str
) -> None:
    db = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    argv = [_fill(a, bad_files) for a in args]
    if "--db" not in argv and argv[0] in ("play", "resume", "replay", "games"):
        argv += ["--db", db]
    code, err = run_cli(argv)
    assert code == 2, (code, err)
    assert "Traceback" not in err
    lines = err.splitlines()
    assert lines, "no message at all"
    assert all(line.startswith("error: ") for line in lines), err
    assert message in err, err
    if len(lines) > 1:  # one line per problem, each naming its place
        assert all(line.count("field '") == 1 for line in lines), err
    if (tmp_path / "games.sqlite3").exists():
        assert Store(db).list() == [], "a refused command left a game behind"


def test_bare_quarterdeck_prints_the_help_and_exits_2() -> None:
    code, err = run_cli([])
    assert code == 2 and "Traceback" not in err


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version(flag: str) -> None:
    code, err = run_cli([flag])
    assert code == 0 and err == ""


def test_a_message_with_brackets_is_printed_literally(bad_files: dict[str, str]) -> None:
    """The id pattern is printed as it is, not read as terminal markup."""
    code, err = run_cli(["scenarios", "show", bad_files["bad-id.toml"]])
    assert code == 2
    assert "'^[a-z0-9][a-z0-9-]*$'" in err and "^*$" not in err
