"""Access links on the pages (issue 12 point 1): /in/ opens any link and goes where its role
works, a session holds several links and drops a revoked one at once, the Links panel shows
only to who may issue there, and an issued link is shown once as text and QR code."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.app import Touchline
from tests.links import OWNER, issue
from tests.opening import SETUP
from tests.web.conftest import post_form

CUP = "Cup"


@pytest.fixture
def league_match(service: Touchline) -> str:
    service.create_league(CUP, "card-game", OWNER)
    return service.create_match("card-game", SETUP, OWNER, CUP).id


@pytest.mark.parametrize(
    ("role", "scope", "lands"),
    [
        ("scorer", {}, "/matches/{match}/live"),
        ("referee", {}, "/matches/{match}"),
        ("coach", {"side": "toho"}, "/matches/{match}"),
        ("organizer", {"league": CUP}, "/leagues/Cup"),
    ],
)
def test_a_link_opens_where_its_role_works(
    client: FlaskClient, service: Touchline, league_match: str, role: str, scope: dict, lands: str
) -> None:
    where = scope if "league" in scope else {"match": league_match, **scope}
    answer = client.get(f"/in/{issue(service, role, **where)}")
    assert answer.status_code == 302
    assert answer.headers["Location"] == lands.format(match=league_match)


def test_an_unknown_or_revoked_link_is_a_clear_403(
    client: FlaskClient, service: Touchline, league_match: str
) -> None:
    page = client.get("/in/never-issued")
    assert page.status_code == 403 and "revoked, or never issued" in page.get_data(as_text=True)
    token = issue(service, "scorer", match=league_match)
    assert client.get(f"/matches/{league_match}/live").status_code == 403
    client.get(f"/in/{token}")
    assert client.get(f"/matches/{league_match}/live").status_code == 200
    service.revoke_link(service.grant_of(token).link, "phone lost", OWNER)  # type: ignore[union-attr]
    # The very next request refuses it, and the session lets it go.
    assert client.get(f"/matches/{league_match}/live").status_code == 403
    with client.session_transaction() as session:
        assert token not in session.get("links", [])
    assert client.get(f"/in/{token}").status_code == 403


def test_the_old_scorer_address_opens_a_scorer_link_of_that_match_only(
    client: FlaskClient, service: Touchline, league_match: str
) -> None:
    other = service.create_match("card-game", SETUP, OWNER).id
    token = issue(service, "scorer", match=other)
    assert client.get(f"/matches/{league_match}/score/{token}").status_code == 403
    answer = client.get(f"/matches/{other}/score/{token}")
    assert answer.status_code == 302 and answer.headers["Location"] == f"/matches/{other}/live"


def test_a_browser_holds_several_links(
    client: FlaskClient, service: Touchline, league_match: str
) -> None:
    client.get(f"/in/{issue(service, 'coach', match=league_match, side='toho')}")
    client.get(f"/in/{issue(service, 'referee', league=CUP)}")
    service.record(league_match, {"kind": "toss", "winner": "toho"}, OWNER)
    service.dispute(league_match, 1, "coin", OWNER)
    page = client.get(f"/matches/{league_match}").get_data(as_text=True)
    assert "Rule on dispute 2" in page  # as the referee
    assert 'href="/matches/' in page and "/entries/1/dispute" in page  # as the coach


def test_the_links_panel_shows_only_to_who_may_issue_there(
    app: Flask, service: Touchline, league_match: str
) -> None:
    def panel(role: str | None, **scope: str) -> str:
        browser = app.test_client()
        if role:
            browser.get(f"/in/{issue(service, role, **scope)}")
        return browser.get(f"/matches/{league_match}").get_data(as_text=True)

    assert 'id="links"' not in panel(None)
    assert 'id="links"' not in panel("scorer", match=league_match)
    assert 'id="links"' not in panel("coach", match=league_match, side="toho")
    organizer = panel("organizer", league=CUP)
    assert 'id="links"' in organizer
    assert re.findall(r'<option value="(\w+)">\1</option>', organizer) == [
        "referee",
        "scorer",
        "coach",
    ]
    # A friendly's scorer hands its coaches their links.
    friendly = service.create_match("card-game", SETUP, OWNER).id
    browser = app.test_client()
    browser.get(f"/in/{issue(service, 'scorer', match=friendly)}")
    page = browser.get(f"/matches/{friendly}").get_data(as_text=True)
    assert re.findall(r'<option value="(\w+)">\1</option>', page) == ["coach"]


def test_an_issued_link_is_shown_once_and_a_bad_request_stores_nothing(
    client: FlaskClient, service: Touchline, league_match: str
) -> None:
    client.get(f"/in/{issue(service, 'organizer', league=CUP)}")
    form = {"match": league_match, "role": "coach", "side": "toho", "person": "Bob"}
    page = post_form(client, "/links", form)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "A coach link for Bob" in html and "<svg" in html
    token = re.search(r'value="http://localhost/in/([A-Za-z0-9_-]{32})"', html)
    assert token is not None
    grant = service.grant_of(token[1])
    assert grant is not None and (grant.side, grant.person) == ("toho", "Bob")
    before = len(service.links(include_revoked=True))
    for bad in ({**form, "side": "milan"}, {**form, "person": "B\u0007b"}, {**form, "role": "god"}):
        assert post_form(client, "/links", bad).status_code == 400
    assert len(service.links(include_revoked=True)) == before
