"""Editing a store's event rows behind the application's back, as someone with access to the
database file or server could: the tamper tests of the sealed record (docs/seal.md).

The rows are changed with the database's own client (sqlite3, psycopg), never through the
library, so that what a test edits is exactly what is stored. The state column holds the
event's fields as UTF-8 JSON, packed (service/compression.py): a row is read unpacked, and
written back as plain JSON, the form earlier releases stored and which the store still reads
as it is.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import unquote, urlsplit
from uuid import UUID

from service.app import Touchline


class StoredRows:
    """The stored event rows of one match, read and edited directly in the database."""

    def __init__(self, app: Touchline, match_id: str) -> None:
        self.url = app.settings.url
        self.table = app.recorder.events_table_name  # type: ignore[attr-defined]
        self.match_id = UUID(match_id)
        self.postgres = app.settings.is_postgres
        self.compressor = app.mapper.compressor
        self.app = app

    @contextmanager
    def _cursor(self) -> Iterator[Any]:
        if self.postgres:
            import psycopg

            with psycopg.connect(self.url, autocommit=True) as connection:
                yield connection.cursor()
        else:
            connection = sqlite3.connect(unquote(urlsplit(self.url).path))
            try:
                yield connection.cursor()
                connection.commit()
            finally:
                connection.close()
        # The application keeps the matches it wrote in memory and sees only new events, not
        # rows edited behind its back: it reads the store again, as a process started after
        # the edit would.
        self.app._forget_matches()

    def _id(self) -> Any:
        return self.match_id if self.postgres else self.match_id.hex

    def _mark(self) -> str:
        return "%s" if self.postgres else "?"

    def state(self, version: int) -> bytes:
        mark = self._mark()
        with self._cursor() as cursor:
            cursor.execute(
                f"SELECT state FROM {self.table} WHERE originator_id = {mark} "
                f"AND originator_version = {mark}",
                (self._id(), version),
            )
            (state,) = cursor.fetchone()
        stored = bytes(state)
        return stored if self.compressor is None else self.compressor.decompress(stored)

    def event(self, version: int) -> str:
        """The class name of the event stored at `version` (its topic's last part)."""
        mark = self._mark()
        with self._cursor() as cursor:
            cursor.execute(
                f"SELECT topic FROM {self.table} WHERE originator_id = {mark} "
                f"AND originator_version = {mark}",
                (self._id(), version),
            )
            (topic,) = cursor.fetchone()
        return str(topic).rpartition(".")[2]

    def fields(self, version: int) -> dict[str, Any]:
        return dict(json.loads(self.state(version)))

    def set_state(self, version: int, state: bytes) -> None:
        mark = self._mark()
        with self._cursor() as cursor:
            cursor.execute(
                f"UPDATE {self.table} SET state = {mark} WHERE originator_id = {mark} "
                f"AND originator_version = {mark}",
                (state, self._id(), version),
            )
            assert cursor.rowcount == 1

    def set_fields(self, version: int, fields: dict[str, Any]) -> None:
        self.set_state(version, json.dumps(fields, separators=(",", ":")).encode())

    def replace(self, version: int, old: bytes, new: bytes) -> None:
        """Change bytes of one row's stored JSON, which must hold `old` exactly once."""
        state = self.state(version)
        assert state.count(old) == 1, state
        self.set_state(version, state.replace(old, new))

    def delete(self, version: int) -> None:
        mark = self._mark()
        with self._cursor() as cursor:
            cursor.execute(
                f"DELETE FROM {self.table} WHERE originator_id = {mark} "
                f"AND originator_version = {mark}",
                (self._id(), version),
            )
            assert cursor.rowcount == 1

    def swap(self, first: int, second: int) -> None:
        """Swap two rows' stored state (each keeps its version and topic)."""
        one, other = self.state(first), self.state(second)
        self.set_state(first, other)
        self.set_state(second, one)
