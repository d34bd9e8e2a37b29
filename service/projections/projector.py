"""Catching views up with the notification log, in batches, each batch one transaction that
writes every view behind it with its tracking position; and rebuilding a view from the first
event.

A batch's notifications are decoded once and each event is folded into what it belongs to: a
match's into its `MatchFold` (service/projections/folding.py: only what the views need, each
entry's consequences taken once however many batches the match's events fall in), a
league's into its aggregate. The matches and leagues touched most recently are kept in memory
between batches (a match's events mostly come close together in the log, so a rebuild reads
the log once); one no longer kept, or one whose next event the fold cannot take by itself, is
loaded from the store at the version the batch reached and folded whole. Keeping only the
recent ones bounds the memory a rebuild takes whatever the size of the league.

The garbage collector is paused while catching up: a batch allocates many small objects that
all stay alive (the kept folds), and each collection would walk every kept one for nothing
(about 30% of a rebuild in issue 13's profile).
"""

from __future__ import annotations

import gc
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventsourcing.application import Application

from domain.league import League
from domain.match import MatchRecord
from service.projections.database import Sql, ViewDatabase, position, start_over, track
from service.projections.decoding import EventDecoder
from service.projections.fold import Contribution
from service.projections.folding import MatchFacts, MatchFold
from service.projections.views import Batch, View, drop

# Notifications per batch, each batch one transaction: a rebuild of a large league commits a
# few dozen times rather than hundreds, and writes a match's rows again only when its events
# fall in two batches (docs/performance.md, "Rebuild and following"); a follower's batch is
# whatever was stored since its last one, mostly a few.
DEFAULT_BATCH = 5000
# Aggregates kept in memory between batches, the most recently touched: enough for the matches
# a batch of a busy log touches many times over, and for a follower's live tables.
KEPT_AGGREGATES = 500

Progress = Callable[[int], None]


@dataclass(frozen=True)
class ViewStatus:
    name: str
    description: str
    position: int
    head: int

    @property
    def lag(self) -> int:
        return max(0, self.head - self.position)


class Projector:
    def __init__(
        self, app: Application[Any], views: Sequence[View], batch_size: int = DEFAULT_BATCH
    ) -> None:
        self.app = app
        self.views = list(views)
        self.batch_size = batch_size
        self.db = ViewDatabase(app)
        self._decode = EventDecoder(app.mapper)
        # Matches (as their folds) and leagues, by their ids' numbers, least recent first.
        self._cache: OrderedDict[int, Any] = OrderedDict()

    # -- reading the state of things --------------------------------------------------

    def view(self, name: str) -> View:
        for view in self.views:
            if view.name == name:
                return view
        known = ", ".join(v.name for v in self.views)
        raise KeyError(f"no projection called {name!r} (known: {known})")

    def head(self) -> int:
        return int(self.app.recorder.max_notification_id() or 0)

    def status(self) -> list[ViewStatus]:
        head = self.head()
        with self.db.transaction(commit=False) as sql:
            return [
                ViewStatus(v.name, v.description, position(sql, v.name), head) for v in self.views
            ]

    # -- on start ---------------------------------------------------------------------

    def prepare(self, progress: Progress | None = None) -> list[str]:
        """Make the views' tables, and rebuild by itself each view whose version is not the one
        its rows were built with; return the names of the views rebuilt.

        Run once when the store is opened, never by a read. Each view is checked with its
        tracking row locked, so of several processes starting at once only one rebuilds it.
        """
        self.db.create_tracking()
        with self.db.transaction() as sql:
            for view in self.views:
                view.create(sql)
        with self.db.transaction(commit=False) as sql:
            # Read first: a store that is up to date is not written to (it may be read-only).
            recorded = {v.name: _recorded_version(sql, v.name) for v in self.views}
        changed: list[View] = []
        for view in self.views:
            if recorded[view.name] == view.version:
                continue
            with self.db.transaction() as sql:
                _claim(sql, view.name, 0)
                found = _recorded_version(sql, view.name)
                if found is None and position(sql, view.name) == 0:
                    start_over(sql, view.name, view.version)  # nothing folded yet
                elif (found or 1) != view.version:
                    _reset(sql, view)
                    changed.append(view)
        if changed:
            self._cache.clear()
            self.catch_up([v.name for v in changed], progress)
        return [v.name for v in changed]

    # -- following the log ------------------------------------------------------------

    def catch_up(self, names: Iterable[str] | None = None, progress: Progress | None = None) -> int:
        """Fold every notification the chosen views have not seen; return how many."""
        views = self._chosen(names)
        done = 0
        try:
            with _collector_paused():
                while True:
                    with self.db.transaction(commit=False) as sql:
                        positions = {v.name: position(sql, v.name) for v in views}
                    start = min(positions.values(), default=0) + 1
                    notes = self.app.recorder.select_notifications(start, self.batch_size)
                    if not notes:
                        return done
                    self.process(notes, views, positions)
                    done += len(notes)
                    if progress is not None:
                        progress(len(notes))
        except BaseException:
            # The rolled-back batch may have moved cached aggregates ahead of the views.
            self._cache.clear()
            raise

    def process(
        self, notes: Sequence[Any], views: Sequence[View], positions: dict[str, int]
    ) -> None:
        """Fold one run of notifications into each view still behind it."""
        decode = self._decode
        events = [(n.id, decode(n)) for n in notes]
        self.apply_events(events, views, positions)

    def apply_events(
        self, events: Sequence[tuple[int, Any]], views: Sequence[View], positions: dict[str, int]
    ) -> None:
        """Fold decoded events, each with its notification id, into the views behind them, in
        one transaction: the views' rows and positions commit together or not at all."""
        last = events[-1][0]
        aggregates = self._advance([e for _, e in events])
        contributions: dict[int, tuple[MatchFacts, Contribution]] = {}
        batches: list[tuple[View, int, Batch]] = []
        # The touched aggregates after each position the views are at (mostly one for all).
        touched: dict[int, list[int]] = {}
        for view in views:
            seen = positions[view.name]
            if seen not in touched:
                after = (e.originator_id.int for nid, e in events if nid > seen)
                touched[seen] = list(dict.fromkeys(after))
            ids = touched[seen]
            if not ids:
                continue
            batch = Batch()
            for aggregate_id in ids:
                aggregate = aggregates[aggregate_id]
                if isinstance(aggregate, MatchFold):
                    if aggregate_id not in contributions:
                        contributions[aggregate_id] = (aggregate.facts(), aggregate.contribution())
                    batch.matches.append(contributions[aggregate_id])
                elif isinstance(aggregate, League):
                    batch.leagues.append(aggregate)
            batches.append((view, seen, batch))
        if not batches:
            return
        with self.db.transaction() as sql:
            for view, seen, batch in batches:
                if not _claim(sql, view.name, seen):
                    continue  # another runner folded this run first
                view.apply(sql, batch)
                track(sql, view.name, last)

    def _advance(self, events: Sequence[Any]) -> dict[int, Any]:
        """Each touched aggregate as it stands after `events`, by its id's number (a number
        hashes at C speed, a UUID in Python, and a batch looks each one up several times): a
        match as its `MatchFold`, a league as its aggregate."""
        cache = self._cache
        stale: dict[int, tuple[UUID, int]] = {}
        touched: dict[int, None] = {}
        for event in events:
            aggregate_id = event.originator_id
            key, version = aggregate_id.int, event.originator_version
            touched[key] = None
            if key in stale:
                stale[key] = (aggregate_id, version)
                continue
            cached = cache.get(key)
            if version == 1:
                if isinstance(event, MatchRecord.Created):
                    cache[key] = MatchFold.created(event)
                else:
                    cache[key] = event.mutate(None)
            elif cached is None or cached.version != version - 1:
                stale[key] = (aggregate_id, version)
            elif isinstance(cached, MatchFold):
                if not cached.take(event):
                    stale[key] = (aggregate_id, version)
            else:
                cache[key] = event.mutate(cached)
        for key, (aggregate_id, version) in stale.items():
            loaded: Any = self.app.repository.get(aggregate_id, version=version)
            if isinstance(loaded, MatchRecord):
                loaded = MatchFold.of(loaded)
            cache[key] = loaded
        for key in touched:
            cache.move_to_end(key)
        while len(cache) > max(KEPT_AGGREGATES, len(touched)):
            cache.popitem(last=False)
        return {key: cache[key] for key in touched}

    # -- starting again ---------------------------------------------------------------

    def rebuild(self, names: Iterable[str] | None = None, progress: Progress | None = None) -> int:
        """Drop the chosen views and replay the whole log into them."""
        views = self._chosen(names)
        with self.db.transaction() as sql:
            for view in views:
                _claim(sql, view.name, 0)
                _reset(sql, view)
        self._cache.clear()
        return self.catch_up([v.name for v in views], progress)

    def _chosen(self, names: Iterable[str] | None) -> list[View]:
        return list(self.views) if names is None else [self.view(n) for n in names]


@contextmanager
def _collector_paused() -> Iterator[None]:
    """No cyclic garbage collection meanwhile (see the module's doc); what a batch leaves
    unreachable is freed by reference counting, and any cycles at the next collection."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _recorded_version(sql: Sql, name: str) -> int | None:
    """The version recorded with the view's position; None for a view never tracked, or
    tracked by a release that kept no versions."""
    found = sql.value("SELECT view_version FROM projection_tracking WHERE projection = ?", (name,))
    return None if found is None else int(found)


def _reset(sql: Sql, view: View) -> None:
    """Empty the view and put it back before the first event, built by its present version;
    call with its tracking row claimed."""
    drop(sql, view)
    view.create(sql)
    start_over(sql, view.name, view.version)


def _claim(sql: Sql, name: str, expected: int) -> bool:
    """Lock the view's tracking row for this transaction; True if it is still at `expected`.

    The dummy update takes the row lock (PostgreSQL) or the write lock (SQLite) first, so two
    runners never fold the same run twice or write an older state over a newer one.
    """
    sql.run(
        "INSERT INTO projection_tracking (projection, notification_id) VALUES (?, 0) "
        "ON CONFLICT (projection) DO UPDATE SET notification_id = "
        "projection_tracking.notification_id",
        (name,),
    )
    return position(sql, name) == expected
