"""Whether the database answers, told in one line; and opening the store once it does."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from eventsourcing.application import Application
from eventsourcing.persistence import PersistenceError

from service.config import CONNECT_SECONDS, StoreSettings
from service.errors import DatabaseUnavailable

if TYPE_CHECKING:
    import psycopg

# The advisory lock that lets one process at a time open a PostgreSQL store: two that create
# the same tables at once make one fail ("duplicate key ... pg_type_typname_nsp_index"), and
# gunicorn stops altogether when a worker fails to start. Any number that nothing else uses.
OPENING_LOCK = 7_342_019_113
# How long a process waits for another to finish opening (a first start rebuilds read models):
# then it gives up, and a web process opens the store on its first request instead.
OPENING_WAIT_SECONDS = 20


def first_line(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0]


def check_postgres_answers(settings: StoreSettings) -> None:
    """Fail at once with one line when the server is down, rather than after pool time-outs."""
    _connect(settings).close()


def _connect(settings: StoreSettings) -> psycopg.Connection[Any]:
    """A connection of its own, outside the pool; DatabaseUnavailable in one line if none."""
    # Imported here: a command on the embedded SQLite store never loads PostgreSQL's driver
    # (a tenth of a second of every command's start).
    import psycopg

    env = settings.env
    try:
        return psycopg.connect(
            host=env["POSTGRES_HOST"],
            port=env["POSTGRES_PORT"],
            dbname=env["POSTGRES_DBNAME"],
            user=env["POSTGRES_USER"],
            password=env["POSTGRES_PASSWORD"],
            connect_timeout=int(env["POSTGRES_CONNECT_TIMEOUT"]),
            autocommit=True,
        )
    except psycopg.Error as error:
        raise DatabaseUnavailable(
            f"cannot reach the database at {settings.safe_url}: {first_line(error)}"
        ) from None


@contextmanager
def one_opener_at_a_time(settings: StoreSettings) -> Iterator[None]:
    """On PostgreSQL, hold the store's opening lock (a session advisory lock, freed when its
    connection closes, even if this process dies) for as long as the block runs."""
    if not settings.is_postgres:
        yield
        return
    import psycopg

    connection = _connect(settings)
    try:
        try:
            connection.execute(f"SET lock_timeout = '{OPENING_WAIT_SECONDS}s'")
            connection.execute("SELECT pg_advisory_lock(%s)", (OPENING_LOCK,))
        except psycopg.Error as error:
            raise DatabaseUnavailable(
                f"cannot open the database at {settings.safe_url}: another process is still "
                f"opening it ({first_line(error)})"
            ) from None
        yield
    finally:
        connection.close()


class Opening:
    """Opens the store once per process: creates its tables if they are missing and tidies
    what an earlier release left behind, then runs `then` (the read models' own opening). Until
    that has succeeded, every use tries again, so a process started while the database was away
    works as soon as it is back."""

    def __init__(self, settings: StoreSettings, then: Callable[[], Any] | None = None) -> None:
        self.settings = settings
        self.done = False
        self._then = then
        self._lock = threading.Lock()
        # The thread opening the store now: `then` uses the store, and must not wait for itself.
        self._opener: int | None = None

    def ensure(self, app: Application[Any]) -> None:
        """Raises DatabaseUnavailable, in one line, while the store cannot be opened."""
        if self.done or self._opener == threading.get_ident():
            return
        if self.settings.is_postgres:
            # Its own connection, outside the pool: the refusal names libpq's reason
            # ("Connection refused", "database … does not exist") rather than a pool time-out.
            check_postgres_answers(self.settings)
        # Two threads creating the same tables at once would trip over each other; a thread
        # that cannot take its turn soon gives up rather than queue behind a slow server.
        if not self._lock.acquire(timeout=CONNECT_SECONDS):
            raise DatabaseUnavailable(
                f"cannot open the database at {self.settings.safe_url}: another request is "
                "still opening it"
            )
        try:
            if not self.done:
                self._opener = threading.get_ident()
                with one_opener_at_a_time(self.settings):
                    self._open(app)
                    if self._then is not None:
                        self._then()
                self.done = True
        finally:
            self._opener = None
            self._lock.release()

    def _open(self, app: Application[Any]) -> None:
        try:
            app.recorder.create_table()  # type: ignore[attr-defined]
            if app.snapshots is not None:
                app.snapshots.recorder.create_table()  # type: ignore[attr-defined]
            if self.settings.is_postgres:
                from service.postgres_store import drop_stray_tables

                drop_stray_tables(app.recorder.datastore)  # type: ignore[attr-defined]
        except (PersistenceError, OSError) as error:
            raise DatabaseUnavailable(
                f"cannot open the database at {self.settings.safe_url}: {first_line(error)}"
            ) from None
