"""The event store: where it lives, what happens when it cannot be reached, snapshots."""

from __future__ import annotations

import pytest

from domain.match import Author
from service.app import Touchline
from service.config import settings_for_url, settings_from_environment
from service.entries import parse_entry
from service.errors import BadDatabaseUrl, DatabaseUnavailable
from tests.opening import OPENING, SETUP


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
