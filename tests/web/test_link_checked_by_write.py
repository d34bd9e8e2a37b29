"""A scorer's link kept by the server is checked by the entry's own insert on PostgreSQL, and a
revocation still takes effect at once: the next use of the link is refused, with the answer a
revoked link always got, whatever else the request would have been answered (docs/access.md).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.app import Touchline
from service.config import settings_for_url
from service.entry_text import action_from_text
from service.postgres_recorders import ApplicationRecorder
from tests.links import OWNER, issue, use
from tests.opening import OPENING, SETUP
from web import create_app

SECRET = "link-check-test-secret-key-of-32-chars"


@pytest.fixture
def web_app(store_url: str) -> Iterator[Flask]:
    app = use(create_app({"DATABASE_URL": store_url, "SECRET_KEY": SECRET}))
    yield app
    app.extensions["touchline"].close()


@pytest.fixture
def other_process(store_url: str) -> Iterator[Touchline]:
    """A second application on the same store, as another worker or host runs it."""
    application = Touchline(settings_for_url(store_url))
    yield application
    application.close()


@pytest.fixture
def kept(web_app: Flask) -> tuple[FlaskClient, str, str]:
    """A client, a match and its scorer's link, which the server keeps after one entry."""
    service: Touchline = web_app.extensions["touchline"]
    client = web_app.test_client()
    answer = client.post("/api/matches", json={"ruleset": "card-game", "setup": SETUP, "by": "a"})
    match_id: str = answer.get_json()["match"]["id"]
    token = issue(service, "scorer", match=match_id, person="scorer")
    assert _enter(client, match_id, token, OPENING[0], key="first").status_code == 201
    return client, match_id, token


def _enter(client: FlaskClient, match_id: str, token: str, text: str, **fields: Any) -> Any:
    return client.post(
        f"/api/matches/{match_id}/entries",
        json={"text": text, "by": "alice", **fields},
        headers={"Authorization": f"Bearer {token}"},
    )


def _revoke(service: Touchline, token: str) -> None:
    grant = service.grant_of(token)
    assert grant is not None
    service.revoke_link(grant.link, "lost phone", OWNER)


def _version(client: FlaskClient, match_id: str) -> int:
    version: int = client.get(f"/api/matches/{match_id}").get_json()["version"]
    return version


# What each request would have been answered but for the revocation.
REQUESTS = {
    "an entry": {"text": OPENING[1]},
    "a body that is not well formed (400)": {"text": OPENING[1], "by": 7},
    "an entry that breaks the rules (422)": {"text": OPENING[2]},
    "a repeat of an idempotency key (200)": {"text": OPENING[0], "key": "first"},
    "a version no longer current (409)": {"text": OPENING[1], "expected_version": 0},
}


@pytest.mark.parametrize("fields", REQUESTS.values(), ids=REQUESTS.keys())
def test_a_kept_link_revoked_elsewhere_is_refused_at_its_next_use_with_the_usual_answer(
    kept: tuple[FlaskClient, str, str],
    other_process: Touchline,
    store_url: str,
    fields: dict[str, Any],
) -> None:
    client, match_id, token = kept
    before = _version(client, match_id)
    _revoke(other_process, token)
    body = {"by": "alice", **fields}
    headers = {"Authorization": f"Bearer {token}"}
    answer = client.post(f"/api/matches/{match_id}/entries", json=body, headers=headers)
    # A server that never kept the link asks the store first, as every server once did.
    fresh = create_app({"DATABASE_URL": store_url, "SECRET_KEY": SECRET})
    try:
        expected = fresh.test_client().post(
            f"/api/matches/{match_id}/entries", json=body, headers=headers
        )
    finally:
        fresh.extensions["touchline"].close()
    assert answer.status_code == expected.status_code == 401
    assert answer.get_data() == expected.get_data()
    assert answer.headers["WWW-Authenticate"] == expected.headers["WWW-Authenticate"]
    assert _version(client, match_id) == before
    # And every use after it.
    assert _enter(client, match_id, token, OPENING[1]).status_code == 401
    assert _version(client, match_id) == before


def test_a_link_in_force_still_gets_every_other_answer(
    kept: tuple[FlaskClient, str, str],
) -> None:
    client, match_id, token = kept
    assert _enter(client, match_id, token, OPENING[1], by=7).status_code == 400
    assert _enter(client, match_id, token, OPENING[2]).status_code == 422
    assert _enter(client, match_id, token, OPENING[0], key="first").status_code == 200
    assert _enter(client, match_id, token, OPENING[1], expected_version=0).status_code == 409
    assert _enter(client, match_id, token, OPENING[1]).status_code == 201


# SQLite asks the store before the write, as every store once did (service/link_checks.py).
ON_POSTGRESQL = pytest.mark.parametrize(
    "store_url", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)


@ON_POSTGRESQL
def test_a_revocation_stored_after_the_guard_let_the_entry_in_stores_nothing(
    kept: tuple[FlaskClient, str, str],
    other_process: Touchline,
    web_app: Flask,
    store_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client, match_id, token = kept
    service: Touchline = web_app.extensions["touchline"]
    before = _version(client, match_id)
    record = service.record

    def revoked_meanwhile(*args: Any, **kwargs: Any) -> Any:
        # Another worker revokes the link after this one let the request in on it.
        revoking = threading.Thread(target=_revoke, args=(other_process, token))
        revoking.start()
        revoking.join(timeout=30)
        return record(*args, **kwargs)

    monkeypatch.setattr(service, "record", revoked_meanwhile)
    answer = _enter(client, match_id, token, OPENING[1])
    monkeypatch.undo()
    assert answer.status_code == 401, answer.get_json()
    assert "revoked" in answer.get_json()["message"]
    assert _version(client, match_id) == before
    assert _enter(client, match_id, token, OPENING[1]).status_code == 401
    assert _version(client, match_id) == before


@ON_POSTGRESQL
def test_a_kept_link_is_checked_by_the_entrys_insert_alone_on_postgresql(
    kept: tuple[FlaskClient, str, str],
    web_app: Flask,
    store_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client, match_id, token = kept
    recorder = web_app.extensions["touchline"].recorder
    assert isinstance(recorder, ApplicationRecorder)
    sent: list[bytes] = []
    select_events, insert_events = recorder.select_events, recorder.insert_events
    monkeypatch.setattr(
        recorder,
        "select_events",
        lambda *a, **k: sent.append(b"select_events") or select_events(*a, **k),
    )
    monkeypatch.setattr(
        recorder,
        "insert_events",
        lambda *a, **k: sent.append(b"insert_events") or insert_events(*a, **k),
    )
    # A phone's entry as a JSON action (the notation is read with the match's ruleset).
    action, _ = action_from_text("card-game", OPENING[1])
    answer = client.post(
        f"/api/matches/{match_id}/entries",
        json={"action": action, "by": "alice"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 201, answer.get_json()
    assert sent == [b"insert_events"]
