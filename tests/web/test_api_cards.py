"""The API's card lists: read, export, import (a league's, by its organizer), the cards a
match's sides may pick, and an entry leaving a card's values out."""

from __future__ import annotations

from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from tests.opening import OPENING
from tests.web.api_support import enter, organizer

CARDS = """touchline card list 1
game card-game
values shot pass defense
3 1 0 toho Kojiro Hyuga
"""
ALICE = Author("alice", "2026-11-29T20:00:00+00:00")


def test_a_leagues_card_list_is_imported_by_its_organizer_read_and_exported(
    client: FlaskClient, service: Touchline
) -> None:
    service.create_league("Spring Cup", "card-game", ALICE)
    url = "/api/cards/import?league=spring%20cup"
    assert client.post(url, data=CARDS, content_type="text/plain").status_code == 401
    answer = client.post(
        url, data=CARDS, content_type="text/plain", headers=organizer("Spring Cup")
    )
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["changed"] == 1
    listed = client.get("/api/cards/card-game?league=Spring%20Cup").get_json()
    assert listed["league"] == "Spring Cup" and listed["fields"] == ["shot", "pass", "defense"]
    assert listed["cards"] == [
        {"name": "Kojiro Hyuga", "side": "toho", "values": {"shot": 3, "pass": 1, "defense": 0}}
    ]
    exported = client.get("/api/cards/card-game/file?league=Spring%20Cup")
    assert exported.mimetype == "text/plain"
    assert "3 1 0 toho Kojiro Hyuga" in exported.get_data(as_text=True)
    assert client.get("/api/cards/card-game").get_json()["cards"] == []


def test_a_bad_file_is_400_naming_the_line_and_keeps_nothing(
    client: FlaskClient, service: Touchline
) -> None:
    service.create_league("Spring Cup", "card-game", ALICE)
    answer = client.post(
        "/api/cards/import?league=Spring%20Cup",
        data=CARDS + "x y z toho Nobody\n",
        content_type="text/plain",
        headers=organizer("Spring Cup"),
    )
    assert answer.status_code == 400
    assert "line 5" in answer.get_json()["message"]
    assert client.get("/api/cards/card-game?league=Spring%20Cup").get_json()["cards"] == []


def test_a_game_without_printed_values_has_no_card_list(client: FlaskClient) -> None:
    answer = client.get("/api/cards/king-of-the-pitch")
    assert answer.status_code == 400 and "no card list" in answer.get_json()["message"]


def test_the_cards_a_side_may_pick_and_a_play_naming_one_alone(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    service.import_card_list(CARDS, ALICE)
    for line in OPENING[:4]:
        assert enter(client, match_id, line).status_code == 201
    offered = client.get(f"/api/matches/{match_id}/cards").get_json()
    assert offered == {
        "sides": {
            "toho": [
                {
                    "name": "Kojiro Hyuga",
                    "values": {"shot": 3, "pass": 1, "defense": 0},
                    "text": "Shot 3, Pass 1, Defense 0",
                }
            ]
        }
    }
    missing = enter(client, match_id, 'play toho "Ken Wakashimazu" defense=3')
    assert missing.status_code == 400
    assert "Ken Wakashimazu's printed shot, pass" in missing.get_json()["message"]
    played = enter(client, match_id, 'play toho "Kojiro Hyuga"')
    assert played.status_code == 201, played.get_json()
    other = enter(client, match_id, 'play nankatsu "Tsubasa Ozora" 3 3 1')
    assert other.status_code == 201
