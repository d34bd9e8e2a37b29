"""What the server does for one entry through the API, counted rather than timed: work that
need not be done per entry is done once (bench/entry_cpu.py measures what each saving is worth).
"""

from __future__ import annotations

from typing import Any

import flask.sessions
import pytest
from flask import Flask
from flask.sessions import SecureCookieSessionInterface
from flask.testing import FlaskClient
from itsdangerous import BadSignature
from marshmallow import Schema

from tests.opening import OPENING
from tests.web.api_support import enter, scorer


def test_an_entry_through_the_api_builds_no_schema(
    client: FlaskClient, match_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert enter(client, match_id, OPENING[0]).status_code == 201  # first use: nothing left lazy
    built: list[str] = []
    init = Schema.__init__

    def counting(self: Schema, *args: Any, **kwargs: Any) -> None:
        built.append(type(self).__name__)
        init(self, *args, **kwargs)

    monkeypatch.setattr(Schema, "__init__", counting)
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
    built: list[object] = []
    serializer = flask.sessions.URLSafeTimedSerializer

    def counting(*args: Any, **kwargs: Any) -> Any:
        built.append(args)
        return serializer(*args, **kwargs)

    monkeypatch.setattr(flask.sessions, "URLSafeTimedSerializer", counting)
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
