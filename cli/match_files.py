"""`touchline match export` and `match import`: a match as a match file and back."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click

from cli.context import ConflictFailure, Context, Failure, handle_errors, pass_context, said
from cli.help_language import Command
from cli.language import _, translated
from domain.report import log_size
from schemas.match_import import import_match_file
from schemas.matchfile import dumps
from schemas.matchfile_lines import MAX_FILE_BYTES
from service.errors import AlreadyImported, LeagueNotFound, TouchlineError


@click.command("export", cls=Command)
@click.argument("match_ref", metavar="MATCH")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True),
    help="Write to this file instead of standard output.",
)
@pass_context
@handle_errors
def export(context: Context, match_ref: str, output: str | None) -> None:
    """Write a match as a match file (docs/match-file.md)."""
    app = context.app
    record_ = app.load_record(match_ref)
    text = dumps(
        record_, datetime.now(UTC).isoformat(timespec="seconds"), app.variations_of(match_ref)
    )
    if output:
        Path(output).write_text(text, encoding="utf-8")
        click.echo(
            _("wrote %(log)s to %(output)s", log=translated(log_size(record_.log)), output=output),
            err=True,
        )
    else:
        # A match file is UTF-8 whatever the terminal's encoding is.
        click.echo(text.encode("utf-8"), nl=False)


@click.command("import", cls=Command)
@click.argument("file", type=click.File("rb"))
@click.option(
    "--league",
    metavar="NAME",
    help="Count the match in this league instead of the one the file names.",
)
@click.option(
    "--no-league",
    is_flag=True,
    help="Import the match outside any league (the file's league may not exist here).",
)
@click.option(
    "--verify",
    is_flag=True,
    help="Refuse a file with any line edited since its export, naming the first (format 3 "
    "files; older ones carry no chain and are refused as unverifiable).",
)
@pass_context
@handle_errors
def import_(context: Context, file: Any, league: str | None, no_league: bool, verify: bool) -> None:
    """Import a match file as a new match. Every entry is checked again, and a broken file imports
    nothing."""
    if league and no_league:
        raise click.UsageError(_("give --league or --no-league, not both"))
    # One byte past the bound is enough for the reader to refuse a file that is too large.
    data = file.read(MAX_FILE_BYTES + 1)
    try:
        imported = import_match_file(
            context.app, data, context.author(), league, no_league, verify=verify
        )
    except AlreadyImported as error:
        raise ConflictFailure(f"{file.name}: {said(error)}") from None
    except TouchlineError as error:
        hint = _(" (or import it with --no-league)") if isinstance(error, LeagueNotFound) else ""
        raise Failure(f"{file.name}: {said(error)}{hint}") from None
    view = imported.view
    click.echo(
        _(
            "imported match %(id)s (%(log)s): %(title)s",
            id=view.id,
            log=translated(log_size(view.log)),
            title=translated(view.title),
        )
    )
    for notice in imported.notices:
        click.echo(translated(notice))
