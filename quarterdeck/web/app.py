"""The web table: a FastAPI app over the core store.

Pages are rendered on the server (Jinja, SVG); a small script swaps in the
fragments that the server pushes over a WebSocket after every change. Acting
for a side needs that side's seat token; without one a page only watches,
seeing what the core's ``view(None)`` shows.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field

from quarterdeck.core.dice import DrawRequest
from quarterdeck.core.scenario import Scenario, bundled
from quarterdeck.core.store import Store
from quarterdeck.rulesets import all_rulesets
from quarterdeck.web.fragments import fragments, replay_fragments
from quarterdeck.web.games import SEAT_KINDS, Games, Live, WebError

HERE = Path(__file__).parent
COOKIE = "qd_"


class CreateBody(BaseModel):
    """Start a game: the scenario, who takes each side (``umpire`` may be added
    to any scenario), the dice, and whether watchers see everything."""

    model_config = ConfigDict(extra="forbid")
    scenario: str = Field(max_length=200)
    seats: dict[str, str]
    dice: str = "program"
    seed: int | None = Field(default=None, ge=0, lt=2**31)
    spectators: str = Field(default="public", pattern="^(public|everything)$")
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
                        "forces": list(s.summary),
                        "turn_limit": s.header.turn_limit,
                    }
                    for s in by_ruleset.get(r.info.id, [])
                ],
            }
        )
    return out


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

    __slots__ = ("seat", "sent", "version", "ws")

    def __init__(self, ws: WebSocket, seat: str | None) -> None:
        self.ws = ws
        self.seat = seat
        self.sent: dict[str, str] = {}
        self.version = -1

    async def send(self, games: Games, live: Live) -> None:
        if live.version == self.version:
            return
        frags = fragments(games, live, self.seat)
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


def create_app(store: Store, watch_interval: float = 1.0) -> FastAPI:
    """The web table's app on ``store``.

    Every ``watch_interval`` seconds the pages watching a game that another
    server process on the same database has moved on are sent the update.
    """
    games = Games(store)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        task = asyncio.create_task(watch_store())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def watch_store() -> None:
        while True:
            await asyncio.sleep(watch_interval)
            try:
                for game_id in games.changed_elsewhere():
                    await notify(games.get(game_id))
            except Exception as exc:  # never let the watcher die
                print(f"quarterdeck web: watching the store failed: {exc}", file=sys.stderr)

    app = FastAPI(title="Quarterdeck", docs_url="/api/docs", redoc_url=None, lifespan=lifespan)
    app.state.games = games
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    @app.exception_handler(WebError)
    async def web_error(request: Request, exc: WebError) -> Response:
        if request.url.path.startswith("/api/"):
            return JSONResponse({"detail": str(exc)}, status_code=exc.status)
        return templates.TemplateResponse(
            request, "error.html", {"message": str(exc), "status": exc.status}, exc.status
        )

    async def notify(live: Live) -> None:
        """Send every page watching ``live`` its own seat's fragments."""
        for listener in list(live.listeners):
            try:
                await listener.send(games, live)
            except Exception:
                live.listeners.discard(listener)

    # -- pages ------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse)
    async def start(request: Request) -> Response:
        rows = store.list(limit=40)
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
            request, "start.html", {"rulesets": catalogue(), "saved": saved}
        )

    @app.get("/games/{game_id}", response_class=HTMLResponse)
    async def game_page(
        request: Request, game_id: str, t: str | None = None, watch: bool = False
    ) -> Response:
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
        return catalogue()

    @app.get("/api/games")
    async def api_games(status: str | None = Query(default=None, max_length=16)) -> Any:
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
        found = scenarios().get(body.scenario)
        if found is None:
            raise WebError(
                f"unknown scenario {body.scenario!r} (bundled: {', '.join(sorted(scenarios()))})",
                404,
            )
        if body.decks:
            found = _with_decks(found, body.decks)
        live = games.create(
            found, body.seats, body.dice, body.seed, reveal=body.spectators == "everything"
        )
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
        live = games.get(game_id)
        token = games.revoke(live, body.host, body.side)
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

    @app.post("/api/games/{game_id}/answer")
    async def api_answer(game_id: str, body: AnswerBody) -> Any:
        live = games.get(game_id)
        seat = _seat(live, body.token, body.seat)
        games.answer(live, seat, body.answer)
        await notify(live)
        return _state(games, live, seat)

    @app.post("/api/games/{game_id}/dice")
    async def api_dice(game_id: str, body: DiceBody) -> Any:
        live = games.get(game_id)
        seat = _seat(live, body.token)
        games.enter_dice(live, seat, body.values, body.card)
        await notify(live)
        return _state(games, live, seat)

    @app.get("/api/games/{game_id}/replay")
    async def api_replay(game_id: str, step: int | None = Query(default=None, ge=0)) -> Any:
        games.get(game_id)
        game, at, total = games.replay(game_id, step)
        return {"id": game_id, "step": at, "steps": total, "view": game.view(None)}

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    # -- live updates ---------------------------------------------------------------------

    @app.websocket("/ws/games/{game_id}")
    async def ws_game(websocket: WebSocket, game_id: str, t: str | None = None) -> None:
        await websocket.accept()
        try:
            live = games.get(game_id)
        except WebError as exc:
            await websocket.send_json({"type": "error", "detail": str(exc)})
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
        key = Listener(websocket, seat)
        live.listeners.add(key)
        try:
            await key.send(games, live)
            while True:
                message = await websocket.receive_json()
                if seat is not None and live.meta.seat_of(t) != seat:
                    await websocket.send_json(
                        {"type": "error", "detail": "this seat's link was revoked by the host"}
                    )
                    await websocket.close(code=4403)
                    return
                await ws_act(websocket, live, seat, message)
        except (WebSocketDisconnect, ValueError):
            pass
        finally:
            live.listeners.discard(key)

    async def ws_act(websocket: WebSocket, live: Live, seat: str | None, message: Any) -> None:
        """An answer or a roll sent over the socket: the same checks as the API.

        The socket acts for the seat whose token opened it, and for no other.
        """
        try:
            if not isinstance(message, dict) or message.get("type") not in ("answer", "dice"):
                raise WebError("expected {'type': 'answer' or 'dice', ...}", 422)
            if seat is None:
                raise WebError("a page without a seat token can only watch", 403)
            live = games.get(live.id)  # what the store holds now
            acting = _seat(live, live.meta.tokens[seat], message.get("seat"))
            if message["type"] == "answer":
                if "answer" not in message:
                    raise WebError("an answer needs 'answer'", 422)
                games.answer(live, acting, message["answer"])
            else:
                games.enter_dice(live, acting, message.get("values"), message.get("card"))
        except WebError as exc:
            await websocket.send_json({"type": "error", "status": exc.status, "detail": str(exc)})
            return
        await notify(live)

    return app


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
        out.update(kind="card", deck=r.deck, cards=[c for c, _ in r.choices()])
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
