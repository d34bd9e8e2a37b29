"""Shared by the match file tests: a record as the store keeps it, and files as people edit
them."""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field, replace
from typing import Any

from domain.log import Entry, LogLine
from domain.match import Author, MatchRecord
from domain.notation import canonical_fields, parse_action
from domain.provenance import Provenance
from domain.registry import find_ruleset
from domain.ruleset import JSON
from schemas.matchfile import dumps
from tests.opening import OPENING, SETUP

EXPORTED_AT = "2026-11-29T22:00:00+00:00"
ALICE = Author("alice", "2026-11-29T21:00:00+00:00", "phone 1")
_CHAIN = re.compile(r" chain=[0-9a-f]{64}$")
_END_LINE = re.compile(r"^end: entries=[0-9]+ sha256=[0-9a-f]{64}$", re.MULTILINE)


@dataclass
class StoredRecord:
    """What the export reads of a match. Its log may hold any text an earlier release
    stored, including what today's checks at the door would refuse."""

    ruleset_name: str
    setup: dict[str, Any]
    created_by: str
    created_at: str
    log: list[LogLine]
    league: str | None = None
    id: str = "5f0d1c2e-0000-4000-8000-000000000000"
    outcome: Any = field(default=None)
    provenance: Provenance | None = None

    def result(self) -> Any:
        return self.outcome


def stored(match: MatchRecord) -> StoredRecord:
    """A copy of a match's record, to change as the store might hold it."""
    return StoredRecord(
        match.ruleset_name,
        copy.deepcopy(match.setup),
        match.created_by,
        match.created_at,
        copy.deepcopy(match.log),
        match.league,
        str(match.id),
        match.result(),
        match.provenance,
    )


def opening() -> MatchRecord:
    """The shared opening, kept in memory: eleven entries, a note, an undone entry."""
    rules = find_ruleset("card-game")
    match = MatchRecord("card-game", rules.setup_to_dict(rules.make_setup(SETUP)), "alice",
                        ALICE.at)  # fmt: skip
    for line in OPENING:
        match.record(parse_action(rules.codec, line), ALICE)
    match.annotate(5, "Hyuga's card was bent", ALICE)
    match.undo(ALICE)
    return match


def exported_opening() -> str:
    return dumps(opening(), EXPORTED_AT)


def change(record: StoredRecord, index: int, **values: Any) -> None:
    """Give line `index` of the record other values, as a store may hold them."""
    record.log[index] = replace(record.log[index], **values)


def change_action(record: StoredRecord, index: int, **values: JSON) -> None:
    """Give fields of the action of entry `index` of the record other values."""
    line = record.log[index]
    assert isinstance(line, Entry)
    change(record, index, action={**line.action, **values})


def by_hand(text: str) -> str:
    """The file as a person edits it: its end line says nothing more than `end:`."""
    return _END_LINE.sub("end:", text)


def entry_lines(text: str) -> list[str]:
    """The entry lines without their chain values (which follow from the header too)."""
    return [_CHAIN.sub("", line) for line in text.splitlines() if line[:1].isdigit()]


def as_read(ruleset: str, line: LogLine) -> LogLine:
    """A log line as the match file gives it back: the entry's fields as the text they are
    written in (the rules read them from there), and none of what the rules work out again on
    import (violations, consequences, whether it was retracted)."""
    if not isinstance(line, Entry):
        return line
    codec = find_ruleset(ruleset).codec
    fields = canonical_fields(codec, line.action)
    return Entry(
        number=line.number,
        by=line.by,
        at=line.at,
        device=line.device,
        key=line.key,
        override=line.override,
        action={"kind": line.kind, **{k: _as_text(v) for k, v in fields}},
    )


def _as_text(value: JSON) -> JSON:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return [str(item) for item in value]
    return "" if value is None else str(value)
