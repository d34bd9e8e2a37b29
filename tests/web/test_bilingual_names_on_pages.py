"""Names in either language through the web app and the JSON API: a team or side typed in
Japanese in an API body, both names shown on the new-match form and the card pick."""

from __future__ import annotations

from flask.testing import FlaskClient

from service.app import Touchline
from tests.opening import OPENING, record_text
from tests.web.api_support import create, enter
from tests.web.conftest import become_scorer
from tests.web.test_card_pick import ALICE, CARDS, live, to_first_play


def test_an_api_body_names_the_teams_and_sides_in_japanese(client: FlaskClient) -> None:
    setup = {"home": {"team": "南葛", "coach": "翼"}, "away": {"team": "東邦", "coach": "日向"}}
    answer = create(client, setup=setup)
    assert answer.status_code == 201, answer.get_json()
    match_id = answer.get_json()["match"]["id"]
    for text in ("toss 東邦", "kickoff coach=東邦", "draft 南葛 deck", "draft toho deck"):
        assert enter(client, match_id, text).status_code == 201, text
    played = enter(client, match_id, "play 東邦 日向小次郎 3 1 0")
    assert played.status_code == 201, played.get_json()
    entries = client.get(f"/api/matches/{match_id}").get_json()["log"]
    assert entries[-1]["action"]["coach"] == "toho"
    assert entries[-1]["action"]["card"] == "日向小次郎"


def test_a_japanese_team_an_api_body_cannot_name_is_400(client: FlaskClient) -> None:
    setup = {"home": {"team": "明和", "coach": "翼"}, "away": {"team": "東邦", "coach": "日向"}}
    answer = create(client, setup=setup)
    assert answer.status_code == 400
    assert "Nankatsu or Toho (南葛 or 東邦)" in answer.get_json()["message"]


def test_the_new_match_form_shows_both_names_of_a_team(client: FlaskClient) -> None:
    page = client.get("/matches/new").get_data(as_text=True)
    assert 'value="Nankatsu"' in page and ">Nankatsu（南葛）</option>" in page
    assert ">blue（青）</option>" in page


def test_the_card_pick_shows_both_names_and_posts_the_name_as_listed(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    service.import_card_list(CARDS, ALICE)
    to_first_play(service, match_id)
    become_scorer(client, match_id)
    page = live(client, match_id)
    pick = page[page.index('class="entry-form card-pick') : page.index("Another card")]
    assert 'name="card" value="Kojiro Hyuga"' in pick
    assert "<strong>Kojiro Hyuga（日向小次郎）</strong>" in pick


def test_the_play_area_shows_both_names_of_a_card(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    for line in OPENING[:6]:
        record_text(service, match_id, line, ALICE)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert '<th scope="row">Kojiro Hyuga（日向小次郎）</th>' in page
    assert '<th scope="row">Tsubasa Ozora（大空翼）</th>' in page
