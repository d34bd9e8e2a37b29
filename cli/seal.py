"""`touchline match verify`: the hash chain of a match's stored events, checked (docs/seal.md)."""

from __future__ import annotations

import click

from cli.context import EXIT_BROKEN, Context, handle_errors, pass_context
from cli.help_language import Command
from cli.language import _


@click.command("verify", cls=Command)
@click.argument("match_ref", metavar="MATCH")
@pass_context
@handle_errors
def verify(context: Context, match_ref: str) -> None:
    """Check a match's sealed record.

    It recomputes the digest and the link of every stored event.
    """
    report = context.app.verify_match(match_ref)
    click.echo(
        _("match %(match_id)s: %(describe)s", match_id=report.match_id, describe=report.describe())
    )
    if not report.intact:
        raise click.exceptions.Exit(EXIT_BROKEN)
