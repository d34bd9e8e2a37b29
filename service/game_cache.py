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
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from uuid import UUID

from domain.match import MatchRecord


class MatchCache:
    def __init__(self, size: int) -> None:
        self.size = size
        self._matches: OrderedDict[UUID, MatchRecord] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, match_id: UUID) -> MatchRecord | None:
        """The match as last seen here (perhaps older than the store's), for reading only."""
        with self._lock:
            match = self._matches.get(match_id)
            if match is not None:
                self._matches.move_to_end(match_id)
            return match

    def keep(self, match: MatchRecord) -> None:
        """Remember a match as stored, unless a newer version of it is kept already."""
        with self._lock:
            kept = self._matches.get(match.id)
            if kept is None or kept.version <= match.version:
                self._matches[match.id] = match
            self._matches.move_to_end(match.id)
            while len(self._matches) > self.size:
                self._matches.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._matches.clear()
