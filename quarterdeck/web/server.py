"""Running the web table: ``quarterdeck serve``."""

from __future__ import annotations

import uvicorn
from sqlalchemy.engine import make_url

from quarterdeck.core.store import Store
from quarterdeck.web.app import MAX_MESSAGE, create_app


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    create_per_minute: int | None = None,
) -> None:
    """Start the web table on ``host``:``port`` with games kept in ``db``
    (an SQLAlchemy URL; an SQLite file in the user's data folder by default).
    ``create_per_minute`` changes the limit of new games a minute from one
    address (the load benchmark raises it)."""
    store = Store(db)
    app = (
        create_app(store)
        if create_per_minute is None
        else create_app(store, create_per_minute=create_per_minute)
    )
    shown = "localhost" if host in ("127.0.0.1", "localhost") else host
    where = make_url(store.url).render_as_string(hide_password=True)
    print(f"Quarterdeck web table: http://{shown}:{port}/  (games kept in {where})", flush=True)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws="auto",
        ws_max_size=4 * MAX_MESSAGE,  # a larger message is cut off unread
        h11_max_incomplete_event_size=64 * 1024,  # request line and headers
    )
