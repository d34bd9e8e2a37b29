"""POST /api/matches/import with what an export does not write: every such body is a 400
naming the problem (never a 500) and stores nothing; the answer says whether the file was
checked."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from tests.links import bearer, issue
from tests.opening import OPENING
from tests.schemas.files import by_hand
from tests.web.api_support import enter

V1_FILE = Path(__file__).parent.parent / "schemas" / "v1" / "card_game_opening.touchline"


@pytest.fixture
def exported(client: FlaskClient, match_id: str) -> bytes:
    for line in OPENING:
        assert enter(client, match_id, line).status_code == 201
    data: bytes = client.get(f"/api/matches/{match_id}/export").get_data()
    return data


def refused(client: FlaskClient, **request: object) -> str:
    before = client.get("/api/matches").get_json()
    answer = client.post("/api/matches/import", **request)  # type: ignore[arg-type]
    assert answer.status_code == 400, answer.get_data(as_text=True)
    assert client.get("/api/matches").get_json() == before
    message: str = answer.get_json()["message"]
    return message


def test_an_exported_file_imports_checked(
    client: FlaskClient, match_id: str, exported: bytes
) -> None:
    answer = client.post("/api/matches/import", data=exported, content_type="text/plain")
    assert answer.status_code == 201
    assert answer.get_json()["match_file"] == {
        "version": 4,
        "checked": True,
        "chain": True,
        "chain_break": None,
        "sha256": hashlib.sha256(exported).hexdigest(),
        "notice": f"exported from match {match_id} of this store (counts in no league)",
        "same": [{"match_id": match_id, "league": None, "imported": False}],
    }


def test_a_file_without_a_checksum_imports_unchecked(client: FlaskClient) -> None:
    answer = client.post("/api/matches/import", json={"text": V1_FILE.read_text("utf-8")})
    assert answer.status_code == 201
    match_file = answer.get_json()["match_file"]
    assert (match_file["version"], match_file["checked"]) == (1, False)
    assert match_file["notice"].startswith("unchecked: the file has no checksum")


def test_a_changed_file_is_refused(client: FlaskClient, exported: bytes) -> None:
    changed = exported.replace(b"value=5", b"value=6")
    message = refused(client, data=changed, content_type="text/plain")
    assert message.startswith("checksum mismatch: the file was changed after export")


def test_a_hundred_thousand_deep_json_body_is_400(client: FlaskClient) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    message = refused(client, data=deep, content_type="application/json")
    assert message.startswith("the JSON body is nested too deeply")


def test_a_json_body_that_is_not_an_object_is_400(client: FlaskClient) -> None:
    assert "send a JSON object" in refused(client, json=["text"])
    assert "not valid JSON" in refused(client, data=b"{", content_type="application/json")


def test_a_deeply_nested_setup_is_400(client: FlaskClient, exported: bytes) -> None:
    text = by_hand(exported.decode("utf-8"))
    setup = next(line for line in text.splitlines() if line.startswith("setup: "))
    deep = "setup: " + "[" * 100_000 + setup.removeprefix("setup: ") + "]" * 100_000
    message = refused(client, data=text.replace(setup, deep), content_type="text/plain")
    assert message.startswith("line 4: setup: nested deeper than 16 levels")


def test_a_body_that_is_not_utf8_is_400_naming_where(client: FlaskClient) -> None:
    message = refused(client, data=b"touchline-match: 2\n\xff\xfe", content_type="text/plain")
    assert message.startswith("line 2, column 1: not UTF-8 text (byte 0xff")


def test_utf16_with_its_byte_order_mark_imports(client: FlaskClient, exported: bytes) -> None:
    data = exported.decode("utf-8").encode("utf-16")
    answer = client.post("/api/matches/import", data=data, content_type="text/plain")
    assert answer.status_code == 201 and answer.get_json()["match_file"]["checked"]


def test_a_long_line_is_400_naming_it(client: FlaskClient, exported: bytes) -> None:
    # 1.9 MB in one line once held a server thread for 42 seconds before its 400.
    note = b"12 by=bob at=2026-11-29T21:10:00+00:00 note 10 text=" + b"x" * 1_900_000
    text = by_hand(exported.decode("utf-8")).encode("utf-8")
    text = text.replace(b"\nend:", b"\n" + note + b"\nend:")
    message = refused(client, data=text, content_type="text/plain")
    assert message.startswith("line 39 holds 1,900,052 characters; a line of a match file")


def test_an_import_into_a_league_names_the_organizers_link(
    client: FlaskClient, service: Touchline, exported: bytes
) -> None:
    service.create_league("Cup", "card-game", Author("owner", "2026-11-29T20:00:00+00:00"))
    token = issue(service, "organizer", league="Cup", person="Olga")
    answer = client.post(
        "/api/matches/import?league=Cup",
        data=exported,
        content_type="text/plain",
        headers=bearer(token),
    )
    assert answer.status_code == 201, answer.get_json()
    importer = answer.get_json()["match"]["imported"]
    grant = service.grant_of(token)
    assert grant is not None
    assert (importer["by"], importer["link"]) == ("Olga", grant.link)
