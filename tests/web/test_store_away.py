"""When the store cannot be used: a SQLite file opened read-only, a PostgreSQL server that
refuses connections, one that accepts them and never answers, one that stops and comes back.
Every page and API call answers 503 (never 500, never a hang), the app starts anyway, and it
works again as soon as the store is back, without a restart."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psycopg
import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.app import Touchline
from service.config import settings_for_url
from service.projections import projector_for
from tests.conftest import POSTGRES_URL_VARIABLE
from tests.opening import SETUP
from tests.pg_proxy import Relay, free_port, silent
from tests.service.projections.pj_driver import finished_match, setup_for
from tests.service.projections.pj_helpers import AUTHOR, record_all
from tests.web.conftest import SECRET
from web import create_app

LEAGUE = "Spring Cup"
# Every route that reads the views (each catches them up first, which writes) or writes.
STORE_ROUTES = [
    "/",
    "/healthz",
    "/stats",
    "/stats/dice",
    "/stats/coaches/Ann",
    "/leagues",
    "/leagues/Spring%20Cup",
    "/leagues/Spring%20Cup/standings.csv",
    "/api/leagues",
    "/api/leagues/Spring%20Cup/standings",
    "/api/matches",
]
# Generous bounds that only stop a broken test from hanging; they time nothing.
RECOVERY_SECONDS = 30.0


def app_on(url: str) -> Flask:
    return create_app({"DATABASE_URL": url, "SECRET_KEY": SECRET, "TESTING": True})


def new_match(client: FlaskClient) -> Any:
    return client.post("/api/matches", json={"ruleset": "card-game", "setup": SETUP, "by": "ann"})


def assert_unavailable(client: FlaskClient, routes: list[str]) -> None:
    for route in routes:
        answer = client.get(route)
        assert answer.status_code == 503, (route, answer.status_code)
    assert new_match(client).status_code == 503


def answers_once_back(client: FlaskClient, route: str = "/healthz") -> int:
    deadline = time.monotonic() + RECOVERY_SECONDS
    while (status := client.get(route).status_code) == 503 and time.monotonic() < deadline:
        time.sleep(0.1)
    return status


# -- a read-only SQLite file ----------------------------------------------------------------


@pytest.fixture
def read_only_url(tmp_path: Path) -> str:
    """A store whose views were caught up once, then more was recorded, then the file could
    only be read: every view must write to catch up."""
    url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    writer = Touchline(settings_for_url(url))
    writer.create_league(LEAGUE, "card-game", AUTHOR)
    setup = setup_for("Ann", "Bea")
    record_all(writer, finished_match(2, 1, 1, setup), setup, LEAGUE)
    projector_for(writer).catch_up()
    record_all(writer, finished_match(0, 1, 2, setup), setup, LEAGUE)
    writer.close()
    return f"{url}?mode=ro"


def test_a_read_only_store_answers_503_wherever_it_must_write(read_only_url: str) -> None:
    client = app_on(read_only_url).test_client()
    assert_unavailable(client, STORE_ROUTES)
    page = client.get("/stats").get_data(as_text=True)
    assert "attempt to write a readonly database" in page
    api = client.get("/api/leagues").get_json()
    assert api["status"] == 503
    assert "attempt to write a readonly database" in api["message"]


def test_a_read_only_store_still_shows_what_needs_no_writing(read_only_url: str) -> None:
    settings = settings_for_url(read_only_url)
    match_id = str(Touchline(settings)._match_ids()[0])
    client = app_on(read_only_url).test_client()
    assert client.get(f"/matches/{match_id}").status_code == 200
    assert client.get(f"/api/matches/{match_id}").status_code == 200


# -- PostgreSQL away ------------------------------------------------------------------------


def test_a_server_refusing_connections_answers_503_everywhere() -> None:
    client = app_on(f"postgresql://scorer:pw@127.0.0.1:{free_port()}/touchline").test_client()
    assert_unavailable(client, STORE_ROUTES)
    health = client.get("/healthz").get_json()
    assert health["status"] == "unavailable"
    assert "Connection refused" in health["error"]
    assert "pw@" not in health["error"]


def test_a_server_that_never_answers_answers_503() -> None:
    with silent() as port:
        client = app_on(f"postgresql://scorer@127.0.0.1:{port}/touchline").test_client()
        assert_unavailable(client, ["/healthz"])


@pytest.mark.postgres
def test_the_app_starts_while_the_server_is_down_and_recovers_by_itself(
    relay: Relay, postgres_url: str
) -> None:
    app = app_on(relay.url_for(postgres_url))  # the relay is down: connections are refused
    client = app.test_client()
    try:
        assert_unavailable(client, STORE_ROUTES)
        relay.up()
        assert answers_once_back(client) == 200
        created = new_match(client)
        assert created.status_code == 201
        match_id = created.get_json()["match"]["id"]
        # The server stops under the running app, then comes back.
        relay.down()
        # (A few routes: with the pool's connections gone each waits out the pool's bound.)
        assert_unavailable(client, ["/healthz", "/stats", f"/api/matches/{match_id}"])
        relay.up()
        assert answers_once_back(client, f"/api/matches/{match_id}") == 200
        assert new_match(client).status_code == 201
    finally:
        app.extensions["touchline"].close()


@pytest.fixture
def unborn_database() -> Iterator[str]:
    """The URL of a database that is created only later in the test (and dropped after)."""
    admin_url = os.environ.get(POSTGRES_URL_VARIABLE)
    if not admin_url:
        pytest.skip(f"{POSTGRES_URL_VARIABLE} is not set")
    name = f"touchline_test_unborn_{free_port()}"
    try:
        yield urlsplit(admin_url)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.postgres
def test_the_app_starts_before_its_database_exists_and_uses_it_once_made(
    unborn_database: str,
) -> None:
    app = app_on(unborn_database)
    client = app.test_client()
    try:
        health = client.get("/healthz")
        assert health.status_code == 503
        assert "does not exist" in health.get_json()["error"]
        admin_url = os.environ[POSTGRES_URL_VARIABLE]
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{urlsplit(unborn_database).path[1:]}"')
        assert client.get("/healthz").status_code == 200
        assert new_match(client).status_code == 201
    finally:
        app.extensions["touchline"].close()


@pytest.mark.postgres
def test_after_a_restart_the_pool_drops_its_dead_connections_at_once(
    relay: Relay, postgres_url: str
) -> None:
    """A restarted server leaves every idle pooled connection dead. The first request to meet
    one fails; the pool then checks the others, so the requests after it do not fail too."""
    relay.up()
    app = app_on(relay.url_for(postgres_url))
    client = app.test_client()
    try:
        assert client.get("/healthz").status_code == 200
        pool = app.extensions["touchline"].recorder.datastore.pool
        pool.wait(timeout=RECOVERY_SECONDS)  # every pooled connection open and idle
        relay.down()
        relay.up()
        assert client.get("/healthz").status_code == 503  # it met a dead connection
        for thread in threading.enumerate():
            if thread.name == "store-check":
                thread.join(RECOVERY_SECONDS)
        assert [client.get("/healthz").status_code for _ in range(5)] == [200] * 5
    finally:
        app.extensions["touchline"].close()
