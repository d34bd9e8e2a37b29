"""When a match is snapshotted, and why only its latest snapshot is kept.

A snapshot holds the whole log (domain/match.py's `MatchRecord.Snapshot`): taking one every
50 events and keeping them all made storage grow with the square of a match's length (a 51 MB
import made a 13.4 GB SQLite file). Two rules keep it linear:

- Only the latest snapshot of a match is kept: loading reads nothing else (the library asks
  for the newest at or below the version it loads, and a match is only ever loaded whole), so
  the older ones are deleted once a newer one is stored. A store written by an earlier
  release keeps all its snapshots until its matches are written to again; they load as they
  are.
- The interval doubles as the match grows: every 50 events until the match is 16 intervals
  long (800 events), then every 100 until 1,600, every 200 until 3,200, and so on. A snapshot
  costs encoding the whole log, so a fixed interval would make the write that takes it cost
  more and more; this way a write pays for fewer than 16 lines of snapshot on average, and a
  load from the store replays fewer than an eighth of the match's events after its snapshot.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from uuid import UUID

# Events between snapshots while a match is short (the library's `snapshotting_intervals`).
SNAPSHOT_EVERY = 50
# A match is snapshotted at least this many times per doubling of its length.
INTERVALS_PER_LENGTH = 16


def interval_at(version: int, every: int = SNAPSHOT_EVERY) -> int:
    interval = every
    while version >= interval * INTERVALS_PER_LENGTH:
        interval *= 2
    return interval


def snapshot_due(versions: Iterable[int], every: int = SNAPSHOT_EVERY) -> bool:
    """Whether a save that stored events at these versions passed a snapshot point."""
    return any(version % interval_at(version, every) == 0 for version in versions)


def drop_older_snapshots(recorder: Any, match_id: UUID, version: int, postgres: bool) -> None:
    """Delete the match's snapshots older than `version` (the one just stored).

    The library's recorders have no delete, so this speaks to their tables in their own
    terms: SQLite keeps the id as hex text, PostgreSQL as a uuid in the store's schema.
    """
    if postgres:
        from psycopg.sql import SQL, Identifier

        statement = SQL(
            "DELETE FROM {schema}.{table} WHERE originator_id = %s AND originator_version < %s"
        ).format(
            schema=Identifier(recorder.datastore.schema),
            table=Identifier(recorder.events_table_name),
        )
        with recorder.datastore.transaction(commit=True) as cursor:
            cursor.execute(statement, (match_id, version))
    else:
        with recorder.datastore.transaction(commit=True) as cursor:
            cursor.execute(
                f"DELETE FROM {recorder.events_table_name} "
                "WHERE originator_id = ? AND originator_version < ?",
                (match_id.hex, version),
            )
