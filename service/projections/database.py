"""The views' tables live in the event store's own database, written through the store's
own connections, so a view's rows and its tracking position commit in one transaction.

SQL is written once with `?` placeholders and portable types; PostgreSQL gets `%s`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from typing import Any

from eventsourcing.application import Application

TRACKING_TABLE = "projection_tracking"


class Sql:
    """A cursor inside one transaction, speaking one placeholder style."""

    def __init__(self, cursor: Any, postgres: bool) -> None:
        self._cursor = cursor
        self._postgres = postgres

    def _text(self, statement: str) -> str:
        return statement.replace("?", "%s") if self._postgres else statement

    def run(self, statement: str, params: Sequence[Any] = ()) -> None:
        self._cursor.execute(self._text(statement), storable(params))

    def many(self, statement: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            if not _all_storable(rows):
                rows = [storable(r) for r in rows]
            self._cursor.executemany(self._text(statement), rows)

    def insert(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Add rows to a table. PostgreSQL takes them by COPY: psycopg binds the parameters of
        an INSERT row by row in Python, which made most of a rebuild's client CPU there (tens
        of thousands of statistics rows a batch), and streams COPY's rows at a tenth of it."""
        if not rows:
            return
        if not _all_storable(rows):
            rows = [storable(r) for r in rows]
        named = ", ".join(columns)
        if self._postgres:
            with self._cursor.copy(f"COPY {table} ({named}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        else:
            marks = ", ".join("?" for _ in columns)
            self._cursor.executemany(f"INSERT INTO {table} ({named}) VALUES ({marks})", rows)

    def rows(self, statement: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        self.run(statement, params)
        return [dict(row) for row in self._cursor.fetchall()]

    def columns(self, table: str) -> list[str]:
        """The names of a table's columns (SQLite and PostgreSQL alike)."""
        self.run(f"SELECT * FROM {table} WHERE 1 = 0")
        self._cursor.fetchall()
        # eventsourcing wraps SQLite's cursor; psycopg's it hands over as it is.
        described = getattr(self._cursor, "sqlite_cursor", self._cursor).description
        return [column[0] for column in described]

    def value(self, statement: str, params: Sequence[Any] = ()) -> Any:
        self.run(statement, params)
        row = self._cursor.fetchone()
        return None if row is None else next(iter(dict(row).values()))


def storable(params: Sequence[Any]) -> tuple[Any, ...]:
    """The parameters with any text a text column cannot hold made visible instead.

    New input is checked at the door, but the log keeps whatever an earlier release accepted
    (a NUL in a coach's name, say), and PostgreSQL refuses NUL in text: one such name would
    stop every view from catching up. The view shows U+FFFD in its place; the log is untouched.
    """
    return tuple(_storable_text(p) if isinstance(p, str) else p for p in params)


def _all_storable(rows: Sequence[Sequence[Any]]) -> bool:
    """Whether every text of these rows is stored as it is, looked at in one piece: a batch
    writes tens of thousands of parameters, nearly always clean."""
    texts = "".join([p for row in rows for p in row if type(p) is str])
    if "\x00" in texts:
        return False
    try:
        texts.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _storable_text(text: str) -> str:
    if text.isascii() and "\x00" not in text:
        return text  # nearly all text: nothing to look for
    text = text.replace("\x00", "\ufffd")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no encoding of text can carry it
        return text.encode("utf-8", "replace").decode("utf-8")
    return text


class ViewDatabase:
    """Transactions on the application's datastore (SQLite or PostgreSQL)."""

    def __init__(self, app: Application[Any]) -> None:
        # Told by the recorder's lineage, not by importing psycopg's side of the library (a
        # SQLite store never loads it); Touchline's PostgreSQL recorders derive from it.
        self.postgres = any(
            kind.__module__.startswith("eventsourcing.postgres")
            for kind in type(app.recorder).__mro__
        )
        self._datastore = app.recorder.datastore  # type: ignore[attr-defined]
        # Touchline's guard opens the store on first use and turns its failures (down, read
        # only) into DatabaseUnavailable, which every adapter answers clearly (503, one line).
        self._guard = getattr(app, "_storage", nullcontext)

    @contextmanager
    def transaction(self, commit: bool = True) -> Iterator[Sql]:
        with self._guard(), self._datastore.transaction(commit=commit) as cursor:
            yield Sql(cursor, self.postgres)

    def create_tracking(self) -> None:
        """The tracking table, with the version each view was built with.

        Releases before view versions kept no version column: it is added, empty, and a view
        with no recorded version counts as built by version 1."""
        with self.transaction() as sql:
            sql.run(
                f"CREATE TABLE IF NOT EXISTS {TRACKING_TABLE} "
                "(projection TEXT PRIMARY KEY, notification_id BIGINT NOT NULL, "
                "view_version INTEGER)"
            )
            if "view_version" not in sql.columns(TRACKING_TABLE):
                sql.run(f"ALTER TABLE {TRACKING_TABLE} ADD COLUMN view_version INTEGER")


def position(sql: Sql, projection: str) -> int:
    found = sql.value(
        f"SELECT notification_id FROM {TRACKING_TABLE} WHERE projection = ?", (projection,)
    )
    return int(found or 0)


def track(sql: Sql, projection: str, notification_id: int) -> None:
    """Move the projection's position forward, in the caller's transaction.

    The WHERE clause refuses to move backwards: a stale writer cannot undo progress.
    """
    sql.run(
        f"INSERT INTO {TRACKING_TABLE} (projection, notification_id) VALUES (?, ?) "
        "ON CONFLICT (projection) DO UPDATE SET notification_id = excluded.notification_id "
        f"WHERE {TRACKING_TABLE}.notification_id < excluded.notification_id",
        (projection, notification_id),
    )


def start_over(sql: Sql, projection: str, version: int) -> None:
    """Back to before the first event, built by `version`; call with the row locked."""
    sql.run(
        f"UPDATE {TRACKING_TABLE} SET notification_id = 0, view_version = ? WHERE projection = ?",
        (version, projection),
    )
