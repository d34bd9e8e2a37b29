"""The audit of a match or of a league: every override, dispute, ruling, correction,
retraction, confirmation and abandonment, with who, when, device and link (domain.audit).

A league's audit reads each of its matches once, from its latest snapshot and the events
after it, without working out any game state: the log says everything the audit shows. Only
a correction that kept entries as overrides costs a few more reads, of the events those
lines were written as (the log keeps them as they count now).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from domain.match import MatchRecord
from domain.phrase import phrase
from service.boundary import said, use_case
from service.errors import BadInput, MatchNotFound
from service.store import StoreApplication
from service.views import title_of

# The audit's rules are imported when an audit is asked for, not with the application.
if TYPE_CHECKING:
    from domain.audit import AsWritten, AuditFilter, AuditItem
    from service.league_views import LeagueMatch, LeagueView

MATCH, LEAGUE = "match", "league"
# Where an item whose time cannot be read goes in a league's audit: last.
_UNPLACED = datetime.max.replace(tzinfo=UTC)


@dataclass(frozen=True)
class AuditTrail:
    """An audit as read: of one match (`name` is its id) or of a league (its name), the
    filter it was read with, how many matches were read and the items the filter admits.

    A match's items come in the order of its log; a league's in the order they were made,
    across its matches.
    """

    scope: str
    name: str
    title: str
    filter: AuditFilter
    matches: int
    items: tuple[AuditItem, ...]


class AuditQueries(StoreApplication):
    if TYPE_CHECKING:
        # Declared for the type checker only: the league use cases (service/leagues.py), which
        # `service.app.Touchline` combines with these, define them.
        def find_league(self, name: str) -> LeagueView: ...

        def league_matches(self, league: str) -> list[LeagueMatch]: ...

    @use_case
    def match_audit(
        self,
        ref: str,
        kinds: Iterable[str] = (),
        by: str | None = None,
        since: str | None = None,
        until: str | None = None,
    ) -> AuditTrail:
        """The audit of one match, filtered by kind, person (`by`) and date range."""
        wanted = _filter(kinds, by, since, until)
        match = self._audited(self.resolve(ref))
        title = title_of(match)
        items = wanted.applied(self._items(match, title))
        return AuditTrail(MATCH, str(match.id), title, wanted, 1, tuple(items))

    @use_case
    def league_audit(
        self,
        name: str,
        kinds: Iterable[str] = (),
        by: str | None = None,
        since: str | None = None,
        until: str | None = None,
    ) -> AuditTrail:
        """The audit of every match of a league, in the order its items were made."""
        from domain.audit import moment

        wanted = _filter(kinds, by, since, until)
        league = self.find_league(name)
        matches = self.league_matches(league.name)
        items: list[AuditItem] = []
        for listed in matches:
            match = self._audited(UUID(listed.match_id))
            items.extend(wanted.applied(self._items(match, listed.title)))
        items.sort(key=lambda item: moment(item.at) or _UNPLACED)
        return AuditTrail(LEAGUE, league.name, league.name, wanted, len(matches), tuple(items))

    def _audited(self, match_id: UUID) -> MatchRecord:
        """The match as stored, its game state left unfolded (the audit needs none)."""
        try:
            with self._storage():
                found: object = self.repository.get(match_id)
        except AggregateNotFoundError:
            raise MatchNotFound(phrase("no match with id {match}", match=match_id)) from None
        if not isinstance(found, MatchRecord):
            raise MatchNotFound(phrase("{match} is not a match", match=match_id))
        return found

    def _items(self, match: MatchRecord, title: str) -> list[AuditItem]:
        from domain.audit import match_audit

        return match_audit(
            str(match.id), title, match.ruleset.codec, match.log, self._as_written(match)
        )

    def _as_written(self, match: MatchRecord) -> dict[int, AsWritten]:
        """The stored events of the lines the log no longer holds as they were written: the
        rows between the first and the last of them are read in one query, and only those
        lines' events are decoded."""
        from domain.audit import as_written, needs_as_written

        numbers = needs_as_written(match.log)
        if not numbers:
            return {}
        # Every log line is one event; the events before the first line are not lines (the
        # creation, and whatever else a match starts with).
        before = match.version - len(match.log)
        wanted = {before + number: number for number in numbers}
        with self._storage():
            rows = self.recorder.select_events(match.id, gt=min(wanted) - 1, lte=max(wanted))
        found: dict[int, AsWritten] = {}
        for row in rows:
            number = wanted.get(row.originator_version)
            if number is not None:
                written = as_written(self.mapper.to_domain_event(row))
                if written is not None:
                    found[number] = written
        return found


def _filter(
    kinds: Iterable[str], by: str | None, since: str | None, until: str | None
) -> AuditFilter:
    # Translated here rather than in service.boundary, which every use case imports: the
    # audit's rules are loaded only when an audit is asked for.
    from domain.audit import AuditFilter, BadAuditFilter

    try:
        return AuditFilter.parsed(kinds, by, since, until)
    except BadAuditFilter as error:
        raise BadInput(said(error)) from None
