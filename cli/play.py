"""Interactive scoring: show the situation, take one line at a time, explain refusals."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from cli.output import echo_entry, echo_match
from domain.registry import find_ruleset
from service.entry_text import action_from_text
from service.errors import BadInput, EntryRefused, StaleMatch

if TYPE_CHECKING:
    from cli.context import Context

HELP = """Type an entry as `kind field=value ...` (e.g. `roll toho 5`; `?` lets the app roll),
or: undo | show | log | help | quit"""
COMMANDS = frozenset({"quit", "exit", "q", "help", "?", "show", "log", "undo"})
YES = frozenset({"yes", "y"})


def stdin_is_terminal() -> bool:
    """Whether a person is typing: an override is only ever asked of one."""
    return sys.stdin.isatty()


def discard_typed_ahead() -> None:
    """Drop what was typed before the question was shown, so it cannot answer it."""
    try:
        import termios

        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):
        pass  # not a terminal after all, or a platform without termios: nothing to drop


def play_loop(context: Context, match_ref: str) -> None:
    app = context.app
    view = app.get_match(match_ref)
    echo_match(view)
    click.echo(HELP)
    while True:
        try:
            line = click.prompt(f"{view.short_id}", prompt_suffix="> ").strip()
        except (EOFError, click.Abort):
            click.echo()
            return
        if line in {"quit", "exit", "q"}:
            return
        if line in {"help", "?"}:
            click.echo(HELP)
            continue
        try:
            if line in {"show", "log"}:
                view = app.get_match(view.id)
                echo_match(view, with_log=line == "log")
                continue
            if line == "undo":
                retraction = app.undo(view.id, context.author(), expected_version=view.version)
                click.echo(f"retracted entry {retraction.line.retracts}")
            else:
                _enter(context, view.id, view.ruleset, view.version, line)
        except StaleMatch as error:
            click.echo(f"! {error}")
        except BadInput as error:
            click.echo(f"! {error}")
        view = app.get_match(view.id)
        echo_match(view)


def _enter(context: Context, match_id: str, ruleset: str, version: int, line: str) -> None:
    app = context.app
    action, drawn = action_from_text(ruleset, line)
    if drawn:
        # Drawn once, before judging, so that an override records the same dice.
        action = app.draw(match_id, action)
    try:
        entry = app.record(match_id, action, context.author(), expected_version=version)
    except EntryRefused as error:
        click.echo("! refused, nothing was stored:")
        for violation in error.violations:
            click.echo(f"    {violation}")
        if not all(v.overridable for v in error.violations):
            return
        reason = _override_reason(ruleset)
        if reason is None:
            return
        entry = app.record(
            match_id, action, context.author(), override=reason, expected_version=version
        )
    echo_entry(ruleset, entry.line)


def _override_reason(ruleset: str) -> str | None:
    """The table's reason to record a refused entry anyway, or None to leave it out.

    Only a person at a terminal is asked, and only after what they typed ahead is dropped: the
    next line of a script or of hasty typing is an entry or a command, never an answer. Even
    then it takes an explicit yes, and a reason that reads as an entry or a command is refused.
    """
    if not stdin_is_terminal():
        click.echo(
            "  not recorded; to record it anyway, run "
            "`touchline match record MATCH ENTRY --override REASON`"
        )
        return None
    discard_typed_ahead()
    answer = click.prompt(
        "Record it anyway, breaking the rule? (yes/no)", default="no", show_default=False
    )
    if answer.strip().lower() not in YES:
        click.echo("  not recorded")
        return None
    reason = click.prompt("The table's reason", default="", show_default=False).strip()
    if not reason:
        click.echo("  not recorded: an override needs a reason")
        return None
    first_word = reason.split()[0].lower()
    if first_word in COMMANDS or first_word in find_ruleset(ruleset).codec.kinds:
        click.echo(f"  not recorded: {reason!r} reads as an entry or a command, not a reason")
        return None
    return reason
