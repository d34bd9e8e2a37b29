"""Where the event store lives: the embedded SQLite file by default, or PostgreSQL.

`TOUCHLINE_DATABASE_URL` chooses: unset (or `sqlite:///path`) for SQLite, and
`postgresql://user:password@host:port/dbname` for PostgreSQL. The URL is turned into the
environment settings the eventsourcing library reads.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

import platformdirs

from service.errors import BadDatabaseUrl

DATABASE_URL_VARIABLE = "TOUCHLINE_DATABASE_URL"


def default_sqlite_path() -> Path:
    return Path(platformdirs.user_data_dir("touchline")) / "touchline.sqlite3"


@dataclass(frozen=True)
class StoreSettings:
    url: str
    env: dict[str, str]

    @property
    def safe_url(self) -> str:
        """The URL without its password, fit for an error message."""
        return redact(self.url)

    @property
    def is_postgres(self) -> bool:
        return self.env["PERSISTENCE_MODULE"] == "eventsourcing.postgres"


def settings_from_environment(environ: dict[str, str] | None = None) -> StoreSettings:
    environ = dict(os.environ) if environ is None else environ
    url = environ.get(DATABASE_URL_VARIABLE, "").strip()
    return settings_for_url(url or f"sqlite:///{default_sqlite_path()}")


def settings_for_url(url: str) -> StoreSettings:
    parts = urlsplit(url)
    common = {"IS_SNAPSHOTTING_ENABLED": "y", "CREATE_TABLE": "y"}
    if parts.scheme == "sqlite":
        path = unquote(parts.path)
        if parts.netloc or not path:
            raise BadDatabaseUrl(f"a SQLite URL looks like sqlite:///path/to/file, not {url}")
        if path != "/:memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        name = ":memory:" if path == "/:memory:" else path
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": name}
        env["SQLITE_LOCK_TIMEOUT"] = "10"
        return StoreSettings(url, {**common, **env})
    if parts.scheme in {"postgresql", "postgres"}:
        dbname = unquote(parts.path.lstrip("/"))
        if not parts.hostname or not dbname:
            raise BadDatabaseUrl(
                f"a PostgreSQL URL looks like postgresql://user@host:5432/dbname, not {redact(url)}"
            )
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": dbname,
            "POSTGRES_HOST": parts.hostname,
            "POSTGRES_PORT": str(parts.port or 5432),
            "POSTGRES_USER": unquote(parts.username or os.environ.get("USER", "postgres")),
            "POSTGRES_PASSWORD": unquote(parts.password or ""),
            "POSTGRES_CONNECT_TIMEOUT": "5",
            "POSTGRES_POOL_SIZE": "5",
        }
        return StoreSettings(url, {**common, **env})
    raise BadDatabaseUrl(
        f"unsupported database URL {redact(url)}: use sqlite:///path or postgresql://…"
    )


def redact(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return parts._replace(netloc=netloc).geturl()
