"""The API's card lists: read, export, import (a league's, by its organizer), the cards a
match's sides may pick, and an entry leaving a card's values out."""

from __future__ import annotations

from flask.testing import FlaskClient

from domain.match import Author
from domain.printed import PrintedCard
from service.app import Touchline
from tests.card_lists_before_v2 import store_learned_before_v2
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
    [card] = listed["cards"]
    assert card["learned"]["how"] == "file" and card["learned"]["match"] is None
    assert card == {
        "name": "Kojiro Hyuga",
        "side": "toho",
        "values": {"shot": 3, "pass": 1, "defense": 0},
        "learned": card["learned"],
    }
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


def test_each_card_says_where_its_values_came_from(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    service.import_card_list(CARDS, ALICE)
    for line in OPENING[:4]:
        assert enter(client, match_id, line).status_code == 201
    assert enter(client, match_id, 'play toho "Takeshi Sawada" 2 3 1').status_code == 201
    service.create_league("Spring Cup", "card-game", ALICE)
    taki = PrintedCard("Hajime Taki", (1, 2, 0), "nankatsu")
    store_learned_before_v2(service, [taki], "carol", "2026-10-01T18:00:00+00:00", "Spring Cup")

    listed = {
        c["name"]: c["learned"] for c in client.get("/api/cards/card-game").get_json()["cards"]
    }
    assert listed["Kojiro Hyuga"] == {
        "how": "file",
        "by": "alice",
        "at": ALICE.at,
        "link": None,
        "match": None,
        "match_title": None,
    }
    sawada = listed["Takeshi Sawada"]
    assert (sawada["how"], sawada["match"]) == ("entry", match_id)
    assert sawada["match_title"] == service.get_match(match_id).title
    # Learned before the list kept the match (CardsRecorded version 1): not known.
    [old] = client.get("/api/cards/card-game?league=Spring%20Cup").get_json()["cards"]
    assert old["learned"] == {
        "how": "entry",
        "by": "carol",
        "at": "2026-10-01T18:00:00+00:00",
        "link": None,
        "match": None,
        "match_title": None,
    }
    # The file keeps its format: values alone.
    exported = client.get("/api/cards/card-game/file").get_data(as_text=True)
    assert "alice" not in exported and "2 3 1 toho Takeshi Sawada" in exported


def test_the_openapi_document_declares_where_a_card_was_learned(client: FlaskClient) -> None:
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    learned = schemas["CardLearned"]
    assert set(learned["required"]) == {"how", "by", "at", "link", "match", "match_title"}
    assert learned["properties"]["how"]["enum"] == ["entry", "file"]
    assert "learned" in schemas["PrintedCard"]["required"]
