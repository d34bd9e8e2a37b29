"""The replay's situations, drawn once per match version and step and kept.

Drawing a frame of the replay is mostly drawing the game's situation template (a quarter of a
frame's time in the card game, more than the controls, the entry or the chart). What it draws
depends only on the match as it stood at one version (its log and setup, so its situation,
labels and text at each step) and the language of the page, never on who else is reading, so
every reader stepping through the same match in one language, and a reader going back over
steps already seen, is served the same drawing. A
version is never changed: a match that moves on has a new version, so a drawing is never
shown for a version it was not drawn for. Kept per web app, the oldest dropped first once
the drawings hold more than `MOST_CHARACTERS`.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from markupsafe import Markup

# About 32 MB of drawings: a 1,000-step card-game match takes 3 MB, so the dozen matches
# being replayed at once in one process stay kept.
MOST_CHARACTERS = 32_000_000

# (match id, version, step, language) for a situation; any tuple that names what was drawn.
Key = tuple[str | int, ...]


class DrawnSituations:
    """Drawn situations by (match id, version, step, language)."""

    def __init__(self, most_characters: int = MOST_CHARACTERS) -> None:
        self.most_characters = most_characters
        self._drawn: OrderedDict[Key, Markup] = OrderedDict()
        self._characters = 0
        self._lock = threading.Lock()

    def drawing(self, key: Key, draw: Callable[[], str]) -> Markup:
        """The drawing kept for `key`, or `draw()` kept from now on."""
        with self._lock:
            found = self._drawn.get(key)
            if found is not None:
                self._drawn.move_to_end(key)
                return found
        drawn = Markup(draw())
        with self._lock:
            if key not in self._drawn:
                self._drawn[key] = drawn
                self._characters += len(drawn)
            while self._characters > self.most_characters and len(self._drawn) > 1:
                _, dropped = self._drawn.popitem(last=False)
                self._characters -= len(dropped)
        return drawn

    def __len__(self) -> int:
        return len(self._drawn)
