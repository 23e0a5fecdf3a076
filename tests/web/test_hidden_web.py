"""Hidden information on the web table: each roll is entered by the seat that
rolls it, secret rolls and cards never reach another seat's page, API or
WebSocket, the umpire's link sees everything, watchers see what every side
sees until the end, and the host can revoke a seat's link.

The game is the small test game of tests/core/guess_game.py: the hider draws
a secret omen card, both sides bet in secret, the hider rolls a secret die,
the seeker guesses high or low.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from quarterdeck.core import scenario as scenarios
from quarterdeck.core.store import Store
from quarterdeck.rulesets import register, unregister
from quarterdeck.web import app as web_app
from quarterdeck.web.app import create_app
from tests.core.guess_game import SCENARIO, Guess


@pytest.fixture
def client(store: Store, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    register(Guess("test-guess"))
    guess = scenarios.build(dict(SCENARIO), "guess.toml")
    monkeypatch.setattr(web_app, "scenarios", lambda: {"guess": guess})
    with TestClient(create_app(store)) as c:
        yield c
    unregister("test-guess")


def start(client: TestClient, **seats: str) -> dict[str, Any]:
    extra = {k: seats.pop(k) for k in ("dice", "spectators") if k in seats}
    body: dict[str, Any] = {"scenario": "guess", "seats": seats, "dice": "physical", **extra}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def api(client: TestClient, game: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{game}", params={"token": token} if token else {})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def post(client: TestClient, game: str, what: str, body: dict[str, Any], status: int = 200) -> Any:
    r = client.post(f"/api/games/{game}/{what}", json=body)
    assert r.status_code == status, r.text
    return r.json()


def to_the_die(client: TestClient, game: dict[str, Any], card: str = "storm") -> tuple[str, str]:
    """Draw the omen, bet on both sides; the hider's secret die is then due."""
    gid, hider, seeker = game["id"], game["tokens"]["hider"], game["tokens"]["seeker"]
    post(client, gid, "dice", {"token": hider, "card": card})
    post(client, gid, "answer", {"token": hider, "answer": {"stake": 2}})
    post(client, gid, "answer", {"token": seeker, "answer": {"stake": 1}})
    return hider, seeker


def test_each_roll_is_entered_by_the_seat_that_rolls_it(client: TestClient) -> None:
    game = start(client, hider="link", seeker="link")
    gid, hider, seeker = game["id"], game["tokens"]["hider"], game["tokens"]["seeker"]
    # the hider's omen card: the seeker may not draw it
    refused = post(client, gid, "dice", {"token": seeker, "card": "storm"}, 403)
    assert refused["detail"] == (
        "this card belongs to hider: only that seat's link may enter it, not 'seeker'"
    )
    post(client, gid, "dice", {"token": hider, "card": "storm"})
    post(client, gid, "answer", {"token": hider, "answer": {"stake": 2}})
    post(client, gid, "answer", {"token": seeker, "answer": {"stake": 1}})
    need = api(client, gid, seeker)["need_dice"]
    assert need == {"roller": "hider", "yours": False, "secret": True}
    before = api(client, gid, hider)["version"]
    refused = post(client, gid, "dice", {"token": seeker, "values": [6]}, 403)
    assert "belongs to hider" in refused["detail"]
    assert api(client, gid, hider)["version"] == before  # nothing changed
    assert api(client, gid, hider)["need_dice"]["label"] == "The hider's die"
    post(client, gid, "dice", {"token": hider, "values": [5]})
    assert api(client, gid, seeker)["view"]["prompt"]["question"] == "High or low?"


def test_a_secret_roll_is_absent_from_the_other_seats_page_api_and_socket(
    client: TestClient,
) -> None:
    game = start(client, hider="link", seeker="link")
    gid = game["id"]
    hider, seeker = to_the_die(client, game)
    with client.websocket_connect(f"/ws/games/{gid}?t={seeker}") as ws:
        first = ws.receive_json()
        post(client, gid, "dice", {"token": hider, "values": [5]})
        update = ws.receive_json()
    seen_by_seeker = (
        str(first)
        + str(update)
        + client.get(f"/games/{gid}?t={seeker}").text
        + str(api(client, gid, seeker))
        + str(api(client, gid))
        + client.get(f"/games/{gid}?watch=1").text
        + client.get(f"/games/{gid}/replay").text
        + str(client.get(f"/api/games/{gid}/replay").json())
        + str(client.get("/api/games").json())
    )
    for secret in ("hider's die", "hider&#39;s die", "rolled 5"):
        assert secret not in seen_by_seeker
    assert "storm" not in seen_by_seeker  # the secret omen card
    hider_page = client.get(f"/games/{gid}?t={hider}").text
    assert "rolled 5" in hider_page and "storm" in hider_page


def test_a_card_is_entered_by_hand_and_a_card_not_in_the_deck_is_refused(
    client: TestClient,
) -> None:
    game = start(client, hider="link", seeker="link")
    gid, hider = game["id"], game["tokens"]["hider"]
    page = client.get(f"/games/{gid}?t={hider}").text
    assert "draw a card from the omens deck" in page and 'class="card-entry"' in page
    refused = post(client, gid, "dice", {"token": hider, "card": "kraken"}, 400)
    assert refused["detail"] == (
        "The hider's omen: 'kraken' is not in the omens deck or was already drawn "
        "(the deck's cards: gull, storm)"
    )
    post(client, gid, "dice", {"token": hider, "card": "gull"})
    assert api(client, gid, hider)["view"]["omen"] == "gull"


def test_the_umpires_link_sees_a_secret_the_players_cannot(client: TestClient) -> None:
    game = start(client, hider="link", seeker="link", umpire="link")
    gid = game["id"]
    hider, seeker = to_the_die(client, game, card="gull")
    post(client, gid, "dice", {"token": hider, "values": [2]})
    umpire = game["tokens"]["umpire"]
    assert api(client, gid, umpire)["view"]["die"] == 2
    assert api(client, gid, umpire)["view"]["omen"] == "gull"
    assert api(client, gid, seeker)["view"]["die"] is None
    post(client, gid, "answer", {"token": seeker, "answer": "low"})
    # the umpire rules on the turn; a player's token may not answer for him
    refused = post(client, gid, "answer", {"token": seeker, "answer": "yes"}, 409)
    assert "waiting for: umpire" in refused["detail"]
    post(client, gid, "answer", {"token": umpire, "answer": "yes"})


def test_the_computer_rolls_its_own_secret_dice_even_with_physical_dice(
    client: TestClient,
) -> None:
    game = start(client, hider="ai", seeker="here")
    gid, seeker = game["id"], game["here"]["seeker"]
    post(client, gid, "answer", {"token": seeker, "answer": {"stake": 3}})
    state = api(client, gid, seeker)
    assert state["need_dice"] is None  # nobody at the table saw the omen or the die
    assert state["view"]["prompt"]["question"] == "High or low?"


def test_watchers_see_what_every_side_sees_and_everything_once_it_is_over(
    client: TestClient,
) -> None:
    game = start(client, hider="here", seeker="here", dice="program")
    gid = game["id"]
    hider, seeker = game["here"]["hider"], game["here"]["seeker"]
    assert api(client, gid)["view"]["omen"] is None
    for _ in range(3):
        post(client, gid, "answer", {"token": hider, "answer": {"stake": 1}})
        post(client, gid, "answer", {"token": seeker, "answer": {"stake": 1}})
        post(client, gid, "answer", {"token": seeker, "answer": "high"})
    assert api(client, gid)["status"] == "finished"
    omen = api(client, gid, hider)["view"]["omen"]
    assert api(client, gid)["view"]["omen"] == omen
    # the page names sides by their titles ("The Hider's die")
    assert "hider&#39;s die: rolled" in client.get(f"/games/{gid}/replay?step=2").text.lower()


def test_a_host_may_let_watchers_see_everything(client: TestClient) -> None:
    game = start(client, hider="link", seeker="link", spectators="everything")
    hider = game["tokens"]["hider"]
    post(client, game["id"], "dice", {"token": hider, "card": "storm"})
    assert api(client, game["id"])["view"]["omen"] == "storm"


def test_the_host_revokes_a_link_and_the_old_token_stops_working(client: TestClient) -> None:
    game = start(client, hider="here", seeker="link")
    gid, old = game["id"], game["tokens"]["seeker"]
    refused = post(client, gid, "revoke", {"host": old, "side": "seeker"}, 403)
    assert refused["detail"] == "only the host of this game (who created it) may revoke a link"
    fresh = post(client, gid, "revoke", {"host": game["host"], "side": "seeker"})
    assert fresh["side"] == "seeker" and fresh["token"] != old
    assert fresh["link"].endswith(f"/games/{gid}?t={fresh['token']}")
    assert client.get(f"/games/{gid}?t={old}").status_code == 403
    r = client.post(f"/api/games/{gid}/answer", json={"token": old, "answer": {"stake": 1}})
    assert r.status_code == 403
    assert client.get(f"/games/{gid}?t={fresh['token']}").status_code == 200
    bad = post(client, gid, "revoke", {"host": game["host"], "side": "kraken"}, 422)
    assert "sides: hider, seeker" in bad["detail"]


def test_a_cutting_out_event_card_is_entered_by_its_title(store: Store) -> None:
    """Physical dice at the web table: the card-entry form names each card by
    the title the rule set gives it (the value sent is still the card's id).
    The sample game's turn 1 event card, drawn by the defenders."""
    with TestClient(create_app(store)) as c:
        r = c.post(
            "/api/games",
            json={
                "scenario": "sample-game",
                "seats": {"british": "ai", "french": "link"},
                "dice": "physical",
            },
        )
        assert r.status_code == 201, r.text
        gid, french = r.json()["id"], r.json()["tokens"]["french"]
        page = c.get(f"/games/{gid}?t={french}").text
        form = page[page.index('class="card-entry"') : page.index("Enter the card")]
        assert '<option value="asleep">The guard is asleep</option>' in form
        assert '<option value="no-event">No event</option>' in form
        need = api(c, gid, french)["need_dice"]
        assert need["cards"][0] == "asleep"
        assert need["titles"]["asleep"] == "The guard is asleep"
        post(c, gid, "dice", {"token": french, "card": "asleep"})
        assert api(c, gid, french)["view"]["event"] == "asleep"
