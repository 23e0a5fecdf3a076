"""The web table: a FastAPI app over the core store.

Pages are rendered on the server (Jinja, SVG); a small script swaps in the
fragments that the server pushes over a WebSocket after every change. Acting
for a side needs that side's seat token; without one a page only watches,
seeing what the core's ``view(None)`` shows.

Staying responsive: the event loop only moves bytes. Every piece of work on a
game (loading, rules, rendering, the store) runs in one "game thread", one
short job at a time, and the computer's decisions are played a few per job,
so no request waits long behind another game. A game the computer plays on
every side is played in the background after the request that creates it has
been answered. Game creation is limited per address, request bodies and
WebSocket messages are capped, and a refused input is quoted only in a short
excerpt.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import sys
import time
import traceback
from collections import deque
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from functools import cache, partial
from pathlib import Path
from typing import Any, TypeVar

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
)
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field

from quarterdeck.core.dice import DrawRequest
from quarterdeck.core.engine import Game
from quarterdeck.core.explain import explain
from quarterdeck.core.scenario import Scenario, bundled
from quarterdeck.core.store import Store
from quarterdeck.rulesets import all_rulesets, get_ruleset
from quarterdeck.web.fragments import fragments, in_words, replay_fragments
from quarterdeck.web.games import SEAT_KINDS, Conflict, Games, Live, WebError
from quarterdeck.web.render import renderer_for
from quarterdeck.web.render.explain import explanation
from quarterdeck.web.render.sheets import card_groups, charts, print_page_body, reference_body

HERE = Path(__file__).parent
COOKIE = "qd_"
MAX_BODY = 64 * 1024  # bytes in a request body: an answer or a new game is a few hundred
MAX_MESSAGE = 64 * 1024  # characters in a WebSocket message
EXCERPT = 120  # characters of a refused input quoted back
CREATE_PER_MINUTE = 30  # games one address may start in a minute
BACKGROUND_GAMES = 2  # games the computer plays alone at once; more wait their turn
AI_BATCH = 4  # computer decisions in one job of the game thread
T = TypeVar("T")


def excerpt(text: Any, limit: int = EXCERPT) -> str:
    """``text`` on one line, cut to ``limit`` characters (saying how long it was)."""
    line = " ".join(str(text).split())
    return line if len(line) <= limit else f"{line[:limit]}... ({len(line):,} characters)"


class BodyLimit:
    """ASGI middleware: a request whose body is over ``limit`` bytes is
    refused with 413, by its Content-Length or as it arrives (a chunked
    body is read up to the limit, never further)."""

    def __init__(self, app: Any, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length", b"0")
        if not length.isdigit() or int(length) > self.limit:
            await self._refuse(send)
            return
        body = b""
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break  # the client went away: let the app see it
            body += message.get("body", b"")
            if len(body) > self.limit:
                await self._refuse(send)
                return
            if not message.get("more_body", False):
                message = {"type": "http.request", "body": body, "more_body": False}
                break
        first = [message]

        async def replay() -> Any:
            return first.pop() if first else await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Any) -> None:
        body = json.dumps(
            {"detail": f"the request is too large (at most {self.limit:,} bytes)"}
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


class RateLimit:
    """At most ``per_minute`` events per key (a client address) in any minute."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self.seen: dict[str, deque[float]] = {}

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        if len(self.seen) > 10_000:  # forget addresses not seen for a minute
            self.seen = {k: v for k, v in self.seen.items() if v and v[-1] > now - 60}
        times = self.seen.setdefault(key, deque())
        while times and times[0] <= now - 60:
            times.popleft()
        if len(times) >= self.per_minute:
            return False
        times.append(now)
        return True


class CreateBody(BaseModel):
    """Start a game: the scenario, who takes each side (``umpire`` may be added
    to any scenario), the dice, and whether watchers see everything."""

    model_config = ConfigDict(extra="forbid")
    scenario: str = Field(max_length=200)
    seats: dict[str, str]
    dice: str = "program"
    seed: int | None = Field(default=None, ge=0, lt=2**31)
    spectators: str | None = Field(default=None, pattern="^(public|everything)$")
    decks: dict[str, dict[str, int]] = Field(default_factory=dict, max_length=20)


class AnswerBody(BaseModel):
    """An answer to the seat's open prompt: an option id, or a form's fields."""

    model_config = ConfigDict(extra="forbid")
    token: str = Field(max_length=200)
    answer: str | dict[str, Any]
    seat: str | None = Field(default=None, max_length=100)


class DiceBody(BaseModel):
    """The values of a physical roll, one per die, or the card drawn."""

    model_config = ConfigDict(extra="forbid")
    token: str = Field(max_length=200)
    values: list[Any] | None = Field(default=None, max_length=100)
    card: str | None = Field(default=None, max_length=100)


class RevokeBody(BaseModel):
    """The host revokes a side's link: that side gets a new token."""

    model_config = ConfigDict(extra="forbid")
    host: str = Field(max_length=200)
    side: str = Field(max_length=100)


@cache
def scenarios() -> dict[str, Scenario]:
    return {s.id: s for s in bundled()}


def catalogue() -> list[dict[str, Any]]:
    """Every rule set, and the bundled scenarios of the playable ones."""
    by_ruleset: dict[str, list[Scenario]] = {}
    for s in scenarios().values():
        by_ruleset.setdefault(s.ruleset, []).append(s)
    out = []
    for r in all_rulesets():
        out.append(
            {
                "id": r.info.id,
                "title": r.info.title,
                "period": r.info.period,
                "playable": r.info.playable,
                "scenarios": [
                    {
                        "id": s.id,
                        "title": s.title,
                        "year": s.header.year,
                        "description": s.header.description,
                        "history": s.header.history,
                        "source": s.header.source,
                        "sides": [
                            {"name": x.name, "title": x.title, "colour": x.colour, "role": x.role}
                            for x in s.header.sides
                        ],
                        "umpire": s.umpire,
                        "decks": {
                            name: {
                                "title": d.title,
                                "size": sum(d.counts().values()),
                                "cards": [c.model_dump() for c in d.cards],
                            }
                            for name, d in s.header.decks.items()
                        },
                        "forces": [_force_in_words(line, s) for line in s.summary],
                        "turn_limit": s.header.turn_limit,
                    }
                    for s in by_ruleset.get(r.info.id, [])
                ],
            }
        )
    return out


def _force_in_words(line: str, scenario: Scenario) -> str:
    """A rule set's summary line of a ship ("american: Royal Savage (...)")
    with the side as people call it ("Lake Champlain fleet: Royal Savage ...")."""
    side, sep, rest = line.partition(": ")
    for x in scenario.header.sides:
        if sep and side == x.name and x.title:
            return f"{x.title.split(' (')[0]}: {rest}"
    return line


def _cookie_tokens(request: Request, game_id: str) -> dict[str, str]:
    """The seat tokens this browser holds for a game (the host's under ``*``)."""
    raw = request.cookies.get(COOKIE + game_id, "")
    out = {}
    for part in raw.split(":"):
        side, _, token = part.partition(".")
        if side and token:
            out[side] = token
    return out


def _cookie_value(tokens: dict[str, str]) -> str:
    return ":".join(f"{s}.{t}" for s, t in tokens.items())


def _seat(live: Live, token: str | None, claimed: str | None = None) -> str:
    seat = live.meta.seat_of(token)
    if seat is None:
        raise WebError("this seat token does not belong to this game", 403)
    if claimed is not None and claimed != seat:
        raise WebError(f"this token is for {seat!r}; it cannot act for {claimed!r}", 403)
    if live.meta.seats.get(seat) == "ai":
        raise WebError(f"{seat!r} is played by the computer", 403)
    return seat


class Listener:
    """A page watching a game over a WebSocket, as one seat (or none).

    Each update carries only the fragments that changed since the last one
    this page was sent.
    """

    __slots__ = ("seat", "sent", "token", "version", "ws")

    def __init__(self, ws: WebSocket, seat: str | None, token: str | None = None) -> None:
        self.ws = ws
        self.seat = seat
        self.token = token
        self.sent: dict[str, str] = {}
        self.version = -1

    async def send(self, games: Games, live: Live, off: Any = None) -> None:
        if self.seat is not None and live.meta.seat_of(self.token) != self.seat:
            # the link was revoked (perhaps on another server process): no more pages
            await self.ws.send_json(
                {
                    "type": "error",
                    "status": 403,
                    "detail": "this seat's link was revoked by the host",
                }
            )
            raise WebError("this seat's link was revoked by the host", 403)  # no more pages
        if live.version == self.version:
            return
        frags = (
            await off(fragments, games, live, self.seat)
            if off is not None
            else fragments(games, live, self.seat)
        )
        changed = {k: v for k, v in frags.items() if self.sent.get(k) != v}
        self.sent = frags
        self.version = live.version
        await self.ws.send_json(
            {
                "type": "update",
                "id": live.id,
                "seat": self.seat,
                "version": live.version,
                "status": live.status,
                "fragments": changed,
            }
        )


def _state(games: Games, live: Live, seat: str | None) -> dict[str, Any]:
    return {
        "id": live.id,
        "seat": seat,
        "version": live.version,
        "status": live.status,
        "fragments": fragments(games, live, seat),
    }


def create_app(
    store: Store,
    watch_interval: float = 1.0,
    create_per_minute: int = CREATE_PER_MINUTE,
    max_body: int = MAX_BODY,
) -> FastAPI:
    """The web table's app on ``store``.

    Every ``watch_interval`` seconds the pages watching a game that another
    server process on the same database has moved on are sent the update.
    """
    games = Games(store)
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="quarterdeck-games")
    creations = RateLimit(create_per_minute)
    drivers: dict[str, asyncio.Task[None]] = {}
    alone: list[asyncio.Semaphore] = []  # made in the server's event loop

    async def off(fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` in the game thread (every game's work, one job at a time)."""
        return await asyncio.get_running_loop().run_in_executor(pool, partial(fn, *args))

    async def on_game(game_id: str, fn: Callable[[], T]) -> T:
        """``fn`` in the game thread; if the program fails in it (a fault of the
        program, not of the request), the game is marked failed, never left
        "playing", and the request gets one clear line."""

        def job() -> T:
            try:
                return fn()
            except WebError:
                raise
            except Exception as exc:
                text = "".join(traceback.format_exception(exc))
                print(f"quarterdeck web: game {game_id} failed:\n{text}", file=sys.stderr)
                games.fail(game_id, text)
                raise WebError(
                    f"the program failed while playing game {game_id} "
                    f"({type(exc).__name__}: {excerpt(exc)}); the game is marked failed and "
                    "its record is kept. Please report this.",
                    500,
                ) from None

        return await off(job)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        task = asyncio.create_task(watch_store())
        try:
            yield
        finally:
            task.cancel()
            for driver in list(drivers.values()):
                driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            pool.shutdown(wait=False, cancel_futures=True)

    async def watch_store() -> None:
        while True:
            await asyncio.sleep(watch_interval)
            try:
                for game_id in await off(games.changed_elsewhere):
                    await notify(await off(games.get, game_id))
            except Exception as exc:  # never let the watcher die
                print(f"quarterdeck web: watching the store failed: {exc}", file=sys.stderr)

    app = FastAPI(title="Quarterdeck", docs_url="/api/docs", redoc_url=None, lifespan=lifespan)
    app.add_middleware(BodyLimit, limit=max_body)
    app.state.games = games
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    @app.exception_handler(WebError)
    async def web_error(request: Request, exc: WebError) -> Response:
        message = excerpt(exc, 600)
        if request.url.path.startswith("/api/"):
            return JSONResponse({"detail": message, **exc.payload}, status_code=exc.status)
        return templates.TemplateResponse(
            request, "error.html", {"message": message, "status": exc.status}, exc.status
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        """One line per problem, naming the field; the refused input is never
        sent back whole (a short excerpt at most)."""
        problems = []
        for error in exc.errors()[:10]:
            loc = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
            problems.append(f"{loc or 'body'}: {excerpt(error.get('msg', ''))}")
        return JSONResponse({"detail": "; ".join(problems)}, status_code=422)

    async def notify(live: Live) -> None:
        """Send every page watching ``live`` its own seat's fragments."""
        for listener in list(live.listeners):
            try:
                await listener.send(games, live, off)
            except Exception:
                live.listeners.discard(listener)

    # -- the computer's moves, off the request path ---------------------------------

    def computer_step(game_id: str) -> tuple[Live, bool]:
        live = games.get(game_id)
        if live.status != "playing" or not games.computer_seat_waits(live):
            return live, False
        return live, games.play_computer(live, AI_BATCH)

    async def play_computer(game_id: str) -> None:
        """The computer's decisions in ``game_id``, a few per job of the game
        thread (other games' requests are served between them), until a
        person must act or the game ends."""
        while True:
            live, moved = await on_game(game_id, partial(computer_step, game_id))
            if not moved:
                return
            await notify(live)

    async def play_alone(game_id: str) -> None:
        """A game the computer plays on every side, in the background."""
        if not alone:
            alone.append(asyncio.Semaphore(BACKGROUND_GAMES))
        try:
            async with alone[0]:
                await play_computer(game_id)
        except WebError as exc:
            print(f"quarterdeck web: game {game_id}: {exc}", file=sys.stderr)
        finally:
            drivers.pop(game_id, None)

    def in_background(game_id: str) -> None:
        if game_id not in drivers:
            drivers[game_id] = asyncio.create_task(play_alone(game_id))

    async def after_move(live: Live) -> None:
        """After a move: the pages watching are told, and the computer answers
        (the request waits for its reply, while other requests are served;
        the pages are told once it has replied), or, in a game nobody plays,
        plays on in the background."""
        people = any(kind != "ai" for kind in live.meta.seats.values())
        if people and live.id not in drivers and await off(games.computer_seat_waits, live):
            await play_computer(live.id)
            return
        await notify(live)
        if not people:
            in_background(live.id)

    # -- pages ------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse)
    async def start(request: Request) -> Response:
        rows, listed = await off(lambda: (store.list(limit=40), catalogue()))
        saved = [
            {
                "id": r.id,
                "ruleset": r.ruleset,
                "scenario": scenarios()[r.scenario_id].title
                if r.scenario_id in scenarios()
                else r.scenario_id,
                "status": r.status,
                "result": r.result,
                "updated": time.strftime("%Y-%m-%d %H:%M", time.localtime(r.updated)),
                "mine": bool(_cookie_tokens(request, r.id)),
                "seats": {k: v for k, v in r.seats.items() if v in SEAT_KINDS},
            }
            for r in rows
        ]
        return templates.TemplateResponse(
            request, "start.html", {"rulesets": listed, "saved": saved}
        )

    @app.get("/games/{game_id}", response_class=HTMLResponse)
    async def game_page(
        request: Request, game_id: str, t: str | None = None, watch: bool = False
    ) -> Response:
        return await on_game(game_id, partial(game_page_now, request, game_id, t, watch))

    def game_page_now(request: Request, game_id: str, t: str | None, watch: bool) -> Response:
        live = games.get(game_id)
        mine = _cookie_tokens(request, game_id)
        if t is None and mine and not watch:
            for side, token in mine.items():
                if live.meta.seat_of(token) == side:
                    return RedirectResponse(f"/games/{game_id}?t={token}", status_code=303)
        seat = None
        if t is not None:
            seat = live.meta.seat_of(t)
            if seat is None:
                raise WebError(
                    "this seat token does not belong to this game (it may have been revoked: "
                    "ask the host for a new link)",
                    403,
                )
        others = {
            side: token
            for side, token in mine.items()
            if side != seat and live.meta.seat_of(token) == side
        }
        host = mine.get("*", "")
        is_host = seat is not None and live.meta.is_host(host)
        invites = (
            {
                side: f"{request.base_url}games/{game_id}?t={live.meta.tokens[side]}"
                for side, kind in live.meta.seats.items()
                if kind == "link"
            }
            if is_host
            else {}
        )
        return templates.TemplateResponse(
            request,
            "game.html",
            {
                "live": live,
                "seat": seat,
                "token": t or "",
                "others": others,
                "invites": invites,
                "host": host if is_host else "",
                "titles": {x["name"]: x["title"] for x in live.side_info},
                "state": _state(games, live, seat),
                "title": _title(live),
            },
        )

    @app.get("/games/{game_id}/replay", response_class=HTMLResponse)
    async def replay_page(request: Request, game_id: str, step: int | None = None) -> Response:
        return await on_game(game_id, partial(replay_page_now, request, game_id, step))

    def replay_page_now(request: Request, game_id: str, step: int | None) -> Response:
        live = games.get(game_id)
        game, at, total = games.replay(game_id, step)
        return templates.TemplateResponse(
            request,
            "replay.html",
            {
                "live": live,
                "step": at,
                "total": total,
                "frag": replay_fragments(live, game),
                "title": _title(live),
            },
        )

    # -- the API ------------------------------------------------------------------------

    @app.get("/api/rulesets")
    async def api_rulesets() -> list[dict[str, Any]]:
        return await off(catalogue)

    @app.get("/api/games")
    async def api_games(status: str | None = Query(default=None, max_length=16)) -> Any:
        return await off(games_now, status)

    def games_now(status: str | None) -> list[dict[str, Any]]:
        return [
            {
                "id": r.id,
                "ruleset": r.ruleset,
                "scenario": r.scenario_id,
                "status": r.status,
                "result": r.result,
                "seats": {k: v for k, v in r.seats.items() if v in SEAT_KINDS},
                "entries": r.entries,
                "updated": r.updated,
            }
            for r in store.list(status=status, limit=200)
        ]

    @app.post("/api/games", status_code=201)
    async def api_create(body: CreateBody, request: Request) -> Response:
        address = request.client.host if request.client else "?"
        if not creations.allow(address):
            return JSONResponse(
                {
                    "detail": f"too many new games from {address}: at most "
                    f"{creations.per_minute} a minute; try again in a minute"
                },
                status_code=429,
                headers={"Retry-After": "60"},
            )
        live = await off(create_now, body)
        response = created(live, request)
        await after_move(live)
        return response

    def create_now(body: CreateBody) -> Live:
        found = scenarios().get(body.scenario)
        if found is None:
            raise WebError(
                f"unknown scenario {excerpt(repr(body.scenario))} "
                f"(bundled: {', '.join(sorted(scenarios()))})",
                404,
            )
        if body.seed is not None and "link" in body.seats.values():
            raise WebError(
                "seed: a seed may be chosen only when no other person plays by a link "
                "(whoever chose it could work out every roll, the secret ones included)",
                422,
            )
        if body.decks:
            found = _with_decks(found, body.decks)
        return games.create(
            found,
            body.seats,
            body.dice,
            body.seed,
            reveal=None if body.spectators is None else body.spectators == "everything",
            run_ai=False,
        )

    def created(live: Live, request: Request) -> Response:
        base = str(request.base_url)
        links = {side: f"{base}games/{live.id}?t={tok}" for side, tok in live.meta.tokens.items()}
        here = [s for s, k in live.meta.seats.items() if k == "here"]
        people = {s: links[s] for s, k in live.meta.seats.items() if k != "ai"}
        response = JSONResponse(
            {
                "id": live.id,
                "url": links[here[0]] if here else f"{base}games/{live.id}",
                "here": {s: live.meta.tokens[s] for s in here},
                "links": {s: people[s] for s, k in live.meta.seats.items() if k == "link"},
                "tokens": {s: live.meta.tokens[s] for s in people},
                "host": live.meta.host,
            },
            status_code=201,
        )
        held = {s: live.meta.tokens[s] for s in here}
        held["*"] = live.meta.host
        response.set_cookie(
            COOKIE + live.id,
            _cookie_value(held),
            max_age=60 * 60 * 24 * 365,
            httponly=True,
            samesite="lax",
        )
        return response

    @app.post("/api/games/{game_id}/revoke")
    async def api_revoke(game_id: str, body: RevokeBody, request: Request) -> Any:
        """The host gives a side a new link; the old token stops working at once
        (pages open with it are disconnected)."""
        live, token = await on_game(
            game_id,
            lambda: (lambda lv: (lv, games.revoke(lv, body.host, body.side)))(games.get(game_id)),
        )
        for listener in list(live.listeners):
            if listener.seat == body.side:
                live.listeners.discard(listener)
                with contextlib.suppress(Exception):
                    await listener.ws.send_json(
                        {"type": "error", "detail": "this seat's link was revoked by the host"}
                    )
                    await listener.ws.close(code=4403)
        response = JSONResponse(
            {
                "side": body.side,
                "token": token,
                "link": f"{request.base_url}games/{live.id}?t={token}",
            }
        )
        held = _cookie_tokens(request, game_id)
        if body.side in held:  # the host's own seat: keep this browser in it
            held[body.side] = token
            response.set_cookie(
                COOKIE + live.id,
                _cookie_value(held),
                max_age=60 * 60 * 24 * 365,
                httponly=True,
                samesite="lax",
            )
        return response

    @app.get("/api/games/{game_id}")
    async def api_game(
        game_id: str, token: str | None = Query(default=None, max_length=200)
    ) -> Any:
        return await on_game(game_id, partial(game_now, game_id, token))

    def game_now(game_id: str, token: str | None) -> Any:
        live = games.get(game_id)
        seat = None
        if token is not None:
            seat = live.meta.seat_of(token)
            if seat is None:
                raise WebError("this seat token does not belong to this game", 403)
        game = live.game
        return {
            "id": live.id,
            "ruleset": live.ruleset,
            "scenario": live.scenario_id,
            "seat": seat,
            "seats": live.meta.seats,
            "status": live.status,
            "version": live.version,
            "dice": "physical" if live.dice_mode == "manual" else "program",
            "need_dice": _need(live, seat),
            "view": game.view(seat) if game is not None else None,
        }

    def acted(
        game_id: str, token: str, claimed: str | None, act: Callable[[Live, str], None]
    ) -> Live:
        """In the game thread: ``act`` for the seat of ``token``. When another
        server wrote first, a 409 that carries the game as it is now."""
        live = games.get(game_id)
        seat = _seat(live, token, claimed)
        try:
            act(live, seat)
        except Conflict as exc:
            fresh = games.get(game_id)
            exc.payload = {"state": _state(games, fresh, seat)}
            raise
        return live

    async def after_act(live: Live, token: str) -> Any:
        await after_move(live)
        return await on_game(
            live.id, lambda: _state(games, games.get(live.id), live.meta.seat_of(token))
        )

    @app.post("/api/games/{game_id}/answer")
    async def api_answer(game_id: str, body: AnswerBody) -> Any:
        def act(live: Live, seat: str) -> None:
            games.answer(live, seat, body.answer, run_ai=False)

        live = await on_game(game_id, partial(acted, game_id, body.token, body.seat, act))
        return await after_act(live, body.token)

    @app.post("/api/games/{game_id}/dice")
    async def api_dice(game_id: str, body: DiceBody) -> Any:
        def act(live: Live, seat: str) -> None:
            games.enter_dice(live, seat, body.values, body.card, run_ai=False)

        live = await on_game(game_id, partial(acted, game_id, body.token, None, act))
        return await after_act(live, body.token)

    @app.get("/api/games/{game_id}/replay")
    async def api_replay(game_id: str, step: int | None = Query(default=None, ge=0)) -> Any:
        def now() -> Any:
            games.get(game_id)
            game, at, total = games.replay(game_id, step)
            return {"id": game_id, "step": at, "steps": total, "view": game.view(None)}

        return await on_game(game_id, now)

    # -- sheets to print, and the explanation of a roll (issue 15) ------------------------

    def _print_page(
        request: Request,
        kind: str,
        heading: str,
        intro: str,
        body: str,
        paper: str,
        query: str,
        links: list[tuple[str, str]],
    ) -> Response:
        return templates.TemplateResponse(
            request,
            "print.html",
            {
                "kind": kind,
                "heading": heading,
                "intro": intro,
                "body": body,
                "paper": "letter" if paper == "letter" else "a4",
                "query": query,
                "links": links,
            },
        )

    @app.get("/games/{game_id}/print", response_class=HTMLResponse)
    async def print_game(
        request: Request, game_id: str, t: str | None = None, paper: str = "a4"
    ) -> Response:
        return await on_game(game_id, partial(print_game_now, request, game_id, t, paper))

    def print_game_now(request: Request, game_id: str, t: str | None, paper: str) -> Response:
        live = games.get(game_id)
        seat = None
        if t is not None:
            seat = live.meta.seat_of(t)
            if seat is None:
                raise WebError("this seat token does not belong to this game", 403)
        if live.game is None:
            raise WebError("the game's first roll is waiting for physical dice", 409)
        game = live.game
        view = {**game.view(seat), "side_titles": {s["name"]: s["title"] for s in live.side_info}}
        colours = {s["name"]: s["colour"] for s in live.side_info}
        cards = renderer_for(live.ruleset).cards(view, colours)
        turn = game.ruleset.turn(game.state)
        when = f"turn {turn}" if turn >= 1 else "before the battle"  # not "turn 0"
        query = f"t={t}&" if t else ""
        return _print_page(
            request,
            "cards",
            f"{_title(live)}, {when}",
            "Each ship's card with her damage as it stands, a side to a page.",
            print_page_body(card_groups(cards, live.side_info), when),
            paper,
            query,
            [
                ("Quick reference", f"/games/{game_id}/reference?{query}"),
                ("Back to the game", f"/games/{game_id}" + (f"?t={t}" if t else "")),
            ],
        )

    @app.get("/scenarios/{scenario_id}/print", response_class=HTMLResponse)
    async def print_scenario(request: Request, scenario_id: str, paper: str = "a4") -> Response:
        return await off(print_scenario_now, request, scenario_id, paper)

    def print_scenario_now(request: Request, scenario_id: str, paper: str) -> Response:
        found = _scenario_or_404(scenario_id)
        # a seed nobody chose: what the set-up rolls in secret here (an example)
        # can match no game played from a seed a player picked
        game = Game.new(found, seed=secrets.randbits(31))
        info = [{"name": x.name, "title": x.title, "colour": x.colour} for x in found.header.sides]
        titles = {s["name"]: s["title"] for s in info}
        colours = {s["name"]: s["colour"] for s in info}
        renderer = renderer_for(found.ruleset)

        def cards_seen_by(seat: str | None) -> list[tuple[str, str, str, list[str]]]:
            view = {**game.view(seat), "side_titles": titles}
            return card_groups(renderer.cards(view, colours), info)

        # each side's own ships as that side sees them (a watcher may see none of
        # them at the start: in fog, say); what belongs to no side as a watcher sees it
        groups = []
        for side in found.combatants:
            groups += [g for g in cards_seen_by(side) if g[0] == side]
        groups += [g for g in cards_seen_by(None) if g[0] not in found.combatants]
        return _print_page(
            request,
            "cards",
            f"{found.title}: the ships at the start",
            "Each ship's card as the scenario sets her up, a side to a page. Whatever is "
            "rolled or dealt before the battle (a captain's quality, objectives) is an "
            "example here: each game rolls its own, so print a game's sheets after its "
            "set-up to have them.",
            print_page_body(groups, "at the start"),
            paper,
            "",
            [("Quick reference", f"/scenarios/{scenario_id}/reference"), ("Start page", "/")],
        )

    def _reference(
        request: Request,
        ruleset_id: str,
        house: dict[str, Any] | None,
        heading: str,
        paper: str,
        query: str,
        links: list[tuple[str, str]],
    ) -> Response:
        ruleset = get_ruleset(ruleset_id)
        data = charts(ruleset, house)
        title = str(data.get("title", ruleset.info.title))
        note = (
            " House rules in force are marked." if house else " The printed charts, no house rules."
        )
        return _print_page(
            request,
            "reference",
            heading,
            f"{title}: every chart from the rule set's tables file.{note}",
            f'<div class="reference">{reference_body(data, house)}</div>',
            paper,
            query,
            links,
        )

    @app.get("/games/{game_id}/reference", response_class=HTMLResponse)
    async def reference_game(
        request: Request, game_id: str, t: str | None = None, paper: str = "a4"
    ) -> Response:
        return await on_game(game_id, partial(reference_game_now, request, game_id, t, paper))

    def reference_game_now(request: Request, game_id: str, t: str | None, paper: str) -> Response:
        live = games.get(game_id)
        house = getattr(live.game.state, "house_rules", None) if live.game is not None else None
        query = f"t={t}&" if t else ""
        return _reference(
            request,
            live.ruleset,
            house if isinstance(house, dict) else None,
            f"Quick reference: {_title(live)}",
            paper,
            query,
            [("Ship cards", f"/games/{game_id}/print?{query}")],
        )

    @app.get("/scenarios/{scenario_id}/reference", response_class=HTMLResponse)
    async def reference_scenario(request: Request, scenario_id: str, paper: str = "a4") -> Response:
        found = _scenario_or_404(scenario_id)
        house = found.data.get("house_rules")
        return _reference(
            request,
            found.ruleset,
            house if isinstance(house, dict) else None,
            f"Quick reference: {found.title}",
            paper,
            "",
            [("Ship cards", f"/scenarios/{scenario_id}/print")],
        )

    def _explained(live: Live, seat: str | None, entry: int) -> dict[str, Any]:
        """The explanation of roll ``entry`` of the seat's own log (what that
        seat may read, and nothing else)."""
        if live.game is None:
            raise WebError("the game's first roll is waiting for physical dice", 409)
        log = live.game.view(seat).get("log", [])
        if not 0 <= entry < len(log) or log[entry].get("kind") != "roll":
            raise WebError(f"entry {entry} of this log is not a roll", 404)
        return explain(log[entry])

    def _token_seat(live: Live, token: str | None) -> str | None:
        if token is None:
            return None
        seat = live.meta.seat_of(token)
        if seat is None:
            raise WebError("this seat token does not belong to this game", 403)
        return seat

    @app.get("/api/games/{game_id}/rolls/{entry}")
    async def api_explain(
        game_id: str, entry: int, token: str | None = Query(default=None, max_length=200)
    ) -> Any:
        def now() -> Any:
            live = games.get(game_id)
            return _explained(live, _token_seat(live, token), entry)

        return await on_game(game_id, now)

    @app.get("/games/{game_id}/explain/{entry}", response_class=HTMLResponse)
    async def explain_page(game_id: str, entry: int, t: str | None = None) -> Response:
        def now() -> Response:
            live = games.get(game_id)
            data = _explained(live, _token_seat(live, t), entry)
            titles = {s["name"]: s["title"].split(" (")[0] for s in live.side_info}
            return HTMLResponse(explanation(data, lambda text: in_words(text, titles)))

        return await on_game(game_id, now)

    @app.get("/games/{game_id}/replay/explain/{entry}", response_class=HTMLResponse)
    async def replay_explain_page(
        game_id: str, entry: int, step: int | None = Query(default=None, ge=0)
    ) -> Response:
        """A roll of the replay's log at ``step``: the log a watcher saw then
        (the replay page's own), nothing more."""

        def now() -> Response:
            live = games.get(game_id)
            game, _at, _total = games.replay(game_id, step)
            log = game.view(None).get("log", [])
            if not 0 <= entry < len(log) or log[entry].get("kind") != "roll":
                raise WebError(f"entry {entry} of this log is not a roll", 404)
            titles = {s["name"]: s["title"].split(" (")[0] for s in live.side_info}
            return HTMLResponse(explanation(explain(log[entry]), lambda t: in_words(t, titles)))

        return await on_game(game_id, now)

    # -- end of the sheets and explanations -------------------------------------------

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        """For a browser (or a bookmark, a feed reader) that asks the old way:
        the icon as a PNG, which every browser reads at this address."""
        return FileResponse(HERE / "static" / "favicon.png", media_type="image/png")

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    # -- live updates ---------------------------------------------------------------------

    @app.websocket("/ws/games/{game_id}")
    async def ws_game(websocket: WebSocket, game_id: str, t: str | None = None) -> None:
        await websocket.accept()
        try:
            live = await on_game(game_id, partial(games.get, game_id))
        except WebError as exc:
            await websocket.send_json({"type": "error", "detail": excerpt(exc, 600)})
            await websocket.close(code=4404)
            return
        seat = None
        if t:
            seat = live.meta.seat_of(t)
            if seat is None:
                await websocket.send_json(
                    {"type": "error", "detail": "this seat token does not belong to this game"}
                )
                await websocket.close(code=4403)
                return
        key = Listener(websocket, seat, t)
        live.listeners.add(key)
        try:
            await key.send(games, live, off)
            if live.status == "playing" and await off(games.computer_seat_waits, live):
                in_background(live.id)  # the computer's turn, left by a restart
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                text = message.get("text")
                if text is None:
                    await ws_error(websocket, 422, "send JSON text, not binary data")
                    continue
                if len(text) > MAX_MESSAGE:
                    await ws_error(
                        websocket, 413, f"the message is too large (at most {MAX_MESSAGE:,})"
                    )
                    await websocket.close(code=1009)
                    return
                try:
                    data = json.loads(text)
                except (ValueError, RecursionError):
                    await ws_error(websocket, 422, f"not JSON: {excerpt(text, 60)}")
                    continue
                if seat is not None:
                    live = await on_game(game_id, partial(games.get, game_id))
                    if live.meta.seat_of(t) != seat:
                        with contextlib.suppress(Exception):
                            await ws_error(
                                websocket, 403, "this seat's link was revoked by the host"
                            )
                            await websocket.close(code=4403)
                        return
                await ws_act(websocket, live, seat, data, t)
        except WebSocketDisconnect:
            pass
        finally:
            live.listeners.discard(key)

    async def ws_error(websocket: WebSocket, status: int, detail: str) -> None:
        await websocket.send_json({"type": "error", "status": status, "detail": detail})

    async def ws_act(
        websocket: WebSocket, live: Live, seat: str | None, message: Any, opened: str | None
    ) -> None:
        """An answer or a roll sent over the socket: the same checks as the API.

        The socket acts for the seat whose token opened it (``opened``), and
        for no other; once that token is revoked, for nobody.
        """
        try:
            if not isinstance(message, dict) or message.get("type") not in ("answer", "dice"):
                raise WebError("expected {'type': 'answer' or 'dice', ...}", 422)
            if seat is None:
                raise WebError("a page without a seat token can only watch", 403)
            if message["type"] == "answer" and "answer" not in message:
                raise WebError("an answer needs 'answer'", 422)
            token = opened or ""

            def act(now: Live, acting: str) -> None:
                if message["type"] == "answer":
                    games.answer(now, acting, message["answer"], run_ai=False)
                else:
                    games.enter_dice(
                        now, acting, message.get("values"), message.get("card"), run_ai=False
                    )

            live = await on_game(live.id, partial(acted, live.id, token, message.get("seat"), act))
        except WebError as exc:
            await websocket.send_json(
                {"type": "error", "status": exc.status, "detail": excerpt(exc, 600)}
            )
            if isinstance(exc, Conflict):
                await notify(await off(games.get, live.id))  # the game as it is now
            return
        await after_move(live)

    return app


def _scenario_or_404(scenario_id: str) -> Scenario:
    found = scenarios().get(scenario_id)
    if found is None:
        raise WebError(
            f"unknown scenario {scenario_id!r} (bundled: {', '.join(sorted(scenarios()))})", 404
        )
    return found


def _need(live: Live, seat: str | None) -> dict[str, Any] | None:
    """The roll waiting for physical dice, as ``seat`` may know it: who rolls
    it, and (unless it is another seat's secret) what for."""
    r = live.need
    if r is None:
        return None
    out: dict[str, Any] = {
        "roller": live.roller(),
        "yours": live.may_enter_dice(seat),
        "secret": r.secret,
    }
    if not live.may_see_need(seat):
        return out
    out.update(label=r.label, rule=r.rule, instruction=r.instruction())
    if isinstance(r, DrawRequest):
        out.update(kind="card", deck=r.deck, cards=r.choices())
    else:
        out.update(kind="roll", count=r.count, sides=r.sides)
    return out


def _with_decks(scenario: Scenario, decks: dict[str, dict[str, int]]) -> Scenario:
    """The scenario with the players' own mix of cards in its decks."""
    from quarterdeck.core.errors import ScenarioError
    from quarterdeck.core.scenario import build, with_card_counts

    try:
        return build(with_card_counts(scenario.data, decks), f"{scenario.path} (decks changed)")
    except ScenarioError as exc:
        raise WebError(str(exc), 422) from None


def _title(live: Live) -> str:
    found = scenarios().get(live.scenario_id)
    return found.title if found is not None else live.scenario_id
