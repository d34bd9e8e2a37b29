"""An idempotency key names one request, and a write answers the version it produced."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from service.entries import parse_entry
from tests.opening import OPENING
from tests.web.api_support import enter, scorer, version

ALICE = Author("alice", "2026-11-29T21:00:00+00:00")


def _undo(client: FlaskClient, match_id: str, **fields: Any) -> Any:
    body = {"by": "alice", **fields}
    return client.post(f"/api/matches/{match_id}/undo", json=body, headers=scorer(match_id))


def _note(client: FlaskClient, match_id: str, **fields: Any) -> Any:
    body = {"by": "alice", **fields}
    return client.post(f"/api/matches/{match_id}/annotations", json=body, headers=scorer(match_id))


def test_a_key_sent_again_with_another_entry_is_refused_and_stores_nothing(
    client: FlaskClient, match_id: str
) -> None:
    assert enter(client, match_id, "toss toho", key="K1").status_code == 201
    again = enter(client, match_id, "toss nankatsu", key="K1")
    assert again.status_code == 422
    assert "idempotency key 'K1' was used for line 1 (a toss entry)" in again.get_json()["message"]
    log = client.get(f"/api/matches/{match_id}").get_json()["log"]
    assert [line["action"]["winner"] for line in log] == ["toho"]
    # The very same request is still a harmless retry.
    assert enter(client, match_id, "toss toho", key="K1").status_code == 200


def test_an_entry_s_key_sent_with_an_undo_retracts_nothing(
    client: FlaskClient, match_id: str
) -> None:
    assert enter(client, match_id, "toss toho", key="K1").status_code == 201
    answer = _undo(client, match_id, key="K1")
    assert (
        answer.status_code == 422
        and "a different request needs a new key" in answer.get_json()["message"]
    )
    log = client.get(f"/api/matches/{match_id}").get_json()["log"]
    assert [line["type"] for line in log] == ["entry"] and not log[0]["retracted"]


def test_a_note_s_key_sent_with_other_text_is_refused(client: FlaskClient, match_id: str) -> None:
    assert enter(client, match_id, "toss toho").status_code == 201
    assert _note(client, match_id, on=1, text="fair toss", key="N").status_code == 201
    assert _note(client, match_id, on=1, text="fair toss", key="N").status_code == 200
    assert _note(client, match_id, on=1, text="unfair toss", key="N").status_code == 422
    assert enter(client, match_id, "kickoff toho", key="N").status_code == 422


def test_a_retried_roll_is_the_same_request_though_the_app_drew_its_dice(
    client: FlaskClient, match_id: str
) -> None:
    first = enter(client, match_id, "toss ?", key="R")
    again = enter(client, match_id, "toss ?", key="R")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json()["entry"] == first.get_json()["entry"]


def test_a_write_answers_the_version_it_produced_not_a_later_one(
    app: Flask, client: FlaskClient, match_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    service: Touchline = app.extensions["touchline"]
    other_scorer = Touchline(service.settings)
    for line in OPENING[:3]:
        assert enter(client, match_id, line).status_code == 201
    seen = version(client, match_id)
    save = service.save
    others = iter([parse_entry("card-game", OPENING[3])])

    def save_then_the_other_phone_records(*aggregates: Any, **options: Any) -> Any:
        saved = save(*aggregates, **options)
        action = next(others, None)
        if action is not None:  # the other scorer's entry lands before this answer is sent
            other_scorer.record(match_id, action, ALICE)
        return saved

    monkeypatch.setattr(service, "save", save_then_the_other_phone_records)
    written = client.post(
        f"/api/matches/{match_id}/annotations",
        json={"on": 3, "text": "draft from the pitch", "by": "alice"},
        headers=scorer(match_id),
    )
    assert written.status_code == 201
    assert written.get_json()["version"] == seen + 1
    assert version(client, match_id) == seen + 2
    # Sent back as expected_version, that version is stale: the other entry is not skipped.
    stale = enter(client, match_id, OPENING[4], expected_version=written.get_json()["version"])
    assert stale.status_code == 409
    other_scorer.close()
