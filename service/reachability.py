"""Whether the database answers, told in one line before anything else is attempted."""

from __future__ import annotations

import psycopg

from service.config import StoreSettings
from service.errors import DatabaseUnavailable


def first_line(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0]


def check_postgres_answers(settings: StoreSettings) -> None:
    """Fail at once with one line when the server is down, rather than after pool time-outs."""
    env = settings.env
    try:
        psycopg.connect(
            host=env["POSTGRES_HOST"],
            port=env["POSTGRES_PORT"],
            dbname=env["POSTGRES_DBNAME"],
            user=env["POSTGRES_USER"],
            password=env["POSTGRES_PASSWORD"],
            connect_timeout=int(env["POSTGRES_CONNECT_TIMEOUT"]),
        ).close()
    except psycopg.Error as error:
        raise DatabaseUnavailable(
            f"cannot reach the database at {settings.safe_url}: {first_line(error)}"
        ) from None
