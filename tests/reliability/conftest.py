"""The fault-and-fuzz suite's fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.reliability.harness import warm


@pytest.fixture(scope="session", autouse=True)
def _warm(tmp_path_factory: pytest.TempPathFactory) -> None:
    warm(Path(tmp_path_factory.mktemp("warm")))
