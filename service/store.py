"""What every group of use cases stands on: the store, and the read models kept in it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.utils import get_topic

from service.config import StoreSettings

# The read models are imported when first used: a command that reads none (`match show`,
# `match record`) starts without them.
if TYPE_CHECKING:
    from service.projections import Projector
    from service.projections.database import Sql


class StoreApplication(Application[UUID]):
    """The eventsourcing application the use cases share; `service.app.Touchline` opens the
    store and guards every use of it."""

    settings: StoreSettings

    if TYPE_CHECKING:
        # Declared for the type checker only: `service.app.Touchline` defines both.
        def _storage(self) -> AbstractContextManager[None]:
            """Opens the store on first use and turns its failures into service errors."""

        def resolve(self, ref: str) -> UUID:
            """A match by its full id or a unique prefix of it."""

    def _originators_of(self, event_class: type) -> list[UUID]:
        """The ids of every aggregate that stored an event of `event_class`, oldest first: a
        scan of the notification log by topic, for the rare listing that needs it."""
        topic = get_topic(event_class)
        ids: list[UUID] = []
        start = 1
        with self._storage():
            while True:
                page = self.recorder.select_notifications(start, 500, topics=[topic])
                ids.extend(n.originator_id for n in page)  # type: ignore[misc]
                if len(page) < 500:
                    return ids
                start = page[-1].id + 1

    def _ensure_read_models(self) -> None:
        """Make the read models' tables and rebuild changed views, if opening the store did
        not (`service.app.Touchline`'s own)."""

    def _projector(self, batch_size: int | None = None) -> Projector:
        from service.projections import projector_for

        self._ensure_read_models()
        return projector_for(self, batch_size)

    @contextmanager
    def _read(self, *views: str) -> Iterator[Sql]:
        """A read-only transaction on the read models, once `views` have caught up with the
        log: what a command shows right after an entry already includes it."""
        projector = self._projector()
        projector.catch_up(views)
        with projector.db.transaction(commit=False) as sql:
            yield sql
