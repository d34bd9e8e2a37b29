"""A command opens the read models only when it reads one (issue 13: a command at the table
starts fast). Recording and showing a match leave them alone; the first command that reads
one makes its tables and catches it up, so it still sees every entry made before."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import cli
from tests.cli.conftest import Run
from tests.cli.test_match_commands import record_opening
from tests.opening import OPENING


def _entries_listed(run: Run, match_id: str) -> int:
    listed = run("match", "list")
    assert listed.exit_code == 0, listed.output
    line = next(line for line in listed.output.splitlines() if line.startswith(match_id[:8]))
    found = re.search(r"(\d+) entries", line)
    assert found, line
    return int(found.group(1))


@pytest.fixture
def on_sqlite(sqlite_url: str) -> Run:
    runner = CliRunner()
    return lambda *args: runner.invoke(cli, ["--database", sqlite_url, "--by", "alice", *args])


def _tables(sqlite_url: str) -> set[str]:
    with sqlite3.connect(Path(sqlite_url.removeprefix("sqlite:///"))) as db:
        return {row[0] for row in db.execute("SELECT name FROM sqlite_master")}


def test_recording_and_showing_make_no_read_model_table(on_sqlite: Run, sqlite_url: str) -> None:
    run = on_sqlite
    created = run("match", "new", "card-game", "--home", "Nankatsu:Alice", "--away", "Toho:Bob")
    assert created.exit_code == 0, created.output
    match_id = created.output.split()[2]
    record_opening(run, match_id)
    assert run("match", "show", match_id).exit_code == 0
    assert "match_summaries" not in _tables(sqlite_url)
    assert _entries_listed(run, match_id) == len(OPENING)


def test_a_command_that_reads_a_read_model_sees_every_entry(run: Run, new_match: str) -> None:
    # The read models are open (and caught up) now; the entries after are recorded by commands
    # that do not touch them.
    assert _entries_listed(run, new_match) == 0
    record_opening(run, new_match)
    assert _entries_listed(run, new_match) == len(OPENING)


def test_db_init_makes_the_read_models_tables(on_sqlite: Run, sqlite_url: str) -> None:
    assert on_sqlite("db", "init").exit_code == 0
    assert "match_summaries" in _tables(sqlite_url)
