"""`touchline db …`, and how every command and the server behave when the database is away."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from uuid import UUID

import psycopg
import pytest
from click.testing import CliRunner
from eventsourcing.application import Application

from cli.main import cli
from service.config import settings_for_url
from tests.pg_proxy import Relay, free_port, silent

# Generous bounds that only stop a broken test from hanging; they time nothing.
START_SECONDS = 30.0
RECOVERY_SECONDS = 30.0


def test_db_init_on_an_unreachable_server_is_one_line_naming_the_url() -> None:
    result = CliRunner().invoke(
        cli, ["--database", "postgresql://scorer:pw@127.0.0.1:9/touchline", "db", "init"]
    )
    assert result.exit_code == 1
    assert result.output.count("\n") == 1
    assert "postgresql://scorer:***@127.0.0.1:9/touchline" in result.output
    assert "pw@" not in result.output


def test_a_server_that_never_answers_is_one_line_too() -> None:
    with silent() as port:
        url = f"postgresql://scorer:pw@127.0.0.1:{port}/touchline"
        result = CliRunner().invoke(cli, ["--database", url, "match", "list"])
    assert result.exit_code == 1
    assert result.output == (
        f"error: cannot reach the database at postgresql://scorer:***@127.0.0.1:{port}/touchline: "
        "connection timeout expired\n"
    )


def test_db_init_creates_the_sqlite_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "deep" / "store.sqlite3"
    result = CliRunner().invoke(cli, ["--database", f"sqlite:///{path}", "db", "init"])
    assert result.exit_code == 0, result.output
    assert path.exists()


def test_rules_lists_the_entry_kinds() -> None:
    result = CliRunner().invoke(cli, ["rules", "card-game"])
    assert result.exit_code == 0
    for kind in ("toss", "kickoff", "draft", "play", "pass", "declare", "spend", "roll"):
        assert f"  {kind} " in result.output


class Followed(Application[UUID]):
    """What `projections run` used to subscribe as: an application named "Followed"."""


@pytest.mark.postgres
def test_db_init_drops_the_empty_tables_an_earlier_follower_made(postgres_url: str) -> None:
    Followed(env=settings_for_url(postgres_url).env).close()
    for _ in range(2):  # and a second time, with nothing left to do
        result = CliRunner().invoke(cli, ["--database", postgres_url, "db", "init"])
        assert result.exit_code == 0, result.output
        with psycopg.connect(postgres_url) as connection:
            tables = {
                row[0]
                for row in connection.execute(
                    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
                )
            }
        assert "touchline_events" in tables
        assert not {"followed_events", "followed_snapshots"} & tables


def _health(port: int, server: subprocess.Popen[str]) -> int:
    """The status /healthz answers, once the server listens."""
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz") as answer:
                return int(answer.status)
        except urllib.error.HTTPError as error:
            return error.code
        except OSError:
            assert server.poll() is None, "the server stopped"
            assert time.monotonic() < deadline, "the server never answered"
            time.sleep(0.2)


@pytest.mark.postgres
def test_serve_started_while_the_database_is_down_answers_503_then_recovers(
    relay: Relay, postgres_url: str
) -> None:
    port = free_port()
    env = {**os.environ, "TOUCHLINE_SECRET_KEY": "s" * 32}
    url = relay.url_for(postgres_url)  # the relay is down: connections are refused
    command = [sys.executable, "-m", "cli.main", "--database", url, "serve", "--port", str(port)]
    server = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    try:
        assert _health(port, server) == 503
        relay.up()
        deadline = time.monotonic() + RECOVERY_SECONDS
        while (status := _health(port, server)) == 503 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert status == 200
    finally:
        server.terminate()
        _, errors = server.communicate(timeout=30)
    assert "Traceback" not in errors
