"""The audit pages of a match and of a league: the items, the filter form (GET parameters),
the CSV and JSON downloads (the CLI's text), the links to them, and what they refuse."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from domain.match import Author
from schemas.audit import to_csv, to_json
from service.app import Touchline
from service.entries import parse_entry
from tests.opening import OPENING, SETUP, record_text

LEAGUE = "Spring Cup 2027"
ALICE = Author("alice", "2026-11-30T21:00:00+00:00", "web", "L-alice")
BOB = Author("bob", "2026-12-01T10:00:00+00:00", "phone", "L-bob")


def opened(service: Touchline, league: str | None = LEAGUE) -> str:
    """A match after the toss and the kick-off, then Toho's draft out of turn (CG-4.2)."""
    match_id = service.create_match("card-game", SETUP, ALICE, league).id
    for line in OPENING[:2]:
        record_text(service, match_id, line, ALICE)
    service.record(
        match_id,
        parse_entry("card-game", "draft coach=toho source=deck"),
        ALICE,
        override="we let <b>Toho</b> draft first",
    )
    return match_id


@pytest.fixture
def league(service: Touchline) -> str:
    service.create_league(LEAGUE, "card-game", ALICE)
    return LEAGUE


def test_the_match_page_links_to_its_audit_which_lists_every_item(
    client: FlaskClient, service: Touchline, league: str
) -> None:
    match_id = opened(service)
    service.undo(match_id, BOB)
    match_page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert f'<a href="/matches/{match_id}/audit">Audit</a>' in match_page
    answer = client.get(f"/matches/{match_id}/audit")
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert '<h2 id="audit-title">2 items' in html
    assert html.count('<li class="audit-item kind-') == 2
    assert '<li class="audit-item kind-override">' in html
    assert f'<a href="/matches/{match_id}#entry-3">line 3</a>' in html
    assert "Rules: <strong>CG-4.2</strong>" in html
    # The reason is shown as text, never as markup.
    assert "<q>we let &lt;b&gt;Toho&lt;/b&gt; draft first</q>" in html
    assert "by alice · web · link L-alice" in html
    assert "by bob · phone · link L-bob" in html
    assert "undo of entry 3: draft coach=toho source=deck" in html


def test_the_filter_form_keeps_what_was_asked_and_the_downloads_follow_it(
    client: FlaskClient, service: Touchline, league: str
) -> None:
    match_id = opened(service)
    service.undo(match_id, BOB)
    html = client.get(
        f"/matches/{match_id}/audit?kind=override&by=ALICE&since=2026-11-30"
    ).get_data(as_text=True)
    assert html.count('<li class="audit-item') == 1 and "kind-override" in html
    assert '<input type="checkbox" name="kind" value="override" checked>' in html
    assert '<input type="checkbox" name="kind" value="retraction">' in html
    assert 'name="by" value="ALICE"' in html and 'name="since" value="2026-11-30"' in html
    assert "(kind override, by ALICE, since 2026-11-30T00:00:00+00:00)" in html
    query = "kind=override&amp;by=ALICE&amp;since=2026-11-30"
    assert f'href="/matches/{match_id}/audit.csv?{query}" download>CSV' in html
    assert f'href="/matches/{match_id}/audit.json?{query}" download>JSON' in html
    later = client.get(f"/matches/{match_id}/audit?since=2026-12-01").get_data(as_text=True)
    assert later.count('<li class="audit-item') == 1 and "kind-retraction" in later
    nothing = client.get(f"/matches/{match_id}/audit?by=nobody").get_data(as_text=True)
    assert "Nothing to show with this filter." in nothing


def test_the_downloads_are_the_cli_text(
    client: FlaskClient, service: Touchline, league: str
) -> None:
    match_id = opened(service)
    csv = client.get(f"/matches/{match_id}/audit.csv?kind=override")
    assert csv.status_code == 200 and csv.mimetype == "text/csv"
    assert csv.headers["Content-Disposition"] == f"attachment; filename={match_id[:8]}-audit.csv"
    assert csv.get_data(as_text=True) == to_csv(service.match_audit(match_id, ["override"]))
    json = client.get(f"/leagues/{LEAGUE.lower()}/audit.json")
    assert json.status_code == 200 and json.mimetype == "application/json"
    assert json.headers["Content-Disposition"] == "attachment; filename=spring-cup-2027-audit.json"
    assert json.get_data(as_text=True) == to_json(service.league_audit(LEAGUE))
    assert json.get_json()["items"][0]["reason"] == "we let <b>Toho</b> draft first"


def test_the_league_page_links_to_an_audit_across_its_matches(
    client: FlaskClient, service: Touchline, league: str
) -> None:
    first = opened(service)
    second = opened(service)
    opened(service, league=None)
    league_page = client.get(f"/leagues/{LEAGUE}").get_data(as_text=True)
    assert '<a href="/leagues/Spring%20Cup%202027/audit">Audit of the league</a>' in league_page
    html = client.get("/leagues/spring cup 2027/audit?kind=override").get_data(as_text=True)
    assert "2 items across 2 matches" in html
    for match_id in (first, second):
        assert f'<a href="/matches/{match_id}">Nankatsu (Alice) vs Toho (Bob)</a>' in html
    assert 'href="/leagues/Spring%20Cup%202027/audit.csv?kind=override" download' in html


def test_a_filter_that_cannot_work_is_shown_on_the_page_with_400(
    client: FlaskClient, service: Touchline, league: str
) -> None:
    match_id = opened(service)
    answer = client.get(f"/matches/{match_id}/audit?since=yesterday")
    assert answer.status_code == 400
    html = answer.get_data(as_text=True)
    assert "since: &#39;yesterday&#39; is not a date" in html
    assert 'name="since" value="yesterday"' in html and "audit-item" not in html
    league_answer = client.get(f"/leagues/{LEAGUE}/audit?kind=nonsense")
    assert league_answer.status_code == 400
    assert "kind: &#39;nonsense&#39; is not a kind" in league_answer.get_data(as_text=True)
    download = client.get(f"/leagues/{LEAGUE}/audit.csv?until=13/12")
    assert download.status_code == 400
    assert "until: &#39;13/12&#39; is not a date" in download.get_data(as_text=True)


@pytest.mark.parametrize(
    "path",
    [
        "/matches/ffffffff/audit",
        "/matches/ffffffff/audit.csv",
        "/leagues/Autumn Cup/audit",
        "/leagues/Autumn Cup/audit.json",
    ],
)
def test_an_unknown_match_or_league_is_a_404(client: FlaskClient, path: str) -> None:
    assert client.get(path).status_code == 404


def test_a_league_name_with_a_slash_has_its_audit(client: FlaskClient, service: Touchline) -> None:
    service.create_league("Cup 26/27", "card-game", ALICE)
    opened(service, "Cup 26/27")
    page = client.get("/leagues/Cup 26/27/audit")
    assert page.status_code == 200 and "1 item across 1 match" in page.get_data(as_text=True)
    csv = client.get("/leagues/Cup 26/27/audit.csv")
    assert "filename=cup-26-27-audit.csv" in csv.headers["Content-Disposition"]
