"""`touchline match abandon`: stop a match for good (registered on the `match` group)."""

from __future__ import annotations

import click

from cli.context import Context, handle_errors, pass_context
from cli.help_language import Command
from cli.language import _


@click.command("abandon", cls=Command)
@click.argument("match_ref", metavar="MATCH")
@click.option("--reason", required=True, help="Why the match stops (kept in the log).")
@pass_context
@handle_errors
def abandon(context: Context, match_ref: str, reason: str) -> None:
    """Abandon a match. It takes no more entries and counts in no standings."""
    context.app.abandon(match_ref, context.author(), reason)
    click.echo(
        _(
            "abandoned match %(short_id)s: %(reason)s",
            short_id=context.app.get_match(match_ref).short_id,
            reason=reason,
        )
    )
