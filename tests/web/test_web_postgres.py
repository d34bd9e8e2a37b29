"""The web app on PostgreSQL: the API's writes, refusals and races against the server store.

Each test builds its own app on the database the `postgres_url` fixture made for it, and closes
the service's connection pool before the fixture drops that database.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.links import scorer_token, use
from tests.opening import OPENING
from tests.web.api_support import create, version
from web import create_app

pytestmark = pytest.mark.postgres

SECRET = "postgres-test-secret-key-of-32-characters"


@pytest.fixture
def pg_app(postgres_url: str) -> Iterator[Flask]:
    app = use(create_app({"DATABASE_URL": postgres_url, "SECRET_KEY": SECRET}))
    try:
        yield app
    finally:
        app.extensions["touchline"].close()


@pytest.fixture
def pg_client(pg_app: Flask) -> FlaskClient:
    return pg_app.test_client()


@pytest.fixture
def pg_match(pg_client: FlaskClient) -> str:
    answer = create(pg_client)
    assert answer.status_code == 201, answer.get_json()
    match_id: str = answer.get_json()["match"]["id"]
    return match_id


def enter(client: FlaskClient, match_id: str, text: str, **fields: Any) -> Any:
    # A scorer link issued in this app's PostgreSQL store.
    headers = {"Authorization": f"Bearer {scorer_token(match_id)}"}
    body = {"text": text, "by": "alice", **fields}
    return client.post(f"/api/matches/{match_id}/entries", json=body, headers=headers)


def texts(client: FlaskClient, match_id: str) -> list[Any]:
    """The actions in the log, as the app reads them back from the server."""
    return [line["action"] for line in client.get(f"/api/matches/{match_id}").get_json()["log"]]


def test_a_match_created_through_the_api_is_stored_on_the_server(
    pg_client: FlaskClient, pg_match: str
) -> None:
    assert version(pg_client, pg_match) == 1
    assert [m["id"] for m in pg_client.get("/api/matches").get_json()] == [pg_match]


def test_the_opening_recorded_through_the_api_is_stored_in_order(
    pg_client: FlaskClient, pg_match: str
) -> None:
    for number, line in enumerate(OPENING, start=1):
        answer = enter(pg_client, pg_match, line, expected_version=number)
        assert answer.status_code == 201, (line, answer.get_json())
        assert answer.get_json()["version"] == number + 1
    match = pg_client.get(f"/api/matches/{pg_match}").get_json()
    assert [line["number"] for line in match["log"]] == list(range(1, len(OPENING) + 1))
    assert match["situation"]["score"] == {"nankatsu": 0, "toho": 1}


def test_a_stale_expected_version_is_409_and_stores_nothing(
    pg_client: FlaskClient, pg_match: str
) -> None:
    assert enter(pg_client, pg_match, OPENING[0]).status_code == 201
    before = texts(pg_client, pg_match)
    answer = enter(pg_client, pg_match, OPENING[1], expected_version=1)
    assert answer.status_code == 409 and answer.get_json()["current_version"] == 2
    assert version(pg_client, pg_match) == 2 and texts(pg_client, pg_match) == before


def test_a_repeated_idempotency_key_stores_the_entry_once(
    pg_client: FlaskClient, pg_match: str
) -> None:
    first = enter(pg_client, pg_match, "toss winner=?", key="phone-1")
    again = enter(pg_client, pg_match, "toss winner=?", key="phone-1")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json()["entry"] == first.get_json()["entry"]
    assert version(pg_client, pg_match) == 2 and len(texts(pg_client, pg_match)) == 1


def test_two_phones_entering_at_the_same_version_one_wins_one_gets_409(
    pg_app: Flask, pg_match: str
) -> None:
    """Both phones saw version 1 and send a different toss at once. Whether the loser loads
    the match after the winner saved (a stale version) or collides with it on the server's
    unique version constraint, exactly one toss is stored."""
    phones = [pg_app.test_client(), pg_app.test_client()]
    tosses = ["toss winner=toho", "toss winner=nankatsu"]
    start = threading.Barrier(len(phones))
    answers: list[Any] = [None, None]

    def send(index: int) -> None:
        start.wait()
        answers[index] = enter(phones[index], pg_match, tosses[index], expected_version=1)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(phones))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert None not in answers, "a phone never got an answer"
    assert sorted(answer.status_code for answer in answers) == [201, 409]
    winner = tosses[[answer.status_code for answer in answers].index(201)]
    stored = pg_app.test_client().get(f"/api/matches/{pg_match}").get_json()
    assert stored["version"] == 2 and len(stored["log"]) == 1
    assert stored["log"][0]["action"]["winner"] == winner.removeprefix("toss winner=")


def test_export_then_import_through_the_api_gives_the_same_match(
    pg_client: FlaskClient, pg_match: str
) -> None:
    for line in OPENING:
        assert enter(pg_client, pg_match, line).status_code == 201
    exported = pg_client.get(f"/api/matches/{pg_match}/export")
    assert exported.status_code == 200
    answer = pg_client.post(
        "/api/matches/import", data=exported.get_data(), content_type="text/plain"
    )
    assert answer.status_code == 201, answer.get_json()
    copy_id = answer.get_json()["match"]["id"]
    original = pg_client.get(f"/api/matches/{pg_match}").get_json()
    copy = pg_client.get(f"/api/matches/{copy_id}").get_json()
    assert copy_id != pg_match
    assert texts(pg_client, copy_id) == texts(pg_client, pg_match)
    assert copy["situation"] == original["situation"]
    # The copy holds one event more than its original: its provenance.
    assert copy["version"] == original["version"] + 1
    assert copy["imported"]["lines"] == len(original["log"]) and original["imported"] is None
    assert len(pg_client.get("/api/matches").get_json()) == 2


def test_the_health_check_names_the_server_without_its_password(postgres_url: str) -> None:
    # The trust-authenticated test server never asks for it, so any password does; a server
    # that does ask needs it in TOUCHLINE_TEST_POSTGRES_URL, and that one is used as is.
    parts = urlsplit(postgres_url)
    password = parts.password
    if password is None:
        password = "not-for-display"
        netloc = f"{parts.username or 'postgres'}:{password}@{parts.netloc.rpartition('@')[2]}"
        postgres_url = parts._replace(netloc=netloc).geturl()
    app = create_app({"DATABASE_URL": postgres_url, "SECRET_KEY": SECRET})
    try:
        answer = app.test_client().get("/healthz")
    finally:
        app.extensions["touchline"].close()
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["status"] == "ok" and body["matches"] == 0
    assert password not in body["database"] and ":***@" in body["database"]
    assert body["database"] == postgres_url.replace(f":{password}@", ":***@", 1)
