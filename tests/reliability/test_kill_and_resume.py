"""kill -9 at random points of random games, then resume: nothing is lost and
nothing changes (issue 13, points 1 to 3).

Each case plays a game through ``quarterdeck play`` with every side played by
the computer, kills the process with SIGKILL just before or just after the
store writes a randomly chosen entry (or in the middle of writing the --save
file), resumes it with ``quarterdeck resume`` (killed again at random, the
second time), and resumes once more to the end. The stored game must then
hold exactly the entries of the same game played without interruption, replay
to the same final state, and the --save file must never be empty or cut.
The cases are drawn at random from a fixed seed, so a failure reproduces.
"""

from __future__ import annotations

import json
import os
import random
import signal
from pathlib import Path

import pytest

from quarterdeck.core.engine import Game
from quarterdeck.core.record import Record
from quarterdeck.core.store import Store
from tests.reliability.harness import (
    kill_at_entry,
    kill_in_save,
    run_cli,
    state_text,
    uninterrupted,
)

SCENARIOS = (
    "cape-st-vincent-1797",
    "speedy-el-gamo-1801",
    "serapis-bonhomme-richard-1779",
    "champlain-duel-1776",
    "split-rock-1776",
    "iron-city-duel",
    "arkansas-yazoo-1862",
    "forts-jackson-1862",
    "yazoo-landing",
    "sample-game",
    "arkansas-vicksburg-1862",
)
GAMES = int(os.environ.get("QUARTERDECK_FAULT_GAMES", "33"))
SIDES = {
    "cape-st-vincent-1797": ("british", "spanish"),
    "speedy-el-gamo-1801": ("british", "spanish"),
    "serapis-bonhomme-richard-1779": ("british", "american"),
    "champlain-duel-1776": ("american", "british"),
    "split-rock-1776": ("american", "british"),
    "iron-city-duel": ("union", "confederate"),
    "arkansas-yazoo-1862": ("confederate", "union"),
    "forts-jackson-1862": ("union", "confederate"),
    "yazoo-landing": ("union", "confederate", "gm"),
    "sample-game": ("british", "french"),
    "arkansas-vicksburg-1862": ("confederate", "union"),
}


def _cases() -> list[object]:
    rng = random.Random(13)
    out = []
    for n in range(GAMES):
        scenario = SCENARIOS[n % len(SCENARIOS)]
        kinds = tuple(rng.choice(("ai", "ai", "random")) for _ in SIDES[scenario])
        seed = rng.randrange(10_000)
        case = (scenario, seed, kinds, rng.random(), rng.random() < 0.5, rng.random())
        out.append(pytest.param(*case, id=f"{n}-{scenario}-{seed}"))
    return out


def _prefix(saved: Path, entries: list[dict[str, object]]) -> None:
    """A --save file after a kill: absent, or a whole record whose entries
    begin the uninterrupted game's (never empty, never cut)."""
    if not saved.exists():
        return
    record = Record.load(saved)
    assert record.entries == entries[: len(record.entries)]


@pytest.mark.parametrize(
    ("scenario", "seed", "kinds", "where", "after_commit", "second"),
    _cases(),
)
def test_a_game_killed_anywhere_resumes_to_the_same_end(
    tmp_path: Path,
    scenario: str,
    seed: int,
    kinds: tuple[str, ...],
    where: float,
    after_commit: bool,
    second: float,
) -> None:
    sides = dict(zip(SIDES[scenario], kinds, strict=True))
    whole = uninterrupted(scenario, seed, sides)
    total = len(whole.entries)
    db = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    saved = tmp_path / "game.json"
    args = ["play", scenario, "--seed", str(seed), "--db", db, "--save", str(saved)]
    for side, kind in sides.items():
        args += ["--side", f"{side}={kind}"]

    first_kill = int(where * total)
    if second < 0.2:  # now and then the kill comes while the --save file is written
        decisions = sum(1 for e in whole.entries if e["t"] == "d")
        code, err = run_cli(args, lambda: kill_in_save(max(1, int(where * decisions))))
    else:
        code, err = run_cli(args, lambda: kill_at_entry(first_kill, after_commit))
    assert code in (-signal.SIGKILL, 0), err
    _prefix(saved, whole.entries)

    # resume, killed again further on, then resumed to the end
    second_kill = first_kill + int(second * (total - first_kill))
    code, err = run_cli(["resume", "--db", db], lambda: kill_at_entry(second_kill, True))
    assert code in (-signal.SIGKILL, 0, 2), err
    if code == 2:  # the first run had finished the game: nothing left to resume
        assert "no unfinished game" in err
    code, err = run_cli(["resume", "--db", db])
    assert code in (0, 2), err
    assert "Traceback" not in err

    store = Store(db)
    rows = store.list()
    assert len(rows) == 1 and rows[0].status == "finished"
    record, _ = store.load(rows[0].id)
    assert record.entries == whole.entries  # every entry, no gap, nothing changed
    again = Game.replay(record)
    assert state_text(again) == whole.state
    assert rows[0].result == whole.result
    if saved.exists():
        _prefix(saved, whole.entries)
        json.loads(saved.read_text())
