"""Where the event store lives: the embedded SQLite file by default, or PostgreSQL.

`TOUCHLINE_DATABASE_URL` chooses: unset (or `sqlite:///path`) for SQLite, and
`postgresql://user:password@host:port/dbname` for PostgreSQL. The URL is turned into the
environment settings the eventsourcing library reads.

On PostgreSQL every wait has a bound, so that a server that is down, unreachable or stuck costs
a request a few seconds and a clear refusal rather than a thread held for half a minute.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from service.errors import BadDatabaseUrl
from service.user_folders import user_data_folder

DATABASE_URL_VARIABLE = "TOUCHLINE_DATABASE_URL"

# How long a new connection may take to open, and how long a request waits for one from the
# pool (libpq counts any connect timeout below 2 s as 2 s).
CONNECT_SECONDS = 2
# How long a statement may wait for a lock (the event table's, while another writer saves).
LOCK_SECONDS = 3
# How long one statement may run, lock waits included: Touchline's statements take
# milliseconds; this stops one stuck behind something else from holding its thread.
STATEMENT_SECONDS = 5
# How long a session may sit idle inside a transaction before the server ends it.
IDLE_IN_TRANSACTION_SECONDS = 5
# Where the statement timeout travels to that factory (the library itself has no such key).
STATEMENT_TIMEOUT_KEY = "POSTGRES_STATEMENT_TIMEOUT"
# eventsourcing's factory, with the bounds above applied to every connection.
POSTGRES_FACTORY = "service.postgres_store:Factory"
# How event and snapshot payloads are packed (service/compression.py).
COMPRESSOR = "service.compression:PackedJson"
# Connections a process may hold at once, unless told how many threads it runs: the
# library's own default (5 kept open, 10 more when needed).
DEFAULT_CONNECTIONS = 15
# Of those, how many the pool keeps open while idle; the rest are opened when needed and
# closed again. Every worker of every host holds these, so few are kept.
KEPT_CONNECTIONS = 5
# The one option a SQLite URL takes: `sqlite:///path?mode=ro` opens the file read-only.
READ_ONLY = "mode=ro"


def default_sqlite_path() -> Path:
    return Path(user_data_folder()) / "touchline.sqlite3"


@dataclass(frozen=True)
class StoreSettings:
    """Where the event store is (its URL) and the library's settings for it."""

    url: str
    env: dict[str, str]

    @property
    def safe_url(self) -> str:
        """The URL without its password, fit for an error message."""
        return redact(self.url)

    @property
    def is_postgres(self) -> bool:
        return self.env["PERSISTENCE_MODULE"] == POSTGRES_FACTORY


def settings_from_environment(
    environ: dict[str, str] | None = None, connections: int = DEFAULT_CONNECTIONS
) -> StoreSettings:
    environ = dict(os.environ) if environ is None else environ
    url = environ.get(DATABASE_URL_VARIABLE, "").strip()
    return settings_for_url(url or f"sqlite:///{default_sqlite_path()}", connections)


def settings_for_url(url: str, connections: int = DEFAULT_CONNECTIONS) -> StoreSettings:
    """The store's settings; on PostgreSQL the pool lets `connections` threads (a server's
    request threads and its helpers) hold a connection at once: a thread that finds the pool
    empty waits for one and, past the connect timeout, fails its request."""
    if connections < 1:
        raise ValueError(f"a store needs at least one connection, not {connections}")
    parts = urlsplit(url)
    common = {
        "IS_SNAPSHOTTING_ENABLED": "y",
        "CREATE_TABLE": "y",
        # Payloads packed with a preset dictionary; plain ones of earlier releases read as
        # they are (service/compression.py).
        "COMPRESSOR_TOPIC": COMPRESSOR,
    }
    if parts.scheme == "sqlite":
        path = unquote(parts.path)
        if parts.netloc or not path:
            raise BadDatabaseUrl(f"a SQLite URL looks like sqlite:///path/to/file, not {url}")
        if parts.query == READ_ONLY and path != "/:memory:":
            # An existing file opened read-only (a copy on read-only media, say): reads whose
            # views are up to date work, anything that must write is refused as unavailable.
            return StoreSettings(url, {**common, **_sqlite(f"{Path(path).as_uri()}?{READ_ONLY}")})
        if parts.query:
            raise BadDatabaseUrl(
                f"a SQLite URL takes no options but ?{READ_ONLY} (read-only), not {url}"
            )
        if path != "/:memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        name = ":memory:" if path == "/:memory:" else path
        return StoreSettings(url, {**common, **_sqlite(name)})
    if parts.scheme in {"postgresql", "postgres"}:
        dbname = unquote(parts.path.lstrip("/"))
        if not parts.hostname or not dbname:
            raise BadDatabaseUrl(
                f"a PostgreSQL URL looks like postgresql://user@host:5432/dbname, not {redact(url)}"
            )
        env = {
            "PERSISTENCE_MODULE": POSTGRES_FACTORY,
            "POSTGRES_DBNAME": dbname,
            "POSTGRES_HOST": parts.hostname,
            "POSTGRES_PORT": str(parts.port or 5432),
            "POSTGRES_USER": unquote(parts.username or os.environ.get("USER", "postgres")),
            "POSTGRES_PASSWORD": unquote(parts.password or ""),
            # eventsourcing reads this as the pool wait; the factory also gives it to libpq.
            "POSTGRES_CONNECT_TIMEOUT": str(CONNECT_SECONDS),
            "POSTGRES_LOCK_TIMEOUT": str(LOCK_SECONDS),
            STATEMENT_TIMEOUT_KEY: str(STATEMENT_SECONDS),
            "POSTGRES_IDLE_IN_TRANSACTION_SESSION_TIMEOUT": str(IDLE_IN_TRANSACTION_SECONDS),
            "POSTGRES_POOL_SIZE": str(min(KEPT_CONNECTIONS, connections)),
            "POSTGRES_MAX_OVERFLOW": str(max(0, connections - KEPT_CONNECTIONS)),
        }
        return StoreSettings(url, {**common, **env})
    raise BadDatabaseUrl(
        f"unsupported database URL {redact(url)}: use sqlite:///path or postgresql://…"
    )


def _sqlite(name: str) -> dict[str, str]:
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": name,
        "SQLITE_LOCK_TIMEOUT": "10",
    }


def redact(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return parts._replace(netloc=netloc).geturl()
