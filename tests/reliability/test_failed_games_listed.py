"""A game whose rules failed is kept as ``failed`` with its error (issue 13,
point 5); listing the saved games must still work, and say so (``quarterdeck
games`` crashed with "KeyError: 'winner'" once one such game was stored)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.engine import Game
from quarterdeck.core.store import Store
from tests.reliability.harness import QUARTERDECK


def test_games_lists_a_failed_game_with_its_error_not_a_crash(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    store = Store(db)
    game = Game.new(scenarios.load("shannon-chesapeake-1813"), seed=4)
    failed = store.create(game.record, {"british": "ai", "american": "ai"})
    store.fail(failed, "Traceback (most recent call last):\n  ...\nValueError: a broken polygon\n")
    finished = store.create(game.record, {"british": "ai", "american": "ai"})
    store.finish(finished, {"winner": "british", "how": "captured", "turn": 3, "detail": ""})
    env = dict(os.environ, QUARTERDECK_DB=db, COLUMNS="250")

    shown = subprocess.run(
        [str(QUARTERDECK), "games"], capture_output=True, text=True, env=env, timeout=120
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stderr == ""
    rows = {line.split()[1]: line for line in shown.stdout.splitlines() if failed in line}
    assert "failed: ValueError: a broken polygon" in rows[failed]
    assert "british: captured" in shown.stdout

    listed = subprocess.run(
        [str(QUARTERDECK), "games", "--json"], capture_output=True, text=True, env=env, timeout=120
    )
    assert listed.returncode == 0, listed.stderr
    statuses = {r["id"]: r["status"] for r in json.loads(listed.stdout)}
    assert statuses == {failed: "failed", finished: "finished"}
