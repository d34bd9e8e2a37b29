"""eventsourcing's PostgreSQL recorders, with less client work per entry.

eventsourcing 9.5 keeps its statements as psycopg `Composed` objects (identifiers quoted when
a statement is sent), builds the NOTIFY of every insert and the query of every `select_events`
afresh, and psycopg turns each into bytes again on every execution. The statements name only
the store's schema and its own tables, which do not change while a process runs, so each is
turned into bytes once here; what is sent is byte for byte what the library would send. The
insert itself is one call instead of four statements (`ApplicationRecorder`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

import psycopg
from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresAggregateRecorder, PostgresApplicationRecorder
from eventsourcing.utils import retry
from psycopg import Cursor
from psycopg.abc import Query
from psycopg.rows import DictRow
from psycopg.sql import SQL, Composable, Identifier

from service import link_checks
from service.errors import LinkChangedMeanwhile
from service.link_checks import LINK_MOVED_ON

# A statement as psycopg sends it; bytes skip psycopg's composing.
Rendered = bytes


def render(statement: Query) -> Rendered:
    """The bytes psycopg would send for `statement`. Identifiers are quoted without a
    connection: the store's names are plain ASCII, for which that quoting is libpq's."""
    if isinstance(statement, bytes):
        return statement
    if isinstance(statement, str):
        return statement.encode()
    if isinstance(statement, Composable):
        return statement.as_bytes(None)
    raise TypeError(f"cannot render a {type(statement).__name__} once for all")


class SelectEvents:
    """`select_events`' statement for each combination of its options, rendered once."""

    def __init__(self, base: Composable) -> None:
        self.base = base
        self._rendered: dict[tuple[bool, bool, bool, bool], Rendered] = {}

    def statement(self, *, gt: bool, lte: bool, desc: bool, limit: bool) -> Rendered:
        shape = (gt, lte, desc, limit)
        rendered = self._rendered.get(shape)
        if rendered is None:
            # The library's own clauses, in its order.
            statement = self.base
            if gt:
                statement += SQL(" AND originator_version > %s")
            if lte:
                statement += SQL(" AND originator_version <= %s")
            statement += SQL(" ORDER BY originator_version")
            statement += SQL(" DESC") if desc else SQL(" ASC")
            if limit:
                statement += SQL(" LIMIT %s")
            rendered = self._rendered[shape] = render(statement)
        return rendered


def _select_events(
    recorder: PostgresAggregateRecorder,
    select: SelectEvents,
    originator_id: UUID | str,
    gt: int | None,
    lte: int | None,
    desc: bool,
    limit: int | None,
) -> Sequence[StoredEvent]:
    params: list[Any] = [originator_id]
    if gt is not None:
        params.append(gt)
    if lte is not None:
        params.append(lte)
    if limit is not None:
        params.append(limit)
    statement = select.statement(
        gt=gt is not None, lte=lte is not None, desc=desc, limit=limit is not None
    )
    with recorder.datastore.get_connection() as conn, conn.cursor() as curs:
        curs.execute(statement, params, prepare=True)
        return [
            StoredEvent(
                originator_id=row["originator_id"],
                originator_version=row["originator_version"],
                topic=row["topic"],
                state=bytes(row["state"]),
            )
            for row in curs.fetchall()
        ]


class AggregateRecorder(PostgresAggregateRecorder):
    """The snapshots' recorder."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._select = SelectEvents(self.select_events_statement)
        # Typed Composed by the library; psycopg executes bytes as they are.
        self.insert_events_statement = render(self.insert_events_statement)  # type: ignore[assignment]

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def select_events(
        self,
        originator_id: UUID | str,
        *,
        gt: int | None = None,
        lte: int | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> Sequence[StoredEvent]:
        return _select_events(self, self._select, originator_id, gt, lte, desc, limit)


class ApplicationRecorder(AggregateRecorder, PostgresApplicationRecorder):
    """The events' recorder: every entry's insert and the queries for a kept match's or
    link's newer events.

    The library sends an insert as four pipelined statements (SET LOCAL lock_timeout, LOCK
    TABLE in EXCLUSIVE mode, NOTIFY, INSERT); here they are one call of a function made when
    the store is opened, which takes the same lock, sends the same notification and inserts
    the same rows, at half the client's CPU. The lock stays: it keeps the notification log in
    commit order for the read models. The lock's timeout is the session's, which the factory
    sets to the library's POSTGRES_LOCK_TIMEOUT on every connection.

    A save of one event (an entry, nearly always) calls a twin of that function taking the
    event's four columns as plain parameters: psycopg writes an array of rows of the stored
    event type in Python, row by row and field by field, and four plain values in C."""

    # Its inserts can check the link a write was let through on (service/link_checks.py).
    checks_links = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # AggregateRecorder prepares the selection and renders the insert statement.
        super().__init__(*args, **kwargs)
        self.lock_table_statements = [render(s) for s in self.lock_table_statements]
        self.max_notification_id_statement = render(self.max_notification_id_statement)  # type: ignore[assignment]
        self._notify = render(SQL("NOTIFY {0}").format(Identifier(self.channel_name)))
        id_type = self.datastore.originator_id_type
        self.locked_insert_function = f"touchline_insert_events_{id_type}"
        self.locked_insert_one_function = f"touchline_insert_event_{id_type}"
        names: dict[str, Composable] = {
            "schema": Identifier(self.datastore.schema),
            "table": Identifier(self.events_table_name),
            "event": Identifier(self.stored_event_type_name),
            "channel": Identifier(self.channel_name),
            "id_type": SQL(id_type),
        }
        rows = "SELECT originator_id, originator_version, topic, state FROM unnest(events) "
        one = "VALUES (id, version, event_topic, event_state) "
        # The same insert, first asking whether the link that let the write through has an
        # event after the version the process kept (service/link_checks.py). Under the lock,
        # which a revocation's insert takes too, no revocation can come in between.
        link_check = SQL(
            "IF EXISTS (SELECT 1 FROM {schema}.{table} "
            "WHERE originator_id = link AND originator_version > link_version) THEN "
            "RAISE EXCEPTION 'access link % moved on', link USING ERRCODE = '{code}'; "
            "END IF; "
        ).format(code=SQL(LINK_MOVED_ON), **names)
        self._locked_insert = self._insert_function(
            self.locked_insert_function, "events {schema}.{event}[]", rows, names
        )
        self._locked_insert_one = self._insert_function(
            self.locked_insert_one_function,
            "id {id_type}, version integer, event_topic text, event_state bytea",
            one,
            names,
        )
        self._checked_insert = self._insert_function(
            f"touchline_insert_events_checked_{id_type}",
            "link {id_type}, link_version integer, events {schema}.{event}[]",
            rows,
            names,
            link_check,
        )
        self._checked_insert_one = self._insert_function(
            f"touchline_insert_event_checked_{id_type}",
            "link {id_type}, link_version integer, "
            "id {id_type}, version integer, event_topic text, event_state bytea",
            one,
            names,
            link_check,
        )

    def _insert_function(
        self,
        name: str,
        parameters: str,
        values: str,
        names: dict[str, Composable],
        check: Composable | None = None,
    ) -> Rendered:
        """Make (when the store is opened) a function that locks the table, notifies, makes
        `check` and inserts `values`; return the statement that calls it."""
        names = {**names, "function": Identifier(name)}
        self.sql_create_statements.append(
            SQL(
                "CREATE OR REPLACE FUNCTION {schema}.{function}(" + parameters + ") "
                "RETURNS SETOF bigint LANGUAGE plpgsql AS $BODY$ "
                "BEGIN "
                "LOCK TABLE {schema}.{table} IN EXCLUSIVE MODE; "
                "{check}"
                "NOTIFY {channel}; "
                "RETURN QUERY "
                "INSERT INTO {schema}.{table} AS t "
                "(originator_id, originator_version, topic, state) "
                + values
                + "RETURNING notification_id; "
                "END; $BODY$"
            ).format(check=check if check is not None else SQL(""), **names)
        )
        placeholders = ", ".join(["%s"] * (parameters.count(",") + 1))
        return render(
            SQL(
                "SELECT * FROM {schema}.{function}(" + placeholders + ") AS notification_id"
            ).format(**names)
        )

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_events(
        self, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        if not stored_events:
            return None
        check = link_checks.made_by(self)
        if check is not None and check.moved_on:
            # Its first insert found the link revoked: nothing more is stored for it.
            raise LinkChangedMeanwhile(str(check.link))
        checked = check is not None and check.pending
        prefix: tuple[Any, ...] = ()
        if check is not None and checked:
            prefix = (check.link, check.version)
        if len(stored_events) == 1:
            (one,) = stored_events
            statement = self._checked_insert_one if checked else self._locked_insert_one
            values: tuple[Any, ...] = (
                *prefix,
                one.originator_id,
                one.originator_version,
                one.topic,
                one.state,
            )
        else:
            rows = [
                self.construct_pg_stored_event(
                    e.originator_id, e.originator_version, e.topic, e.state
                )
                for e in stored_events
            ]
            statement = self._checked_insert if checked else self._locked_insert
            values = (*prefix, rows)
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            try:
                curs.execute(statement, values, prepare=True)
            except psycopg.Error as error:
                if check is not None and error.sqlstate == LINK_MOVED_ON:
                    check.moved_on = True
                    raise LinkChangedMeanwhile(str(check.link)) from None
                raise
            notification_ids = [row["notification_id"] for row in curs.fetchall()]
        if check is not None and checked:
            check.confirmed = True
        return notification_ids

    def _notify_channel(self, curs: Cursor[DictRow]) -> None:
        curs.execute(self._notify)
