"""Ctrl-C at a dice prompt of a game with dice rolled at the table, then
``quarterdeck resume``: the resumed game asks for the rest of the interrupted
step's dice, stores every entry, and ends as the game never stopped would
(issue 13, point 1: the store had a gap, and the finished game did not replay).
"""

from __future__ import annotations

import builtins
import os
import random
import re
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

from quarterdeck.core.engine import Game
from quarterdeck.core.store import Store
from tests.reliability.harness import QUARTERDECK, run_cli, state_text, uninterrupted

CASES = [
    ("shannon-chesapeake-1813", {"british": "ai", "american": "ai"}),
    ("cape-st-vincent-1797", {"british": "ai", "spanish": "random"}),
    ("champlain-duel-1776", {"american": "ai", "british": "ai"}),
    ("iron-city-duel", {"union": "ai", "confederate": "random"}),
]


def _values(entries: list[dict[str, object]]) -> list[str]:
    return [" ".join(str(v) for v in e["values"]) for e in entries if e["t"] == "r"]  # type: ignore[attr-defined]


def _ctrl_c_after(lines: list[str], answered: int) -> None:
    """In this process from now on: the person types ``lines`` one by one and
    presses Ctrl-C at the prompt after ``answered`` of them."""
    feed = iter(lines[:answered])

    def typed(prompt: object = "") -> str:
        try:
            return next(feed)
        except StopIteration:
            raise KeyboardInterrupt from None

    builtins.input = typed


@pytest.mark.parametrize(("scenario", "sides"), CASES, ids=[c[0] for c in CASES])
def test_ctrl_c_at_a_dice_prompt_then_resume_ends_as_the_uninterrupted_game(
    tmp_path: Path, scenario: str, sides: dict[str, str]
) -> None:
    seed = 31
    whole = uninterrupted(scenario, seed, sides)
    rolls = _values(whole.entries)
    db = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    args = ["play", scenario, "--dice", "manual", "--seed", str(seed), "--db", db]
    for side, kind in sides.items():
        args += ["--side", f"{side}={kind}"]
    rng = random.Random(scenario)
    stop = rng.randrange(1, len(rolls))
    code, err = run_cli(args, lambda: _ctrl_c_after(rolls, stop))
    assert code == 130, err
    game_id = re.search(r"quarterdeck resume (\w+)", err)
    assert game_id is not None, err

    store = Store(db)
    stored, _ = store.load(game_id.group(1))
    assert stored.entries == whole.entries[: len(stored.entries)]
    # the interrupted step's decision and the rolls made before Ctrl-C are kept
    done = len(stored.rolls())
    assert done <= stop

    code, err = run_cli(
        ["resume", game_id.group(1), "--db", db],
        lambda: _ctrl_c_after(rolls[done:], len(rolls) - done),
    )
    assert code == 0, err
    record, row = store.load(game_id.group(1))
    assert row.status == "finished"
    assert record.entries == whole.entries
    assert state_text(Game.replay(record)) == whole.state


def test_a_real_ctrl_c_at_a_dice_prompt_of_the_installed_command(tmp_path: Path) -> None:
    """The same through the installed ``quarterdeck`` command and a real SIGINT."""
    scenario, sides, seed = "cape-st-vincent-1797", {"british": "ai", "spanish": "ai"}, 8
    whole = uninterrupted(scenario, seed, sides)
    rolls = _values(whole.entries)
    env = dict(os.environ, QUARTERDECK_DB=f"sqlite:///{tmp_path / 'g.sqlite3'}", COLUMNS="200")
    args = [str(QUARTERDECK), "play", scenario, "--dice", "manual", "--seed", str(seed)]
    for side, kind in sides.items():
        args += ["--side", f"{side}={kind}"]
    proc = subprocess.Popen(
        args,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    answered = 3
    asked = threading.Event()
    seen: list[str] = []

    def watch() -> None:
        assert proc.stdout is not None
        text = ""
        while chunk := proc.stdout.read(1):
            text += chunk
            if text.count("values>") > answered:
                asked.set()
        seen.append(text)

    reader = threading.Thread(target=watch, daemon=True)
    reader.start()
    for line in rolls[:answered]:
        proc.stdin.write(line + "\n")
    proc.stdin.flush()
    assert asked.wait(60), "the fourth roll was never asked for"
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    game_id = re.search(r"quarterdeck resume (\w+)", err)
    assert game_id is not None, err

    stored, _ = Store(env["QUARTERDECK_DB"]).load(game_id.group(1))
    done = len(stored.rolls())
    resumed = subprocess.run(
        [str(QUARTERDECK), "resume", game_id.group(1)],
        input="\n".join(rolls[done:]) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert resumed.returncode == 0, resumed.stderr
    record, row = Store(env["QUARTERDECK_DB"]).load(game_id.group(1))
    assert row.status == "finished" and record.entries == whole.entries
