"""A kept link's check made by the write it lets through, on a store that can make it there.

A write through the API asks first what its token grants. A link this process keeps in force
was, until now, confirmed by one query before the write (service/kept_links.py): its own round
trip and pool check-out for every entry. On PostgreSQL the entry's insert can ask the same
question itself: under the event table's EXCLUSIVE lock, which a revocation's insert also
takes, it looks for an event of the link after the version kept, and stores nothing if there
is one. The link is then as fresh as the write, never staler.

A request lets its write check the link by running inside `LinkCheck.scope()`. Whatever does
not end in such an insert (a refusal, a repeat of an idempotency key, a bad body) is settled by
the query as before, before the request is answered, so a revoked link is refused with the
same answer at the same moment as it always was; a link that the insert finds moved on makes
the insert store nothing and raise `LinkChangedMeanwhile`. SQLite's inserts make no such check:
there, the query is made first, as before.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from uuid import UUID

# The SQLSTATE the checking insert raises when the link moved on (class "TL", Touchline's own).
LINK_MOVED_ON = "TL001"


@dataclass
class LinkCheck:
    """The link a request was let through on, as this process kept it, until a write or a
    query confirms that nothing was stored for it after `version`."""

    link: UUID | None = None
    version: int = 0
    # The recorder whose inserts make the check: another application's (another store's)
    # writes in the same request neither confirm it nor are refused by it.
    recorder: object = None
    # A write's insert found nothing after `version`, under the table's lock.
    confirmed: bool = False
    # A write's insert found an event after `version`: it stored nothing.
    moved_on: bool = False

    @property
    def pending(self) -> bool:
        return self.link is not None and not self.confirmed and not self.moved_on

    def defer(self, link: UUID, version: int, recorder: object) -> None:
        self.link, self.version, self.recorder = link, version, recorder
        self.confirmed = self.moved_on = False


_current: ContextVar[LinkCheck | None] = ContextVar("touchline_link_check", default=None)


def current() -> LinkCheck | None:
    """The check of the request running in this thread, if it lets its write make one."""
    return _current.get()


def made_by(recorder: object) -> LinkCheck | None:
    """The check `recorder`'s inserts make for the request running in this thread, if any."""
    check = _current.get()
    return check if check is not None and check.recorder is recorder else None


@contextmanager
def scope() -> Iterator[LinkCheck]:
    """Within this, a kept link in force may be checked by the write instead of beforehand;
    the caller settles it (`AccessUseCases.link_in_force`) before it answers."""
    check = LinkCheck()
    token = _current.set(check)
    try:
        yield check
    finally:
        _current.reset(token)
