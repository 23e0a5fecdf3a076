"""The opt-in compiled path (scripts/compile, issue 14) compiles the same source
and plays the same games: a copy of the package plays fixed-seed games of
gun-dice boarding, is compiled with mypyc (the core the games run through and
the rule set's rules), and must play them again with the same outcome, the
same decisions and the same final state. A copy with Flotilla's AI and helm
compiled, and the lazy views they are handed (quarterdeck.core.lazyview), must
play the same games of Mobile Bay as the interpreted ones do.

Skipped where mypyc, a C compiler or the Python headers are missing: the
default install needs none of them."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# a small set, so that the build takes seconds: the rules (rules.py and the
# section modules it drives), the state's dataclasses (native classes once
# compiled: copied, serialised and compared as the interpreted ones), and the
# core their games run through (a compiled rule module calls into compiled
# core classes)
RULES = [
    "actions",
    "attempts",
    "boarding_dice",
    "declaring",
    "mobilising",
    "qualifying",
    "questions",
    "rules",
    "state",
    "victory",
]
MODULES = [
    "quarterdeck/core/dice.py",
    "quarterdeck/core/engine.py",
    *(f"quarterdeck/rulesets/gundice_boarding/{name}.py" for name in RULES),
]

FAST = ["--opt-level", "0", "--only", *MODULES]  # -O0: the build, not its speed, is tested

PLAY = """
import json, sys
import quarterdeck.rulesets.gundice_boarding.rules as rules
from quarterdeck.core import scenario as scenarios
from quarterdeck.core.engine import Game, copy_state
from quarterdeck.sim.games import play_state, replay_game
rows, states = [], []
for scenario_id in ("speedy-el-gamo-1801", "shannon-chesapeake-1813"):
    scenario = scenarios.load(scenario_id)
    for seed in (3, 11, 40):
        outcome, state = play_state(scenario, seed)
        rows.append(outcome.row())
        states.append(copy_state(state).to_json())
game = replay_game(scenarios.load("speedy-el-gamo-1801"), 11)
print(json.dumps({"compiled": rules.__file__.endswith(".so"), "rows": rows,
                  "states": states, "log": [e.text for e in game.log]}))
"""


def _compiler_missing() -> str | None:
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed"
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    if shutil.which(compiler.split()[0]) is None:
        return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers"
    return None


# Flotilla's AI and helm alone, compiled, reading the lazy views and ship
# records they are handed (compiled too: a native dict subclass whose own
# ``get``, ``__contains__`` and ``__len__`` must still be the ones called): a compiled ``d.get(key, default)`` or ``key in d``
# on a value typed ``dict`` does not call a lazy view's ``get`` or
# ``__contains__`` and finds an entry not yet built missing (once about half
# of Mobile Bay's games went otherwise); typed ``Mapping``, they do
FLOTILLA_AI = [
    "--opt-level",
    "0",
    "--only",
    "quarterdeck/rulesets/flotilla/ai.py",
    "quarterdeck/rulesets/flotilla/helm.py",
    "quarterdeck/core/lazyview.py",
]

PLAY_FLOTILLA = """
import json
import quarterdeck.rulesets.flotilla.ai as ai
from quarterdeck.core import scenario as scenarios
from quarterdeck.core.lazyview import LazyView
from quarterdeck.sim.games import Setup, decision_view, game_seed, play_state
scenario = scenarios.load("mobile-bay-1864")
setup = Setup(scenario, None)
state = setup.ruleset.new_state(scenario, setup.context(7))
lazy = decision_view(setup.ruleset, state, scenario.side_names[0], frozenset())
rows = [play_state(scenario, game_seed(7, i))[0].row() for i in range(6)]
import quarterdeck.core.lazyview as lazyview
print(json.dumps({"compiled": ai.__file__.endswith(".so") and lazyview.__file__.endswith(".so"),
                  "lazy": isinstance(lazy, LazyView), "rows": rows}))
"""


def _copy(tmp_path: Path) -> Path:
    copy = tmp_path / "checkout"
    copy.mkdir()
    shutil.copytree(
        ROOT / "quarterdeck",
        copy / "quarterdeck",
        ignore=shutil.ignore_patterns("*.so", "*.pyd", "_compiled.json", "__pycache__"),
    )
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    return copy


def _build(copy: Path, *args: str) -> None:
    build = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "compile.py"), "--root", str(copy), *args],
        cwd=copy,
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-2000:]


def _play(copy: Path, script: str = PLAY) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(copy))
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=copy, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    played: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return played


@pytest.mark.skipif(_compiler_missing() is not None, reason=str(_compiler_missing()))
def test_compiled_modules_play_the_same_fixed_seed_games(tmp_path: Path) -> None:
    copy = _copy(tmp_path)

    interpreted = _play(copy)
    assert interpreted["compiled"] is False

    _build(copy, *FAST)
    assert sorted(p.name.split(".")[0] for p in (copy / "quarterdeck").rglob("*.so")) == sorted(
        ["_compiled__mypyc", "dice", "engine", *RULES]
    )

    compiled = _play(copy)
    assert compiled["compiled"] is True
    assert compiled["rows"] == interpreted["rows"]
    assert compiled["states"] == interpreted["states"]
    assert compiled["log"] == interpreted["log"]

    # an edited source is never shadowed by its stale compiled module: not
    # when its time is set back to before the build, nor when it is gone
    def _import() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", "import quarterdeck"],
            cwd=copy,
            env=dict(os.environ, PYTHONPATH=str(copy)),
            capture_output=True,
            text=True,
        )

    rules = copy / "quarterdeck/rulesets/gundice_boarding/rules.py"
    was = rules.stat()
    rules.write_text(rules.read_text() + "\n# edited\n")
    os.utime(rules, ns=(was.st_atime_ns, was.st_mtime_ns))
    stale = _import()
    assert stale.returncode == 1
    assert "rules.py changed (or went) since ./scripts/compile built it" in stale.stderr
    assert "Traceback" not in stale.stderr  # one line, as every other refusal
    rules.unlink()
    gone = _import()
    assert gone.returncode == 1
    assert "rules.py changed (or went) since ./scripts/compile built it" in gone.stderr
    assert "FileNotFoundError" not in gone.stderr

    clean = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "compile.py"), "--root", str(copy), "--clean"],
        capture_output=True,
        text=True,
    )
    assert clean.returncode == 0, clean.stderr
    assert not list((copy / "quarterdeck").rglob("*.so"))
    assert not (copy / "quarterdeck/_compiled.json").exists()
    assert not (copy / "build").exists()


@pytest.mark.skipif(_compiler_missing() is not None, reason=str(_compiler_missing()))
def test_a_compiled_player_plays_the_same_games_from_its_views(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    interpreted = _play(copy, PLAY_FLOTILLA)
    assert interpreted["compiled"] is False
    _build(copy, *FLOTILLA_AI)
    compiled = _play(copy, PLAY_FLOTILLA)
    assert compiled["compiled"] is True
    assert compiled["lazy"] is True  # a build hands the players lazy views too
    assert compiled["rows"] == interpreted["rows"]
