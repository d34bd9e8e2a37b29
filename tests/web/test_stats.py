"""Statistics pages: the index of known names, one player, coach or team, and the dice with a
distribution chart per die type (the figures `touchline stats …` prints)."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from service.app import Touchline
from tests.service.projections.pj_driver import finished_match, setup_for
from tests.service.projections.pj_helpers import record_all


@pytest.fixture
def played(service: Touchline) -> None:
    for home, away, a, b, seed in [("Ann", "Bea", 2, 1, 1), ("Bea", "Ann", 0, 1, 2)]:
        setup = setup_for(home, away)
        record_all(service, finished_match(a, b, seed, setup), setup)


def test_the_index_links_every_known_name(client: FlaskClient, played: None) -> None:
    html = client.get("/stats").get_data(as_text=True)
    assert '<a href="/stats/coaches/Ann">Ann</a>' in html
    assert '<a href="/stats/coaches/Bea">Bea</a>' in html
    assert '<a href="/stats/teams/Nankatsu">Nankatsu</a>' in html
    assert re.search(r'<a href="/stats/players/Nankatsu%20player%20\d+">', html)
    assert '<a href="/stats/dice?coach=Ann">Ann</a>' in html


def test_an_empty_store_has_nothing_to_list(client: FlaskClient) -> None:
    html = client.get("/stats").get_data(as_text=True)
    assert html.count("None recorded yet.") == 3


@pytest.mark.parametrize(
    ("path", "kind", "name"),
    [("coaches/ann", "coach", "Ann"), ("teams/Toho", "team", "Toho")],
)
def test_a_subject_page_shows_every_count(
    client: FlaskClient, service: Touchline, played: None, path: str, kind: str, name: str
) -> None:
    found = service.subject_stats(kind, name)
    response = client.get(f"/stats/{path}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert f"<h1>{name}</h1>" in html
    assert f"in {found.matches} matches" in html
    assert found.counts
    for stat, value in found.counts.items():
        label = stat.replace("_", " ")
        assert f'<th scope="row">{label}</th><td class="num">{value}</td>' in html


def test_a_player_card_page(client: FlaskClient, service: Touchline, played: None) -> None:
    html = client.get("/stats").get_data(as_text=True)
    card = re.search(r'<a href="/stats/players/[^"]+">([^<]+)</a>', html)
    assert card is not None
    found = service.player_stats(card[1])
    page = client.get(f"/stats/players/{card[1]}").get_data(as_text=True)
    assert f"<h1>{card[1]}</h1>" in page
    assert f'<td class="num">{found.counts["cards_played"]}</td>' in page


@pytest.mark.parametrize("path", ["players/Nobody", "coaches/Nobody", "teams/Nobody"])
def test_an_unknown_name_is_a_404(client: FlaskClient, played: None, path: str) -> None:
    response = client.get(f"/stats/{path}")
    assert response.status_code == 404
    assert "Nobody" in response.get_data(as_text=True)


def test_the_dice_page_charts_each_die_against_a_fair_one(
    client: FlaskClient, service: Touchline, played: None
) -> None:
    (d6,) = service.dice()
    html = client.get("/stats/dice").get_data(as_text=True)
    assert f"d6: {d6.rolls} rolls" in html
    assert html.count('<rect class="bar"') == 6
    assert html.count('class="expected"') == 1
    for face, count in enumerate(d6.counts, start=1):
        assert f"<title>Face {face}: {count}</title>" in html
    assert d6.p_value is not None
    assert f"p = {d6.p_value:.4f}" in html
    verdict = "looks fair" if d6.p_value >= 0.01 else "suspicious"
    assert verdict in html


def test_the_dice_of_one_coach(client: FlaskClient, service: Touchline, played: None) -> None:
    (d6,) = service.dice("Bea")
    html = client.get("/stats/dice?coach=bea").get_data(as_text=True)
    assert f"d6: {d6.rolls} rolls" in html
    assert d6.rolls < service.dice()[0].rolls
    assert client.get("/stats/dice?coach=Nobody").status_code == 404


def test_no_dice_yet(client: FlaskClient) -> None:
    html = client.get("/stats/dice").get_data(as_text=True)
    assert "No dice recorded yet." in html
    assert "<svg" not in html
