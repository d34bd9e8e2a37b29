"""`touchline match annotate`: a plain-text remark on one entry (registered on `match`)."""

from __future__ import annotations

import click

from cli.context import Context, handle_errors, pass_context
from cli.language import _


@click.command("annotate")
@click.argument("match_ref", metavar="MATCH")
@click.argument("entry", type=click.IntRange(min=0))
@click.argument("text")
@pass_context
@handle_errors
def annotate(context: Context, match_ref: str, entry: int, text: str) -> None:
    """Annotate ENTRY (its number in the log; 0 for the kick-off) with TEXT."""
    line = context.app.annotate(match_ref, entry, text, context.author()).line
    click.echo(
        _(
            "note %(number)s on entry %(entry)s: %(text)s",
            number=line.number,
            entry=entry,
            text=line.text,
        )
    )
