"""Where an imported match came from: who imported it, the file it came in, and what that
file claims.

A match scored here has no provenance. An imported one has exactly one, recorded by its
`Imported` event right after its creation: the importer (an `Author`, like every other
write), the SHA-256 of the very bytes received, the file's format version and whether its
export checksum matched. Everything else a file says is a *claim*: the match it was exported
from (`source`), when (`exported`), who created the match and when, and, for a file exported
from a match that was itself imported, the match that one was imported from
(`imported_from`) and that earlier import. A file is text anyone can write, so none of it is
taken as fact; it is kept as said, and shown as said.

The file's log lines keep their own `by` and `at`: they too are what the file claims, and a
reader tells them from lines written here by their number (`Provenance.claims`).

A league counts a match once. `LeagueImport` is that rule made race-free: one small
aggregate per league and per key (the file's SHA-256, the match the file claims to come
from), its id derived from both, saved in the same transaction as the imported match; a
second import of the same file, or of the same match however edited, into the same league
clashes on save and stores nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

from domain.league import league_id
from domain.log import Author
from domain.phrase import as_typed, commas, phrase
from domain.text import KEY_LIMIT, NAME_LIMIT, BadText, checked_text

_SHA256 = re.compile("[0-9a-f]{64}")


def checked_sha256(value: str, where: str = "the file's SHA-256") -> str:
    if not _SHA256.fullmatch(value):
        raise BadText(f"{where} must be 64 lower-case hexadecimal digits")
    return value


def match_reference(value: str, where: str) -> str:
    """A claimed match id as text, checked as new input; an id written as a UUID in any case
    or form is written the one way, so that the same match is always the same key."""
    value = checked_text(value, where, KEY_LIMIT)
    try:
        return str(UUID(value))
    except ValueError:
        return value


@dataclass(frozen=True)
class ClaimedImport:
    """What a file exported from an imported match says about that import."""

    by: str
    at: str
    sha256: str

    def checked(self) -> ClaimedImport:
        return ClaimedImport(
            checked_text(self.by, "the earlier importer's name", NAME_LIMIT),
            checked_text(self.at, "the earlier import's time", KEY_LIMIT),
            checked_sha256(self.sha256, "the earlier import's SHA-256"),
        )

    def to_data(self) -> dict[str, str]:
        return {"by": self.by, "at": self.at, "sha256": self.sha256}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ClaimedImport:
        return cls(str(data["by"]), str(data["at"]), str(data["sha256"]))


@dataclass(frozen=True)
class ClaimedSeal:
    """The seal a file says its source match had when it was exported: the digest of that
    match's event `version` (domain.seal), to compare with the source installation's."""

    version: int
    digest: str

    def checked(self) -> ClaimedSeal:
        if self.version < 1:
            raise BadText("the file's seal names no event version")
        return ClaimedSeal(self.version, checked_sha256(self.digest, "the file's seal"))

    def to_data(self) -> dict[str, Any]:
        return {"version": self.version, "digest": self.digest}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ClaimedSeal:
        return cls(int(data["version"]), str(data["digest"]))


@dataclass(frozen=True)
class MatchFileFacts:
    """A match file as it was received: its SHA-256 (of the exact bytes), its format version
    and whether its export checksum was there and matched; then what it claims."""

    sha256: str
    format_version: int
    checked: bool
    created_by: str
    created_at: str
    source: str | None = None
    exported: str | None = None
    imported_from: str | None = None
    earlier_import: ClaimedImport | None = None
    # Whether the file's per-line chain held (None: the file carries none, as before format
    # version 3), and the first line of the file that breaks it.
    chain: bool | None = None
    chain_break: int | None = None
    seal: ClaimedSeal | None = None

    @property
    def origin(self) -> str | None:
        """The match the file's record began as: the match its source was imported from,
        or else its source. Two files of one origin hold the same match, however edited."""
        return self.imported_from or self.source

    def checked_facts(self) -> MatchFileFacts:
        """The facts with every claim checked as new input (BadText if refused)."""
        return MatchFileFacts(
            sha256=checked_sha256(self.sha256),
            format_version=self.format_version,
            checked=self.checked,
            created_by=checked_text(self.created_by, "the file's creator", NAME_LIMIT),
            created_at=checked_text(self.created_at, "the file's creation time", KEY_LIMIT),
            source=_claimed_id(self.source, "the file's source"),
            exported=(
                None
                if self.exported is None
                else checked_text(self.exported, "the file's export time", KEY_LIMIT)
            ),
            imported_from=_claimed_id(self.imported_from, "the file's imported-from"),
            earlier_import=None if self.earlier_import is None else self.earlier_import.checked(),
            chain=self.chain,
            chain_break=self.chain_break,
            seal=None if self.seal is None else self.seal.checked(),
        )


def _claimed_id(value: str | None, where: str) -> str | None:
    return None if value is None else match_reference(value, where)


@dataclass(frozen=True)
class Provenance:
    """Who imported a match, when, through which device and link, from which file; and how
    many of its log lines came from that file (every later line was written here)."""

    importer: Author
    file: MatchFileFacts
    lines: int

    def claims(self, line_number: int) -> bool:
        """Whether log line `line_number` came from the file: its `by` and `at` are then what
        the file says, not what this store saw."""
        return line_number <= self.lines

    def describe(self) -> str:
        """The provenance in one sentence, as the terminal shows it: a phrase, so that it reads
        in the reader's language; what the file and the importer said is kept as typed."""
        importer, file = self.importer, self.file
        device = (
            phrase(" from {device}", device=as_typed(importer.device)) if importer.device else ""
        )
        check = phrase("its export checksum matched") if file.checked else phrase("unchecked")
        if file.chain is not None:
            check = (
                phrase("{check}, its chain held", check=check)
                if file.chain
                else phrase(
                    "{check}, its chain broken at line {line} (edited after export)",
                    check=check,
                    line=file.chain_break,
                )
            )
        said = [
            phrase("source {source}", source=as_typed(file.source))
            if file.source
            else phrase("no source")
        ]
        if file.imported_from:
            said.append(phrase("imported there from {place}", place=as_typed(file.imported_from)))
        if file.earlier_import:
            earlier = file.earlier_import
            said.append(
                phrase(
                    "by {by} at {at} from file sha256 {sha256}",
                    by=as_typed(earlier.by),
                    at=earlier.at,
                    sha256=earlier.sha256,
                )
            )
        if file.exported:
            said.append(phrase("exported {exported}", exported=file.exported))
        if file.seal:
            said.append(
                phrase(
                    "sealed {digest} at version {version}",
                    digest=file.seal.digest,
                    version=file.seal.version,
                )
            )
        said.append(
            phrase("created by {by} at {at}", by=as_typed(file.created_by), at=file.created_at)
        )
        return phrase(
            "imported by {by} at {at}{device}, from file sha256 {sha256} (format {format}, "
            "{check}), claims {claims}; lines 1-{lines} are as the file says",
            by=as_typed(importer.by),
            at=importer.at,
            device=device,
            sha256=file.sha256,
            format=file.format_version,
            check=check,
            claims=commas(said),
            lines=self.lines,
        )

    def to_data(self) -> dict[str, Any]:
        """Plain data: the shape snapshots and read models store and the JSON API answers."""
        file = self.file
        return {
            "by": self.importer.by,
            "at": self.importer.at,
            "device": self.importer.device,
            "link": self.importer.link,
            "sha256": file.sha256,
            "format_version": file.format_version,
            "checked": file.checked,
            "chain": file.chain,
            "chain_break": file.chain_break,
            "lines": self.lines,
            "claims": {
                "source": file.source,
                "exported": file.exported,
                "created_by": file.created_by,
                "created_at": file.created_at,
                "imported_from": file.imported_from,
                "earlier_import": (
                    None if file.earlier_import is None else file.earlier_import.to_data()
                ),
                "seal": None if file.seal is None else file.seal.to_data(),
            },
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Provenance:
        claims = data["claims"]
        earlier = claims.get("earlier_import")
        seal = claims.get("seal")
        return cls(
            importer=Author(data["by"], data["at"], data.get("device"), data.get("link")),
            file=MatchFileFacts(
                sha256=data["sha256"],
                format_version=int(data["format_version"]),
                checked=bool(data["checked"]),
                chain=data.get("chain"),
                chain_break=data.get("chain_break"),
                created_by=claims["created_by"],
                created_at=claims["created_at"],
                source=claims.get("source"),
                exported=claims.get("exported"),
                imported_from=claims.get("imported_from"),
                earlier_import=None if earlier is None else ClaimedImport.from_data(earlier),
                seal=None if seal is None else ClaimedSeal.from_data(seal),
            ),
            lines=int(data["lines"]),
        )


# -- a match counts once per league ----------------------------------------------------


def import_keys(file: MatchFileFacts) -> tuple[str, ...]:
    """What makes two imports the same match: the same file, or the same claimed origin."""
    keys = [f"sha256:{file.sha256}"]
    if file.origin is not None:
        keys.append(f"origin:{file.origin}")
    return tuple(keys)


def league_import_id(league: str, key: str) -> UUID:
    """The id of the mark that `key` was imported into `league` (its name as `league_id`
    folds it, so `Cup` and `cup ` are one league)."""
    return uuid5(NAMESPACE_URL, f"touchline:league-import:{league_id(league)}:{key}")


class LeagueImport(Aggregate):
    """That the file or match `key` was imported into `league` as match `match_id`."""

    @staticmethod
    def create_id(league: str, key: str, **_: object) -> UUID:
        return league_import_id(league, key)

    @event("Created")
    def __init__(self, league: str, key: str, match_id: str, at: str) -> None:
        self.league = league
        self.key = key
        self.match_id = match_id
        self.at = at
