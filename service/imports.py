"""What an import knows of the matches already here: which league already counts the same
match (a conflict, race-free through `domain.provenance.LeagueImport`), and which earlier
imports, or which match of this store, the same file or match was before (a notice only).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from domain.match import MatchRecord
from service.errors import AlreadyImported
from service.store import StoreApplication

# An import's provenance and its marks in a league are imported by the lookups that read
# them: a command about a match scored here never loads them (tests/cli/test_start_up.py).
if TYPE_CHECKING:
    from domain.provenance import MatchFileFacts
    from service.import_views import UNCHECKED as UNCHECKED
    from service.import_views import ImportedMatch as ImportedMatch
    from service.import_views import SameMatch as SameMatch
    from service.import_views import chain_broken as chain_broken

# What an import answers is in service/import_views.py, imported by the import itself; it is
# still found here by the name it always had.
_VALUES = ("UNCHECKED", "ImportedMatch", "SameMatch", "chain_broken")


def __getattr__(name: str) -> object:
    if name in _VALUES:
        from service import import_views

        return getattr(import_views, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class ImportLookups(StoreApplication):
    def _already_in_league(self, league: str, keys: Sequence[str]) -> AlreadyImported | None:
        """The refusal of an import whose file or match `league` already counts, if any."""
        from domain.provenance import LeagueImport, league_import_id

        for key in keys:
            try:
                with self._storage():
                    found: object = self.repository.get(league_import_id(league, key))
            except AggregateNotFoundError:
                continue
            if isinstance(found, LeagueImport):
                what = "the same file" if key.startswith("sha256:") else "the same match"
                return AlreadyImported(
                    f"{what} was already imported into league {league!r} as match "
                    f"{found.match_id}: a league counts a match once (import it with no "
                    "league to keep a copy that counts nowhere)",
                    found.match_id,
                )
        return None

    def _origin_in_league(self, file: MatchFileFacts, league: str) -> AlreadyImported | None:
        """The refusal of an import into a league that counts the very match of this store
        the file says it was exported (or first imported) from."""
        for origin in self._local_origins(file):
            if origin.league == league:
                return AlreadyImported(
                    f"the file was exported from match {origin.id} of this store, which "
                    f"league {league!r} already counts: a league counts a match once",
                    str(origin.id),
                )
        return None

    def _local_origins(self, file: MatchFileFacts) -> list[MatchRecord]:
        """The matches of this store the file claims to come from: its source, and the
        match its source was imported from."""
        found: list[MatchRecord] = []
        for claimed in dict.fromkeys(c for c in (file.source, file.imported_from) if c):
            try:
                match_id = UUID(claimed)
            except ValueError:
                continue
            try:
                with self._storage():
                    match: object = self.repository.get(match_id)
            except AggregateNotFoundError:
                continue
            if isinstance(match, MatchRecord):
                found.append(match)
        return found

    def same_matches(self, file: MatchFileFacts) -> tuple[SameMatch, ...]:
        """Every match here that the same file or the same claimed match became before."""
        from service.import_views import SameMatch

        found = {
            str(match.id): SameMatch(str(match.id), match.league, False)
            for match in self._local_origins(file)
        }
        with self._read("summaries") as sql:
            rows = sql.rows(
                "SELECT match_id, league FROM match_summaries WHERE import_sha256 = ? "
                "OR import_origin = ? ORDER BY started_at, match_id",
                (file.sha256, file.origin or ""),
            )
        for row in rows:
            found.setdefault(row["match_id"], SameMatch(row["match_id"], row["league"], True))
        return tuple(found.values())
