"""The web table's HTTP and WebSocket API, including bad and hostile input."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from quarterdeck.core.store import Store
from quarterdeck.web.app import create_app

SCENARIO = "shannon-chesapeake-1813"


def start(
    client: TestClient,
    british: str = "here",
    american: str = "ai",
    dice: str = "program",
    seed: int | None = 3,
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "scenario": SCENARIO,
        "seats": {"british": british, "american": american},
        "dice": dice,
    }
    if seed is not None and "link" not in (british, american):
        body["seed"] = seed  # a seed may not be chosen when another person plays by link
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def state(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    params = {"token": token} if token else {}
    r = client.get(f"/api/games/{game_id}", params=params)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def first_option(client: TestClient, game_id: str, token: str) -> str:
    prompt = state(client, game_id, token)["view"]["prompt"]
    assert prompt is not None
    option: str = prompt["options"][0]["id"]
    return option


def test_a_seed_is_refused_when_another_person_plays_by_link(client: TestClient) -> None:
    r = client.post(
        "/api/games",
        json={"scenario": SCENARIO, "seats": {"british": "here", "american": "link"}, "seed": 4},
    )
    assert r.status_code == 422
    assert r.json()["detail"].startswith("seed: a seed may be chosen only when no other person")


# -- pages and listings --------------------------------------------------------------


def test_start_page_lists_rule_sets_scenarios_and_saved_games(client: TestClient) -> None:
    game = start(client)
    page = client.get("/")
    assert page.status_code == 200
    assert "Shannon and Chesapeake" in page.text
    assert "Historical note" in page.text
    assert "(in preparation)" not in page.text  # all five rule sets are playable
    for title in ("Away, Boarders!", "Flotilla", "Cutting Out Party", "ACW River"):
        assert title in page.text, title
    assert game["id"] in page.text


def test_rulesets_endpoint_lists_playable_scenarios_with_forces(client: TestClient) -> None:
    data = client.get("/api/rulesets").json()
    gundice = next(r for r in data if r["id"] == "gundice-boarding")
    assert gundice["playable"] is True
    scenario = next(s for s in gundice["scenarios"] if s["id"] == SCENARIO)
    assert scenario["forces"] and scenario["history"]
    assert [s["name"] for s in scenario["sides"]] == ["british", "american"]


def test_games_endpoint_lists_saved_games_without_tokens(client: TestClient) -> None:
    game = start(client)
    rows = client.get("/api/games").json()
    assert [r["id"] for r in rows] == [game["id"]]
    assert rows[0]["seats"] == {"british": "here", "american": "ai"}
    assert game["here"]["british"] not in str(rows)


def test_game_page_and_replay_page_render(client: TestClient) -> None:
    game = start(client)
    token = game["here"]["british"]
    page = client.get(f"/games/{game['id']}", params={"t": token})
    assert page.status_code == 200
    assert "<svg" in page.text and "HMS Shannon" in page.text
    assert "mobilise 5 gun dice" in page.text
    watch = client.get(f"/games/{game['id']}", follow_redirects=False)
    assert watch.status_code == 303  # this browser holds the british seat
    replay = client.get(f"/games/{game['id']}/replay", params={"step": 0})
    assert replay.status_code == 200 and "Decision <strong" in replay.text


def test_healthz(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}


# -- creating games ------------------------------------------------------------------


def test_create_gives_a_token_per_person_and_a_link_per_link_seat(client: TestClient) -> None:
    game = start(client, "here", "link")
    assert set(game["tokens"]) == {"british", "american"}
    assert set(game["links"]) == {"american"}
    assert game["tokens"]["american"] in game["links"]["american"]
    assert game["tokens"]["british"] != game["tokens"]["american"]


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"scenario": "no-such", "seats": {"british": "here", "american": "ai"}}, 404),
        ({"scenario": SCENARIO, "seats": {"british": "here"}}, 422),
        ({"scenario": SCENARIO, "seats": {"british": "here", "american": "robot"}}, 422),
        ({"scenario": SCENARIO, "seats": {"british": "here", "american": "ai"}, "dice": "x"}, 422),
        ({"scenario": SCENARIO, "seats": {"british": "here", "french": "ai"}}, 422),
        ({"scenario": SCENARIO, "seats": "everyone"}, 422),
        ({"scenario": SCENARIO}, 422),
        ({"scenario": SCENARIO, "seats": {}, "extra": 1}, 422),
    ],
)
def test_create_refuses_bad_input(client: TestClient, body: dict[str, Any], status: int) -> None:
    r = client.post("/api/games", json=body)
    assert r.status_code == status
    assert "detail" in r.json()
    assert client.get("/api/games").json() == []


# -- playing ---------------------------------------------------------------------------


def test_answer_plays_and_the_computer_answers_at_once(client: TestClient) -> None:
    game = start(client)
    token = game["here"]["british"]
    r = client.post(
        f"/api/games/{game['id']}/answer", json={"token": token, "answer": "yes", "seat": "british"}
    )
    assert r.status_code == 200
    view = state(client, game["id"], token)["view"]
    # both sides' mobilisation orders were given and revealed: the computer answered
    assert view["phase"] == "declare"
    assert all(s["gun_dice_committed"] == 5 for s in view["ships"])
    assert "Your decision" in r.json()["fragments"]["status"]


def test_a_game_plays_to_its_end_and_is_marked_finished(client: TestClient) -> None:
    game = start(client)
    token = game["here"]["british"]
    for _ in range(100):
        data = state(client, game["id"], token)
        if data["view"]["result"] is not None:
            break
        option = data["view"]["prompt"]["options"][0]["id"]
        assert client.post(
            f"/api/games/{game['id']}/answer", json={"token": token, "answer": option}
        ).is_success
    assert data["view"]["result"] is not None
    assert data["status"] == "finished"
    assert client.get("/api/games", params={"status": "finished"}).json()[0]["id"] == game["id"]
    late = client.post(f"/api/games/{game['id']}/answer", json={"token": token, "answer": "yes"})
    assert late.status_code == 409


def test_illegal_answers_are_refused_and_change_nothing(client: TestClient) -> None:
    game = start(client)
    token = game["here"]["british"]
    before = state(client, game["id"], token)
    url = f"/api/games/{game['id']}/answer"
    for answer in ("board:nowhere", "", {"x": 1}):
        r = client.post(url, json={"token": token, "answer": answer})
        assert r.status_code == 400, r.text
        assert "not a legal answer" in r.json()["detail"] or "expected" in r.json()["detail"]
    for body in ({"token": token}, {"token": token, "answer": 5}, {"answer": "yes"}, []):
        assert client.post(url, json=body).status_code == 422
    assert client.post(url, content=b"{not json").status_code == 422
    assert state(client, game["id"], token) == before


def test_another_seats_token_cannot_act_for_the_first(client: TestClient) -> None:
    game = start(client, "here", "link")
    british, american = game["tokens"]["british"], game["tokens"]["american"]
    url = f"/api/games/{game['id']}/answer"
    client.post(url, json={"token": american, "answer": "yes"})  # american's own secret order
    before = state(client, game["id"], british)
    r = client.post(url, json={"token": american, "answer": "no", "seat": "british"})
    assert r.status_code == 403
    r = client.post(url, json={"token": american, "answer": "no"})
    assert r.status_code == 409 and "nothing to answer" in r.json()["detail"]
    r = client.post(url, json={"token": "forged-token", "answer": "no"})
    assert r.status_code == 403
    assert state(client, game["id"], british) == before


def test_a_seat_sees_only_its_own_view(client: TestClient) -> None:
    game = start(client, "here", "link")
    british, american = game["tokens"]["british"], game["tokens"]["american"]
    client.post(f"/api/games/{game['id']}/answer", json={"token": british, "answer": "yes"})
    mine = state(client, game["id"], british)["view"]
    theirs = state(client, game["id"], american)["view"]
    watcher = state(client, game["id"])["view"]
    assert mine["orders"]["british"] == {"shannon": "yes"}
    assert theirs["orders"]["british"] == {"given": 1}
    assert watcher["orders"]["british"] == {"given": 1}
    assert all("mobilise 5 of HMS" not in e["text"] for e in theirs["log"])
    assert state(client, game["id"])["seat"] is None


def test_the_computer_seat_cannot_be_played_with_its_token(
    client: TestClient, store: Store
) -> None:
    game = start(client)
    ai_token = store.load(game["id"])[1].seats["token:american"]
    r = client.post(f"/api/games/{game['id']}/answer", json={"token": ai_token, "answer": "no"})
    assert r.status_code == 403


@pytest.mark.parametrize("bad", ["nope", "0" * 12, "../../etc", "x" * 40])
def test_unknown_games_are_404(client: TestClient, bad: str) -> None:
    assert client.get(f"/api/games/{bad}").status_code == 404
    assert client.post(
        f"/api/games/{bad}/answer", json={"token": "t", "answer": "a"}
    ).status_code in (404,)
    assert (
        client.post(f"/api/games/{bad}/dice", json={"token": "t", "values": [1]}).status_code == 404
    )
    assert client.get(f"/api/games/{bad}/replay").status_code == 404
    assert client.get(f"/games/{bad}").status_code == 404


def test_a_wrong_token_on_the_game_endpoints_is_403(client: TestClient) -> None:
    game = start(client)
    assert client.get(f"/api/games/{game['id']}", params={"token": "bad"}).status_code == 403
    assert client.get(f"/games/{game['id']}", params={"t": "bad"}).status_code == 403


# -- physical dice -------------------------------------------------------------------------


def play_to_dice(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    for _ in range(20):
        data = state(client, game_id, token)
        if data["need_dice"]:
            return data
        option = data["view"]["prompt"]["options"][0]["id"]
        r = client.post(f"/api/games/{game_id}/answer", json={"token": token, "answer": option})
        assert r.status_code == 200, r.text
    raise AssertionError("no physical roll was asked for")


def test_physical_dice_are_asked_for_and_impossible_values_refused(client: TestClient) -> None:
    game = start(client, dice="physical", seed=None)
    token = game["here"]["british"]
    data = play_to_dice(client, game["id"], token)
    need = data["need_dice"]
    assert need["yours"] is True and need["sides"] == 6
    url = f"/api/games/{game['id']}/dice"
    for values in ([7] * need["count"], [0] * need["count"], [1] * (need["count"] + 1), ["6"]):
        r = client.post(url, json={"token": token, "values": values})
        assert r.status_code == 400, values
    assert client.post(url, json={"token": token, "values": "66"}).status_code == 422
    assert state(client, game["id"], token) == data
    blocked = client.post(
        f"/api/games/{game['id']}/answer", json={"token": token, "answer": "fight"}
    )
    assert blocked.status_code == 409 and "physical dice" in blocked.json()["detail"]
    r = client.post(url, json={"token": token, "values": [6] * need["count"]})
    assert r.status_code == 200
    after = state(client, game["id"], token)
    assert after["version"] > data["version"]


def test_dice_when_none_are_asked_for_is_409(client: TestClient) -> None:
    game = start(client, dice="physical", seed=None)
    token = game["here"]["british"]
    r = client.post(f"/api/games/{game['id']}/dice", json={"token": token, "values": [3]})
    assert r.status_code == 409


def test_the_other_seat_cannot_enter_a_persons_dice(client: TestClient) -> None:
    game = start(client, "here", "link", dice="physical", seed=None)
    british, american = game["tokens"]["british"], game["tokens"]["american"]
    url = f"/api/games/{game['id']}/answer"
    for _ in range(10):
        data = state(client, game["id"], british)
        if data["need_dice"]:
            break
        for token in (british, american):
            prompt = state(client, game["id"], token)["view"]["prompt"]
            if prompt:
                client.post(url, json={"token": token, "answer": prompt["options"][0]["id"]})
    need = state(client, game["id"], british)["need_dice"]
    assert need is not None
    roller = british if need["yours"] else american
    other = american if roller == british else british
    r = client.post(
        f"/api/games/{game['id']}/dice", json={"token": other, "values": [1] * need["count"]}
    )
    assert r.status_code == 403


def test_a_restart_loses_nothing_not_even_dice_half_entered(store: Store) -> None:
    with TestClient(create_app(store)) as client:
        game = start(client, dice="physical", seed=None)
        token = game["here"]["british"]
        before = play_to_dice(client, game["id"], token)
    with TestClient(create_app(store)) as again:
        after = state(again, game["id"], token)
        assert after["need_dice"] == before["need_dice"]
        assert after["view"] == before["view"]
        r = again.post(
            f"/api/games/{game['id']}/dice",
            json={"token": token, "values": [5] * before["need_dice"]["count"]},
        )
        assert r.status_code == 200


def test_a_restart_mid_game_continues_exactly(store: Store) -> None:
    with TestClient(create_app(store)) as client:
        game = start(client)
        token = game["here"]["british"]
        for _ in range(2):
            option = first_option(client, game["id"], token)
            client.post(f"/api/games/{game['id']}/answer", json={"token": token, "answer": option})
        before = state(client, game["id"], token)
    with TestClient(create_app(store)) as again:
        after = state(again, game["id"], token)
        assert after["view"] == before["view"]


# -- replays -----------------------------------------------------------------------------------


def test_replay_steps_through_the_decisions(client: TestClient) -> None:
    game = start(client)
    token = game["here"]["british"]
    for _ in range(3):
        option = first_option(client, game["id"], token)
        client.post(f"/api/games/{game['id']}/answer", json={"token": token, "answer": option})
    full = client.get(f"/api/games/{game['id']}/replay").json()
    assert full["steps"] >= 3 and full["step"] == full["steps"]
    zero = client.get(f"/api/games/{game['id']}/replay", params={"step": 0}).json()
    assert zero["view"]["turn"] == 1 and zero["view"]["phase"] == "command"
    assert client.get(f"/api/games/{game['id']}/replay", params={"step": -1}).status_code == 422
    assert client.get(f"/api/games/{game['id']}/replay", params={"step": "x"}).status_code == 422


# -- live updates -------------------------------------------------------------------------------


def test_websocket_sends_each_seat_its_own_update(client: TestClient) -> None:
    game = start(client, "here", "link")
    british, american = game["tokens"]["british"], game["tokens"]["american"]
    with (
        client.websocket_connect(f"/ws/games/{game['id']}?t={american}") as ws_a,
        client.websocket_connect(f"/ws/games/{game['id']}") as ws_watch,
    ):
        first = ws_a.receive_json()
        assert first["type"] == "update" and first["seat"] == "american"
        assert ws_watch.receive_json()["seat"] is None
        client.post(f"/api/games/{game['id']}/answer", json={"token": british, "answer": "yes"})
        update = ws_a.receive_json()
        assert update["version"] > first["version"]
        assert "mobilise 5 of HMS" not in update["fragments"]["log"]
        assert "secret order given" in update["fragments"]["log"]
        ws_watch.receive_json()


def test_websocket_refuses_unknown_games_and_tokens(client: TestClient) -> None:
    game = start(client)
    with client.websocket_connect("/ws/games/nosuchgame") as ws:
        assert ws.receive_json()["type"] == "error"
    with client.websocket_connect(f"/ws/games/{game['id']}?t=forged") as ws:
        assert "does not belong" in ws.receive_json()["detail"]


def test_decisions_over_the_websocket_act_only_for_the_sockets_seat(client: TestClient) -> None:
    game = start(client, "here", "link")
    british, american = game["tokens"]["british"], game["tokens"]["american"]
    with client.websocket_connect(f"/ws/games/{game['id']}?t={american}") as ws:
        first = ws.receive_json()
        ws.send_json({"type": "answer", "answer": "no", "seat": "british"})
        assert ws.receive_json()["status"] == 403
        ws.send_json({"type": "answer", "answer": "maybe"})
        assert ws.receive_json()["status"] == 400
        ws.send_json({"type": "dance"})
        assert ws.receive_json()["status"] == 422
        ws.send_json({"type": "answer", "answer": "yes"})
        update = ws.receive_json()
        assert update["type"] == "update" and update["version"] > first["version"]
    view = state(client, game["id"], american)["view"]
    assert view["orders"]["american"] == {"chesapeake": "yes"}
    assert state(client, game["id"], british)["view"]["orders"]["american"] == {"given": 1}
    with client.websocket_connect(f"/ws/games/{game['id']}") as watcher:
        watcher.receive_json()
        watcher.send_json({"type": "answer", "answer": "yes"})
        assert watcher.receive_json()["status"] == 403


def test_both_sides_at_one_browser_keep_both_tokens_in_a_cookie(client: TestClient) -> None:
    game = start(client, "here", "here")
    assert set(game["here"]) == {"british", "american"}
    page = client.get(f"/games/{game['id']}", follow_redirects=False)
    assert page.status_code == 303
    assert page.headers["location"].endswith(game["here"]["british"])
    british = client.get(page.headers["location"])
    assert f"?t={game['here']['american']}" in british.text  # "also yours: play american"
    assert "Resume" in client.get("/").text


def test_a_browser_without_the_cookie_only_watches(store: Store) -> None:
    with TestClient(create_app(store)) as owner:
        game = start(owner)
    with TestClient(create_app(store)) as stranger:
        page = stranger.get(f"/games/{game['id']}")
        assert page.status_code == 200 and "You are watching" in page.text
        assert game["here"]["british"] not in page.text
        assert "Resume" not in stranger.get("/").text


def test_a_computer_answer_that_is_refused_falls_back_to_a_legal_one(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from quarterdeck.rulesets.gundice_boarding.ai import GunDiceAI

    monkeypatch.setattr(GunDiceAI, "decide", lambda self, view, prompt: "nonsense")
    game = start(client)
    token = game["here"]["british"]
    r = client.post(f"/api/games/{game['id']}/answer", json={"token": token, "answer": "yes"})
    assert r.status_code == 200
    assert state(client, game["id"], token)["view"]["phase"] == "declare"


def test_two_server_processes_on_one_database_see_each_others_moves(store: Store) -> None:
    with TestClient(create_app(store)) as one, TestClient(create_app(store)) as two:
        game = start(one, "here", "link")
        british, american = game["tokens"]["british"], game["tokens"]["american"]
        assert state(two, game["id"], american)["view"]["orders"] == {}
        one.post(f"/api/games/{game['id']}/answer", json={"token": british, "answer": "yes"})
        assert state(two, game["id"], american)["view"]["orders"]["british"] == {"given": 1}
        r = two.post(f"/api/games/{game['id']}/answer", json={"token": american, "answer": "yes"})
        assert r.status_code == 200
        assert state(one, game["id"], british)["view"]["phase"] == "declare"


def test_a_setup_that_rolls_waits_for_physical_dice_even_across_a_restart(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from quarterdeck.rulesets.gundice_boarding import GunDiceBoarding

    original = GunDiceBoarding.new_state

    def rolling_setup(self: Any, scenario: Any, ctx: Any) -> Any:
        ctx.roll("Who has the weather gauge", 1, "setup")
        return original(self, scenario, ctx)

    monkeypatch.setattr(GunDiceBoarding, "new_state", rolling_setup)
    with TestClient(create_app(store)) as client:
        game = start(client, dice="physical", seed=None)
        token = game["here"]["british"]
        data = state(client, game["id"], token)
        assert data["view"] is None and data["need_dice"]["label"] == "Who has the weather gauge"
        page = client.get(f"/games/{game['id']}", params={"t": token})
        assert page.status_code == 200 and "Who has the weather gauge" in page.text
        assert client.get(f"/api/games/{game['id']}/replay").status_code == 409
        bad = client.post(f"/api/games/{game['id']}/dice", json={"token": token, "values": [9]})
        assert bad.status_code == 400
    with TestClient(create_app(store)) as again:
        r = again.post(f"/api/games/{game['id']}/dice", json={"token": token, "values": [4]})
        assert r.status_code == 200
        data = state(again, game["id"], token)
        assert data["need_dice"] is None and data["view"]["phase"] == "command"
        assert any("rolled 4" in e["text"] for e in data["view"]["log"])
    with TestClient(create_app(store)) as third:
        assert state(third, game["id"], token)["view"] == data["view"]


def test_games_watched_here_and_moved_on_elsewhere_are_found(store: Store) -> None:
    from quarterdeck.core.scenario import load
    from quarterdeck.web.games import Games

    here, elsewhere = Games(store), Games(store)
    live = here.create(load(SCENARIO), {"british": "here", "american": "link"})
    assert here.changed_elsewhere() == []  # nobody watching
    live.listeners.add(object())
    assert here.changed_elsewhere() == []
    other = elsewhere.get(live.id)
    elsewhere.answer(other, "british", "yes")
    assert here.changed_elsewhere() == [live.id]
    assert here.get(live.id).stored == other.stored
    assert here.changed_elsewhere() == []


def test_the_owner_can_still_choose_to_watch(client: TestClient) -> None:
    game = start(client)
    page = client.get(f"/games/{game['id']}", params={"watch": 1}, follow_redirects=False)
    assert page.status_code == 200 and "You are watching" in page.text


def _bundled() -> list[tuple[str, str]]:
    from quarterdeck.core.scenario import bundled

    return [(s.ruleset, s.id) for s in bundled() if s.ruleset != "gundice-boarding"]


# Battles with every vessel of both fleets: through the API only their opening
# decisions (both sides' orders and the first moves); the rule set's own tests
# play them to the end AI against AI, and the conformance test checks them.
OPENING_ONLY = {
    "valcour-island-1776": 150,
    "lake-erie-1813": 150,
    "hermione-puerto-cabello-1799": 150,
    "chevrette-camaret-1801": 150,
}


@pytest.mark.parametrize(("ruleset", "scenario"), _bundled())
@pytest.mark.parametrize("dice", ["program", "physical"])
def test_every_other_bundled_scenario_plays_to_its_end_through_the_api(
    client: TestClient, ruleset: str, scenario: str, dice: str
) -> None:
    """The browser plays a few decisions of these longer games; here each is
    played to its result, a person against the computer, with both kinds of
    dice (physical values as a person might throw them)."""
    import random

    listed = client.get("/api/rulesets").json()
    info = next(
        s for r in listed if r["id"] == ruleset for s in r["scenarios"] if s["id"] == scenario
    )
    sides = [s["name"] for s in info["sides"]]
    seats = {side: ("here" if n == 0 else "ai") for n, side in enumerate(sides)}
    r = client.post("/api/games", json={"scenario": scenario, "seats": seats, "dice": dice})
    assert r.status_code == 201, r.text
    game = r.json()
    token = game["here"][sides[0]]
    throws = random.Random(scenario)
    rolls = answers = 0
    data = state(client, game["id"], token)
    for _ in range(OPENING_ONLY.get(scenario, 2000)):
        data = state(client, game["id"], token)
        if data["view"] is not None and data["view"]["result"] is not None:
            break
        need = data["need_dice"]
        if need is not None and need.get("kind") == "card":
            # a card drawn at the table: the page lists every kind of card in the
            # deck, not which are left, so one already drawn is refused; draw again
            cards = list(need["cards"])
            throws.shuffle(cards)
            for card in cards:
                sent = client.post(
                    f"/api/games/{game['id']}/dice", json={"token": token, "card": card}
                )
                if sent.is_success:
                    break
                assert "already drawn" in sent.text, sent.text
            rolls += 1
        elif need is not None:
            values = [throws.randint(1, need["sides"]) for _ in range(need["count"])]
            sent = client.post(
                f"/api/games/{game['id']}/dice", json={"token": token, "values": values}
            )
            rolls += 1
        else:
            prompt = data["view"]["prompt"]
            assert prompt is not None, "nobody to act, the game not over"
            if prompt["kind"] == "choice":
                answer: Any = throws.choice(prompt["options"])["id"]
            else:
                answer = {
                    f["name"]: f["low"] if f["type"] == "int" else f["choices"][0]["id"]
                    for f in prompt["fields"]
                }
            sent = client.post(
                f"/api/games/{game['id']}/answer", json={"token": token, "answer": answer}
            )
            answers += 1
        assert sent.is_success, sent.text
    if scenario in OPENING_ONLY:
        assert answers > 0 and renders(client, game["id"], token)
        return
    assert data["view"]["result"] is not None
    assert data["status"] == "finished"
    assert answers > 0
    assert (rolls > 0) == (dice == "physical")
    assert renders(client, game["id"], token)


def renders(client: TestClient, game_id: str, token: str) -> bool:
    """The finished game's table, and its replay at the start, both drawn."""
    page = client.get(f"/games/{game_id}", params={"t": token})
    replay = client.get(f"/games/{game_id}/replay", params={"step": 1})
    return all(p.status_code == 200 and 'id="table-svg"' in p.text for p in (page, replay))
