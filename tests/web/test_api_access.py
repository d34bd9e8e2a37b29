"""Leagues and links through the API (issue 12 point 1): an organizer creates its league and
changes its settings, both attributed to its link; links are issued, listed and revoked by
whoever may, and a revoked link is refused at once."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from domain.league import league_id
from service.app import Touchline
from tests.links import OWNER, bearer, organizer_token
from tests.opening import OPENING, SETUP


def _organizer(league: str = "Spring Cup") -> dict[str, str]:
    return bearer(organizer_token(league))


def test_an_organizer_creates_its_league_and_changes_its_settings(
    client: FlaskClient, service: Touchline
) -> None:
    body = {"name": "Spring Cup", "ruleset": "card-game", "by": "Olga"}
    created = client.post("/api/leagues", json=body, headers=_organizer())
    assert created.status_code == 201, created.get_json()
    assert created.get_json()["points"] == [3, 1, 0]
    again = client.post("/api/leagues", json=body, headers=_organizer())
    assert again.status_code == 409
    link = service.grant_of(organizer_token("Spring Cup")).link  # type: ignore[union-attr]
    league: Any = service.repository.get(league_id("Spring Cup"))
    assert (league.created_by, league.link) == ("Olga", link)

    changed = client.patch(
        "/api/leagues/spring cup",
        json={"points": [2, 1, 0], "count_unconfirmed": False},
        headers=_organizer(),
    )
    assert changed.status_code == 200, changed.get_json()
    assert (changed.get_json()["points"], changed.get_json()["count_unconfirmed"]) == (
        [2, 1, 0],
        False,
    )
    events = service.repository.event_store.get(league_id("Spring Cup"))
    settings = list(events)[-1]
    assert (settings.by, settings.link) == ("organizer", link)  # type: ignore[attr-defined]
    bad = client.patch("/api/leagues/Spring Cup", json={"points": [3, 1]}, headers=_organizer())
    assert bad.status_code == 400 and "three numbers" in bad.get_json()["message"]


def test_another_leagues_organizer_is_403(client: FlaskClient, service: Touchline) -> None:
    body = {"name": "Spring Cup", "ruleset": "card-game"}
    answer = client.post("/api/leagues", json=body, headers=_organizer("Autumn Cup"))
    assert answer.status_code == 403
    assert client.get("/api/leagues").get_json() == []


def test_links_are_issued_listed_and_revoked_through_the_api(
    client: FlaskClient, service: Touchline
) -> None:
    service.create_league("Spring Cup", "card-game", OWNER)
    match = client.post(
        "/api/matches",
        json={"ruleset": "card-game", "setup": SETUP, "by": "x", "league": "Spring Cup"},
        headers=_organizer(),
    ).get_json()["match"]["id"]
    body = {"role": "referee", "match": match[:8], "person": "Rita"}
    issued = client.post("/api/links", json=body, headers=_organizer())
    assert issued.status_code == 201, issued.get_json()
    answer = issued.get_json()
    assert answer["url"] == f"http://localhost/in/{answer['token']}"
    assert (answer["link"]["role"], answer["link"]["match"]) == ("referee", match)
    assert answer["link"]["league"] == "Spring Cup"
    assert "token" not in answer["link"]

    listed = client.get("/api/links?league=Spring Cup", headers=_organizer()).get_json()
    assert answer["link"]["id"] in [link["id"] for link in listed]
    # A referee may not list or issue links.
    referee = bearer(answer["token"])
    assert client.get(f"/api/links?match={match}", headers=referee).status_code == 403
    assert client.post("/api/links", json=body, headers=referee).status_code == 403

    revoked = client.delete(
        f"/api/links/{answer['link']['id'][:6]}",
        json={"reason": "wrong person"},
        headers=_organizer(),
    )
    assert revoked.status_code == 200 and revoked.get_json()["reason"] == "wrong person"
    assert client.get(f"/api/links?match={match}", headers=referee).status_code == 401
    everything = client.get("/api/links?league=Spring Cup&all=true", headers=_organizer())
    assert any(link["revoked_at"] for link in everything.get_json())


def test_a_friendlys_scorer_issues_its_coaches_links(
    client: FlaskClient, service: Touchline
) -> None:
    created = client.post(
        "/api/matches", json={"ruleset": "card-game", "setup": SETUP, "by": "Sam"}
    ).get_json()
    match, scorer = created["match"]["id"], bearer(created["scorer_token"])
    body = {"role": "coach", "match": match, "side": "toho", "person": "Bob"}
    coach = client.post("/api/links", json=body, headers=scorer)
    assert coach.status_code == 201, coach.get_json()
    referee = {"role": "referee", "match": match, "person": "Rita"}
    assert client.post("/api/links", json=referee, headers=scorer).status_code == 403
    bad_side = client.post("/api/links", json={**body, "side": "milan"}, headers=scorer)
    assert bad_side.status_code == 400 and "no side 'milan'" in bad_side.get_json()["message"]
    # The coach's link disputes; its write carries the link's id, and `by` as given.
    token = coach.get_json()["token"]
    for line in OPENING[:2]:
        entry = {"text": line, "by": "Sam"}
        client.post(f"/api/matches/{match}/entries", json=entry, headers=scorer)
    dispute = {"on": 1, "reason": "the coin", "by": "Bob"}
    answer = client.post(f"/api/matches/{match}/disputes", json=dispute, headers=bearer(token))
    assert answer.status_code == 201
    assert answer.get_json()["entry"]["link"] == coach.get_json()["link"]["id"]


def test_an_unknown_link_id_is_404(client: FlaskClient) -> None:
    scorer = bearer(issue_any(client))
    answer = client.delete("/api/links/ffffffff", json={"reason": "x"}, headers=scorer)
    assert answer.status_code == 404


def issue_any(client: FlaskClient) -> str:
    created = client.post("/api/matches", json={"ruleset": "card-game", "setup": SETUP, "by": "x"})
    token: str = created.get_json()["scorer_token"]
    return token
