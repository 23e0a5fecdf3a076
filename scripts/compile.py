"""Opt-in compiled path (issue 14): compile Quarterdeck's hottest modules with
mypyc, in place, from the same source.

    ./scripts/compile              # build the .so files next to the .py files
    ./scripts/compile --clean      # remove every build product: pure Python again
    ./scripts/compile --list       # the modules it compiles (those it leaves: below)

The default install (``./scripts/serve``, ``./scripts/test``, ``.ci/run``) never
runs this and needs no compiler. The build needs a C compiler, the Python
headers and mypyc (it comes with mypy, in the ``test`` extra). Python imports
an extension module in preference to the ``.py`` beside it, so after a build
the listed modules run compiled; ``quarterdeck/_compiled.json`` records the
source each was built from, and importing ``quarterdeck`` refuses to run a
build whose source has changed since (build again, or clean).

Compiled and interpreted code play the same games: the same seed gives the same
outcome (``benchmarks.same_results`` and ``tests/sim/test_fixed_results.py`` run
against a build; ``tests/sim/test_compiled.py`` builds a few modules into a
temporary copy and plays a fixed-seed game both ways).

Modules left interpreted, and why:

- any module defining pydantic models (each rule set's ``models.py`` and
  ``tables.py``, ACW River's ``scenario.py``, ``core/scenario.py``): mypyc
  checks a class attribute's default against its annotation, and pydantic's
  ``Field(...)`` defaults fail that check when the module is imported. The
  scenario models live in ``models.py``, apart from the state's dataclasses
  (``state.py`` re-exports them), so that the states compile as native classes;
- a rule set's ``__init__.py``: a compiled package ``__init__`` cannot import
  its interpreted submodules while it is being imported (so it only makes the
  rule set object: its class, which the engine calls on every decision, is in
  the rule set's ``ruleset.py``, compiled);
- ``core/errors.py``: the web table and the terminal subclass its exceptions
  in interpreted code;
- the retired AIs (``ai_v1.py``), the explanations (``explain.py``) and the
  web, terminal and set-up code: not on the path of a simulated game.

Computer players get the same lazy views (``quarterdeck.core.lazyview``, itself
compiled: a native ``dict`` subclass keeps its own ``get``, ``__contains__``,
``__len__`` and ``__missing__``) in a build as in the interpreter. Compiled code
reads a value typed ``dict`` with CPython's own dict functions: ``d.get(key,
default)``, ``key in d`` and ``len(d)`` would skip a lazy view's or record's own
``get``, ``__contains__`` and ``__len__`` and find an entry not yet built
missing (builds once played other games of Mobile Bay, Valcour Island, Split
Rock and Chevrette so). So the players and what they call with the view (each
rule set's ``ai.py``, Away's ``judge.py``, Flotilla's ``helm.py``) type the view
and its ship records ``Mapping[str, Any]``: compiled code then goes through the
object's own methods. A new player reading a lazy view must do the same.

What compiled code needs of the source (kept to a few marked lines): a class
that interpreted code subclasses says so (``mypyc_attr(allow_interpreted_subclasses=True)``,
``StateBasics``); a frozen dataclass that is pickled or copied is a plain class
(``mypyc_attr(native_class=False)``, ``GameOutcome``: mypyc's own frozen
dataclasses cannot be); bad input is read as ``object`` before it is checked
(compiled code converts an ``int`` argument on the way in); an ``int``
expression is not assigned to a ``float`` variable (a compiled ``float``
attribute stores ``3`` as ``3.0``); an attribute tested against None is tested
again after a call that may set it through a function (``waiting`` in the
rules' ``advance``: mypy keeps the narrowing across the call, and compiled
code trusts it, a TypeError at run time); and a copy makes its object with the
class's own ``__new__`` and finds its fields with ``dataclasses.fields`` (a
compiled class has no ``__slots__`` and refuses ``object.__new__``).

What it does not need but pays: a dataclass made on every decision (a
prompt, its options and fields, a shot) writes its ``__init__`` out as the
dataclass would make it. A build compiles a written ``__init__`` to native
code, but runs the one the dataclass makes as interpreted code (a prompt took
about 12,000 instructions to make, 5% of a compiled Champlain game); a
frozen one sets its fields with ``object.__setattr__``, as the dataclass's
does, and stays read-only. ``tests/core/test_written_inits.py`` holds each
written ``__init__`` to its class's fields.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = "quarterdeck/_compiled.json"
GROUP = "quarterdeck._compiled"  # the shared library: quarterdeck/_compiled__mypyc*.so
BUILD = "build/mypyc"

# The core every rule set's games run through, then each rule set's hot modules.
CORE = [
    "quarterdeck/core/dice.py",
    "quarterdeck/core/engine.py",
    "quarterdeck/core/hidden.py",
    "quarterdeck/core/lazyview.py",
    "quarterdeck/core/prompts.py",
    "quarterdeck/core/record.py",
    "quarterdeck/core/result.py",
    "quarterdeck/core/tables.py",
    "quarterdeck/sim/games.py",
    "quarterdeck/sim/runner.py",
    "quarterdeck/sim/tally.py",
]
RULESETS = {
    "gundice_boarding": [
        "quarterdeck/rulesets/gundice_boarding/rules.py",
        "quarterdeck/rulesets/gundice_boarding/actions.py",
        "quarterdeck/rulesets/gundice_boarding/attempts.py",
        "quarterdeck/rulesets/gundice_boarding/boarding_dice.py",
        "quarterdeck/rulesets/gundice_boarding/declaring.py",
        "quarterdeck/rulesets/gundice_boarding/mobilising.py",
        "quarterdeck/rulesets/gundice_boarding/qualifying.py",
        "quarterdeck/rulesets/gundice_boarding/questions.py",
        "quarterdeck/rulesets/gundice_boarding/victory.py",
        "quarterdeck/rulesets/gundice_boarding/ai.py",
        "quarterdeck/rulesets/gundice_boarding/view.py",
        "quarterdeck/rulesets/gundice_boarding/state.py",
        "quarterdeck/rulesets/gundice_boarding/ruleset.py",
    ],
    "away_boarders": [
        "quarterdeck/core/pointgrid.py",
        "quarterdeck/rulesets/away_boarders/ai.py",
        "quarterdeck/rulesets/away_boarders/judge.py",
        "quarterdeck/rulesets/away_boarders/crew.py",
        "quarterdeck/rulesets/away_boarders/damage.py",
        "quarterdeck/rulesets/away_boarders/damage_dice.py",
        "quarterdeck/rulesets/away_boarders/fleet.py",
        "quarterdeck/rulesets/away_boarders/gunnery.py",
        "quarterdeck/rulesets/away_boarders/movement.py",
        "quarterdeck/rulesets/away_boarders/rules.py",
        "quarterdeck/rulesets/away_boarders/sailing.py",
        "quarterdeck/rulesets/away_boarders/tasks.py",
        "quarterdeck/rulesets/away_boarders/victory.py",
        "quarterdeck/rulesets/away_boarders/view.py",
        "quarterdeck/rulesets/away_boarders/state.py",
        "quarterdeck/rulesets/away_boarders/boarding.py",
        "quarterdeck/rulesets/away_boarders/ruleset.py",
    ],
    "flotilla": [
        "quarterdeck/core/geometry.py",
        "quarterdeck/rulesets/flotilla/ai.py",
        "quarterdeck/rulesets/flotilla/damage.py",
        "quarterdeck/rulesets/flotilla/fire.py",
        "quarterdeck/rulesets/flotilla/firers.py",
        "quarterdeck/rulesets/flotilla/helm.py",
        "quarterdeck/rulesets/flotilla/land.py",
        "quarterdeck/rulesets/flotilla/movement.py",
        "quarterdeck/rulesets/flotilla/standing.py",
        "quarterdeck/rulesets/flotilla/view.py",
        "quarterdeck/rulesets/flotilla/state.py",
        "quarterdeck/rulesets/flotilla/rules.py",
        "quarterdeck/rulesets/flotilla/turn.py",
        "quarterdeck/rulesets/flotilla/environment.py",
        "quarterdeck/rulesets/flotilla/moving.py",
        "quarterdeck/rulesets/flotilla/collisions.py",
        "quarterdeck/rulesets/flotilla/combat.py",
        "quarterdeck/rulesets/flotilla/administrative.py",
        "quarterdeck/rulesets/flotilla/victory.py",
        "quarterdeck/rulesets/flotilla/questions.py",
        "quarterdeck/rulesets/flotilla/ruleset.py",
    ],
    "acw_river": [
        f"quarterdeck/rulesets/acw_river/{name}.py"
        for name in [
            "ai",
            "boarding",
            "commanders",
            "damage",
            "dice",
            "fireships",
            "firing",
            "forts",
            "hazards",
            "morale",
            "movement",
            "moves",
            "objectives",
            "orders",
            "ramming",
            "randomtable",
            "ruleset",
            "rules",
            "standing",
            "state",
            "terrain",
            "values",
            "view",
            "visibility",
        ]
    ],
    "cutting_out": [
        f"quarterdeck/rulesets/cutting_out/{name}.py"
        for name in [
            "ai",
            "ashore",
            "boarding",
            "boats",
            "challenge",
            "charts",
            "common",
            "decks",
            "events",
            "firers",
            "firing",
            "harbour",
            "melee",
            "morale",
            "movement",
            "rigging",
            "rowing",
            "ruleset",
            "rules",
            "sailing",
            "small_arms",
            "spotting",
            "state",
            "victory",
            "view",
        ]
    ],
}
MODULES = CORE + [path for paths in RULESETS.values() for path in paths]


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def products(root: Path) -> list[Path]:
    """Every file or folder a build leaves under ``root``."""
    found = sorted((root / "quarterdeck").rglob("*.so"))
    found += sorted((root / "quarterdeck").rglob("*.pyd"))
    found += [p for p in (root / MANIFEST, root / BUILD) if p.exists()]
    return found


def clean(root: Path) -> int:
    removed = products(root)
    for path in removed:
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()
    build = root / "build"
    if build.is_dir() and not any(build.iterdir()):
        build.rmdir()
    print(f"removed {len(removed)} build products: Quarterdeck runs as pure Python")
    return 0


def build(root: Path, modules: list[str], opt_level: str) -> int:
    missing = [m for m in modules if not (root / m).is_file()]
    if missing:
        print(f"error: no such module to compile: {', '.join(missing)}", file=sys.stderr)
        return 2
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    if shutil.which(compiler.split()[0]) is None:
        print(
            f"error: no C compiler ({compiler}) on PATH: the compiled path needs one",
            file=sys.stderr,
        )
        return 2
    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").is_file():
        print(f"error: no Python headers (Python.h) in {include}", file=sys.stderr)
        return 2
    try:
        from mypyc.build import mypycify
        from setuptools import Distribution  # type: ignore[import-untyped]
    except ImportError as absent:
        print(
            f"error: {absent.name or 'mypyc'} is not installed; install the test tools "
            "(mypyc comes with mypy) and setuptools: .venv/bin/pip install -e '.[test]' setuptools",
            file=sys.stderr,
        )
        return 2

    # Start from nothing, so no module of an earlier, larger build stays compiled.
    for path in products(root):
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()
    # the source as it is now, before the build reads it: an edit made during
    # the build (minutes) must not be recorded as what was compiled
    built_from = {m: _sha(root / m) for m in modules}
    os.chdir(root)  # mypyc reads [tool.mypy] (strict) from pyproject.toml here
    extensions = mypycify(
        modules, opt_level=opt_level, group_name=GROUP, target_dir=BUILD, verbose=False
    )
    dist = Distribution({"name": "quarterdeck-compiled", "ext_modules": extensions})
    command = dist.get_command_obj("build_ext")
    command.inplace = True
    command.build_temp = f"{BUILD}/temp"
    command.build_lib = f"{BUILD}/lib"
    dist.run_command("build_ext")
    manifest = {"modules": built_from}
    (root / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    print(
        f"compiled {len(modules)} modules with mypyc (-O{opt_level}); undo: scripts/compile --clean"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    summary = " ".join(__doc__.split("\n\n")[0].split())  # the first paragraph
    parser = argparse.ArgumentParser(prog="scripts/compile", description=summary)
    parser.add_argument("--clean", action="store_true", help="remove every build product")
    parser.add_argument("--list", action="store_true", help="print the modules compiled")
    parser.add_argument("--root", type=Path, default=ROOT, help="checkout to build in")
    parser.add_argument(
        "--only", nargs="+", metavar="PATH", help="compile just these modules (tests)"
    )
    parser.add_argument("--opt-level", default="3", choices=["0", "1", "2", "3"])
    args = parser.parse_args(argv)
    root = args.root.resolve()
    if args.clean:
        return clean(root)
    if args.list:
        try:
            print("\n".join(MODULES), flush=True)
        except BrokenPipeError:  # (read by head: what it did not read is not wanted)
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return build(root, args.only or MODULES, args.opt_level)


if __name__ == "__main__":
    sys.exit(main())
