"""A read never changes the database's schema: tables are made once, when the app starts.

Every SQL statement SQLite runs is traced, so a `CREATE TABLE IF NOT EXISTS` that a read
issues (even one that changes nothing) is counted.
"""

from __future__ import annotations

from uuid import UUID

import pytest
from flask import Flask

from domain.match import Author
from service.app import Touchline
from service.config import settings_for_url
from tests.opening import OPENING, SETUP, record_text
from tests.web.conftest import SECRET
from web import create_app

DDL = ("CREATE ", "DROP ", "ALTER ")
ALICE = Author("alice", "2026-11-29T20:00:00+00:00")


def ddl(statements: list[str]) -> list[str]:
    return [s for s in statements if s.lstrip().upper().startswith(DDL)]


@pytest.fixture
def started(sqlite_url: str, statements: list[str]) -> Flask:
    app = create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": SECRET, "TESTING": True})
    assert any("CREATE TABLE" in s for s in statements), "the app makes its tables on start"
    statements.clear()
    return app


@pytest.mark.parametrize(
    "path", ["/", "/healthz", "/leagues", "/stats", "/stats/dice", "/api/matches", "/api/leagues"]
)
def test_a_read_on_an_empty_store_runs_no_ddl(
    started: Flask, statements: list[str], path: str
) -> None:
    answer = started.test_client().get(path)
    assert answer.status_code == 200
    assert statements, "the trace sees the reads"
    assert ddl(statements) == []


def test_no_query_runs_ddl_on_a_store_with_matches(sqlite_url: str, statements: list[str]) -> None:
    app = Touchline(settings_for_url(sqlite_url))
    app.create_league("Cup", "card-game", ALICE)
    match = app.create_match("card-game", SETUP, ALICE, league="Cup")
    for line in OPENING:
        record_text(app, match.id, line, ALICE)
    statements.clear()
    app.list_matches()
    app.leagues()
    app.standings("Cup")
    app.league_matches("Cup")
    app.coach_stats("Alice")
    app.subjects("team")
    app.dice()
    app.dice_coaches()
    app.projection_status()
    app.newest_versions([UUID(match.id)])
    app.get_match(match.id)
    app.match_audit(match.id)
    app.league_audit("Cup")
    assert statements, "the trace sees the reads"
    assert ddl(statements) == []
    app.close()
