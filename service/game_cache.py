"""Folded game states kept between requests.

Loading a match replays every entry in force through its rules to work out the game state;
at 300 entries that is two thirds of a page's time. A long-running process (the web app)
loads the same few matches over and over, so it keeps each match's state at the version it
last saw. The key is the version, so a state is only ever reused for exactly the log it was
folded from: another worker's newer entries simply miss the cache.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any
from uuid import UUID

from domain.match import MatchRecord


class GameCache:
    def __init__(self, size: int) -> None:
        self.size = size
        self._states: OrderedDict[UUID, tuple[int, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def restore(self, match: MatchRecord) -> bool:
        """Give a freshly loaded match its state if it was folded at this version before."""
        with self._lock:
            found = self._states.get(match.id)
            if found is None or found[0] != match.version:
                return False
            self._states.move_to_end(match.id)
        match.reuse_game(found[1])
        return True

    def keep(self, match: MatchRecord) -> None:
        """Remember the match's state (folding it now if need be) at its current version."""
        state = match.game
        with self._lock:
            self._states[match.id] = (match.version, state)
            self._states.move_to_end(match.id)
            while len(self._states) > self.size:
                self._states.popitem(last=False)
