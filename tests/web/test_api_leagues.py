"""Leagues through the API: the list, and standings as JSON and as CSV."""

from __future__ import annotations

from pathlib import Path

from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from tests.service.test_golden_matches import TWO_WAYS
from tests.web.api_support import create, enter, organizer

LEAGUE = "Spring Cup 2027"
# The rulebook's first match, which Toho (Bob) win 2-1 in normal time.
GOLDEN = Path(__file__).parent.parent / "domain" / "card_game" / "golden" / "first_match.txt"
FIRST_MATCH = {
    "home": {"team": "Toho", "coach": "Bob"},
    "away": {"team": "Nankatsu", "coach": "Alice"},
    "variant": "first-match",
}


def _league(service: Touchline) -> None:
    service.create_league(LEAGUE, "card-game", Author("org", "2026-11-29T20:00:00+00:00"))


def test_leagues_list_counts_their_matches(client: FlaskClient, service: Touchline) -> None:
    _league(service)
    assert create(client, league=LEAGUE).status_code == 201
    answer = client.get("/api/leagues")
    assert answer.status_code == 200
    assert [(x["name"], x["matches"], x["finished"]) for x in answer.get_json()] == [(LEAGUE, 1, 0)]


def test_a_match_cannot_join_a_league_that_does_not_exist(client: FlaskClient) -> None:
    """An unknown league is 404 wherever it is named, as the OpenAPI document says."""
    answer = create(client, league="Nowhere")
    assert answer.status_code == 404
    assert answer.get_json()["message"].startswith("no league called 'Nowhere'")
    imported = client.post(
        "/api/matches/import?league=Nowhere",
        data=client.get(f"/api/matches/{create(client).get_json()['match']['id']}/export").data,
        content_type="text/plain",
        headers=organizer("Nowhere"),
    )
    assert imported.status_code == 404
    assert client.get("/leagues/Nowhere").status_code == 404
    assert client.get("/api/leagues/Nowhere/standings").status_code == 404
    operations = client.get("/api/openapi.json").get_json()["paths"]
    for path in ("/api/matches", "/api/matches/import"):
        assert "404" in operations[path]["post"]["responses"], path


def test_standings_as_json_name_the_league_and_its_rules(
    client: FlaskClient, service: Touchline
) -> None:
    _league(service)
    answer = client.get("/api/leagues/spring cup 2027/standings")
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    body = answer.get_json()
    assert (body["league"], body["points"]) == (LEAGUE, [3, 1, 0])
    assert body["standings"] == []


def test_standings_as_csv_have_the_exported_columns(
    client: FlaskClient, service: Touchline
) -> None:
    _league(service)
    answer = client.get(f"/api/leagues/{LEAGUE}/standings?format=csv")
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    assert answer.get_data(as_text=True).splitlines()[0].startswith("place,competitor,played")


def test_standings_of_an_unknown_league_are_404(client: FlaskClient) -> None:
    assert client.get("/api/leagues/Nowhere/standings").status_code == 404


def test_an_unknown_standings_format_is_400(client: FlaskClient, service: Touchline) -> None:
    _league(service)
    assert client.get(f"/api/leagues/{LEAGUE}/standings?format=xml").status_code == 400


def _play_the_first_match(client: FlaskClient) -> None:
    match_id = create(client, setup=FIRST_MATCH, league=LEAGUE).get_json()["match"]["id"]
    for line in GOLDEN.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            answer = enter(client, match_id, line)
            if answer.status_code == 422:  # the file types a card's values two ways (CG-1.3)
                assert {v["rule"] for v in answer.get_json()["violations"]} == {"CG-1.3"}
                answer = enter(client, match_id, line, override=TWO_WAYS)
            assert answer.status_code == 201, line


def test_standings_rank_a_finished_match(client: FlaskClient, service: Touchline) -> None:
    _league(service)
    _play_the_first_match(client)
    rows = client.get(f"/api/leagues/{LEAGUE}/standings").get_json()["standings"]
    assert [(r["place"], r["competitor"], r["points"]) for r in rows] == [
        (1, "Bob", 3),
        (2, "Alice", 0),
    ]
    csv = client.get(f"/api/leagues/{LEAGUE}/standings?format=csv").get_data(as_text=True)
    assert csv.splitlines()[1].startswith("1,Bob,1,1,0,0,2,1,1,3,")
