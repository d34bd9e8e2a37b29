"""What the server does for one entry through the API, counted rather than timed: work that
need not be done per entry is done once (bench/entry_cpu.py measures what each saving is worth).
"""

from __future__ import annotations

from typing import Any

import flask.app
import flask.sessions
import pytest
from flask import Flask, Response
from flask.sessions import SecureCookieSessionInterface
from flask.testing import FlaskClient
from itsdangerous import BadSignature
from marshmallow import Schema

from tests.calls import calls_to
from tests.opening import OPENING
from tests.web.api_support import enter, scorer


def test_an_entry_through_the_api_builds_no_schema(
    client: FlaskClient, match_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert enter(client, match_id, OPENING[0]).status_code == 201  # first use: nothing left lazy
    built = calls_to(monkeypatch, Schema, "__init__")
    for text in OPENING[1:3]:
        answer = enter(client, match_id, text)
        assert answer.status_code == 201, answer.get_json()
    assert built == []


def test_the_shared_schema_keeps_nothing_of_a_refused_body(
    client: FlaskClient, match_id: str
) -> None:
    answer = client.post(
        f"/api/matches/{match_id}/entries",
        json={"text": OPENING[0], "by": 7},
        headers=scorer(match_id),
    )
    assert answer.status_code == 400 and "by" in answer.get_data(as_text=True)
    answer = enter(client, match_id, OPENING[0])
    assert answer.status_code == 201 and answer.get_json()["entry"]["number"] == 1


def test_an_entry_through_the_api_builds_no_session_serializer(
    client: FlaskClient, match_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert enter(client, match_id, OPENING[0]).status_code == 201
    built = calls_to(monkeypatch, flask.sessions, "URLSafeTimedSerializer")
    for text in OPENING[1:3]:
        assert enter(client, match_id, text).status_code == 201
    assert built == []


def test_a_changed_secret_key_signs_sessions_with_the_new_key(app: Flask) -> None:
    sessions = app.session_interface
    assert isinstance(sessions, SecureCookieSessionInterface)
    first = sessions.get_signing_serializer(app)
    assert first is not None and sessions.get_signing_serializer(app) is first
    signed = first.dumps({"k": 1})
    app.secret_key = "another-secret-key-of-32-characters-or-more"
    second = sessions.get_signing_serializer(app)
    assert second is not None and second is not first
    with pytest.raises(BadSignature):
        second.loads(signed)
    app.config["SECRET_KEY_FALLBACKS"] = [first.secret_keys[-1]]
    third = sessions.get_signing_serializer(app)
    assert third is not None and third.loads(signed) == {"k": 1}


def test_an_entry_through_the_api_asks_no_function_whether_it_is_a_coroutine(
    client: FlaskClient, match_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert enter(client, match_id, OPENING[0]).status_code == 201  # every hook asked once
    asked: list[object] = []
    is_coroutine = flask.app.iscoroutinefunction

    def counting(func: object) -> bool:
        asked.append(func)
        return is_coroutine(func)

    monkeypatch.setattr(flask.app, "iscoroutinefunction", counting)
    for text in OPENING[1:3]:
        assert enter(client, match_id, text).status_code == 201
    assert asked == []


def test_an_async_function_is_never_kept_as_a_plain_one(app: Flask) -> None:
    def plain() -> str:
        return "plain"

    async def awaited() -> str:
        return "awaited"

    assert app.ensure_sync(plain) is plain and app.ensure_sync(plain) is plain
    for _ in range(2):
        # Flask runs async functions only with its async extra, which Touchline does not
        # install: each time, it is handed to Flask, which refuses it.
        with pytest.raises(RuntimeError, match="async"):
            app.ensure_sync(awaited)


def test_a_header_an_answer_set_itself_is_kept_beside_the_ones_every_answer_gets(
    app: Flask,
) -> None:
    @app.get("/own-headers")
    def own_headers() -> Response:
        answer = Response("x")
        answer.headers["x-frame-options"] = "SAMEORIGIN"
        answer.headers["Vary"] = "Accept-Encoding"
        return answer

    headers = app.test_client().get("/own-headers").headers
    assert headers.getlist("X-Frame-Options") == ["SAMEORIGIN"]
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert _varies(headers) == ["Accept-Encoding", "Accept-Language", "Cookie"]
    assert {"Accept-Language", "Cookie"} <= set(_varies(app.test_client().get("/healthz").headers))


def _varies(headers: Any) -> list[str]:
    """What an answer's one Vary header names, sorted; each name once."""
    (vary,) = headers.getlist("Vary")
    names = sorted(name.strip() for name in vary.split(","))
    assert len(names) == len(set(names))
    return names
