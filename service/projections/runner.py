"""Following the store for good: `touchline projections run`.

PostgreSQL: eventsourcing's projection runner subscribes to the application (LISTEN/NOTIFY)
and hands each new event to the projector, which writes the rows and the tracking position
in one transaction. SQLite has no subscriptions: poll the notification log from the last
tracked position. Either way, the backlog is first caught up in batches.
"""

from __future__ import annotations

import threading
from typing import Any

from eventsourcing.persistence import Tracking, TrackingRecorder
from eventsourcing.projection import BaseProjectionRunner, Projection

from service.app import Touchline
from service.projections.database import position
from service.projections.projector import Projector

POLL_SECONDS = 1.0


class TrackedViews(TrackingRecorder):
    """The runner's view of our tracking: the subscription starts after the slowest view."""

    def __init__(self, projector: Projector) -> None:
        self.projector = projector

    def insert_tracking(self, tracking: Tracking) -> None:
        # Never called: the projector writes tracking in the same transaction as the view rows.
        raise RuntimeError("tracking is written with the view rows, by the projector")

    def max_tracking_id(self, application_name: str) -> int | None:
        with self.projector.db.transaction(commit=False) as sql:
            return min((position(sql, v.name) for v in self.projector.views), default=0) or None


class FollowingProjection(Projection[TrackedViews]):
    """Each event the subscription delivers wakes the projector, which folds everything after
    the tracked positions. Folding from the positions, not from the delivered event, keeps a
    view whole when notification ids have gaps or a rebuild has just reset it."""

    name = "touchline_views"

    def process_event(self, domain_event: Any, tracking: Tracking) -> None:
        self.view.projector.catch_up()


def follow(
    projector: Projector,
    stop: threading.Event,
    on_batch: Any = None,
    following: threading.Event | None = None,
) -> None:
    """Keep the views up to date until `stop` is set.

    `following` is set once the backlog is folded and every later event will reach the views
    (subscribed on PostgreSQL, polling on SQLite)."""
    projector.catch_up(progress=on_batch)
    app = projector.app
    if isinstance(app, Touchline) and app.settings.is_postgres:
        _subscribe(projector, app, stop, following or threading.Event())
        return
    if following is not None:
        following.set()
    while not stop.wait(POLL_SECONDS):
        projector.catch_up(progress=on_batch)


def _subscribe(
    projector: Projector, app: Touchline, stop: threading.Event, following: threading.Event
) -> None:
    settings = app.settings

    class Followed(Touchline):
        # The store's tables and notification channel are named after the application: a
        # subclass named otherwise would listen to a table of its own that nobody writes.
        name = Touchline.name

        def __init__(self, env: Any = None) -> None:
            super().__init__(settings)

    tracked = TrackedViews(projector)
    runner: BaseProjectionRunner[Touchline] = BaseProjectionRunner(
        projection=FollowingProjection(tracked),
        application_class=Followed,
        tracking_recorder=tracked,
        topics=(),
    )
    # The subscription starts from the views' position when the runner is built, so an event
    # saved from here on is delivered even if it is saved before LISTEN takes effect.
    following.set()
    with app._storage(), runner:
        while not stop.is_set():
            runner.run_forever(timeout=POLL_SECONDS)
