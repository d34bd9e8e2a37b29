"""What each access link grants, kept between requests without weakening revocation.

Every write through the API or a scoring page asks what its token grants. Loading the link from
the store (its snapshot, then its events, then folding them) took about a fifth of an entry's
server time at 200 entries a second. A link is issued once and revoked at most once, and
nothing else ever happens to it, so a process keeps what a link in force grants and, on each
use, asks the store only whether any event came after the one it kept: one look-up on the event
table's primary key, which finds nothing until the link is revoked. A revocation stored by any
process or host is therefore seen on the link's very next use, as docs/access.md promises. A
revoked link stays revoked, so that answer is kept as it is. Unknown tokens are never kept
(anyone may send any number of them).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING
from uuid import UUID

if TYPE_CHECKING:
    from domain.access import Grant

# Links kept per process: a club's scorers, referees and organizers, with room to spare.
KEPT_LINKS = 4096


@dataclass(frozen=True)
class KeptLink:
    """A link as last seen: its version, and its grant (None once revoked)."""

    version: int
    grant: Grant | None


class KeptLinks:
    def __init__(self, size: int = KEPT_LINKS) -> None:
        self.size = size
        self._links: OrderedDict[UUID, KeptLink] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, link_id: UUID) -> KeptLink | None:
        with self._lock:
            kept = self._links.get(link_id)
            if kept is not None:
                self._links.move_to_end(link_id)
            return kept

    def keep(self, link_id: UUID, link: KeptLink) -> None:
        with self._lock:
            earlier = self._links.get(link_id)
            if earlier is None or earlier.version <= link.version:
                self._links[link_id] = link
            self._links.move_to_end(link_id)
            while len(self._links) > self.size:
                self._links.popitem(last=False)
