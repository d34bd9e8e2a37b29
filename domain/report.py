"""A match log read as a match report: every line a plain sentence, with marks for what
matters at the table, grouped under a heading per stretch of play.

The command line (`match show --log`, `match replay`) and the pages (the match page's log,
the replay) show these values, so a line reads the same everywhere. What a line says is the
game's business (`Ruleset.sentence`); its marks come from the shared vocabulary only: the
consequences an entry stored (a goal, a booking, a die) and the kind of line (an override, a
note, a correction, a dispute), so no game is named here. The headings are the stretches of
play the consequences start (`phase_name`: "1st half, round 2", "half 1, turn 3", "turn 4"),
as the match list names them: the log is read without playing the rules again.

Every line keeps its number in the log: the one number a person says at the table, which
`match annotate`, the replay's `--to` and `?at=` and every page link use alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import assert_never

from domain.consequences import Booking, Consequence, DieRolled, Goal, MatchEnded, PeriodStarted
from domain.glyphs import glyph_named
from domain.log import (
    Abandonment,
    Annotation,
    Confirmation,
    Correction,
    Dispute,
    Entry,
    LogLine,
    Retraction,
    Ruling,
)
from domain.log_index import CORRECTED, LogIndex, OutOfForce
from domain.notation import line_notation
from domain.phrase import Phrase, phrase
from domain.ruleset import MalformedAction, Ruleset
from domain.sentences import Names, from_notation, listed, name

BEFORE_KICK_OFF = "Before kick-off"


@dataclass(frozen=True)
class Mark:
    """Something worth seeing at a glance on a line: `kind` for styles and tests (goal,
    booking, dice, override, note, dispute, correction, …), a `symbol`, and the `words` a
    screen reader or a plain terminal reads (never the symbol alone)."""

    kind: str
    symbol: str
    words: str


@dataclass(frozen=True)
class ReportLine:
    """One log line as the report shows it: its number in the log, its kind of line, the
    sentence, its notation (one tap away), its marks, and what followed from it (the texts of
    its consequences, while it counts). `fate` says what took an entry out of force."""

    number: int
    type: str
    sentence: str
    notation: str
    marks: tuple[Mark, ...] = ()
    told: tuple[str, ...] = ()
    fate: OutOfForce | None = None

    @property
    def in_force(self) -> bool:
        return self.fate is None

    def marked(self, kind: str) -> bool:
        return any(mark.kind == kind for mark in self.marks)


@dataclass(frozen=True)
class Period:
    """A stretch of play and the lines written during it, in the order of the log."""

    heading: str
    lines: tuple[ReportLine, ...]


@dataclass(frozen=True)
class PlacedLine:
    """A report line with the heading of the stretch of play it was written in: one line as a
    reader outside the report (the JSON API) gets it."""

    period: str
    line: ReportLine


@dataclass(frozen=True)
class Report:
    """A match's log as it reads: its periods, each with its lines."""

    periods: tuple[Period, ...]

    @property
    def lines(self) -> tuple[ReportLine, ...]:
        return tuple(line for period in self.periods for line in period.lines)

    def placed(self) -> dict[int, PlacedLine]:
        """Every line by its number in the log, with its stretch of play."""
        return {
            line.number: PlacedLine(period.heading, line)
            for period in self.periods
            for line in period.lines
        }


# Symbols of the common fonts (DejaVu has them all), so a terminal or a phone without an
# emoji font draws them too.
GOAL = Mark("goal", "◉", "goal")
OVERRIDE = Mark("override", "⚑", "override")
NOTE = Mark("note", "✎", "note")
DISPUTE = Mark("dispute", "⚠", "disputed")
CORRECTION = Mark("correction", "✔", "correction")
UNDO = Mark("undo", "↶", "undo")
RULING = Mark("ruling", "⚖", "ruling")
CONFIRMATION = Mark("confirmation", "✓", "result confirmed")
ABANDONED = Mark("abandonment", "✖", "abandoned")


def names_of(rules: Ruleset, setup: object) -> dict[str, str]:
    """Each side's name in a report: its label without its coach ("Toho (Bob)" → "Toho")."""
    labels = rules.side_labels(setup)
    names = {}
    for participant in rules.participants(setup):
        label = labels.get(participant.side, participant.team)
        suffix = f" ({participant.coach})"
        names[participant.side] = label[: -len(suffix)] if label.endswith(suffix) else label
    return names


def entry_sentence(rules: Ruleset, entry: Entry, names: Names) -> str:
    """What an entry says in words; an entry kept from an earlier release that today's codec
    refuses, or that the game cannot word, is worded from its stored notation."""
    try:
        said = rules.sentence(entry.decoded(rules.codec.from_dict), names)
    except (MalformedAction, TypeError, ValueError, KeyError, AttributeError):
        said = ""
    return said if said.strip() else _fallback(rules, entry, names)


def _fallback(rules: Ruleset, entry: Entry, names: Names) -> str:
    try:
        said = from_notation(rules.codec, entry.action, names)
    except (MalformedAction, TypeError, ValueError, KeyError, AttributeError):
        said = ""
    # A stored kind of only blanks words nothing: the line still says which entry it is.
    return said if said.strip() else f"Entry {entry.number}"


def report_line(rules: Ruleset, names: Names, line: LogLine, index: LogIndex) -> ReportLine:
    """One log line as a sentence with its marks (`index`: the whole log, for what the line
    refers to and what became of it)."""
    notation = line_notation(rules.codec, line)
    match line:
        case Correction():
            said = f"Correction of line {line.replaces}: {entry_sentence(rules, line, names)}"
            return _entry_line(line, f"{said} ({line.reason})", notation, index, CORRECTION)
        case Entry():
            return _entry_line(line, entry_sentence(rules, line, names), notation, index)
        case Retraction():
            undone = index.line(line.retracts) if 0 < line.retracts <= len(index.lines) else None
            what = f": {entry_sentence(rules, undone, names)}" if isinstance(undone, Entry) else ""
            said = f"Undo of line {line.retracts}{what}"
            return ReportLine(line.number, line.type, said, notation, (UNDO,))
        case Annotation():
            about = "the kick-off" if line.on == 0 else f"line {line.on}"
            judged = glyph_mark(line.glyph)
            if judged is None:
                said = f"Note on {about}: {line.text}"
                return ReportLine(line.number, line.type, said, notation, (NOTE,))
            said = f"Note on {about} ({judged.symbol} {judged.words}): {line.text}"
            return ReportLine(line.number, line.type, said, notation, (NOTE, judged))
        case Abandonment():
            said = f"Match abandoned: {line.reason}"
            return ReportLine(line.number, line.type, said, notation, (ABANDONED,))
        case Dispute():
            about = "the result" if line.on is None else f"line {line.on}"
            said = f"Dispute of {about}: {line.reason}"
            return ReportLine(line.number, line.type, said, notation, (DISPUTE,))
        case Ruling():
            said = f"Ruling on dispute {line.dispute}: {_decision(line, index)}"
            if line.rules:
                said += f" ({', '.join(line.rules)})"
            if line.text:
                said += f": {line.text}"
            return ReportLine(line.number, line.type, said, notation, (RULING,))
        case Confirmation():
            summary = line.result.get("summary") if isinstance(line.result, Mapping) else None
            said = f"{name(names, line.side)} confirm the result"
            said += f": {summary}" if summary else ""
            return ReportLine(line.number, line.type, said, notation, (CONFIRMATION,))
        case _:
            assert_never(line)


def _decision(ruling: Ruling, index: LogIndex) -> str:
    if ruling.decision == "stands":
        disputed = _dispute(index, ruling.dispute)
        on = None if disputed is None else disputed.on
        return "the result stands" if on is None else f"line {on} stands"
    if ruling.decision == "corrected":
        return "corrected" + (f" by line {ruling.correction}" if ruling.correction else "")
    return f"replay from line {ruling.replay_from}"


def _dispute(index: LogIndex, number: int) -> Dispute | None:
    if not 0 < number <= len(index.lines):
        return None
    line = index.line(number)
    return line if isinstance(line, Dispute) else None


def glyph_mark(name: str | None) -> Mark | None:
    """The mark of an annotation's glyph (domain.glyphs), None for a plain remark."""
    glyph = glyph_named(name)
    return None if glyph is None else Mark(f"glyph-{glyph.name}", glyph.symbol, glyph.meaning)


def glyph_marks(notes: Iterable[Annotation]) -> list[Mark]:
    """The glyphs the notes on an entry judged it with, each once, in the notes' order."""
    marks: list[Mark] = []
    for note in notes:
        mark = glyph_mark(note.glyph)
        if mark is not None and mark not in marks:
            marks.append(mark)
    return marks


def _entry_line(
    entry: Entry, sentence: str, notation: str, index: LogIndex, *lead: Mark
) -> ReportLine:
    fate = index.out_of_force(entry.number)
    marks = [*lead, *consequence_marks(entry.consequences)] if fate is None else list(lead)
    if entry.override:
        marks.append(OVERRIDE)
    notes = index.notes_on(entry.number)
    if notes:
        marks.append(NOTE)
        marks.extend(glyph_marks(notes))
    if index.disputes_on(entry.number):
        marks.append(DISPUTE)
    if fate is not None:
        marks.append(Mark(fate.how, "✗", fate.how))
    told = () if fate is not None else tuple(c.text for c in entry.consequences if c.text)
    return ReportLine(entry.number, entry.type, sentence, notation, tuple(marks), told, fate)


def consequence_marks(consequences: Sequence[Consequence]) -> tuple[Mark, ...]:
    """The marks an entry's consequences earn: a goal, each booking, the dice rolled."""
    marks: list[Mark] = []
    dice: list[str] = []
    for consequence in consequences:
        if isinstance(consequence, Goal):
            marks.append(GOAL)
        elif isinstance(consequence, Booking):
            words = f"{consequence.colour} card" if consequence.colour else "booking"
            marks.append(Mark("booking", "▮", words))
        elif isinstance(consequence, DieRolled):
            dice.append(str(consequence.value))
    if dice:
        marks.append(Mark("dice", "⚄", f"{'die' if len(dice) == 1 else 'dice'} {listed(dice)}"))
    return tuple(marks)


def match_report(
    rules: Ruleset, names: Names, lines: Sequence[LogLine], latest: int | None = None
) -> Report:
    """The log as a report, in the order of the log; `latest`: only its last `latest` lines
    (the scoring page's), under the heading of the stretch of play the first of them is in."""
    index = LogIndex(lines)
    first = 0 if latest is None else max(len(index.lines) - latest, 0)
    heading = BEFORE_KICK_OFF
    for line in reversed(index.lines[:first]):
        started = _started(index, line)
        if started is not None:
            heading = started
            break
    periods: list[Period] = []
    shown: list[ReportLine] = []
    for line in index.lines[first:]:
        shown.append(report_line(rules, names, line, index))
        started = _started(index, line)
        if started is not None and started != heading:
            periods.append(Period(heading, tuple(shown)))
            heading, shown = started, []
    if shown or not periods:
        periods.append(Period(heading, tuple(shown)))
    return Report(tuple(periods))


def placed_line(rules: Ruleset, names: Names, lines: Sequence[LogLine], number: int) -> PlacedLine:
    """Line `number` of the log as the whole report places and words it (`match_report`),
    reading only the lines from it on and back to where its stretch of play began: a line just
    written costs the same in a long match as in a short one."""
    if not 0 < number <= len(lines):
        raise ValueError(f"the log has no line {number}")
    index = LogIndex(lines, indexed_from=number)
    said = report_line(rules, names, index.line(number), index)
    heading = BEFORE_KICK_OFF
    for earlier in range(number - 1, 0, -1):
        line = lines[earlier - 1]
        if not isinstance(line, Entry) or isinstance(line, Correction):
            continue
        # What took an earlier entry out of force is written after it: index from there.
        started = _started(index if line.in_force else LogIndex(lines, earlier), line)
        if started is not None:
            heading = started
            break
    return PlacedLine(heading, said)


def _started(index: LogIndex, line: LogLine) -> str | None:
    """The stretch of play the match is in after `line`, when the line started one: an entry
    at its place of play (a corrected entry, as its correction has it; a correction, written
    at the end, does not move the report back)."""
    if not isinstance(line, Entry) or isinstance(line, Correction):
        return None
    fate = None if line.in_force else index.out_of_force(line.number)
    if fate is not None and fate.how != CORRECTED:
        return None
    placed: Entry = line
    while placed.corrected_by is not None:
        successor = index.line(placed.corrected_by)
        if not isinstance(successor, Entry):
            break
        placed = successor
    started = None
    for consequence in placed.consequences:
        if isinstance(consequence, PeriodStarted | MatchEnded):
            phase = consequence.phase_name()
            if phase:
                started = phase[:1].upper() + phase[1:]
    return started


def log_size(lines: Sequence[LogLine]) -> Phrase:
    """A log's size as every command and page counts it: its lines (undos, notes and settling
    lines included, each numbered) and its entries in force (what the match list counts and
    the replay steps through): `15 lines, 12 entries in force`."""
    in_force = sum(1 for line in lines if isinstance(line, Entry) and line.in_force)
    return phrase("{lines} lines, {in_force} entries in force", lines=len(lines), in_force=in_force)
