"""The seal of a match record: a hash chain over its events.

Every event of a match carries `previous`, the digest of the event before it (None for the
first), and `digest`, the SHA-256 of its own canonical payload, which includes `previous`.
Changing any stored event, removing one or reordering them breaks the chain at that event
and every digest after it; the digest of the latest event (the match's *seal*) therefore
stands for the whole record. The chain shows that a record was not edited since its seal was
seen (on the match page, in an exported file); it cannot stop someone who may rewrite the
whole store from recomputing every digest, which is why the seal is shown and exported.

The canonical payload is the event's name, its match, its version number and every field it
stores except the library's own timestamp (each line carries its own `at`), written as JSON
with sorted keys, no spaces and UTF-8: the same bytes whoever computes them, from the event
as it is made or from the row it was stored as.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast
from uuid import UUID

# Fields an event carries that the library sets or that the digest cannot cover.
UNSEALED_FIELDS = frozenset(
    {"originator_id", "originator_version", "originator_topic", "timestamp", "digest"}
)


def canonical(payload: Mapping[str, Any]) -> bytes:
    return json.dumps(
        payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_plain
    ).encode("utf-8")


def digest_of(event: str, match_id: UUID | str, version: int, fields: Mapping[str, Any]) -> str:
    """The digest of one event: `fields` are its stored fields, `previous` among them."""
    payload = {name: value for name, value in fields.items() if name not in UNSEALED_FIELDS}
    payload["_event"] = event
    payload["_match"] = str(match_id)
    payload["_version"] = version
    return hashlib.sha256(canonical(payload)).hexdigest()


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | frozenset | set):
        return list(value)
    if isinstance(value, UUID):
        return str(value)
    raise TypeError(f"cannot seal a {type(value).__name__}")


# -- verifying a stored record -------------------------------------------------------------

# What each event of a match is, as a person reads it; the events that are lines of the log.
KINDS = {
    "Created": "creation",
    "Imported": "import",
    "Branched": "branch",
    "EntryRecorded": "entry",
    "EntryRetracted": "undo",
    "Annotated": "annotation",
    "Abandoned": "abandonment",
    "Disputed": "dispute",
    "Ruled": "ruling",
    "Corrected": "correction",
    "Confirmed": "confirmation",
}
NOT_LINES = frozenset({"Created", "Imported", "Branched"})

# The three checks an event can fail.
DIGEST = "digest"  # its digest does not match its content (or it has none, or is unreadable)
PREVIOUS = "previous"  # its `previous` is not the digest of the event before it
MISSING = "missing"  # the versions skip one: an event is missing

CHECKS = {
    DIGEST: "its digest does not match its content",
    PREVIOUS: "its previous does not match the event before",
    MISSING: "an event is missing",
}


@dataclass(frozen=True)
class StoredFacts:
    """One stored event as verification reads it: its version, its class's name, the fields
    it was stored with (None when the stored bytes cannot be read) and whether the release
    that stored it sealed it (`sealed`: stored at a class version that carries the seal)."""

    version: int
    event: str
    fields: Mapping[str, Any] | None
    sealed: bool


@dataclass(frozen=True)
class SealBreak:
    """The first event at which a record's chain breaks."""

    version: int
    kind: str | None  # None for an event that is missing
    check: str  # DIGEST, PREVIOUS or MISSING
    line: int | None  # the log line the event is, when it is one
    detail: str

    def describe(self) -> str:
        what = f"event {self.version}"
        if self.kind is not None:
            what += f" ({self.kind}"
            what += f", log line {self.line})" if self.line is not None else ")"
        return f"{what}: {CHECKS[self.check]}: {self.detail}"


@dataclass(frozen=True)
class SealReport:
    """What verifying a match's stored events found.

    `unsealed` events lead the record: an earlier release wrote them before sealing began, so
    nothing can vouch for them. `sealed` counts the events whose digest and link were checked
    (up to the break, when there is one); `seal` is the digest of the latest of them, the
    record's seal, when the chain is intact.
    """

    match_id: str
    events: int
    sealed: int
    unsealed: int
    seal: str | None
    broken: SealBreak | None

    @property
    def intact(self) -> bool:
        return self.broken is None

    def describe(self) -> str:
        if self.broken is not None:
            return f"record broken at {self.broken.describe()}"
        unsealed = (
            f"; events 1-{self.unsealed} were written by an earlier release before sealing "
            "began and are unsealed: they cannot be verified"
            if self.unsealed
            else ""
        )
        if self.seal is None:
            return (
                f"no event is sealed: all {_events(self.events)} were written by an earlier "
                "release before sealing began and cannot be verified"
            )
        return f"record intact: {_events(self.sealed)} sealed, seal {self.seal}{unsealed}"


def verify(match_id: UUID | str, events: Sequence[StoredFacts]) -> SealReport:
    """Recompute every digest and every `previous` link of a match's stored events, in
    version order, and report the chain intact or the first event that breaks it.

    Events stored before sealing began may only lead the record: once one event is sealed,
    every later one must be (a release that seals never writes an unsealed event), so an
    event whose seal was stripped is caught like an edited one.
    """
    previous: str | None = None
    unsealed = sealed = line = 0
    for expected, facts in enumerate(events, start=1):
        cause: SealBreak | None = None
        if facts.version != expected:
            detail = f"no event is stored at version {expected} (the next is {facts.version})"
            cause = SealBreak(expected, None, MISSING, None, detail)
        else:
            number = None
            if facts.event not in NOT_LINES:
                line += 1
                number = line
            failed = _failed_check(match_id, facts, previous, after_sealed=sealed > 0)
            if failed is not None:
                kind = KINDS.get(facts.event, facts.event or "unknown event")
                cause = SealBreak(facts.version, kind, failed[0], number, failed[1])
        if cause is not None:
            return SealReport(str(match_id), len(events), sealed, unsealed, None, cause)
        if facts.sealed:
            previous = cast(Mapping[str, Any], facts.fields)["digest"]
            sealed += 1
        else:
            unsealed += 1
    return SealReport(str(match_id), len(events), sealed, unsealed, previous, None)


def _failed_check(
    match_id: UUID | str, facts: StoredFacts, previous: str | None, after_sealed: bool
) -> tuple[str, str] | None:
    """The check one event fails and why, or None when it holds (or is unsealed)."""
    if facts.event not in KINDS:
        return DIGEST, f"no match stores an event of this kind ({facts.event!r})"
    if facts.fields is None:
        return DIGEST, "its stored content cannot be read"
    if not facts.sealed:
        return (DIGEST, "it carries no seal, yet the events before it do") if after_sealed else None
    stored = facts.fields.get("digest")
    if not isinstance(stored, str):
        return DIGEST, "it carries no digest"
    if facts.fields.get("previous") != previous:
        before = "none (the chain starts here)" if previous is None else _short(previous)
        named = _short(facts.fields.get("previous"))
        return PREVIOUS, f"it names {named}, the event before is {before}"
    try:
        recomputed = digest_of(facts.event, match_id, facts.version, facts.fields)
    except TypeError as error:
        return DIGEST, f"its content cannot be sealed ({error})"
    if recomputed != stored:
        return DIGEST, f"it carries {_short(stored)}, its content gives {_short(recomputed)}"
    return None


def _events(count: int) -> str:
    return f"{count} event" if count == 1 else f"{count} events"


def short(digest: str) -> str:
    """A digest as pages show it: its first 12 hexadecimal digits, enough to compare."""
    return digest[:12]


def _short(value: Any) -> str:
    return "none" if value is None else short(str(value)) if isinstance(value, str) else "?"
