"""Starting the web table (being built: see the web issue)."""

from __future__ import annotations


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None) -> None:
    raise SystemExit("the web table is not built yet; play in the terminal: quarterdeck play")
