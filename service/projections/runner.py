"""Following the store for good: `touchline projections run`.

The backlog is first caught up in batches; then the follower waits for new events and catches
up again, each time from the views' tracked positions (which keeps a view whole when
notification ids have gaps or a rebuild has just reset it).

PostgreSQL: the follower LISTENs on the channel the store NOTIFYs on whenever events are
inserted (eventsourcing's insert function does, in the inserting transaction, so the
notification arrives once the events are committed and visible), whichever process wrote
them, and wakes at once. It also looks every `poll_seconds` when nothing came, and polls alone
while the listening connection is lost, until it listens again: a missed notification delays
the views, never loses an event. SQLite has no notifications: the follower polls.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from service.projections.projector import Progress, Projector

POLL_SECONDS = 1.0

log = logging.getLogger(__name__)


def follow(
    projector: Projector,
    stop: threading.Event,
    on_batch: Progress | None = None,
    following: threading.Event | None = None,
    poll_seconds: float = POLL_SECONDS,
) -> None:
    """Keep the views up to date until `stop` is set.

    `following` is set once the backlog is folded and every later event will reach the views
    (listening on PostgreSQL, polling on SQLite)."""
    if projector.db.postgres:
        _follow_notified(projector, stop, on_batch, following, poll_seconds)
        return
    projector.catch_up(progress=on_batch)
    if following is not None:
        following.set()
    while not stop.wait(poll_seconds):
        projector.catch_up(progress=on_batch)


def _follow_notified(
    projector: Projector,
    stop: threading.Event,
    on_batch: Progress | None,
    following: threading.Event | None,
    poll_seconds: float,
) -> None:
    listener = _Listener(projector)
    try:
        # Listen before catching up: an event saved meanwhile is then either in the backlog
        # or notified (or both: a catch-up with nothing new is cheap).
        listener.listen()
        projector.catch_up(progress=on_batch)
        if following is not None:
            following.set()
        while not stop.is_set():
            listener.wait(stop, poll_seconds)
            if not stop.is_set():
                projector.catch_up(progress=on_batch)
    finally:
        listener.close()


class _Listener:
    """A connection of its own that LISTENs on the store's channel, listening again when it is
    lost; while it is lost, waiting is polling."""

    # How long to wait on a notification at a time, so `stop` is seen promptly.
    TICK = 0.2

    def __init__(self, projector: Projector) -> None:
        recorder: Any = projector.app.recorder
        self._datastore = recorder.datastore
        self._channel = recorder.channel_name
        self._connection: Any = None

    def listen(self) -> bool:
        """Start listening if not listening; False if the server cannot be reached now."""
        if self._connection is not None:
            return True
        from psycopg import Error, connect
        from psycopg.sql import SQL, Identifier

        try:
            # Not one of the store's pooled connections: this one waits for as long as the
            # follower runs.
            connection = connect(self._datastore.pool.conninfo, **_connect_kwargs(self._datastore))
            connection.autocommit = True
            connection.execute(SQL("LISTEN {0}").format(Identifier(self._channel)))
        except Error as error:
            log.warning("cannot listen for new events, polling meanwhile: %s", error)
            return False
        self._connection = connection
        return True

    def wait(self, stop: threading.Event, poll_seconds: float) -> None:
        """Return once events were notified, `poll_seconds` passed or `stop` was set."""
        from psycopg import Error

        waited = 0.0
        while waited < poll_seconds and not stop.is_set():
            tick = min(self.TICK, poll_seconds - waited)
            if self._connection is None:
                if self.listen():
                    return  # listening again: catch up with what was stored meanwhile
                stop.wait(tick)
            else:
                try:
                    # One notification is enough: the catch-up that follows folds everything
                    # stored by then, and a notification left over costs one empty catch-up.
                    notified = self._connection.notifies(timeout=tick, stop_after=1)
                    if any(True for _ in notified):
                        return
                except Error as error:
                    log.warning("lost the connection listening for new events: %s", error)
                    self.close()
            waited += tick

    def close(self) -> None:
        if self._connection is not None:
            try:
                self._connection.close()
            finally:
                self._connection = None


def _connect_kwargs(datastore: Any) -> dict[str, Any]:
    """The pool's own connection settings (credentials, timeouts), without its pooling."""
    kwargs = dict(getattr(datastore.pool, "kwargs", None) or {})
    kwargs.pop("autocommit", None)
    return kwargs
