from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.fixture
def run(tmp_path: Path):  # type: ignore[no-untyped-def]
    """The quarterdeck command as a user runs it, in its own process."""
    env = dict(os.environ, QUARTERDECK_DB=f"sqlite:///{tmp_path / 'games.sqlite3'}", COLUMNS="200")

    def _run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", "from quarterdeck.cli.main import main; main()", *args],
            capture_output=True,
            text=True,
            env=env,
            timeout=300,
            cwd=tmp_path,
        )

    return _run
