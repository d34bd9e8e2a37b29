"""`touchline match export` and `match import`: a match as a match file and back."""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click

from cli.context import Context, Failure, handle_errors, pass_context
from schemas.match_import import import_match_file
from schemas.matchfile import dumps
from service.errors import TouchlineError
from service.leagues import LeagueNotFound


@click.command("export")
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
    text = dumps(record_, datetime.now(UTC).isoformat(timespec="seconds"))
    if output:
        Path(output).write_text(text, encoding="utf-8")
        click.echo(f"wrote {len(record_.log)} entries to {output}", err=True)
    else:
        sys.stdout.write(text)


@click.command("import")
@click.argument("file", type=click.File("r", encoding="utf-8"))
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
@pass_context
@handle_errors
def import_(context: Context, file: Any, league: str | None, no_league: bool) -> None:
    """Import a match file as a new match; every entry is checked again, and a broken file
    imports nothing."""
    if league and no_league:
        raise click.UsageError("give --league or --no-league, not both")
    try:
        view = import_match_file(context.app, file.read(), league, no_league)
    except TouchlineError as error:
        hint = " (or import it with --no-league)" if isinstance(error, LeagueNotFound) else ""
        raise Failure(f"{file.name}: {error}{hint}") from None
    click.echo(f"imported match {view.id} ({len(view.log)} entries): {view.title}")
