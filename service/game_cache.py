"""Matches kept in memory between requests, each exactly as the store holds it.

Loading a match from the store decodes its latest snapshot (the whole log) and replays the
events after it, then folds the game: at 1,000 entries that cost most of every write. A
long-running process (the web app) reads and writes the same few matches over and over, so it
keeps each one as it was last seen here, and brings it up to date with the events stored
since (one query, usually answered with nothing: `Touchline._load`).

A kept match is never changed in place: readers on other threads may be looking at it. A
write changes a fork of it (`MatchRecord.fork`, which shares the immutable lines and game
states and copies only the containers around them) and the fork is kept only once its events
are stored. So an entry the rules refuse, a save that loses a race to another writer or fails
any other way leaves the kept match exactly as stored. The library's own aggregate cache
(AGGREGATE_CACHE_MAXSIZE) is not used for this: without DEEPCOPY_FROM_AGGREGATE_CACHE it hands
every caller the kept object itself, which a failed write would leave changed, and with it
each load deep-copies the whole log.

A write goes ahead on the kept match without asking the store for newer events (the insert
tells, `Touchline._change`), unless the store was seen holding a newer version of it: the live
pages' watcher asks for the newest version of every watched match once a second
(`seen_stored`), and a kept match behind what it saw is brought up to date before a write.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from uuid import UUID

from domain.match import MatchRecord


class MatchCache:
    def __init__(self, size: int) -> None:
        self.size = size
        self._matches: OrderedDict[UUID, MatchRecord] = OrderedDict()
        # Kept matches the store was seen to hold a newer version of, and that version.
        self._behind: dict[UUID, int] = {}
        self._lock = threading.Lock()

    def get(self, match_id: UUID) -> MatchRecord | None:
        """The match as last seen here (perhaps older than the store's), for reading only."""
        with self._lock:
            match = self._matches.get(match_id)
            if match is not None:
                self._matches.move_to_end(match_id)
            return match

    def current(self, match_id: UUID) -> MatchRecord | None:
        """The kept match, unless the store is known to hold a newer version of it."""
        with self._lock:
            if match_id in self._behind:
                return None
            match = self._matches.get(match_id)
            if match is not None:
                self._matches.move_to_end(match_id)
            return match

    def seen_stored(self, versions: Mapping[UUID, int]) -> None:
        """The store was seen holding these versions: mark the kept matches behind them."""
        with self._lock:
            for match_id, version in versions.items():
                kept = self._matches.get(match_id)
                if kept is not None and kept.version < version:
                    self._behind[match_id] = max(version, self._behind.get(match_id, version))

    def keep(self, match: MatchRecord) -> None:
        """Remember a match as stored, unless a newer version of it is kept already."""
        with self._lock:
            kept = self._matches.get(match.id)
            if kept is None or kept.version <= match.version:
                self._matches[match.id] = match
                if self._behind.get(match.id, match.version) <= match.version:
                    self._behind.pop(match.id, None)
            self._matches.move_to_end(match.id)
            while len(self._matches) > self.size:
                gone, _ = self._matches.popitem(last=False)
                self._behind.pop(gone, None)

    def clear(self) -> None:
        with self._lock:
            self._matches.clear()
            self._behind.clear()
