"""PostgreSQL as Touchline uses it: eventsourcing's own factory, with every wait bounded.

eventsourcing 9.5 takes POSTGRES_CONNECT_TIMEOUT as how long a request waits for a pooled
connection, but gives libpq no connect timeout, sets no statement timeout, and retries a
request that found no connection ten times. With the server away a request therefore held its
thread for half a minute or more before failing, and against a server that accepted TCP but
never answered each of the pool's connection attempts waited psycopg's default of 130 s. Here
each connection is opened within the connect timeout and runs its statements under
`statement_timeout` and `lock_timeout`, and a request that finds no connection within the wait
fails once, at once, instead of ten times.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from eventsourcing.persistence import DatabaseError, OperationalError, PersistenceError
from eventsourcing.postgres import PostgresDatastore, PostgresFactory
from eventsourcing.utils import Environment, EnvType
from psycopg import Connection
from psycopg.rows import DictRow
from psycopg.sql import SQL, Identifier
from psycopg_pool import PoolTimeout

from service.config import STATEMENT_TIMEOUT_KEY
from service.postgres_recorders import AggregateRecorder, ApplicationRecorder

log = logging.getLogger(__name__)

# After a connection fails, the pool tries again with growing pauses; past this many seconds it
# gives that attempt up and the next request starts a fresh one. Kept short so that the first
# requests after the server comes back find it, rather than one pause of up to minutes later.
RECONNECT_SECONDS = 4.0

# Tables an earlier `projections run` created by mistake: it subscribed as an application
# named "Followed", for which eventsourcing made an event table and a snapshot table.
STRAY_TABLES = {
    "followed_events": {
        "originator_id",
        "originator_version",
        "topic",
        "state",
        "notification_id",
    },
    "followed_snapshots": {"originator_id", "originator_version", "topic", "state"},
}


class StoreAway(DatabaseError):
    """No connection could be had within the wait: the server is down or unreachable.

    A DatabaseError rather than an OperationalError, so that the library does not retry it."""


class BoundedDatastore(PostgresDatastore):
    # Set while the pool's idle connections are being checked (see get_connection).
    _checking: threading.Lock

    def register_type_adapters(self) -> None:
        # The recorders ask for this while they are built, which would make building the
        # application wait on the server. Until the store is first used the pool is closed and
        # nothing is asked; opening the store (creating the tables) registers them.
        if not self.pool.closed:
            super().register_type_adapters()

    @contextmanager
    def get_connection(self) -> Iterator[Connection[DictRow]]:
        connection: Connection[DictRow] | None = None
        try:
            with super().get_connection() as connection:
                yield connection
        except OperationalError as error:
            if isinstance(error.__cause__, PoolTimeout):
                raise StoreAway(
                    f"no connection to the server within {self.pool.timeout:g} s"
                ) from error
            if connection is not None and connection.broken:
                self._check_idle_connections()
            raise

    def _check_idle_connections(self) -> None:
        """A connection the server dropped (it stopped, or restarted) says its idle siblings
        are most likely dead too: check them all now, so that the next requests get live
        ones rather than failing one by one. In the background: this request has failed
        already, and a check must never hold it."""
        if self._checking.acquire(blocking=False):

            def check() -> None:
                try:
                    self.pool.check()
                finally:
                    self._checking.release()

            threading.Thread(target=check, name="store-check", daemon=True).start()


class Factory(PostgresFactory):
    """eventsourcing's PostgreSQL factory, its datastore bounded as the module says, its
    recorders composing their statements once (service/postgres_recorders.py)."""

    aggregate_recorder_class = AggregateRecorder
    application_recorder_class = ApplicationRecorder

    def __init__(self, env: Environment | EnvType | None) -> None:
        super().__init__(env)
        datastore = self.datastore
        statement = int(self.env.get(STATEMENT_TIMEOUT_KEY) or 0)
        pool = datastore.pool
        # The pool has not connected yet: these reach every connection it will open. The
        # library's POSTGRES_CONNECT_TIMEOUT became the pool's wait; libpq gets it too (it
        # counts anything below 2 s as 2 s). Its POSTGRES_LOCK_TIMEOUT covers the event
        # table's lock only; the session's covers every other lock (the views' tracking rows).
        assert isinstance(pool.kwargs, dict)
        pool.kwargs["connect_timeout"] = max(2, round(pool.timeout))
        pool.kwargs["options"] = (
            f"-c statement_timeout={statement * 1000} "
            f"-c lock_timeout={datastore.lock_timeout * 1000}"
        )
        pool.reconnect_timeout = RECONNECT_SECONDS
        # The library builds its datastore itself; ours only adds methods (and a lock), so the
        # one built is given its class before any recorder uses it.
        datastore.__class__ = BoundedDatastore
        assert isinstance(datastore, BoundedDatastore)
        datastore._checking = threading.Lock()


def drop_stray_tables(datastore: PostgresDatastore) -> list[str]:
    """Drop the empty tables an earlier follower made (see STRAY_TABLES); return their names.

    A table is dropped only when it has exactly the shape eventsourcing gives it and holds no
    row, so nothing anybody wrote is ever lost. Housekeeping must never stop the store from
    opening: a table that cannot be dropped now (a lock held elsewhere) is left for next time.
    """
    schema = datastore.schema
    with datastore.transaction(commit=False) as cursor:
        found = cursor.execute(
            "SELECT table_name, array_agg(column_name::text) AS columns "
            "FROM information_schema.columns WHERE table_schema = %s AND table_name = ANY(%s) "
            "GROUP BY table_name",
            (schema, list(STRAY_TABLES)),
        ).fetchall()
    shaped = [
        row["table_name"] for row in found if set(row["columns"]) == STRAY_TABLES[row["table_name"]]
    ]
    dropped: list[str] = []
    for table in shaped:
        name = SQL("{0}.{1}").format(Identifier(schema), Identifier(table))
        try:
            with datastore.transaction(commit=True) as cursor:
                # Locked first, so that nothing can be written between the look and the drop.
                cursor.execute(SQL("LOCK TABLE {0} IN ACCESS EXCLUSIVE MODE").format(name))
                cursor.execute(SQL("SELECT 1 FROM {0} LIMIT 1").format(name))
                if cursor.fetchone() is None:
                    cursor.execute(SQL("DROP TABLE IF EXISTS {0}").format(name))
                    dropped.append(table)
        except PersistenceError as error:
            log.warning("left the stray table %s in place for now: %s", table, error)
    for table in dropped:
        log.info("dropped the empty table %s an earlier follower created by mistake", table)
    return dropped
