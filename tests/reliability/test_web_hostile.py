"""Hostile and careless requests to the web table, a game the computer plays
alone, and a game whose rules fail (issue 13, points 5, 11 and 12): every one
gets a short, clear answer, the server stays responsive, and no game is left
"playing" after a crash."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from quarterdeck.core.store import Store
from quarterdeck.web.app import MAX_BODY, create_app
from tests.web.conftest import LiveServer, start_server, stop_server

SCENARIO = "shannon-chesapeake-1813"


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store)) as c:
        yield c


def _start(client: TestClient, seats: dict[str, str] | None = None) -> dict[str, Any]:
    body = {"scenario": SCENARIO, "seats": seats or {"british": "here", "american": "ai"}}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def _short(r: httpx.Response, limit: int = 2_000) -> str:
    assert len(r.content) < limit, f"{len(r.content)} bytes sent back"
    assert "Traceback" not in r.text
    return r.text


# -- request size and refused input --------------------------------------------------


def test_a_body_over_the_cap_is_refused_unread(client: TestClient) -> None:
    game = _start(client)
    huge = "x" * (50 * 1024 * 1024)  # the review's 50 MB answer
    r = client.post(
        f"/api/games/{game['id']}/answer",
        content=json.dumps({"token": game["here"]["british"], "answer": huge}),
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 413
    assert f"at most {MAX_BODY:,} bytes" in _short(r)


def test_a_chunked_body_over_the_cap_is_refused(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"scenario": "'
        for _ in range(200):
            yield b"y" * 4096
        yield b'"}'

    r = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    _short(r)


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/games", {"scenario": "z" * 60_000, "seats": {}}),
        ("/api/games", {"scenario": SCENARIO, "seats": {"british": "q" * 60_000}}),
        ("/api/games", {"scenario": SCENARIO, "seats": "not a table"}),
        ("/api/games", {"scenario": SCENARIO, "seats": {}, "seed": 2**80}),
        ("/api/games", {"scenario": SCENARIO, "seats": {}, "extra": [[[[[[1]]]]]]}),
        ("/api/games", [1, 2, 3]),
        ("/api/games/{id}/answer", {"token": "{token}", "answer": "a" * 60_000}),
        ("/api/games/{id}/answer", {"token": "{token}", "answer": {"f" * 1000: 1}}),
        ("/api/games/{id}/answer", {"token": "t" * 60_000, "answer": "yes"}),
        ("/api/games/{id}/dice", {"token": "{token}", "values": [1] * 100}),
        ("/api/games/{id}/dice", {"token": "{token}", "card": "c" * 100}),
        ("/api/games/{id}/revoke", {"host": "h", "side": "s" * 90}),
        ("/api/games/nosuch!!/answer", {"token": "x", "answer": "yes"}),
    ],
)
def test_refused_input_gets_one_short_answer(client: TestClient, path: str, body: Any) -> None:
    game = _start(client)
    path = path.replace("{id}", game["id"])
    text = json.dumps(body).replace("{token}", game["here"]["british"])
    r = client.post(path, content=text, headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500, r.text
    detail = r.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail
    _short(r)


def test_a_malformed_body_is_refused_in_one_line(client: TestClient) -> None:
    for raw in (b"{not json", b"\xff\xfe\x00", b"[" * 10_000 + b"]" * 10_000, b""):
        r = client.post("/api/games", content=raw, headers={"content-type": "application/json"})
        assert r.status_code in (400, 422), r.text
        _short(r)


# -- game creation is limited -------------------------------------------------------


def test_game_creation_is_limited_per_address(store: Store) -> None:
    with TestClient(create_app(store, create_per_minute=3)) as c:
        for _ in range(3):
            _start(c)
        r = c.post("/api/games", json={"scenario": SCENARIO, "seats": {"british": "here"}})
        assert r.status_code == 429 and r.headers["retry-after"] == "60"
        assert "at most 3 a minute" in _short(r)
        assert c.get("/healthz").status_code == 200  # everything else still served


# -- hostile WebSocket messages -----------------------------------------------------


def test_hostile_socket_messages_get_short_errors_and_the_socket_lives(
    client: TestClient,
) -> None:
    game = _start(client)
    token = game["here"]["british"]
    with client.websocket_connect(f"/ws/games/{game['id']}?t={token}") as ws:
        first = ws.receive_json()
        assert first["type"] == "update"
        hostile: list[Any] = [
            "not json at all",
            "[" * 5_000 + "]" * 5_000,
            json.dumps([1, 2]),
            json.dumps({"type": "answer"}),
            json.dumps({"type": "answer", "answer": "z" * 20_000}),
            json.dumps({"type": "dice", "values": "six"}),
            json.dumps({"type": "explode"}),
            json.dumps({"type": "answer", "answer": "yes", "seat": "american"}),
            b"\x00\x01binary",
        ]
        for message in hostile:
            if isinstance(message, bytes):
                ws.send_bytes(message)
            else:
                ws.send_text(message)
            reply = ws.receive_json()
            assert reply["type"] == "error", reply
            assert len(json.dumps(reply)) < 1_000 and "\n" not in reply["detail"]
        # still a working socket: a legal answer is played
        prompt = client.get(f"/api/games/{game['id']}", params={"token": token}).json()
        option = prompt["view"]["prompt"]["options"][0]["id"]
        ws.send_text(json.dumps({"type": "answer", "answer": option}))
        assert ws.receive_json()["type"] == "update"


def test_a_socket_message_over_the_cap_closes_the_socket(client: TestClient) -> None:
    game = _start(client)
    with client.websocket_connect(f"/ws/games/{game['id']}") as ws:
        ws.receive_json()
        ws.send_text("x" * (200 * 1024))
        reply = ws.receive_json()
        assert reply["status"] == 413
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1009


@pytest.mark.parametrize(
    "url", ["/ws/games/nosuch", "/ws/games/" + "a" * 500, "/ws/games/x?t=" + "t" * 5000]
)
def test_a_socket_to_no_game_is_told_so_and_closed(client: TestClient, url: str) -> None:
    with client.websocket_connect(url) as ws:
        reply = ws.receive_json()
        assert reply["type"] == "error" and len(reply["detail"]) < 700
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


# -- the computer's moves are off the request path -----------------------------------


def test_a_game_the_computer_plays_alone_is_played_in_the_background(
    store: Store,
) -> None:
    """Issue 13, point 11: creating such a game once played it whole inside
    the request and froze the server. Now the request is answered at once;
    other requests are served while the game plays on; it ends by itself."""
    live = start_server(store)
    try:
        r = httpx.post(
            f"{live.url}/api/games",
            json={
                "scenario": "valcour-carleton-1776",
                "seats": {"american": "ai", "british": "ai"},
                "seed": 4,
            },
            timeout=60,
        )
        assert r.status_code == 201, r.text
        game_id = r.json()["id"]
        at_creation = store.load(game_id)[1]
        assert at_creation.status == "playing"
        # another game is started and answered while that one is played
        other = httpx.post(
            f"{live.url}/api/games",
            json={"scenario": SCENARIO, "seats": {"british": "here", "american": "ai"}},
            timeout=60,
        ).json()
        token = other["here"]["british"]
        view = httpx.get(f"{live.url}/api/games/{other['id']}", params={"token": token}).json()
        assert view["view"]["prompt"] is not None
        assert httpx.get(f"{live.url}/healthz", timeout=60).status_code == 200
        served_during = store.load(game_id)[1]
        assert served_during.status == "playing", "the computer-only game was played in a request"
        # and it is played to its end without anyone asking
        import time

        deadline = time.monotonic() + 300
        while store.load(game_id)[1].status == "playing" and time.monotonic() < deadline:
            time.sleep(0.5)
        record, row = store.load(game_id)
        assert row.status == "finished" and row.result is not None
        from quarterdeck.core.engine import Game

        assert Game.replay(record).result() is not None
    finally:
        stop_server(live)


# -- a game whose rules fail --------------------------------------------------------


def test_a_game_whose_rules_fail_is_marked_failed_not_left_playing(
    client: TestClient, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from quarterdeck.rulesets import get_ruleset

    game = _start(client)
    token = game["here"]["british"]
    ruleset = type(get_ruleset("gundice-boarding"))

    def broken(*_args: Any, **_kwargs: Any) -> None:
        raise ZeroDivisionError("float division by zero")

    monkeypatch.setattr(ruleset, "apply", broken)
    option = client.get(f"/api/games/{game['id']}", params={"token": token}).json()
    answer = option["view"]["prompt"]["options"][0]["id"]
    r = client.post(f"/api/games/{game['id']}/answer", json={"token": token, "answer": answer})
    assert r.status_code == 500
    assert "ZeroDivisionError: float division by zero" in _short(r)
    assert "marked failed" in r.json()["detail"]
    row = store.load(game["id"])[1]
    assert row.status == "failed" and "ZeroDivisionError" in str(row.result)
    # the start page's list of saved games says so (it said "playing")
    page = client.get("/").text
    saved = page[page.index(f'data-game="{game["id"]}"') :]
    state = saved[: saved.index("</tr>")]
    assert "failed: an error of the program" in state and "playing" not in state


# -- two servers on one database ------------------------------------------------------


def test_two_servers_racing_on_one_game_never_fail_and_lose_nothing(tmp_path: Path) -> None:
    """Issue 13, point 4: the same answer sent at the same moment to two
    servers on one database: one plays it, the other answers 409 with the
    game as it is now (never a 500), and the stored record replays."""
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    servers: list[LiveServer] = [start_server(Store(url)), start_server(Store(url))]
    try:
        a, b = (s.url for s in servers)
        game = httpx.post(
            f"{a}/api/games",
            json={
                "scenario": "cape-st-vincent-1797",
                "seats": {"british": "here", "spanish": "link"},
            },
            timeout=60,
        ).json()
        tokens = game["tokens"]  # no seed: a table with a link seat may not choose one
        statuses: list[int] = []
        conflicts = 0
        for _ in range(30):
            token, prompt = None, None
            for tok in tokens.values():
                view = httpx.get(f"{a}/api/games/{game['id']}", params={"token": tok}).json()
                if view["view"]["result"] is not None:
                    break
                if view["view"]["prompt"] is not None:
                    token, prompt = tok, view["view"]["prompt"]
                    break
            if prompt is None:
                break
            answer = (
                prompt["options"][0]["id"]
                if prompt["kind"] == "choice"
                else {
                    f["name"]: f["low"] if f["type"] == "int" else f["choices"][0]["id"]
                    for f in prompt["fields"]
                }
            )
            barrier = threading.Barrier(2)
            results: list[httpx.Response] = []
            threads = [
                threading.Thread(
                    target=_send,
                    args=(f"{base}/api/games/{game['id']}/answer", token, answer, barrier, results),
                )
                for base in (a, b)
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            codes = sorted(r.status_code for r in results)
            statuses += codes
            assert 500 not in codes, [r.text for r in results]
            assert codes[0] == 200, [r.text for r in results]
            for r in results:
                if r.status_code == 409:
                    _short(r, 200_000)
                    if "state" in r.json():  # the race reached the store
                        conflicts += 1
                        assert r.json()["state"]["id"] == game["id"]
        assert statuses.count(200) >= 5
        print(
            f"race: {statuses.count(200)} played, {statuses.count(409)} refused, {conflicts} at the store"
        )
        record, _row = Store(url).load(game["id"])
        from quarterdeck.core.engine import Game

        replayed = Game.replay(record)
        assert replayed.record.entries == record.entries
    finally:
        for s in servers:
            stop_server(s)


def _send(
    url: str, token: str, answer: Any, barrier: threading.Barrier, out: list[httpx.Response]
) -> None:
    with httpx.Client(timeout=60) as http:
        barrier.wait()
        out.append(http.post(url, json={"token": token, "answer": answer}))
