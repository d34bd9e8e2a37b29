"""A read never changes the database's schema: tables are made once, when the app starts.

Every SQL statement SQLite runs is traced, so a `CREATE TABLE IF NOT EXISTS` that a read
issues (even one that changes nothing) is counted.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask

from tests.web.conftest import SECRET
from web import create_app

DDL = ("CREATE ", "DROP ", "ALTER ")


@pytest.fixture
def statements(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every statement run on a SQLite connection opened from here on."""
    seen: list[str] = []
    connect: Callable[..., sqlite3.Connection] = sqlite3.connect

    def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        connection = connect(*args, **kwargs)
        connection.set_trace_callback(seen.append)
        return connection

    monkeypatch.setattr(sqlite3, "connect", traced)
    yield seen


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
