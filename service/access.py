"""Access links: issue one to a person, find what a token grants, list and revoke them.

Who may issue, list or revoke is the adapters' question to the policy (`domain.access`),
asked before these are called; the command line is the owner and may do all of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from domain.log import Author
from domain.phrase import phrase
from domain.text import KEY_LIMIT, BadText
from service import link_checks
from service.boundary import said
from service.errors import BadInput, LinkNotFound
from service.kept_links import KeptLink, KeptLinks
from service.link_checks import LinkCheck
from service.store import StoreApplication

# The access links' aggregate and policy are imported by the use cases that issue, find or
# list links: a command at the table, as the owner, never loads them (tests/cli/test_start_up.py).
if TYPE_CHECKING:
    from domain.access import AccessLink, Grant
    from service.link_views import IssuedLink as IssuedLink
    from service.link_views import LinkRequest as LinkRequest
    from service.link_views import LinkView as LinkView

# The answers' values are in service/link_views.py, imported by the use cases that make them;
# they are still found here by the name they always had.
_VALUES = ("IssuedLink", "LinkRequest", "LinkView")


def __getattr__(name: str) -> object:
    if name in _VALUES:
        from service import link_views

        return getattr(link_views, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# The smallest part of a link's id that names it, as for matches.
MIN_PREFIX = 4


class AccessUseCases(StoreApplication):
    def issue_link(
        self, request: LinkRequest, author: Author, sides: Sequence[str] = ()
    ) -> IssuedLink:
        """A new link; a match-scoped one also records the match's league (`request.league`,
        as the caller found it on the match). `author.link` is who issued it."""
        import secrets

        from domain.access import AccessLink, BadLink, check_scope
        from service.link_views import IssuedLink, LinkView

        try:
            check_scope(request.role, request.league, request.match, request.side, sides)
            author = author.checked()
            token = secrets.token_urlsafe(24)
            link = AccessLink.issue(
                token,
                request.person,
                request.role,
                request.league,
                request.match,
                request.side,
                author.link or "owner",
                author.at,
                author.device,
            )
        except (BadLink, BadText) as error:
            raise BadInput(said(error)) from None
        with self._storage():
            self.save(link)
        return IssuedLink(token, LinkView.of(link))

    # What links were last seen to grant (service/kept_links.py); the application makes it.
    _kept_links: KeptLinks

    def grant_of(self, token: str) -> Grant | None:
        """What `token` lets its holder do: None if no link has it, or it was revoked.

        A revocation stored anywhere is seen on the link's next use: a kept link in force is
        used only after the store confirms that nothing was stored after it."""
        if not token or len(token) > KEY_LIMIT:
            return None
        from domain.access import link_id

        identifier = link_id(token)
        kept = self._kept_links.get(identifier)
        if kept is not None and kept.grant is None:
            return None
        if kept is not None:
            check = link_checks.current()
            if check is not None and check.link is None and self._inserts_check_links:
                # The request's write will ask the store, under its lock; whatever else the
                # request ends in asks before it is answered (`link_in_force`).
                check.defer(identifier, kept.version, self.recorder)
                return kept.grant
            if not self._link_moved_on(identifier, kept.version):
                return kept.grant
        return self._load_grant(identifier)

    def checking_link_on_write(self) -> AbstractContextManager[LinkCheck]:
        """A request's scope in which a kept link in force is checked by its write, on a
        store whose inserts can (service/link_checks.py); settle it with `link_in_force`
        before answering."""
        return link_checks.scope()

    def link_in_force(self, check: LinkCheck) -> bool:
        """Whether the link a request was let through on (`link_checks.scope`) is still in
        force: confirmed by the request's write, or else asked of the store now. A link found
        moved on is loaded again, so that its next use is refused without asking."""
        if check.link is None or check.confirmed:
            return True
        if check.moved_on or self._link_moved_on(check.link, check.version):
            self._load_grant(check.link)
            return False
        check.confirmed = True
        return True

    @property
    def _inserts_check_links(self) -> bool:
        # PostgreSQL's recorder (service/postgres_recorders.py); SQLite's checks first.
        return bool(getattr(self.recorder, "checks_links", False))

    def _load_grant(self, identifier: UUID) -> Grant | None:
        link = self._link(identifier)
        if link is None:
            return None
        grant = None if link.revoked else link.grant
        self._kept_links.keep(identifier, KeptLink(link.version, grant))
        return grant

    def _link_moved_on(self, identifier: UUID, version: int) -> bool:
        with self._storage():
            newer = self.recorder.select_events(identifier, gt=version, limit=1)
        return bool(newer)

    def find_link(self, ref: str) -> LinkView:
        """A link by its id or a unique prefix of it (at least 4 characters)."""
        from service.link_views import LinkView

        ref = ref.strip().lower()
        try:
            exact: UUID | None = UUID(ref)
        except ValueError:
            exact = None
        if exact is not None:
            found = self._link(exact)
        else:
            if len(ref) < MIN_PREFIX:
                raise LinkNotFound(
                    phrase(
                        "no link {link}: give at least {least} characters of its id",
                        link=repr(ref),
                        least=MIN_PREFIX,
                    )
                )
            ids = [i for i in self._link_ids() if str(i).startswith(ref)]
            if len(ids) > 1:
                raise LinkNotFound(
                    phrase(
                        "{link} names {count} links: give more of the id",
                        link=repr(ref),
                        count=len(ids),
                    )
                )
            found = self._link(ids[0]) if ids else None
        if found is None:
            raise LinkNotFound(
                phrase("no link with id {link} (see: touchline link list)", link=repr(ref))
            )
        return LinkView.of(found)

    def revoke_link(self, ref: str, reason: str, author: Author) -> LinkView:
        """Revoke a link at once, everywhere: its next use is refused on every host."""
        from domain.access import BadLink
        from service.link_views import LinkView

        view = self.find_link(ref)
        link = self._link(UUID(view.id))
        assert link is not None
        try:
            link.revoke(author.link or "owner", author.at, reason)
        except (BadLink, BadText) as error:
            raise BadInput(said(error)) from None
        with self._storage():
            self.save(link)
        return LinkView.of(link)

    def links(
        self,
        league: str | None = None,
        match: str | None = None,
        include_revoked: bool = False,
    ) -> list[LinkView]:
        """Links in force (and revoked ones too with `include_revoked`), oldest first: every
        one, or those of a league (its own and its matches'), or of one match."""
        from domain.access import same_league
        from service.link_views import LinkView

        found = []
        for identifier in self._link_ids():
            link = self._link(identifier)
            if link is None or (link.revoked and not include_revoked):
                continue
            if league is not None and not same_league(link.league, league):
                continue
            if match is not None and link.match != match:
                continue
            found.append(LinkView.of(link))
        return found

    def _link(self, identifier: UUID) -> AccessLink | None:
        from domain.access import AccessLink

        try:
            with self._storage():
                found: object = self.repository.get(identifier)
        except AggregateNotFoundError:
            return None
        return found if isinstance(found, AccessLink) else None

    def _link_ids(self) -> list[UUID]:
        # Listing is rare (an organizer's panel, `link list`): a scan of the Issued events.
        from domain.access import AccessLink

        return self._originators_of(AccessLink.Issued)  # type: ignore[attr-defined]
