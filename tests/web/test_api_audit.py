"""The audit through the API: GET /api/matches/{id}/audit and /api/leagues/{name}/audit, as
JSON or CSV, with the same filters as the command line, and the OpenAPI document."""

from __future__ import annotations

from flask.testing import FlaskClient

from domain.match import Author
from schemas.audit import to_csv
from service.app import Touchline
from tests.web.api_support import create, enter

LEAGUE = "Spring Cup 2027"
ORGANIZER = Author("olga", "2026-11-29T20:00:00+00:00")


def opened(client: FlaskClient, league: str | None = None) -> str:
    """A match after the toss and the kick-off, then Toho's draft out of turn (CG-4.2)."""
    match_id: str = create(client, league=league).get_json()["match"]["id"]
    for text in ("toss winner=toho", "kickoff coach=toho"):
        assert enter(client, match_id, text).status_code == 201
    answer = enter(client, match_id, "draft coach=toho source=deck", override="the table agreed")
    assert answer.status_code == 201, answer.get_json()
    return match_id


def test_a_match_audit_as_json(client: FlaskClient) -> None:
    match_id = opened(client)
    answer = client.get(f"/api/matches/{match_id[:6]}/audit")
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    body = answer.get_json()
    assert (body["scope"], body["match"], body["league"], body["count"]) == (
        "match",
        match_id,
        None,
        1,
    )
    assert body["filter"] == {"kinds": [], "by": None, "since": None, "until": None}
    [item] = body["items"]
    assert {k: item[k] for k in ("line", "kind", "by", "device", "entries", "rules", "reason")} == {
        "line": 3,
        "kind": "override",
        "by": "alice",
        "device": "api",
        "entries": [3],
        "rules": ["CG-4.2"],
        "reason": "the table agreed",
    }


def test_a_league_audit_filtered_and_as_csv(client: FlaskClient, service: Touchline) -> None:
    service.create_league(LEAGUE, "card-game", ORGANIZER)
    first, second = opened(client, LEAGUE), opened(client, LEAGUE)
    opened(client)
    answer = client.get("/api/leagues/spring cup 2027/audit?kind=override&kind=retraction&by=ALICE")
    assert answer.status_code == 200
    body = answer.get_json()
    assert (body["league"], body["matches"], body["count"]) == (LEAGUE, 2, 2)
    assert body["filter"]["kinds"] == ["override", "retraction"]
    assert sorted(item["match"] for item in body["items"]) == sorted([first, second])
    csv = client.get(f"/api/leagues/{LEAGUE}/audit?format=csv&since=2000-01-01&until=2999-12-31")
    assert csv.status_code == 200 and csv.mimetype == "text/csv"
    trail = service.league_audit(LEAGUE, since="2000-01-01", until="2999-12-31")
    assert csv.get_data(as_text=True) == to_csv(trail)
    none = client.get(f"/api/leagues/{LEAGUE}/audit?until=2000-01-01").get_json()
    assert (none["count"], none["items"]) == (0, [])


def test_reading_an_audit_needs_no_token(client: FlaskClient) -> None:
    match_id = opened(client)
    answer = client.get(f"/api/matches/{match_id}/audit", headers={"Authorization": ""})
    assert answer.status_code == 200


def test_a_bad_filter_is_400_naming_it(client: FlaskClient) -> None:
    match_id = opened(client)
    kind = client.get(f"/api/matches/{match_id}/audit?kind=overrides")
    assert kind.status_code == 400 and "kind" in kind.get_json()["errors"]["query"]
    date = client.get(f"/api/matches/{match_id}/audit?since=tomorrow")
    assert date.status_code == 400
    assert date.get_json()["message"].startswith("since: 'tomorrow' is not a date")
    form = client.get(f"/api/matches/{match_id}/audit?format=xml")
    assert form.status_code == 400 and "format" in form.get_json()["errors"]["query"]
    control = client.get(f"/api/matches/{match_id}/audit?by=a%1Bb")
    assert control.status_code == 400 and "control character" in control.get_json()["message"]


def test_an_unknown_match_or_league_is_404(client: FlaskClient) -> None:
    assert client.get("/api/matches/ffffffff/audit").status_code == 404
    assert client.get("/api/leagues/Nowhere/audit").status_code == 404


def test_the_openapi_document_describes_both_audits(client: FlaskClient) -> None:
    paths = client.get("/api/openapi.json").get_json()["paths"]
    for path in ("/api/matches/{match_id}/audit", "/api/leagues/{name}/audit"):
        operation = paths[path]["get"]
        assert "security" not in operation, path  # public, as every read
        assert {"200", "400", "404"} <= set(operation["responses"]), path
        assert set(operation["responses"]["200"]["content"]) == {"application/json", "text/csv"}
        names = {p["name"] for p in operation["parameters"] if p["in"] == "query"}
        assert names == {"kind", "by", "since", "until", "format"}, path
        [kind] = [p for p in operation["parameters"] if p["name"] == "kind"]
        assert kind["schema"]["items"]["enum"][0] == "override"
