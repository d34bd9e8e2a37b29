"""The league page, its downloads and the API tell confirmed results from unconfirmed and
disputed ones, under either setting of the league, on SQLite and PostgreSQL; the home page and
the API's match list say where each result stands."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.app import Touchline
from tests.service.projections.pj_confirmations import (
    COUNTING_ALL,
    COUNTING_CONFIRMED,
    LEAGUE,
    RESULT_DISPUTE,
    TOSS_DISPUTE,
    MixedLeague,
    count_unconfirmed,
    mixed_league,
)
from tests.service.projections.pj_helpers import AUTHOR
from web import create_app

SECRET = "confirmation-test-secret-key-of-32-chars"


@pytest.fixture
def web(store_url: str) -> Iterator[Flask]:
    app = create_app({"DATABASE_URL": store_url, "SECRET_KEY": SECRET, "TESTING": True})
    try:
        yield app
    finally:
        app.extensions["touchline"].close()


@pytest.fixture
def service(web: Flask) -> Touchline:
    touchline: Touchline = web.extensions["touchline"]
    return touchline


@pytest.fixture
def client(web: Flask) -> FlaskClient:
    return web.test_client()


@pytest.fixture
def league(service: Touchline) -> MixedLeague:
    return mixed_league(service)


def cells(html: str, competitor: str) -> list[str]:
    """The text of the standings row of `competitor`, cell by cell."""
    body = html[html.index('<table class="standings"') :]
    row = body[body.index(f">{competitor}</a>") :]
    return re.findall(r"<td[^>]*>(.*?)</td>", row[: row.index("</tr>")], re.S)


@pytest.mark.parametrize(
    ("counted", "expected"), [(True, COUNTING_ALL), (False, COUNTING_CONFIRMED)]
)
def test_the_league_page_shows_confirmed_results_apart(
    client: FlaskClient,
    service: Touchline,
    league: MixedLeague,
    counted: bool,
    expected: list[tuple[Any, ...]],
) -> None:
    count_unconfirmed(service, LEAGUE, counted)
    html = client.get(f"/leagues/{LEAGUE}").get_data(as_text=True)
    sentence = (
        "Unconfirmed results count in this table, disputed ones too."
        if counted
        else "Only results every coach confirmed count in this table."
    )
    assert sentence in html
    assert "1 of 3 results confirmed · 1 awaiting confirmation" in html
    assert '<a class="result-disputed" href="#open-disputes">1 disputed until ruled</a>' in html
    for _, competitor, played, *_, points, confirmed, unconfirmed, disputed in expected:
        row = cells(html, competitor)
        finished = confirmed + unconfirmed + disputed
        assert row[0] == str(played)
        assert row[1].endswith(f"{confirmed}/{finished}")
        assert ("⚑" in row[1]) == bool(disputed), competitor
        assert f"<strong>{points}</strong>" in row[-2]
    body = html[html.index('<table class="standings"') :]
    positions = [body.index(f">{row[1]}</a>") for row in expected]
    assert positions == sorted(positions)


def test_the_league_page_marks_each_matchs_result_and_lists_open_disputes(
    client: FlaskClient, league: MixedLeague
) -> None:
    html = client.get(f"/leagues/{LEAGUE}").get_data(as_text=True)
    matches = html[html.index("<h2>Matches</h2>") : html.index('id="open-disputes"')]
    assert '<td class="result-confirmed">confirmed</td>' in matches
    assert '<td class="result-unconfirmed">unconfirmed (awaiting Cid)</td>' in matches
    assert (
        '<td class="result-disputed"><a class="result-disputed" href="#open-disputes">'
        "disputed until ruled</a></td>"
    ) in matches
    assert 'href="#open-disputes">1 dispute open</a>' in matches
    disputes = html[html.index('id="open-disputes"') :]
    assert f'href="/matches/{league.disputed}#entry-{league.result_dispute}"' in disputes
    assert "The result, disputed by coach" in disputes
    assert f'href="/matches/{league.in_play}#entry-{league.toss_dispute}"' in disputes
    assert f'<a href="/matches/{league.in_play}#entry-1">Entry 1</a>' in disputes
    assert f"<q>{RESULT_DISPUTE}</q>" in disputes and f"<q>{TOSS_DISPUTE}</q>" in disputes
    assert disputes.index(RESULT_DISPUTE) < disputes.index(TOSS_DISPUTE)
    # Each dispute's link leads to its line on the match page.
    page = client.get(f"/matches/{league.disputed}").get_data(as_text=True)
    assert f'id="entry-{league.result_dispute}"' in page


def test_a_league_with_no_open_dispute_says_so(client: FlaskClient, service: Touchline) -> None:
    service.create_league("Quiet Cup", "card-game", AUTHOR)
    html = client.get("/leagues/Quiet Cup").get_data(as_text=True)
    assert "None: no dispute is waiting for a ruling." in html


@pytest.mark.parametrize("counted", [True, False])
def test_the_downloads_and_the_api_carry_the_confirmations(
    client: FlaskClient, service: Touchline, league: MixedLeague, counted: bool
) -> None:
    count_unconfirmed(service, LEAGUE, counted)
    expected = COUNTING_ALL if counted else COUNTING_CONFIRMED
    fields = ("place", "competitor", "played", "points", "confirmed", "unconfirmed", "disputed")
    wanted = [(r[0], r[1], r[2], r[8], r[9], r[10], r[11]) for r in expected]
    rows = list(csv.DictReader(io.StringIO(client.get(f"/leagues/{LEAGUE}/standings.csv").text)))
    assert [tuple(int(r[f]) if f != "competitor" else r[f] for f in fields) for r in rows] == wanted
    for answer in (
        client.get(f"/leagues/{LEAGUE}/standings.json").get_json(),
        client.get(f"/api/leagues/{LEAGUE}/standings").get_json(),
    ):
        assert answer["count_unconfirmed"] is counted
        assert [tuple(r[f] for f in fields) for r in answer["standings"]] == wanted
        assert [(d["match_id"], d["dispute"], d["entry"]) for d in answer["open_disputes"]] == [
            (league.disputed, league.result_dispute, None),
            (league.in_play, league.toss_dispute, 1),
        ]
    listed = client.get("/api/leagues").get_json()
    assert [(x["name"], x["count_unconfirmed"]) for x in listed] == [(LEAGUE, counted)]


def test_the_home_page_and_the_api_list_say_where_each_result_stands(
    client: FlaskClient, league: MixedLeague
) -> None:
    listed = {m["id"]: m for m in client.get("/api/matches").get_json()}
    assert {
        match_id: (m["result_status"], m["awaiting"], m["open_disputes"])
        for match_id, m in listed.items()
    } == {
        league.confirmed: ("confirmed", [], 0),
        league.unconfirmed: ("unconfirmed", ["Cid"], 0),
        league.disputed: ("disputed", ["Cid", "Ann"], 1),
        league.in_play: ("in-play", [], 1),
    }
    html = client.get("/").get_data(as_text=True)
    assert '<span class="result-confirmed">confirmed</span>' in html
    assert '<span class="result-unconfirmed">unconfirmed (awaiting Cid)</span>' in html
    assert '<span class="result-disputed">disputed until ruled</span>' in html
    assert '<span class="result-in-play">1 dispute open</span>' in html
