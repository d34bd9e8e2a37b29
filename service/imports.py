"""What an import knows of the matches already here: which league already counts the same
match (a conflict, race-free through `domain.provenance.LeagueImport`), and which earlier
imports, or which match of this store, the same file or match was before (a notice only).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from domain.match import MatchRecord
from domain.provenance import LeagueImport, MatchFileFacts, Provenance, league_import_id
from service.errors import AlreadyImported
from service.store import StoreApplication
from service.views import MatchView

UNCHECKED = (
    "unchecked: the file has no checksum (written or edited by hand, or by an older "
    "Touchline); every entry was still checked against the rules"
)


def chain_broken(line: int | None) -> str:
    return (
        f"chain broken: line {line} of the file was edited after export (recorded with the "
        "match; import with verify to refuse such a file)"
    )


@dataclass(frozen=True)
class SameMatch:
    """A match here that holds what an import holds: one the same file or the same claimed
    match was imported as before (`imported`), or the very match the file says it was
    exported from (`imported` False)."""

    match_id: str
    league: str | None
    imported: bool

    @property
    def notice(self) -> str:
        where = f"counts in league {self.league!r}" if self.league else "counts in no league"
        if self.imported:
            return f"imported before as match {self.match_id} ({where})"
        return f"exported from match {self.match_id} of this store ({where})"

    def to_dict(self) -> dict[str, object]:
        return {"match_id": self.match_id, "league": self.league, "imported": self.imported}


@dataclass(frozen=True)
class ImportedMatch:
    """What an import answers: the new match (its provenance in `view.imported`), and the
    matches here that the same file or the same claimed match became before."""

    view: MatchView
    same: tuple[SameMatch, ...] = ()

    @property
    def version(self) -> int:
        """The file's format version."""
        return self._provenance.file.format_version

    @property
    def checked(self) -> bool:
        """The file carried its export checksum, and it matched."""
        return self._provenance.file.checked

    @property
    def sha256(self) -> str:
        return self._provenance.file.sha256

    @property
    def chain(self) -> bool | None:
        """The file's per-line chain held (None: it carries none)."""
        return self._provenance.file.chain

    @property
    def chain_break(self) -> int | None:
        return self._provenance.file.chain_break

    @property
    def notices(self) -> tuple[str, ...]:
        """What to tell the importer about the file, one sentence each."""
        unchecked = () if self.checked else (UNCHECKED,)
        broken = () if self.chain is not False else (chain_broken(self.chain_break),)
        return (*unchecked, *broken, *(same.notice for same in self.same))

    @property
    def notice(self) -> str | None:
        return "; ".join(self.notices) or None

    @property
    def _provenance(self) -> Provenance:
        assert self.view.imported is not None, "an imported match has its provenance"
        return self.view.imported


class ImportLookups(StoreApplication):
    def _already_in_league(self, league: str, keys: Sequence[str]) -> AlreadyImported | None:
        """The refusal of an import whose file or match `league` already counts, if any."""
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
