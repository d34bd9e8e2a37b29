"""POST /api/matches/import: an imported match says who imported it, from which file, and what
the file claims; the same match imported twice into one league counts once."""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from tests.schemas.files import by_hand
from tests.web.api_support import organizer

FULL_MATCH = Path(__file__).parent.parent / "schemas" / "v1" / "card_game_full_match.touchline"
# What that file says it was exported from, and who created the match it holds.
FULL_MATCH_SOURCE = "b2765ff5-2946-44e6-844e-969ad1c2d01f"


def cup(service: Touchline) -> None:
    service.create_league("Cup", "card-game", Author("olga", "2026-11-30T09:00:00+00:00"))


def standing(client: FlaskClient, coach: str) -> dict[str, int]:
    table = client.get("/api/leagues/Cup/standings").get_json()["standings"]
    row = next(row for row in table if row["competitor"] == coach)
    return {name: row[name] for name in ("played", "won", "points")}


def test_the_same_file_imported_three_times_into_a_league_counts_once(
    client: FlaskClient, service: Touchline
) -> None:
    cup(service)
    data = FULL_MATCH.read_bytes()
    first = client.post(
        "/api/matches/import?league=Cup",
        data=data,
        content_type="text/plain",
        headers=organizer("Cup"),
    )
    assert first.status_code == 201, first.get_json()
    first_id = first.get_json()["match"]["id"]
    for _ in range(2):
        again = client.post(
            "/api/matches/import?league=Cup",
            data=data,
            content_type="text/plain",
            headers=organizer("Cup"),
        )
        assert again.status_code == 409, again.get_json()
        assert again.get_json()["match_id"] == first_id
        assert first_id in again.get_json()["message"]
    assert standing(client, "Alice") == {"played": 1, "won": 1, "points": 3}
    assert len(client.get("/api/matches").get_json()) == 1


def test_the_same_match_edited_is_refused_in_the_same_league(
    client: FlaskClient, service: Touchline
) -> None:
    cup(service)
    text = FULL_MATCH.read_text("utf-8")
    first = client.post(
        "/api/matches/import?league=Cup", json={"text": text}, headers=organizer("Cup")
    )
    assert first.status_code == 201
    # The same claimed source, a comment and a name changed: another file, the same match.
    edited = text.replace("# Touchline match file", "# edited").replace("by=alice", "by=bob")
    again = client.post(
        "/api/matches/import?league=Cup", json={"text": edited}, headers=organizer("Cup")
    )
    assert again.status_code == 409
    assert again.get_json()["match_id"] == first.get_json()["match"]["id"]
    assert standing(client, "Alice") == {"played": 1, "won": 1, "points": 3}


def test_a_hand_edited_file_shows_who_imported_it_and_what_the_file_claims(
    client: FlaskClient,
) -> None:
    text = FULL_MATCH.read_text("utf-8").replace(
        "31 by=alice at=2026-11-29T21:00:31+00:00", "31 by=bob at=2026-11-29T21:00:31+00:00"
    )
    data = by_hand(text).encode("utf-8")
    answer = client.post("/api/matches/import?by=carol", data=data, content_type="text/plain")
    assert answer.status_code == 201, answer.get_json()
    match = client.get(f"/api/matches/{answer.get_json()['match']['id']}").get_json()
    imported = match["imported"]
    assert (imported["by"], imported["device"]) == ("carol", "api")
    assert imported["sha256"] == hashlib.sha256(data).hexdigest()
    assert (imported["format_version"], imported["checked"]) == (1, False)
    assert imported["lines"] == len(match["log"])
    assert imported["claims"]["source"] == FULL_MATCH_SOURCE
    assert imported["claims"]["created_by"] == "alice"
    # The entry keeps what the file claims, and the match says that is all it is.
    assert match["log"][30]["by"] == "bob"
    listed = client.get("/api/matches").get_json()
    assert listed[0]["imported"]["by"] == "carol"


def test_a_match_scored_here_is_not_imported(client: FlaskClient, match_id: str) -> None:
    assert client.get(f"/api/matches/{match_id}").get_json()["imported"] is None
    assert client.get("/api/matches").get_json()[0]["imported"] is None
