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

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresAggregateRecorder, PostgresApplicationRecorder
from eventsourcing.utils import retry
from psycopg import Cursor
from psycopg.abc import Query
from psycopg.rows import DictRow
from psycopg.sql import SQL, Composable, Identifier

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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # AggregateRecorder prepares the selection and renders the insert statement.
        super().__init__(*args, **kwargs)
        self.lock_table_statements = [render(s) for s in self.lock_table_statements]
        self.max_notification_id_statement = render(self.max_notification_id_statement)  # type: ignore[assignment]
        self._notify = render(SQL("NOTIFY {0}").format(Identifier(self.channel_name)))
        self.locked_insert_function = f"touchline_insert_events_{self.datastore.originator_id_type}"
        names: dict[str, Composable] = {
            "schema": Identifier(self.datastore.schema),
            "table": Identifier(self.events_table_name),
            "function": Identifier(self.locked_insert_function),
            "event": Identifier(self.stored_event_type_name),
            "channel": Identifier(self.channel_name),
        }
        self.sql_create_statements.append(
            SQL(
                "CREATE OR REPLACE FUNCTION {schema}.{function}(events {schema}.{event}[]) "
                "RETURNS SETOF bigint LANGUAGE plpgsql AS $BODY$ "
                "BEGIN "
                "LOCK TABLE {schema}.{table} IN EXCLUSIVE MODE; "
                "NOTIFY {channel}; "
                "RETURN QUERY "
                "INSERT INTO {schema}.{table} AS t "
                "(originator_id, originator_version, topic, state) "
                "SELECT originator_id, originator_version, topic, state FROM unnest(events) "
                "RETURNING notification_id; "
                "END; $BODY$"
            ).format(**names)
        )
        self._locked_insert = render(SQL("SELECT * FROM {schema}.{function}((%s))").format(**names))
        self.locked_insert_one_function = (
            f"touchline_insert_event_{self.datastore.originator_id_type}"
        )
        names["one"] = Identifier(self.locked_insert_one_function)
        names["id_type"] = SQL(self.datastore.originator_id_type)
        self.sql_create_statements.append(
            SQL(
                "CREATE OR REPLACE FUNCTION {schema}.{one}"
                "(id {id_type}, version integer, event_topic text, event_state bytea) "
                "RETURNS SETOF bigint LANGUAGE plpgsql AS $BODY$ "
                "BEGIN "
                "LOCK TABLE {schema}.{table} IN EXCLUSIVE MODE; "
                "NOTIFY {channel}; "
                "RETURN QUERY "
                "INSERT INTO {schema}.{table} AS t "
                "(originator_id, originator_version, topic, state) "
                "VALUES (id, version, event_topic, event_state) "
                "RETURNING notification_id; "
                "END; $BODY$"
            ).format(**names)
        )
        self._locked_insert_one = render(
            SQL("SELECT * FROM {schema}.{one}(%s, %s, %s, %s)").format(**names)
        )

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_events(
        self, stored_events: Sequence[StoredEvent], **kwargs: Any
    ) -> Sequence[int] | None:
        if not stored_events:
            return None
        if len(stored_events) == 1:
            (one,) = stored_events
            values = (one.originator_id, one.originator_version, one.topic, one.state)
            with self.datastore.get_connection() as conn, conn.cursor() as curs:
                curs.execute(self._locked_insert_one, values, prepare=True)
                return [row[self.locked_insert_one_function] for row in curs.fetchall()]
        rows = [
            self.construct_pg_stored_event(e.originator_id, e.originator_version, e.topic, e.state)
            for e in stored_events
        ]
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(self._locked_insert, (rows,), prepare=True)
            return [row[self.locked_insert_function] for row in curs.fetchall()]

    def _notify_channel(self, curs: Cursor[DictRow]) -> None:
        curs.execute(self._notify)
