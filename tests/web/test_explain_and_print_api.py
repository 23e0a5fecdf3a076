"""The explanation of a roll and the sheets to print, over HTTP (issue 15)."""

from __future__ import annotations

from fractions import Fraction

from fastapi.testclient import TestClient

from tests.web.test_api import start


def _board(client: TestClient) -> tuple[str, str]:
    game = start(client, seed=3)
    token = game["here"]["british"]
    for answer in ("yes", "board:chesapeake"):
        r = client.post(f"/api/games/{game['id']}/answer", json={"token": token, "answer": answer})
        assert r.status_code == 200, r.text
    return game["id"], token


def test_the_boarding_attempt_is_explained_with_its_exact_chance(client: TestClient) -> None:
    game_id, token = _board(client)
    log = client.get(f"/api/games/{game_id}", params={"token": token}).json()["view"]["log"]
    n = next(i for i, e in enumerate(log) if e["text"].startswith("Boarding attempt"))
    r = client.get(f"/api/games/{game_id}/rolls/{n}", params={"token": token})
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["rule"].startswith("5.2")
    dice = len(log[n]["values"])
    assert out["chance"] == f"{float(1 - Fraction(5, 6) ** dice):.1%}"
    assert sum(Fraction(row["exact"]) for row in out["distribution"]) == 1
    html = client.get(f"/games/{game_id}/explain/{n}", params={"t": token}).text
    assert "Exact distribution" in html and "Royal Navy" in html
    # any 6 succeeds: the verdict counts the dice that made it, not a "result"
    sixes = log[n]["values"].count(6)
    made = "no die" if sixes == 0 else "1 die" if sixes == 1 else f"{sixes} dice"
    made += " made the target"
    assert ("(result " not in html) and (made in html)


def test_an_entry_that_is_not_a_roll_is_refused_with_a_clear_message(client: TestClient) -> None:
    game_id, token = _board(client)
    r = client.get(f"/api/games/{game_id}/rolls/0", params={"token": token})
    assert r.status_code == 404 and r.json()["detail"] == "entry 0 of this log is not a roll"
    r = client.get(f"/api/games/{game_id}/rolls/9999")
    assert r.status_code == 404
    r = client.get(f"/api/games/{game_id}/rolls/0", params={"token": "nope"})
    assert r.status_code == 403


def test_print_pages_for_a_game_and_a_scenario_and_the_quick_reference(
    client: TestClient,
) -> None:
    game_id, token = _board(client)
    html = client.get(f"/games/{game_id}/print", params={"t": token}).text
    assert html.count('class="print-group"') == 2
    assert 'data-ship="shannon"' in html and 'data-ship="chesapeake"' in html
    assert "@page { size: A4" in html
    assert "@page { size: letter" in client.get(f"/games/{game_id}/print?paper=letter").text
    html = client.get("/scenarios/valcour-island-1776/print").text
    assert html.count('class="card ab-display"') == 48
    ref = client.get("/scenarios/shannon-chesapeake-1813/reference").text
    assert 'data-chart="attempt"' in ref and "success face" in ref
    missing = client.get("/scenarios/no-such-battle/print")
    assert missing.status_code == 404 and "unknown scenario" in missing.text
