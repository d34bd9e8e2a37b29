"""GET /api/matches/{id}/steps/N writes each step byte for byte as it did when `StepSchema`
dumped it and Flask encoded it, while each entry is encoded once per match version, not once
for every step after it (issue 13: a walk one step a request was quadratic in Python)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain.match import Author
from schemas.api_matches import StepSchema
from schemas.step_answers import replay_data
from service.app import Touchline
from service.entries import parse_entry
from tests.links import use
from tests.service.test_golden_matches import record_as_the_table_did
from tests.service.test_replay_steps import stored
from tests.service.test_timeline import GOLDEN, golden_lines
from tests.web.conftest import SECRET
from web import create_app

ALICE = Author("alice", "2026-11-29T20:05:00+00:00")


@pytest.fixture
def app(store_url: str) -> Flask:
    return use(create_app({"DATABASE_URL": store_url, "SECRET_KEY": SECRET, "TESTING": True}))


def as_the_schema_wrote_it(app: Flask, service: Touchline, match_id: str, step: int) -> bytes:
    """The answer as the endpoint wrote it before: the view dumped by `StepSchema`, encoded
    by Flask (what flask-smorest's response does with a value handed back)."""
    with app.app_context():
        return app.json.response(
            StepSchema().dump(replay_data(service.replay(match_id, step)))
        ).get_data()


def walk(total: int) -> list[int]:
    return [*range(total + 1), *range(total, -1, -1), total // 2, 1, total]


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_every_step_is_written_as_the_schema_wrote_it_both_ways(
    app: Flask, client: FlaskClient, service: Touchline, name: str
) -> None:
    match_id = stored(service, name, ALICE)
    total = service.replay(match_id).total
    for step in walk(total):
        answer = client.get(f"/api/matches/{match_id}/steps/{step}")
        assert answer.status_code == 200
        assert answer.mimetype == "application/json"
        assert answer.get_data() == as_the_schema_wrote_it(app, service, match_id, step), step


def test_a_walk_encodes_each_entry_once(
    client: FlaskClient, service: Touchline, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = stored(service, sorted(GOLDEN)[0], ALICE)
    total = service.replay(match_id).total
    encoded: list[Any] = []
    import schemas.step_answers

    real = schemas.step_answers.line_data

    def counted(line: Any, said: Any) -> Any:
        encoded.append(line.number)
        return real(line, said)

    monkeypatch.setattr(schemas.step_answers, "line_data", counted)
    steps = walk(total)
    for step in steps:
        assert client.get(f"/api/matches/{match_id}/steps/{step}").status_code == 200
    # Each entry once for the entries, and each step's own entry once for `entry`.
    assert len(encoded) <= total + len(steps)


def test_a_match_that_moved_on_is_written_from_its_new_log(
    app: Flask, client: FlaskClient, service: Touchline
) -> None:
    name = sorted(GOLDEN)[0]
    match_id = stored(service, name, ALICE)
    total = service.replay(match_id).total
    before = client.get(f"/api/matches/{match_id}/steps/{total}").get_data()
    service.undo(match_id, ALICE)
    line = golden_lines(name)[-1]
    record_as_the_table_did(service, match_id, parse_entry(GOLDEN[name][0], line), ALICE)
    after = client.get(f"/api/matches/{match_id}/steps/{total}")
    assert after.get_data() != before
    assert after.get_data() == as_the_schema_wrote_it(app, service, match_id, total)
    for step in range(total + 1):
        answer = client.get(f"/api/matches/{match_id}/steps/{step}").get_data()
        assert answer == as_the_schema_wrote_it(app, service, match_id, step), step


def test_written_indented_in_debug_mode_as_flask_writes_it(
    app: Flask, client: FlaskClient, service: Touchline
) -> None:
    match_id = stored(service, sorted(GOLDEN)[0], ALICE)
    app.json.compact = False  # type: ignore[attr-defined]
    answer = client.get(f"/api/matches/{match_id}/steps/5").get_data()
    assert b'\n  "entries": [' in answer
    assert answer == as_the_schema_wrote_it(app, service, match_id, 5)
