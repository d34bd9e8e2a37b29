"""Interactive scoring: show the situation, take one line at a time, explain refusals."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from cli.output import echo_entry, echo_match
from domain.match import RuleBroken
from service.entry_text import action_from_text
from service.errors import BadInput, StaleMatch

if TYPE_CHECKING:
    from cli.context import Context

HELP = """Type an entry as `kind field=value ...` (e.g. `roll toho 5`; `?` lets the app roll),
or: undo | show | log | help | quit"""


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
                click.echo(f"retracted entry {retraction['retracts']}")
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
    except RuleBroken as error:
        click.echo("! refused, nothing was stored:")
        for violation in error.violations:
            click.echo(f"    {violation}")
        if not all(v.overridable for v in error.violations):
            return
        reason = click.prompt(
            "Record it anyway? Give the table's reason (empty: no)", default="", show_default=False
        ).strip()
        if not reason:
            return
        entry = app.record(
            match_id, action, context.author(), override=reason, expected_version=version
        )
    echo_entry(ruleset, entry)
