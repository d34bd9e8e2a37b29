"""What an import answers (service/imports.py): the new match, the matches here that held
the same before, and what to tell the importer about the file, as frozen values.

Their own module, imported by the import that makes them: an application that serves a
match alone, such as a command at the table, never makes these classes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from domain.phrase import Phrase, phrase

if TYPE_CHECKING:
    from domain.provenance import Provenance
    from service.views import MatchView


UNCHECKED = phrase(
    "unchecked: the file has no checksum (written or edited by hand, or by an older "
    "Touchline); every entry was still checked against the rules"
)


def chain_broken(line: int | None) -> Phrase:
    return phrase(
        "chain broken: line {line} of the file was edited after export (recorded with the "
        "match; import with verify to refuse such a file)",
        line=line,
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
