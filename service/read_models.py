"""Looking after the read models: where each stands, rebuilding one, following the log."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from service.errors import NotFound
from service.store import StoreApplication

if TYPE_CHECKING:
    from service.projections import ViewStatus


@dataclass(frozen=True)
class Rebuilt:
    """The read models a rebuild made again, and how many events it read."""

    views: tuple[str, ...]
    events: int


class ReadModelUseCases(StoreApplication):
    # Set by an application that opens the read models on their first use rather than with the
    # store (`Touchline(read_models_on_first_use=True)`), until they are open.
    _read_models_pending = False
    _read_models_lock = threading.Lock()

    def _prepare_read_models(self) -> list[str]:
        """On opening the store: make the read models' tables, and rebuild each read model
        whose version changed since its rows were built."""
        from service.projections import projector_for

        return projector_for(self).prepare()

    def _ensure_read_models(self) -> None:
        if not self._read_models_pending:
            return
        with self._read_models_lock:
            if self._read_models_pending:
                with self._storage():
                    self._prepare_read_models()
                self._read_models_pending = False

    def open_read_models(self) -> None:
        """Make the read models' tables now, and rebuild any view whose version changed, if
        that was left for their first use (`touchline db init`)."""
        self._ensure_read_models()

    def projection_status(self) -> list[ViewStatus]:
        """Each read model's position in the log, and the head of the log."""
        with self._storage():
            return self._projector().status()

    def log_length(self) -> int:
        """How many notifications the log holds: what a full rebuild replays."""
        with self._storage():
            return self._projector().head()

    def projections_named(self, name: str | None = None) -> tuple[str, ...]:
        """The read model called `name`, or all of them; NotFound for an unknown name."""
        projector = self._projector()
        if name is None:
            return tuple(v.name for v in projector.views)
        try:
            return (projector.view(name).name,)
        except KeyError as error:
            raise NotFound(str(error.args[0])) from None

    def rebuild_projections(
        self,
        names: Sequence[str] | None = None,
        batch_size: int | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> Rebuilt:
        """Drop the read models `names` (default: all) and replay the whole log into them."""
        names = self.projections_named() if names is None else tuple(names)
        projector = self._projector(batch_size)
        with self._storage():
            done = projector.rebuild(names, progress=progress)
        return Rebuilt(names, done)

    def follow_log(self, stop: threading.Event, following: threading.Event | None = None) -> None:
        """Keep every read model up to date until `stop` is set (see projections.runner)."""
        # The runner subscribes with an application of Touchline's own class and name.
        from service.projections.runner import follow

        follow(self._projector(), stop, following=following)
