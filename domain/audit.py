"""The audit trail of a match: everything that changed what counts, or says what counts, and
who did it.

An audit lists, from a match's log, every override (an entry recorded although it broke
rules, and every entry a correction kept although it then broke rules), dispute, ruling,
correction, retraction (an undo, the entries a correction withdrew, the entries a ruling sent
back for replay), confirmation and abandonment, each as an `AuditItem`: the match, the log
line that recorded it, who, when, from which device and through which access link, the
entries it is about, the rule IDs it names, the reason given, and a sentence saying what it
did. Plain entries and annotations are the match itself, not its audit.

The log keeps each line as it counts now: an entry that a correction kept as an override
carries that correction's reason and the rules it broke then, in place of what it was
recorded with. What the entry was recorded with, and what each correction kept it for, are
in the stored events of those lines; the service reads them (`AsWritten`) for the few
entries a correction kept, and the trail shows both.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time
from typing import Any, assert_never, cast

from domain.actions import ActionCodec
from domain.log import (
    CORRECTED,
    REPLAY,
    STANDS,
    Abandonment,
    Annotation,
    Confirmation,
    Correction,
    Dispute,
    Entry,
    LogLine,
    Retraction,
    Ruling,
    violation_from_dict,
)
from domain.match import MatchRecord
from domain.notation import format_action
from domain.ruleset import MalformedAction, Violation
from domain.text import NAME_LIMIT, BadText, checked_text

# The kinds of audit item, in the order a reader meets them in a match's life.
OVERRIDE = "override"
DISPUTE = "dispute"
RULING = "ruling"
CORRECTION = "correction"
RETRACTION = "retraction"
CONFIRMATION = "confirmation"
ABANDONMENT = "abandonment"
KINDS = (OVERRIDE, DISPUTE, RULING, CORRECTION, RETRACTION, CONFIRMATION, ABANDONMENT)


@dataclass(frozen=True)
class AuditItem:
    """One thing the audit shows.

    `line` is the number of the log line that recorded it; `entries` the entries it is about
    (the overridden entry, the disputed one, the retracted ones; none for a confirmation or
    an abandonment, nor for a dispute of the result). `reason` is what its author gave as
    the reason (an override's or correction's reason, a dispute's, a ruling's text, an
    abandonment's); `detail` says in a sentence what it did.
    """

    match: str
    title: str
    line: int
    kind: str
    by: str
    at: str
    device: str | None
    link: str | None
    entries: tuple[int, ...] = ()
    rules: tuple[str, ...] = ()
    reason: str = ""
    detail: str = ""


@dataclass(frozen=True)
class AsWritten:
    """What a line's own stored event says, where the log no longer does: the override and
    the rules an entry was recorded with, and for a correction, the rules each entry it kept
    broke then (by entry number)."""

    override: str | None
    violations: tuple[Violation, ...]
    kept: Mapping[int, tuple[Violation, ...]] = field(default_factory=dict)


def needs_as_written(log: Iterable[LogLine]) -> tuple[int, ...]:
    """The lines whose stored events the trail needs: every correction that kept entries,
    and every entry one kept (the log holds neither as it was written)."""
    needed: set[int] = set()
    for line in log:
        if isinstance(line, Correction) and line.kept:
            needed.add(line.number)
            needed.update(line.kept)
    return tuple(sorted(needed))


def as_written(event: object) -> AsWritten | None:
    """What a stored event of a match says about overrides (None for other events)."""
    if isinstance(event, MatchRecord.Corrected):
        kept = {
            int(cast(int, item["number"])): _violations(item["violations"]) for item in event.kept
        }
        return AsWritten(event.override, _violations(event.violations), kept)
    if isinstance(event, MatchRecord.EntryRecorded):
        return AsWritten(event.override, _violations(event.violations))
    return None


def _violations(stored: object) -> tuple[Violation, ...]:
    return tuple(violation_from_dict(v) for v in cast(list[dict[str, Any]], stored or []))


class BadAuditFilter(ValueError):
    """A filter that names an unknown kind, an unreadable date or an empty range."""


@dataclass(frozen=True)
class AuditFilter:
    """Which items to show: of these kinds (all when empty), by this person (any when None;
    compared without regard to case), made within [since, until] (either end open)."""

    kinds: tuple[str, ...] = ()
    by: str | None = None
    since: datetime | None = None
    until: datetime | None = None

    @classmethod
    def parsed(
        cls,
        kinds: Iterable[str] = (),
        by: str | None = None,
        since: str | None = None,
        until: str | None = None,
    ) -> AuditFilter:
        """A filter from text as it arrives (an option, a query parameter).

        A kind may be given in any case; a date alone (`2026-11-30`) means from the start of
        that day (`since`) or to its end (`until`); a date and time without a UTC offset is
        taken as UTC.
        """
        wanted: list[str] = []
        for kind in kinds:
            name = kind.strip().casefold()
            if name not in KINDS:
                shown = kind if len(kind) <= 40 else kind[:40] + "…"
                raise BadAuditFilter(
                    f"kind: {shown!r} is not a kind of audit item; the kinds: {', '.join(KINDS)}"
                )
            if name not in wanted:
                wanted.append(name)
        person = None
        if by is not None and by.strip():
            try:
                person = checked_text(by, "by", NAME_LIMIT)
            except BadText as error:
                raise BadAuditFilter(str(error)) from None
        start = None if since is None or not since.strip() else instant(since, "since", False)
        end = None if until is None or not until.strip() else instant(until, "until", True)
        if start is not None and end is not None and start > end:
            raise BadAuditFilter(f"since ({since}) is later than until ({until}): nothing is both")
        ordered = tuple(kind for kind in KINDS if kind in wanted)
        return cls(ordered, person, start, end)

    def admits(self, item: AuditItem) -> bool:
        if self.kinds and item.kind not in self.kinds:
            return False
        if self.by is not None and item.by.casefold() != self.by.casefold():
            return False
        if self.since is None and self.until is None:
            return True
        when = moment(item.at)
        if when is None:  # a time no one can place cannot be said to be in the range
            return False
        return (self.since is None or when >= self.since) and (
            self.until is None or when <= self.until
        )

    def applied(self, items: Iterable[AuditItem]) -> list[AuditItem]:
        return [item for item in items if self.admits(item)]


def instant(text: str, what: str, end_of_day: bool) -> datetime:
    """A date or a date and time as an aware datetime (see `AuditFilter.parsed`)."""
    value = text.strip()
    try:
        day = date.fromisoformat(value)
    except ValueError:
        pass
    else:
        return datetime.combine(day, time.max if end_of_day else time.min, UTC)
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise BadAuditFilter(
            f"{what}: {shown!r} is not a date (2026-11-30) or a date and time "
            "(2026-11-30T21:00:00+00:00)"
        ) from None
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)


def moment(at: str) -> datetime | None:
    """When a line was written, as an aware datetime (None if its time cannot be read)."""
    try:
        parsed = datetime.fromisoformat(at)
    except ValueError:
        return None
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)


def match_audit(
    match: str,
    title: str,
    codec: ActionCodec,
    log: Sequence[LogLine],
    as_written: Mapping[int, AsWritten] | None = None,
) -> list[AuditItem]:
    """Every audit item of one match's log, in the order of its lines.

    `log` is the match's log as it counts now (`MatchRecord.log`); `as_written` holds the
    stored events of the lines `needs_as_written` names (without them, an entry a correction
    kept shows only as that correction's override).
    """
    trail = _Trail(match, title, codec, log, as_written or {})
    for line in log:
        trail.add(line)
    return trail.items


class _Trail:
    def __init__(
        self,
        match: str,
        title: str,
        codec: ActionCodec,
        log: Sequence[LogLine],
        as_written: Mapping[int, AsWritten],
    ) -> None:
        self.match, self.title, self.codec, self.log = match, title, codec, log
        self.as_written = as_written
        self.items: list[AuditItem] = []
        # What became of each dispute, and which correction last kept each entry: both are
        # said at lines before the ones that settle them.
        self.rulings = {line.dispute: line for line in log if isinstance(line, Ruling)}
        self.kept_by: dict[int, int] = {}
        for line in log:
            if isinstance(line, Correction):
                for number in line.kept:
                    self.kept_by[number] = line.number

    def item(
        self,
        line: LogLine,
        kind: str,
        *,
        entries: tuple[int, ...] = (),
        rules: tuple[str, ...] = (),
        reason: str = "",
        detail: str = "",
    ) -> None:
        self.items.append(
            AuditItem(
                self.match,
                self.title,
                line.number,
                kind,
                line.by,
                line.at,
                line.device,
                line.link,
                entries,
                rules,
                reason,
                detail,
            )
        )

    def add(self, line: LogLine) -> None:
        match line:
            case Correction():
                self.correction(line)
            case Entry():
                self.recorded_override(line)
            case Retraction():
                self.item(
                    line,
                    RETRACTION,
                    entries=(line.retracts,),
                    detail=f"undo of entry {line.retracts}: {self.entry_text(line.retracts)}",
                )
            case Dispute():
                self.dispute(line)
            case Ruling():
                self.ruling(line)
            case Confirmation():
                summary = line.result.get("summary")
                result = f": {summary}" if summary else ""
                self.item(line, CONFIRMATION, detail=f"{line.side} confirms the result{result}")
            case Abandonment():
                self.item(line, ABANDONMENT, reason=line.reason, detail="the match is abandoned")
            case Annotation():
                pass  # a remark on the match, not a change to what counts
            case _:
                assert_never(line)

    def recorded_override(self, line: Entry) -> None:
        """The override an entry was recorded with, if it broke rules when recorded."""
        written = self.as_written.get(line.number)
        if line.number in self.kept_by:
            if written is None:
                return  # the log holds only what the correction kept it for
            override, violations = written.override, written.violations
        else:
            override, violations = line.override, line.violations
        if not violations:
            return
        counts = "" if line.in_force else "; it no longer counts"
        self.item(
            line,
            OVERRIDE,
            entries=(line.number,),
            rules=_rules(violations),
            reason=override or "",
            detail=f"entry {line.number} entered despite {_broken(violations)}: "
            f"{self.action_text(line)}{counts}",
        )

    def correction(self, line: Correction) -> None:
        ruled = f" (ruling on dispute {line.dispute})" if line.dispute is not None else ""
        after = []
        if line.kept:
            after.append(f"kept as overrides: {_numbers(line.kept)}")
        if line.withdrawn:
            after.append(f"withdrawn: {_numbers(line.withdrawn)}")
        self.item(
            line,
            CORRECTION,
            entries=(line.replaces,),
            rules=line.rules,
            reason=line.reason,
            detail=f"entry {line.replaces} corrected{ruled}: {self.entry_text(line.replaces)} "
            f"→ {self.action_text(line)}" + "".join(f"; {part}" for part in after),
        )
        self.recorded_override(line)
        written = self.as_written.get(line.number)
        for number in line.kept:
            kept = self.log[number - 1]
            assert isinstance(kept, Entry)
            if written is not None and number in written.kept:
                violations = written.kept[number]
            elif self.kept_by.get(number) == line.number:
                violations = kept.violations  # the last keeping is the one the log holds
            else:
                violations = ()
            rules = f" {_broken(violations)}" if violations else " the rules"
            self.item(
                line,
                OVERRIDE,
                entries=(number,),
                rules=_rules(violations),
                reason=line.reason,
                detail=f"entry {number} kept by the correction of entry {line.replaces} "
                f"although it broke{rules}: {self.action_text(kept)}",
            )
        if line.withdrawn:
            self.item(
                line,
                RETRACTION,
                entries=line.withdrawn,
                rules=line.rules,
                reason=line.reason,
                detail=f"{_entries(line.withdrawn)} withdrawn by the correction of entry "
                f"{line.replaces}",
            )

    def dispute(self, line: Dispute) -> None:
        about = "the result" if line.on is None else f"entry {line.on}: {self.entry_text(line.on)}"
        ruling = self.rulings.get(line.number)
        state = "open" if ruling is None else f"ruled at line {ruling.number}: {ruling.decision}"
        self.item(
            line,
            DISPUTE,
            entries=() if line.on is None else (line.on,),
            reason=line.reason,
            detail=f"disputes {about} ({state})",
        )

    def ruling(self, line: Ruling) -> None:
        disputed = self.log[line.dispute - 1] if 0 < line.dispute <= len(self.log) else None
        on = disputed.on if isinstance(disputed, Dispute) else None
        about = "the result" if on is None else f"entry {on}"
        if line.decision == STANDS:
            decided = f"{about} stands"
        elif line.decision == CORRECTED:
            decided = f"{about} corrected at line {line.correction}"
        elif line.decision == REPLAY:
            decided = f"play replayed from entry {line.replay_from}"
        else:
            decided = line.decision
        self.item(
            line,
            RULING,
            entries=() if on is None else (on,),
            rules=line.rules,
            reason=line.text,
            detail=f"ruling on dispute {line.dispute}: {decided}",
        )
        if line.replayed:
            self.item(
                line,
                RETRACTION,
                entries=line.replayed,
                rules=line.rules,
                reason=line.text,
                detail=f"{_entries(line.replayed)} taken out of force to replay from entry "
                f"{line.replay_from} (ruling on dispute {line.dispute})",
            )

    def entry_text(self, number: int) -> str:
        line = self.log[number - 1] if 0 < number <= len(self.log) else None
        return self.action_text(line) if isinstance(line, Entry) else f"line {number}"

    def action_text(self, line: Entry) -> str:
        try:
            return format_action(self.codec, self.codec.from_dict(line.action))
        except MalformedAction:
            return str(dict(line.action))  # as an earlier release stored it


def _rules(violations: Sequence[Violation]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(v.rule for v in violations))


def _broken(violations: Sequence[Violation]) -> str:
    return "; ".join(f"{v.rule} ({v.message})" for v in violations)


def _numbers(numbers: Sequence[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def _entries(numbers: Sequence[int]) -> str:
    return f"entry {numbers[0]}" if len(numbers) == 1 else f"entries {_numbers(numbers)}"
