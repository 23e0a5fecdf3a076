"""``./scripts/serve`` installs once and starts without the network: a club
without wifi can restart its server (issue 13, point 13). The package index
is made unreachable for pip in these runs."""

from __future__ import annotations

import hashlib
import os
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
STAMP = ROOT / ".venv" / ".quarterdeck-installed"
OFFLINE = {
    "PIP_NO_INDEX": "1",
    "PIP_FIND_LINKS": "",
    "PIP_EXTRA_INDEX_URL": "",
    "PIP_INDEX_URL": "http://127.0.0.1:9/simple",
}

pytestmark = pytest.mark.skipif(
    not (ROOT / ".venv" / "bin" / "quarterdeck").exists(),
    reason="needs the project's .venv (made by ./scripts/test or ./scripts/serve)",
)


@pytest.fixture
def stamp() -> Iterator[None]:
    """Leave the install stamp as it was found."""
    before = STAMP.read_bytes() if STAMP.exists() else None
    yield
    if before is None:
        STAMP.unlink(missing_ok=True)
    else:
        STAMP.write_bytes(before)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _serve_offline(tmp_path: Path) -> tuple[str, str]:
    """Start ./scripts/serve with no package index; return what it printed
    once the web table answers, after stopping it."""
    port = _free_port()
    env = dict(os.environ, **OFFLINE)
    proc = subprocess.Popen(
        [
            str(ROOT / "scripts" / "serve"),
            "--port",
            str(port),
            "--db",
            f"sqlite:///{tmp_path}/g.db",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,
    )
    try:
        deadline = time.time() + 120
        while time.time() < deadline:
            assert proc.poll() is None, proc.communicate()
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.2)
        else:
            pytest.fail("the web table did not start")
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=30)
    return out, err


def test_with_the_install_done_serve_starts_without_touching_the_network(
    tmp_path: Path, stamp: None
) -> None:
    STAMP.write_text(hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest() + "\n")
    out, err = _serve_offline(tmp_path)
    assert "Quarterdeck web table: http://localhost:" in out
    assert "installing" not in out and "updating" not in out and "warning" not in err


def test_when_an_update_cannot_be_fetched_serve_starts_the_installed_version(
    tmp_path: Path, stamp: None
) -> None:
    STAMP.write_text("an older pyproject.toml\n")
    out, err = _serve_offline(tmp_path)
    assert "updating Quarterdeck's libraries" in out
    assert "warning: could not update (no network?); starting the version installed before" in err
    assert "Quarterdeck web table: http://localhost:" in out
    assert STAMP.read_text() == "an older pyproject.toml\n"  # tried again next time
