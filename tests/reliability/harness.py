"""Helpers of the fault-and-fuzz suite: the CLI run in a forked child that
kills itself with SIGKILL at a chosen point, and the checks every run shares.

A forked child is a real process killed by a real ``kill -9``, but it starts
with everything already imported, so a kill costs milliseconds, not the
second that a fresh ``quarterdeck`` process needs to start.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.dice import RandomDice
from quarterdeck.core.engine import Game

QUARTERDECK = Path(sys.executable).with_name("quarterdeck")  # the installed command


@dataclass(frozen=True)
class Finished:
    """An uninterrupted game as the CLI plays it: its record and final state."""

    entries: list[dict[str, Any]]
    state: str
    result: dict[str, Any]


def state_text(game: Game) -> str:
    return json.dumps(game.ruleset.state_to_json(game.state), sort_keys=True)


def uninterrupted(scenario_id: str, seed: int, kinds: dict[str, str]) -> Finished:
    """The game ``quarterdeck play`` plays with these sides and seed, never stopped."""
    from quarterdeck.cli.play import run_game

    scenario = scenarios.load(scenario_id)
    game = Game.new(scenario, dice=RandomDice(seed), seed=seed)
    result = run_game(game, kinds, Console(file=io.StringIO()), input, None, None, None, seed)
    return Finished(list(game.record.entries), state_text(game), result.to_json())


def kill_at_entry(entry: int, after_commit: bool) -> None:
    """From now on in this process: SIGKILL when the store is about to write
    (or has just written) record entry number ``entry``."""
    from quarterdeck.core.store import Store

    original = Store.append_many

    def append_many(self: Store, game_id: str, start: int, new: list[dict[str, Any]]) -> None:
        crosses = start <= entry < start + len(new)
        if crosses and not after_commit:
            os.kill(os.getpid(), signal.SIGKILL)
        original(self, game_id, start, new)
        if crosses:
            os.kill(os.getpid(), signal.SIGKILL)

    Store.append_many = append_many  # type: ignore[method-assign]


def kill_in_save(after: int) -> None:
    """SIGKILL in the middle of the ``after``-th write of the --save file,
    after the new text is written and before it is renamed into place."""
    calls = [0]
    original = os.replace

    def replace(src: Any, dst: Any) -> None:
        calls[0] += 1
        if calls[0] >= after:
            os.kill(os.getpid(), signal.SIGKILL)
        original(src, dst)

    os.replace = replace  # type: ignore[assignment]


def warm(folder: Path) -> None:
    """Import in this process what the commands import, so that each forked
    child starts at once: the command line, every rule set, the store and
    its migrations, the simulator, the odds, the web server."""
    import quarterdeck.cli.main
    import quarterdeck.odds.gundice
    import quarterdeck.sim.plot
    import quarterdeck.sim.runner
    import quarterdeck.web.server  # noqa: F401
    from quarterdeck.core.store import Store

    scenarios.bundled_paths()
    Store(f"sqlite:///{folder / 'warm.sqlite3'}")


def run_cli(
    args: list[str], prepare: Callable[[], None] | None = None, stdin: str = ""
) -> tuple[int, str]:
    """``quarterdeck ARGS`` in a forked child; returns its exit status (minus
    the signal number if it was killed) and what it wrote to stderr."""
    err_r, err_w = os.pipe()
    in_r, in_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 0
        try:
            os.close(err_r)
            os.close(in_w)
            os.dup2(in_r, 0)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(err_w, 2)
            # pytest's capture replaced sys.std*: speak to the real descriptors
            sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115
            sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
            sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
            if prepare is not None:
                prepare()
            from quarterdeck.cli.main import main

            sys.argv = ["quarterdeck", *args]
            main()
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        except BaseException:
            os.write(2, traceback.format_exc().encode())
            code = 99
        finally:
            for stream in (sys.stdout, sys.stderr):
                with contextlib.suppress(Exception):
                    stream.flush()
            os._exit(code)
    os.close(err_w)
    os.close(in_r)
    os.write(in_w, stdin.encode())
    os.close(in_w)
    with os.fdopen(err_r, encoding="utf-8", errors="replace") as fh:
        stderr = fh.read()
    _pid, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return -os.WTERMSIG(status), stderr
    return os.WEXITSTATUS(status), stderr
