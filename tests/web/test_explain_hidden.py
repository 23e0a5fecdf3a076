"""A roll's explanation keeps secrets: a seat can open only the rolls of its
own log (the small test game of tests/core/guess_game.py: the hider's die is
secret)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.test_hidden_web import client, post, start

__all__ = ["client"]  # the guess game's client fixture


def test_a_secret_roll_is_explained_to_its_seat_and_to_no_other(client: TestClient) -> None:
    game = start(client, hider="here", seeker="here", dice="program")
    gid, hider, seeker = game["id"], game["here"]["hider"], game["here"]["seeker"]
    post(client, gid, "answer", {"token": hider, "answer": {"stake": 1}})
    post(client, gid, "answer", {"token": seeker, "answer": {"stake": 1}})

    def rolls(token: str) -> list[tuple[int, str]]:
        log = client.get(f"/api/games/{gid}", params={"token": token}).json()["view"]["log"]
        return [(n, e["text"]) for n, e in enumerate(log) if e["kind"] == "roll"]

    mine = [n for n, text in rolls(hider) if text.startswith("The hider's die")]
    assert mine, rolls(hider)
    r = client.get(f"/api/games/{gid}/rolls/{mine[0]}", params={"token": hider})
    assert r.status_code == 200 and r.json()["label"] == "The hider's die"
    assert not any(text.startswith("The hider's die") for _, text in rolls(seeker))
    for n in range(40):
        r = client.get(f"/api/games/{gid}/rolls/{n}", params={"token": seeker})
        assert r.status_code == 404 or r.json()["label"] != "The hider's die"
    for n in range(40):  # nor a watcher
        r = client.get(f"/api/games/{gid}/rolls/{n}")
        assert r.status_code == 404 or r.json()["label"] != "The hider's die"


def test_a_replay_explains_only_the_rolls_a_watcher_saw(client: TestClient) -> None:
    """The replay of a game in progress: its rolls are explained from the log
    a watcher saw at that step; the hider's secret die is never among them."""
    game = start(client, hider="here", seeker="here", dice="program")
    gid, hider, seeker = game["id"], game["here"]["hider"], game["here"]["seeker"]
    post(client, gid, "answer", {"token": hider, "answer": {"stake": 1}})
    post(client, gid, "answer", {"token": seeker, "answer": {"stake": 1}})
    replay = client.get(f"/api/games/{gid}/replay").json()
    log = replay["view"]["log"]
    shown = []
    for n in range(len(log) + 5):
        r = client.get(f"/games/{gid}/replay/explain/{n}", params={"step": replay["step"]})
        if r.status_code == 200:
            shown.append(n)
            assert "The hider&#39;s die" not in r.text and "The hider's die" not in r.text
        else:
            assert r.status_code == 404
    # the guess game's only roll is the hider's secret die: the hider's own
    # log has it, the replay explains nothing
    own = client.get(f"/api/games/{gid}", params={"token": hider}).json()["view"]["log"]
    assert any(e["text"].startswith("The hider's die") for e in own)
    assert shown == [n for n, e in enumerate(log) if e["kind"] == "roll"] == []
    assert client.get(f"/games/{gid}/replay/explain/0?step=-1").status_code == 422
