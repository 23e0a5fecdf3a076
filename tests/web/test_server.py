"""``serve``: what ``quarterdeck serve`` runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from quarterdeck.web import server


def test_serve_prints_the_address_and_runs_the_app_on_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ran: dict[str, Any] = {}

    def fake_run(app: Any, **kwargs: Any) -> None:
        ran.update(kwargs, app=app)

    monkeypatch.setattr(server.uvicorn, "run", fake_run)
    db = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    server.serve(port=8123, db=db)
    out = capsys.readouterr().out
    assert "http://localhost:8123/" in out and db in out
    assert ran["host"] == "127.0.0.1" and ran["port"] == 8123
    assert ran["app"].title == "Quarterdeck"


def test_serve_does_not_print_a_database_password(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class FakeStore:
        url = "postgresql://quarterdeck:s3cret@db.example/games"

        def __init__(self, url: str | None) -> None:
            pass

    monkeypatch.setattr(server, "Store", FakeStore)
    monkeypatch.setattr(server, "create_app", lambda store: object())
    monkeypatch.setattr(server.uvicorn, "run", lambda app, **kwargs: None)
    server.serve(db=FakeStore.url)
    out = capsys.readouterr().out
    assert "s3cret" not in out and "db.example" in out
