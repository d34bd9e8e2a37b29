"""Fixtures shared by the layers' tests: event stores on SQLite and on PostgreSQL.

PostgreSQL tests run when TOUCHLINE_TEST_POSTGRES_URL names a server (CI sets it); each test
gets a database of its own, created here and dropped afterwards. When the variable is set the
server must answer: a missing server fails the run rather than skipping tests.
"""

from __future__ import annotations

import os
import sqlite3
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.pg_proxy import Relay

POSTGRES_URL_VARIABLE = "TOUCHLINE_TEST_POSTGRES_URL"


def _postgres_admin_url() -> str | None:
    return os.environ.get(POSTGRES_URL_VARIABLE) or None


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'touchline.sqlite3'}"


@pytest.fixture
def postgres_url() -> Iterator[str]:
    admin_url = _postgres_admin_url()
    if admin_url is None:
        pytest.skip(f"{POSTGRES_URL_VARIABLE} is not set")
    import psycopg

    name = f"touchline_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlsplit(admin_url)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_url(request: pytest.FixtureRequest) -> str:
    """Each test using this runs once per event store."""
    fixture = "sqlite_url" if request.param == "sqlite" else "postgres_url"
    return str(request.getfixturevalue(fixture))


@pytest.fixture
def relay() -> Iterator[Relay]:
    """A relay in front of the test PostgreSQL server, down until the test brings it up."""
    admin_url = _postgres_admin_url()
    if admin_url is None:
        pytest.skip(f"{POSTGRES_URL_VARIABLE} is not set")
    relay = Relay(admin_url)
    yield relay
    relay.close()


@pytest.fixture
def statements(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every statement run on a SQLite connection opened from here on, in order."""
    seen: list[str] = []
    connect: Callable[..., sqlite3.Connection] = sqlite3.connect

    def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        connection = connect(*args, **kwargs)
        connection.set_trace_callback(seen.append)
        return connection

    monkeypatch.setattr(sqlite3, "connect", traced)
    yield seen
