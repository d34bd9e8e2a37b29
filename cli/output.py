"""Text for the terminal: a match's situation, its log lines and what can come next."""

from __future__ import annotations

import shlex

import click

from domain.log import Entry, LogLine
from domain.notation import line_notation
from domain.provenance import Provenance
from domain.registry import find_ruleset
from domain.ruleset import Expected
from service.views import MatchView

# After the `by` of a line that came from an imported file: the file says so, nobody here saw it.
CLAIMED = " (per the file)"


def log_line(ruleset: str, line: LogLine, claimed: bool = False) -> str:
    """One log line as a person reads it: number, entry, who and when (`claimed`: as an
    imported file says)."""
    text = line_notation(find_ruleset(ruleset).codec, line)
    mark = " (retracted)" if isinstance(line, Entry) and line.retracted else ""
    by = f"{line.by}{CLAIMED}" if claimed else line.by
    return f"{line.number:>4}  {text}{mark}   [{by}, {line.at}]"


def echo_entry(ruleset: str, line: LogLine) -> None:
    click.echo(f"recorded {log_line(ruleset, line)}")
    if not isinstance(line, Entry):
        return
    for violation in line.violations:
        click.echo(f"  ! overridden {violation.rule}: {violation.message}")
        click.echo(f"    reason: {line.override}")
    for consequence in line.consequences:
        if consequence.text:
            click.echo(f"  → {consequence.text}")


def echo_match(view: MatchView, with_log: bool = False) -> None:
    imported = ", imported" if view.imported else ""
    click.echo(f"{view.title}   [{view.ruleset}, {view.short_id}, {view.status}{imported}]")
    echo_provenance(view.imported)
    click.echo(view.text)
    if view.result:
        click.echo(f"Result: {view.result.summary}")
    if with_log:
        click.echo("Log:")
        for line in view.log:
            click.echo(log_line(view.ruleset, line, view.claimed(line)))
    echo_expected(view)


def echo_provenance(imported: Provenance | None) -> None:
    """Where an imported match came from; nothing for a match scored here."""
    if imported is not None:
        click.echo(imported.describe())


def echo_expected(view: MatchView) -> None:
    """What can be entered next, one line per prompt, with a line ready to complete.

    Entries that differ only in their kind (a card's several possible abilities) share a line,
    so the list stays short enough to read at the table.
    """
    if not view.expected:
        return
    click.echo("Next, one of:")
    grouped: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for expected in view.expected:
        head, _, detail = expected.prompt.partition(": ")
        key = (head, _fields_hint(expected))
        grouped.setdefault(key, []).append((expected.kind, detail.rstrip(".")))
    for (head, fields), entries in grouped.items():
        details = ", ".join(detail for _, detail in entries if detail)
        kinds = "|".join(kind for kind, _ in entries)
        ending = "" if details.endswith("?") else "."
        click.echo(f"  - {head}{': ' + details + ending if details else ''}")
        click.echo(f"      {kinds}{fields}")


def _fields_hint(expected: Expected) -> str:
    fixed = [f" {k}={shlex.quote(str(v))}" for k, v in expected.fixed.items()]
    choices = [
        f" {k}={'|'.join(shlex.quote(str(x)) for x in v)}"
        for k, v in expected.choices.items()
        if k not in expected.fixed and len(v) <= 8
    ]
    return "".join(fixed + choices)
