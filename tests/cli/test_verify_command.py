"""`touchline match verify`: an intact record prints its seal and exits 0; a row edited or
deleted in the database (SQLite and PostgreSQL) is named, with exit code 5."""

from __future__ import annotations

import shlex
from collections.abc import Iterator

import pytest

from service.app import Touchline
from service.config import settings_for_url
from tests.cli.conftest import Run
from tests.opening import OPENING
from tests.tamper import StoredRows


@pytest.fixture
def scored(run: Run, new_match: str) -> str:
    for line in OPENING:
        result = run("match", "record", new_match, *shlex.split(line))
        assert result.exit_code == 0, result.output
    return new_match


@pytest.fixture
def rows(store_url: str, scored: str) -> Iterator[StoredRows]:
    app = Touchline(settings_for_url(store_url))
    yield StoredRows(app, str(app.resolve(scored)))
    app.close()


def test_an_intact_record_prints_its_seal(run: Run, scored: str, store_url: str) -> None:
    result = run("match", "verify", scored)
    assert result.exit_code == 0, result.output
    app = Touchline(settings_for_url(store_url))
    seal = app.load_record(scored).seal
    app.close()
    assert f"record intact: 12 events sealed, seal {seal}" in result.output


def test_a_die_changed_in_the_database_is_named(run: Run, scored: str, rows: StoredRows) -> None:
    rows.replace(11, b'"toho","value":5,', b'"toho","value":6,')
    result = run("match", "verify", scored)
    assert result.exit_code == 5, result.output
    assert (
        "record broken at event 11 (entry, log line 10): its digest does not match its content"
        in result.output
    )


def test_a_deleted_row_is_named(run: Run, scored: str, rows: StoredRows) -> None:
    rows.delete(7)
    result = run("match", "verify", scored)
    assert result.exit_code == 5, result.output
    assert "record broken at event 7: an event is missing" in result.output
    shown = run("match", "show", scored)
    assert shown.exit_code == 5, shown.output
    assert "cannot be loaded" in shown.output and "event 7" in shown.output


def test_an_unknown_match_is_an_error(run: Run, scored: str) -> None:
    result = run("match", "verify", "ffffffff")
    assert result.exit_code == 1 and "no match" in result.output
