"""`touchline match annotate`: a plain-text remark on one entry (registered on `match`)."""

from __future__ import annotations

import click

from cli.context import Context, handle_errors, pass_context
from cli.help_language import Command, help_with
from cli.language import _
from domain.glyphs import GLYPH_NAMES, symbol_of


@click.command("annotate", cls=Command)
@click.argument("match_ref", metavar="MATCH")
@click.argument("entry", type=click.IntRange(min=0))
@click.argument("text")
@click.option(
    "--glyph",
    default=None,
    metavar="GLYPH",
    help=help_with(
        "Judge the entry: %(glyphs)s (or the symbol: ! ? ?? !? ⇄).", glyphs=", ".join(GLYPH_NAMES)
    ),
)
@pass_context
@handle_errors
def annotate(context: Context, match_ref: str, entry: int, text: str, glyph: str | None) -> None:
    """Annotate ENTRY with TEXT. ENTRY is its number in the log; 0 for the kick-off."""
    line = context.app.annotate(match_ref, entry, text, context.author(), glyph=glyph).line
    # The glyph's mark leads the note's text, as the log shows it.
    marked = f"{symbol_of(line.glyph)} {line.text}" if line.glyph else line.text
    click.echo(
        _(
            "note %(number)s on entry %(entry)s: %(text)s",
            number=line.number,
            entry=entry,
            text=marked,
        )
    )
