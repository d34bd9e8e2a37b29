"""The event store: where it lives, what happens when it cannot be reached, snapshots."""

from __future__ import annotations

from pathlib import Path
from uuid import UUID

import psycopg
import pytest
from eventsourcing.application import Application

from domain.match import Author
from service.app import Touchline
from service.config import (
    CONNECT_SECONDS,
    IDLE_IN_TRANSACTION_SECONDS,
    LOCK_SECONDS,
    STATEMENT_SECONDS,
    settings_for_url,
    settings_from_environment,
)
from service.entries import parse_entry
from service.errors import BadDatabaseUrl, DatabaseUnavailable
from tests.opening import OPENING, SETUP
from tests.pg_proxy import Relay


def test_the_default_store_is_a_sqlite_file_in_the_user_data_directory() -> None:
    settings = settings_from_environment({})
    assert settings.env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite"
    assert settings.env["SQLITE_DBNAME"].endswith("touchline.sqlite3")


def test_a_postgres_url_is_split_into_the_library_settings() -> None:
    settings = settings_for_url("postgresql://scorer:s3cret@db.example:6543/league")
    assert settings.env["POSTGRES_HOST"] == "db.example"
    assert settings.env["POSTGRES_PORT"] == "6543"
    assert settings.env["POSTGRES_USER"] == "scorer"
    assert settings.env["POSTGRES_DBNAME"] == "league"
    assert settings.safe_url == "postgresql://scorer:***@db.example:6543/league"


@pytest.mark.parametrize("url", ["mysql://x/y", "sqlite://host/file", "postgresql:///nohost"])
def test_an_unusable_url_is_refused_clearly(url: str) -> None:
    with pytest.raises(BadDatabaseUrl):
        settings_for_url(url)


def test_an_unreachable_server_gives_one_line_without_the_password() -> None:
    with pytest.raises(DatabaseUnavailable) as failure:
        Touchline(settings_for_url("postgresql://scorer:s3cret@127.0.0.1:9/league"))
    message = str(failure.value)
    assert "s3cret" not in message
    assert "postgresql://scorer:***@127.0.0.1:9/league" in message
    assert "\n" not in message


def test_a_long_match_loads_from_a_snapshot_to_the_same_state(
    app: Touchline, alice: Author
) -> None:
    match = app.create_match("card-game", SETUP, alice)
    for line in OPENING[:9]:
        app.record(match.id, parse_entry("card-game", line), alice)
    # Retract and re-enter one roll until the log is past two snapshot intervals.
    for _ in range(50):
        app.record(match.id, parse_entry("card-game", "roll coach=toho value=5"), alice)
        app.undo(match.id, alice)
    record = app.load_record(match.id)
    assert app.snapshots is not None
    snapshots = list(app.snapshots.get(record.id))
    assert snapshots, "a 110-event match should have been snapshotted"
    assert "_game" not in snapshots[-1].state
    assert record.game == record.state_at(None)
    assert len(record.log) == 109


# -- read-only SQLite -----------------------------------------------------------------------


def test_a_sqlite_url_may_open_the_file_read_only(tmp_path: Path) -> None:
    settings = settings_for_url(f"sqlite://{tmp_path / 'store.sqlite3'}?mode=ro")
    assert settings.env["SQLITE_DBNAME"] == f"{(tmp_path / 'store.sqlite3').as_uri()}?mode=ro"


def test_a_sqlite_url_takes_no_other_option(tmp_path: Path) -> None:
    with pytest.raises(BadDatabaseUrl, match=r"no options but \?mode=ro"):
        settings_for_url(f"sqlite:///{tmp_path / 'store.sqlite3'}?mode=rw")


# -- bounded waits on PostgreSQL ------------------------------------------------------------


@pytest.mark.postgres
def test_every_connection_carries_the_time_limits(postgres_url: str) -> None:
    app = Touchline(settings_for_url(postgres_url))
    try:
        datastore = app.recorder.datastore  # type: ignore[attr-defined]
        with datastore.transaction(commit=False) as cursor:
            shown = {
                name: cursor.execute(f"SHOW {name}").fetchone()[name]
                for name in (
                    "statement_timeout",
                    "lock_timeout",
                    "idle_in_transaction_session_timeout",
                )
            }
        assert shown == {
            "statement_timeout": f"{STATEMENT_SECONDS}s",
            "lock_timeout": f"{LOCK_SECONDS}s",
            "idle_in_transaction_session_timeout": f"{IDLE_IN_TRANSACTION_SECONDS}s",
        }
        assert datastore.pool.kwargs["connect_timeout"] == CONNECT_SECONDS
        assert datastore.pool.timeout == CONNECT_SECONDS
    finally:
        app.close()


@pytest.fixture
def relay(relay: Relay) -> Relay:
    """The shared relay (tests/conftest.py), passing connections on from the start."""
    relay.up()
    return relay


@pytest.mark.postgres
def test_a_use_that_finds_no_connection_waits_once_not_ten_times(
    relay: Relay, postgres_url: str, alice: Author
) -> None:
    """The library retries a failed connection request ten times; each waits the pool's bound,
    so a request took ten bounds to fail. Now the first wait that ends empty fails it."""
    app = Touchline(settings_for_url(relay.url_for(postgres_url)))
    try:
        match = app.create_match("card-game", SETUP, alice)
        relay.down()
        pool = app.recorder.datastore.pool  # type: ignore[attr-defined]
        pool.pop_stats()
        with pytest.raises(DatabaseUnavailable, match="no connection to the server within 2 s"):
            app.get_match(match.id)
        assert pool.pop_stats().get("requests_errors") == 1
    finally:
        app.close()


# -- the tables an earlier follower made by mistake -----------------------------------------


class Followed(Application[UUID]):
    """What `projections run` used to subscribe as: an application named "Followed"."""


def _tables(url: str) -> set[str]:
    with psycopg.connect(url) as connection:
        rows = connection.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
        ).fetchall()
    return {row[0] for row in rows}


@pytest.mark.postgres
def test_opening_the_store_drops_the_empty_tables_an_earlier_follower_made(
    postgres_url: str,
) -> None:
    settings = settings_for_url(postgres_url)
    Followed(env=settings.env).close()
    assert {"followed_events", "followed_snapshots"} <= _tables(postgres_url)
    Touchline(settings).close()
    assert not {"followed_events", "followed_snapshots"} & _tables(postgres_url)
    Touchline(settings).close()  # nothing left to do: opening again changes nothing
    assert {"touchline_events", "touchline_snapshots"} <= _tables(postgres_url)


@pytest.mark.postgres
def test_a_followed_table_that_holds_rows_or_another_shape_is_left_alone(
    postgres_url: str,
) -> None:
    settings = settings_for_url(postgres_url)
    Followed(env=settings.env).close()
    with psycopg.connect(postgres_url) as connection:
        connection.execute(
            "INSERT INTO followed_events (originator_id, originator_version, topic, state) "
            "VALUES (gen_random_uuid(), 1, 'somebody.else:Event', '')"
        )
        connection.execute("DROP TABLE followed_snapshots")
        connection.execute("CREATE TABLE followed_snapshots (note text)")
    Touchline(settings).close()
    assert {"followed_events", "followed_snapshots"} <= _tables(postgres_url)
