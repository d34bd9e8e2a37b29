"""League pages: the list, one league's standings and matches, and the CSV and JSON downloads
(the same text `touchline league standings --format csv|json` writes)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from schemas.standings import to_csv, to_json
from service.app import Touchline
from tests.service.projections.pj_driver import finished_match, setup_for
from tests.service.projections.pj_helpers import AUTHOR, record_all

LEAGUE = "Spring Cup 2027"


@pytest.fixture
def league(service: Touchline) -> str:
    service.create_league(LEAGUE, "card-game", AUTHOR)
    for home, away, a, b, seed in [("Ann", "Bea", 2, 0, 1), ("Bea", "Cid", 1, 1, 2)]:
        setup = setup_for(home, away)
        record_all(service, finished_match(a, b, seed, setup), setup, LEAGUE)
    return LEAGUE


def test_the_list_shows_every_league_with_its_matches(client: FlaskClient, league: str) -> None:
    html = client.get("/leagues").get_data(as_text=True)
    assert '<a href="/leagues/Spring%20Cup%202027">Spring Cup 2027</a>' in html
    assert "card-game" in html
    assert '<td class="num">2</td>\n      <td class="num">2</td>' in html


def test_no_leagues_yet(client: FlaskClient) -> None:
    assert "No leagues yet" in client.get("/leagues").get_data(as_text=True)


def test_the_league_page_shows_standings_settings_and_matches(
    client: FlaskClient, service: Touchline, league: str
) -> None:
    response = client.get("/leagues/spring cup 2027")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<h1>Spring Cup 2027</h1>" in html
    assert "points for a win/draw/loss 3/1/0" in html
    assert "points, goal-difference, head-to-head, goals-for, wins" in html
    rows = service.standings(LEAGUE)
    # Cid and Bea are level on points; goal difference puts Cid above.
    assert [(r.competitor, r.decided_by) for r in rows][1:] == [
        ("Cid", "goal-difference"),
        ("Bea", "goal-difference"),
    ]
    body = html[html.index("<tbody>") :]
    positions = [body.index(f">{r.competitor}</a>") for r in rows]
    assert positions == sorted(positions)
    for row in rows:
        assert f'<td class="decided">{row.decided_by}</td>' in body
    assert html.count("/replay") == 2
    assert "Nankatsu (Ann) vs Toho (Bea)" in html and "finished" in html


def test_the_csv_download_is_the_cli_export(
    client: FlaskClient, service: Touchline, league: str
) -> None:
    response = client.get(f"/leagues/{LEAGUE}/standings.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"] == (
        "attachment; filename=spring-cup-2027-standings.csv"
    )
    assert response.get_data(as_text=True) == to_csv(service.standings(LEAGUE))


def test_the_json_download_is_the_cli_export(
    client: FlaskClient, service: Touchline, league: str
) -> None:
    response = client.get(f"/leagues/{LEAGUE.lower()}/standings.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.headers["Content-Disposition"].startswith("attachment;")
    found = service.find_league(LEAGUE)
    expected = to_json(found, service.standings(LEAGUE), service.league_disputes(LEAGUE))
    assert response.get_data(as_text=True) == expected
    assert response.get_json()["standings"][0]["competitor"] == "Ann"


@pytest.mark.parametrize("path", ["", "/standings.csv", "/standings.json"])
def test_an_unknown_league_is_a_404(client: FlaskClient, league: str, path: str) -> None:
    response = client.get(f"/leagues/Autumn Cup{path}")
    assert response.status_code == 404
    assert "no league called" in response.get_data(as_text=True)


def test_league_names_are_escaped_and_may_hold_a_slash(
    client: FlaskClient, service: Touchline
) -> None:
    service.create_league("<i>Cup</i> 26/27", "king-of-the-pitch", AUTHOR)
    html = client.get("/leagues").get_data(as_text=True)
    assert "<i>Cup</i>" not in html and "&lt;i&gt;Cup&lt;/i&gt; 26/27" in html
    page = client.get("/leagues/<i>Cup</i> 26/27")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "points per placing 10/6/4/2/1" in text
    assert "No competitors yet" in text
    csv = client.get("/leagues/<i>Cup</i> 26/27/standings.csv")
    assert csv.status_code == 200
    assert "filename=i-cup-i-26-27-standings.csv" in csv.headers["Content-Disposition"]
