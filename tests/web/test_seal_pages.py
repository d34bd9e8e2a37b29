"""The sealed record on the web: `GET /api/matches/<id>/seal` and the match page show the seal
of an intact record, and name the first broken event once a stored row was edited behind the
application's back (SQLite and PostgreSQL). Reading is public: no token, no session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from tests.opening import OPENING, SETUP, record_text
from tests.tamper import StoredRows
from tests.web.conftest import SECRET
from web import create_app

ALICE = Author("alice", "2026-11-29T21:00:00+00:00", "test")


@pytest.fixture
def web(store_url: str) -> Iterator[Flask]:
    app = create_app({"DATABASE_URL": store_url, "SECRET_KEY": SECRET, "TESTING": True})
    yield app
    app.extensions["touchline"].close()


@pytest.fixture
def scored(web: Flask) -> str:
    service: Touchline = web.extensions["touchline"]
    match_id = service.create_match("card-game", SETUP, ALICE).id
    for line in OPENING:
        record_text(service, match_id, line, ALICE)
    return match_id


def test_an_intact_record_answers_its_seal(web: Flask, scored: str) -> None:
    client: FlaskClient = web.test_client()
    seal = web.extensions["touchline"].load_record(scored).seal
    answer = client.get(f"/api/matches/{scored[:8]}/seal")
    assert answer.status_code == 200
    assert answer.get_json() == {
        "match_id": scored,
        "intact": True,
        "seal": seal,
        "events": 12,
        "sealed": 12,
        "unsealed": 0,
        "broken": None,
        "message": f"record intact: 12 events sealed, seal {seal}",
    }
    page = client.get(f"/matches/{scored}").get_data(as_text=True)
    assert 'data-seal="intact"' in page and f">{seal[:12]}</code>" in page
    assert "12 events sealed" in page and "Record broken" not in page


def test_a_die_changed_in_the_database_is_named_by_the_api_and_the_page(
    web: Flask, scored: str
) -> None:
    StoredRows(web.extensions["touchline"], scored).replace(
        11, b'"toho","value":5,', b'"toho","value":6,'
    )
    client = web.test_client()
    answer = client.get(f"/api/matches/{scored}/seal").get_json()
    assert answer["intact"] is False and answer["seal"] is None
    assert answer["broken"] | {"detail": ""} == {
        "version": 11,
        "kind": "entry",
        "check": "digest",
        "line": 10,
        "detail": "",
    }
    page = client.get(f"/matches/{scored}").get_data(as_text=True)
    assert 'data-seal="broken"' in page and 'role="alert"' in page
    assert "fails at event 11 (entry, log line 10):" in page
    assert "its digest does not match its content." in page


def test_a_deleted_row_is_named_by_the_api_and_the_page(web: Flask, scored: str) -> None:
    """The match no longer loads without its event 4: the page says why, never a 500."""
    StoredRows(web.extensions["touchline"], scored).delete(4)
    client = web.test_client()
    answer = client.get(f"/api/matches/{scored}/seal").get_json()
    assert answer["broken"]["version"] == 4 and answer["broken"]["check"] == "missing"
    assert answer["broken"]["kind"] is None and answer["broken"]["line"] is None
    page = client.get(f"/matches/{scored}")
    assert page.status_code == 409
    assert "record broken at event 4: an event is missing" in page.get_data(as_text=True)
    refused = client.get(f"/api/matches/{scored}")
    assert refused.status_code == 409 and "event 4" in refused.get_json()["message"]


def test_an_unknown_match_is_404(web: Flask) -> None:
    answer = web.test_client().get("/api/matches/00000000-0000-0000-0000-000000000000/seal")
    assert answer.status_code == 404 and "error" in answer.get_json()


def test_the_openapi_document_describes_the_seal(web: Flask) -> None:
    document = web.test_client().get("/api/openapi.json").get_json()
    operation = document["paths"]["/api/matches/{match_id}/seal"]["get"]
    assert set(operation["responses"]) >= {"200", "404"}
    schema = document["components"]["schemas"]["Seal"]
    assert set(schema["properties"]) >= {"intact", "seal", "broken", "unsealed", "sealed"}
