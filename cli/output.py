"""Text for the terminal: a match's situation, its log lines and what can come next.

Every log line is printed here, through `log_line`, whichever command prints it: its number,
what it records, who and when. Read as the match report (`Reader`: `match show --log`, `match
replay`), a line is the sentence of domain/report.py with its marks (◉ goal, ▮ booking, ⚄
dice, ⚑ override, ✎ note …), what followed from it, and its notation on request; a line just
written (`recorded …`) is given in the notation it was typed in. An entry the table played on
through a broken rule starts with `!` and is followed by each rule it broke and the reason; an
entry out of force says what took it out (and is struck through on a terminal); a dispute says
whether it is open; a ruling is followed by the text of each rule it cites.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import click

from cli.language import N_, _, refusal, told, translated
from domain.log import Confirmation, Correction, Dispute, Entry, LogLine, Ruling
from domain.log_index import CORRECTED, REPLAYED, UNDONE, WITHDRAWN, LogIndex, Placed, Step
from domain.match import CONFIRMED, DISPUTED, UNCONFIRMED, ResultStatus
from domain.notation import line_notation
from domain.registry import find_ruleset
from domain.rejudge import BecameIllegal
from domain.report import Report, report_line
from domain.ruleset import Expected
from service.views import MatchView

# An import's provenance comes with the match that has one; the rulebook is read for a
# ruling's rules: showing a match or recording an entry loads neither.
if TYPE_CHECKING:
    from domain.provenance import Provenance

INDENT = "      "  # under a line's text, past its number
# After the `by` of a line that came from an imported file: the file says so, nobody here saw it.
CLAIMED = " (per the file)"  # through `_` when shown


@dataclass(frozen=True)
class Reader:
    """How to print a match's lines as its report: the sides' names in sentences, whether to
    print each line's notation under it, and the heading of the stretch of play each line
    was written in (by line number)."""

    names: Mapping[str, str]
    notation: bool = False
    headings: Mapping[int, str] = field(default_factory=dict)

    @classmethod
    def of(cls, report: Report, names: Mapping[str, str], notation: bool = False) -> Reader:
        headings = {
            line.number: period.heading for period in report.periods for line in period.lines
        }
        return cls(names, notation, headings)


def log_line(
    ruleset: str,
    line: LogLine,
    index: LogIndex | None = None,
    claimed: bool = False,
    reader: Reader | None = None,
) -> str:
    """One log line as a person reads it: number, what it records, who and when (`claimed`:
    as an imported file says). With a `reader` (and the match's `index`) it is the report's
    sentence and marks; without, the line's notation.

    With the match's `index`, an entry out of force says what took it out and a dispute
    whether it was ruled on; without it, an entry only says that it no longer counts.
    """
    overridden = isinstance(line, Entry) and bool(line.override)
    if reader is not None and index is not None:
        said = report_line(find_ruleset(ruleset), reader.names, line, index)
        marks = [m for m in said.marks if said.fate is None or m.kind != said.fate.how]
        text = translated(said.sentence)
        shown_marks = "".join(f"  {m.symbol} {translated(m.words)}" for m in marks)
    else:
        text = line_notation(find_ruleset(ruleset).codec, line)
        shown_marks = ""
    if isinstance(line, Entry) and not line.in_force:
        text = click.style(text, strikethrough=True)
    flag = "!" if overridden else " "
    by = f"{line.by}{_(CLAIMED)}" if claimed else line.by
    state = _state(line, index)
    return f"{flag}{line.number:>4}  {text}{state}{shown_marks}   [{by}, {line.at}]"


def _state(line: LogLine, index: LogIndex | None) -> str:
    if isinstance(line, Entry):
        out = None if index is None else index.out_of_force(line.number)
        if out is not None:
            if out.how == CORRECTED:
                correction = index.line(out.line) if index is not None else None
                reason = f": {correction.reason}" if isinstance(correction, Correction) else ""
                return _(" (corrected by line %(line)s%(reason)s)", line=out.line, reason=reason)
            return {
                UNDONE: _(" (undone by line %(line)s)", line=out.line),
                WITHDRAWN: _(" (withdrawn by correction %(line)s)", line=out.line),
                REPLAYED: _(" (replayed by the ruling on line %(line)s)", line=out.line),
            }[out.how]
        if line.corrected_by is not None:
            return _(" (corrected by line %(corrected_by)s)", corrected_by=line.corrected_by)
        if line.retracted:
            return _(" (retracted)")
        kept = None if index is None else index.kept_by(line.number)
        return "" if kept is None else _(" (kept by correction %(number)s)", number=kept.number)
    if isinstance(line, Dispute) and index is not None:
        ruling = index.ruling_on(line.number)
        if ruling is None:
            return _(" (open)")
        return _(" (ruled by line %(number)s)", number=ruling.number)
    return ""


def line_details(
    ruleset: str, line: LogLine, index: LogIndex | None = None, reader: Reader | None = None
) -> list[str]:
    """What a line says beyond its one-line form, each line indented under it: the rules an
    overridden entry broke and why, what a correction replaced, kept and withdrew, the text of
    each rule a ruling cites, the result a coach confirmed. Read as the report (`reader`):
    first the line's notation when asked for, and, under an entry that counts, what followed
    from it."""
    details: list[str] = []
    if reader is not None and reader.notation:
        details.append(f"= {line_notation(find_ruleset(ruleset).codec, line)}")
    if isinstance(line, Entry):
        for violation in line.violations:
            details.append(
                _(
                    "! overridden %(refusal)s",
                    refusal=refusal(violation.rule, violation.message),
                )
            )
            details.append(_("  reason: %(override)s", override=line.override))
    if reader is not None and isinstance(line, Entry) and line.in_force:
        details.extend(f"→ {told(c.text)}" for c in line.consequences if c.text)
    if isinstance(line, Correction):
        if index is not None:
            replaced = index.line(line.replaces)
            shown = log_line(ruleset, replaced, index, reader=reader).strip()
            details.append(_("replaces %(shown)s", shown=shown))
        if line.kept:
            details.append(_("kept as overrides: %(kept)s", kept=_numbers(line.kept)))
        if line.withdrawn:
            details.append(_("withdrawn: %(withdrawn)s", withdrawn=_numbers(line.withdrawn)))
        if line.dispute is not None:
            details.append(
                _(
                    "by the ruling on dispute %(dispute)s (%(rules)s)",
                    dispute=line.dispute,
                    rules=", ".join(line.rules),
                )
            )
    elif isinstance(line, Ruling):
        from domain.rulebook import rule_text

        rules = find_ruleset(ruleset)
        for rule in line.rules:
            text = rule_text(rules, rule)
            details.append(f"{rule}: {text}" if text else rule)
        if line.replayed:
            details.append(_("taken out of force: %(replayed)s", replayed=_numbers(line.replayed)))
    elif isinstance(line, Confirmation):
        details.append(_("result: %(get)s", get=line.result.get("summary", "")))
    return [INDENT + detail for detail in details]


def _numbers(numbers: Sequence[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def echo_line(
    ruleset: str,
    line: LogLine,
    index: LogIndex | None = None,
    prefix: str = "",
    lead: str = "",
    claimed: bool = False,
    reader: Reader | None = None,
) -> None:
    """A log line, after `prefix` and `lead`, and its details under it, after `prefix`."""
    click.echo(f"{prefix}{lead}{log_line(ruleset, line, index, claimed, reader)}")
    for detail in line_details(ruleset, line, index, reader):
        click.echo(f"{prefix}{' ' * len(lead)}{detail}")


def echo_entry(ruleset: str, line: LogLine, index: LogIndex | None = None) -> None:
    """A line just written, with its details and, for an entry, what followed from it."""
    echo_line(ruleset, line, index, lead=_("recorded "))
    if not isinstance(line, Entry):
        return
    for consequence in line.consequences:
        if consequence.text:
            click.echo(f"  → {told(consequence.text)}")


def echo_match(view: MatchView, with_log: bool = False, notation: bool = False) -> None:
    imported = _(", imported") if view.imported else ""
    status = translated(view.status)
    click.echo(f"{translated(view.title)}   [{view.ruleset}, {view.short_id}, {status}{imported}]")
    echo_provenance(view.imported)
    if view.branch is not None:
        click.echo(
            _(
                "What-if branch of match %(match)s from step %(step)s, started by %(by)s: "
                "it counts in no statistics or standings",
                match=view.branch.origin[:8],
                step=view.branch.step,
                by=view.branch.started.by,
            )
        )
    click.echo(translated(view.text))
    if view.result:
        click.echo(_("Result: %(summary)s", summary=translated(view.result.summary)))
    index = LogIndex(view.log)
    echo_result_status(view.ruleset, view.result_status, index)
    if with_log:
        echo_log(view, index, notation)
    echo_expected(view)


def echo_log(view: MatchView, index: LogIndex, notation: bool = False) -> None:
    """The whole log as the match report: a heading per stretch of play, then each line by
    its number, the one number `annotate`, `replay --to` and the pages use."""
    report = view.report()
    reader = Reader.of(report, view.names, notation)
    click.echo(_("Log (%(log)s lines):", log=len(view.log)))
    for period in report.periods:
        click.echo(f"— {translated(period.heading)} —")
        for said in period.lines:
            line = index.line(said.number)
            echo_line(view.ruleset, line, index, claimed=view.claimed(line), reader=reader)


# The words for a result's states (domain.match), shown in the command's language; the sides
# confirming and awaited stay their keys, the words `match confirm` takes.
RESULT_STATES = {
    CONFIRMED: N_("confirmed"),
    UNCONFIRMED: N_("unconfirmed"),
    DISPUTED: N_("disputed"),
}


def echo_result_status(
    ruleset: str, status: ResultStatus, index: LogIndex, list_open: bool = True
) -> None:
    """Whether the coaches confirmed the result, and (`list_open`) every dispute still open."""
    if status.state != "in-play":
        state = _(RESULT_STATES[status.state]) if status.state in RESULT_STATES else status.state
        parts = [_("Result %(state)s", state=state)]
        if status.confirmed_by:
            parts.append(
                _("confirmed by %(confirmed_by)s", confirmed_by=", ".join(status.confirmed_by))
            )
        if status.awaiting:
            parts.append(_("awaiting %(awaiting)s", awaiting=", ".join(status.awaiting)))
        click.echo(_("; ").join(parts))
    if status.open_disputes and list_open:
        click.echo(_("Open disputes:"))
        for number in status.open_disputes:
            click.echo(log_line(ruleset, index.line(number), index))


def echo_step(ruleset: str, index: LogIndex, step: Step, reader: Reader) -> None:
    """One step of a replay, by the number of the line in force there (0: the kick-off): the
    entry as the report says it, what followed, everything said about it (notes, disputes
    and their rulings), the entries it replaced, and the entries made after it that are out
    of force now (undone, withdrawn, replayed), each with the notes on it."""
    if step.placed is None:
        kick_off = _("Kick-off: the situation before the first entry")
        click.echo(f" {0:>4}  {kick_off}")
        _echo_about(ruleset, index, 0, INDENT, reader)
    else:
        entry = step.placed.entry
        # What a correction replaced follows its details, with what was said about it.
        echo_line(ruleset, entry, index, reader=reader)
        _echo_replaced(ruleset, index, step.placed, INDENT, reader)
        _echo_about(ruleset, index, entry.number, INDENT, reader)
    for placed in step.then_out:
        echo_line(ruleset, placed.entry, index, prefix=INDENT, lead=_("then "), reader=reader)
        _echo_replaced(ruleset, index, placed, INDENT + "     ", reader)
        _echo_about(ruleset, index, placed.entry.number, INDENT + "     ", reader)


def step_heading(reader: Reader, step: Step) -> str | None:
    """The heading of the stretch of play a replay's step is in (None at the kick-off)."""
    if step.placed is None:
        return None
    return reader.headings.get(step.placed.entry.number)


def has_attachments(index: LogIndex, step: Step) -> bool:
    """Whether the kick-off step has anything to show beside the kick-off itself."""
    return bool(step.then_out or index.notes_on(0))


def _echo_replaced(
    ruleset: str, index: LogIndex, placed: Placed, indent: str, reader: Reader
) -> None:
    for replaced in reversed(placed.replaced):
        lead = _("replaces ")
        echo_line(ruleset, replaced, index, prefix=indent, lead=lead, reader=reader)
        _echo_about(ruleset, index, replaced.number, indent + " " * len(lead), reader)


def _echo_about(
    ruleset: str, index: LogIndex, number: int | None, indent: str, reader: Reader
) -> None:
    """The notes and disputes on entry `number` (None: the result), each dispute followed by
    its ruling."""
    about: list[LogLine] = []
    if number is not None:
        about.extend(index.notes_on(number))
    about.extend(index.disputes_on(number))
    for line in sorted(about, key=lambda line: line.number):
        echo_line(ruleset, line, index, prefix=indent, reader=reader)
        if isinstance(line, Dispute):
            ruling = index.ruling_on(line.number)
            if ruling is not None:
                echo_line(ruleset, ruling, index, prefix=indent + "  ", reader=reader)


def echo_settled(ruleset: str, index: LogIndex, status: ResultStatus, reader: Reader) -> None:
    """What was said about the result once the match ended: disputes on it (with their
    rulings), the coaches' confirmations, and where the result stands."""
    disputes = index.disputes_on(None)
    confirmations = index.confirmations()
    if disputes or confirmations:
        click.echo(_("the result:"))
        _echo_about(ruleset, index, None, "    ", reader)
        for confirmation in confirmations:
            echo_line(ruleset, confirmation, index, prefix="    ", reader=reader)
    # Every open dispute was shown at its step, or just above.
    echo_result_status(ruleset, status, index, list_open=False)


def decisions_needed(ruleset: str, index: LogIndex, illegal: Sequence[BecameIllegal]) -> str:
    """The entries a correction made illegal, each with the rules it now breaks, and how to
    decide: a refusal's message (nothing was stored)."""
    lines = [_("the correction makes later entries illegal; nothing was stored. Decide each:")]
    for became in illegal:
        lines.append(log_line(ruleset, index.line(became.number), index))
        for violation in became.violations:
            overridable = "" if violation.overridable else _(" (cannot be overridden)")
            lines.append(f"{INDENT}{refusal(violation.rule, violation.message)}{overridable}")
        choice = (
            _(
                "--keep %(number)s (played on as an override) or --withdraw %(number)s",
                number=became.number,
            )
            if became.keepable
            else _("--withdraw %(number)s (it cannot be kept)", number=became.number)
        )
        lines.append(f"{INDENT}{choice}")
    example = " ".join(
        f"--{'keep' if became.keepable else 'withdraw'} {became.number}" for became in illegal
    )
    lines.append(
        _("Run the command again with a decision for each entry, e.g. %(example)s", example=example)
    )
    return "\n".join(lines)


def echo_provenance(imported: Provenance | None) -> None:
    """Where an imported match came from; nothing for a match scored here."""
    if imported is not None:
        click.echo(translated(imported.describe()))


def echo_expected(view: MatchView) -> None:
    """What can be entered next, one line per prompt, with a line ready to complete.

    Entries that differ only in their kind (a card's several possible abilities) share a line,
    so the list stays short enough to read at the table.
    """
    if not view.expected:
        return
    click.echo(_("Next, one of:"))
    grouped: dict[tuple[str, str], list[tuple[str, str]]] = {}
    stops: dict[tuple[str, str], str] = {}
    for expected in view.expected:
        head, _colon, detail = translated(expected.prompt).partition(": ")
        key = (head, _fields_hint(expected))
        # A line's details are joined and end with one stop: the stop its prompts end with in
        # the language they read in (`。` in Japanese), never a second one after it.
        if detail.endswith(_STOPS):
            stops[key], detail = detail[-1], detail[:-1]
        grouped.setdefault(key, []).append((expected.kind, detail))
    for (head, fields), entries in grouped.items():
        details = ", ".join(detail for _kind, detail in entries if detail)
        kinds = "|".join(kind for kind, _detail in entries)
        ending = "" if details.endswith(_QUESTIONS) else stops.get((head, fields), ".")
        click.echo(f"  - {head}{': ' + details + ending if details else ''}")
        click.echo(f"      {kinds}{fields}")


_STOPS = (".", "。")
_QUESTIONS = ("?", "？")


def _fields_hint(expected: Expected) -> str:
    fixed = [f" {k}={shlex.quote(str(v))}" for k, v in expected.fixed.items()]
    choices = [
        f" {k}={'|'.join(shlex.quote(str(x)) for x in v)}"
        for k, v in expected.choices.items()
        if k not in expected.fixed and len(v) <= 8
    ]
    return "".join(fixed + choices)
