"""A coach's and a team's page: the record per game, head-to-head with links, and every match
linked to its page; a game ranked by placing shows placings, never won, drawn and lost. The
dice page shows each source and named die apart."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from service.entries import parse_entry
from tests.service.projections.pj_driver import finished_match, setup_for
from tests.service.projections.pj_helpers import record_all
from tests.service.test_golden_matches import CASES, golden_lines, record_as_the_table_did

ALICE = Author("alice", "2026-11-29T20:00:00+00:00")


def league_of_three(service: Touchline) -> None:
    service.create_league("Spring", "card-game", ALICE)
    played = [("Ann", "Bea", (2, 1)), ("Bea", "Ann", (1, 1)), ("Cy", "Ann", (0, 1))]
    for home, away, score in played:
        setup = setup_for(home, away)
        record_all(service, finished_match(*score, sum(score) + 3, setup), setup, "Spring")


def test_a_coach_page_has_the_record_head_to_head_and_every_match(
    client: FlaskClient, service: Touchline
) -> None:
    league_of_three(service)
    response = client.get("/stats/coaches/ann")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<h1>Ann</h1>" in html
    record = re.search(r'<table class="record">.*?</table>', html, re.S)
    assert record is not None
    cells = re.findall(r'<td class="num">([^<]*)</td>', record[0])
    assert cells == ["2", "1", "0", "67%", "33%", "0%"]  # won, drawn, lost: counts, rates
    assert "Win rate 67% over 3 finished matches" in html
    h2h = re.search(r'<table class="head-to-head">.*?</table>', html, re.S)
    assert h2h is not None
    assert '<a href="/stats/coaches/Bea">Bea</a>' in h2h[0]
    assert '<a href="/stats/coaches/Cy">Cy</a>' in h2h[0]
    bea_row = re.search(r"Bea</a>.*?</tr>", h2h[0], re.S)
    assert bea_row is not None
    assert re.findall(r'<td class="num">(\d+)</td>', bea_row[0]) == ["2", "1", "1", "0"]
    for match in service.coach_history("Ann").matches:
        assert f'<a href="/matches/{match.match_id}">' in html
    assert html.count('class="history-match') == 3
    assert "Spring" in html and html.count('<span class="outcome">won</span>') == 2


def test_a_team_page_meets_the_other_team(client: FlaskClient, service: Touchline) -> None:
    league_of_three(service)
    html = client.get("/stats/teams/Toho").get_data(as_text=True)
    assert '<a href="/stats/teams/Nankatsu">Nankatsu</a>' in html
    assert "against Nankatsu (Ann) with Bea" in html


def test_a_game_ranked_by_placing_shows_placings_not_wins(
    client: FlaskClient, service: Touchline
) -> None:
    ruleset, name, setup = CASES[3][:3]  # King of the Pitch, three teams: Alice's blue wins
    match = service.create_match(ruleset, setup, ALICE)
    for line in golden_lines(name):
        record_as_the_table_did(service, match.id, parse_entry(ruleset, line), ALICE)
    html = client.get("/stats/coaches/Chen").get_data(as_text=True)
    assert '<table class="record placings">' in html
    assert '<th scope="row">2nd</th><td class="num">1</td>' in html
    assert "1 game ranked, 3 crowns." in html
    assert "2nd of 3" in html
    assert "Win rate" not in html and '<table class="record">' not in html
    assert '<th scope="col" class="num">Ahead</th>' in html and ">W</abbr>" not in html


def test_the_dice_page_shows_each_source_and_named_die(
    client: FlaskClient, service: Touchline
) -> None:
    ruleset, name, setup = CASES[0][:3]
    match = service.create_match(ruleset, setup, ALICE)
    for line in golden_lines(name):
        label = "red d6" if line.startswith("roll nankatsu") else None
        record_as_the_table_did(
            service, match.id, parse_entry(ruleset, line), ALICE, die_label=label
        )
    html = client.get("/stats/dice").get_data(as_text=True)
    sources = service.dice_sources()
    assert [d.die for d in sources] == ["red d6", ""]
    red = sources[0].fairness
    assert f"Table: red d6, d6: {red.rolls} rolls" in html
    assert "Table: dice not named" in html
    counts = "".join(f'<td class="num">{n}</td>' for n in red.counts)
    assert counts in html
