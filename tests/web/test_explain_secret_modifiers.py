"""A roll's secret modifier on the web (issue 15): Cutting Out Party's
spotting die, thrown by the defenders, carries how far off the nearest
raider is, the raiders' secret. Each seat's explanation (the API's and the
dialog's) is the roll as that seat may know it."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from quarterdeck.core.prompts import Field, Option, Prompt
from quarterdeck.players import make_player


def prompt_of(data: dict[str, Any]) -> Prompt:
    """The prompt a seat's view carries, as the program's player reads it."""
    fields = tuple(
        Field(
            f["name"],
            f["label"],
            f["type"],
            f.get("low", 0),
            f.get("high", 0),
            tuple(Option(c["id"], c["label"]) for c in f.get("choices", [])),
        )
        for f in data.get("fields", [])
    )
    return Prompt(
        data["seat"],
        data["question"],
        data["rule"],
        tuple(Option(o["id"], o["label"]) for o in data.get("options", [])),
        data["kind"],
        fields,
        tuple(data["total"]) if data.get("total") else None,
        data.get("context", {}),
    )


# a seeded night whose first spotting die has a raider within reach (on some
# nights none is yet, and the die cannot spot one)
SEED = 7


def test_the_spotting_distance_is_explained_to_the_raiders_and_kept_from_the_defenders(
    client: TestClient,
) -> None:
    r = client.post(
        "/api/games",
        json={
            "scenario": "sample-game",
            "seats": {"british": "here", "french": "here"},
            "seed": SEED,
        },
    )
    assert r.status_code == 201, r.text
    gid, tokens = r.json()["id"], r.json()["here"]
    players = {s: make_player("ai", "cutting-out", s, 1) for s in tokens}

    def view(seat: str) -> dict[str, Any]:
        got: dict[str, Any] = client.get(
            f"/api/games/{gid}", params={"token": tokens[seat]}
        ).json()["view"]
        return got

    def spots(seat: str) -> list[int]:
        return [
            n
            for n, e in enumerate(view(seat)["log"])
            if e["kind"] == "roll" and e["text"].startswith("Spotting die")
        ]

    for _ in range(40):
        if spots("french"):
            break
        for seat, token in tokens.items():
            v = view(seat)
            if v["prompt"] and v["prompt"]["seat"] == seat:
                answer = players[seat].decide(v, prompt_of(v["prompt"]))
                posted = client.post(
                    f"/api/games/{gid}/answer", json={"token": token, "answer": answer}
                )
                assert posted.status_code == 200, posted.text
    # each seat's log is its own: the same roll is a different entry in each
    (n, *_) = spots("french")
    (m, *_) = spots("british")

    own = client.get(f"/api/games/{gid}/rolls/{m}", params={"token": tokens["british"]}).json()
    # the light and the moon are open modifiers some nights; the distance is the secret one
    (far,) = [x for x in own["modifiers"] if x.get("secret")]
    assert far["secret"] == ["british"] and far["what"].startswith("the nearest raider")
    assert own["success"] in (True, False) and own["chance"]

    theirs = client.get(f"/api/games/{gid}/rolls/{n}", params={"token": tokens["french"]}).json()
    assert theirs["modifiers"] == [] and theirs["unseen"] == {"count": 1, "known_to": ["british"]}
    assert theirs["success"] is None and theirs["chance"] == ""
    assert theirs["values"] == own["values"] and theirs["label"] == own["label"]
    page = client.get(f"/games/{gid}/explain/{n}", params={"t": tokens["french"]}).text
    assert "nearest raider" not in page and "Secret modifiers known only to" in page
    assert "Result before the secret modifiers" in page
    mine = client.get(f"/games/{gid}/explain/{m}", params={"t": tokens["british"]}).text
    assert "nearest raider" in mine and "(secret: " in mine
