"""`touchline audit`: the overrides, disputes, rulings, corrections, retractions,
confirmations and abandonments of a match or of a league, with who, when, device and link."""

from __future__ import annotations

from pathlib import Path

import click

from cli.context import Context, Failure, handle_errors, pass_context
from cli.help_language import Command, help_with
from cli.language import _
from domain.audit import KINDS
from schemas.audit import to_csv, to_json, to_text


@click.command("audit", cls=Command)
@click.argument("match", required=False)
@click.option("--league", metavar="NAME", help="The audit of every match of league NAME.")
@click.option(
    "--kind",
    "kinds",
    multiple=True,
    metavar="KIND",
    help=help_with(
        "Only items of this kind (repeat, or separate with commas): %(kinds)s.",
        kinds=", ".join(KINDS),
    ),
)
@click.option("--by", "person", metavar="NAME", help="Only what NAME did (any case).")
@click.option("--since", metavar="DATE", help="Only from DATE on (2026-11-30, or a date and time).")
@click.option("--until", metavar="DATE", help="Only up to DATE (a date alone: to its end).")
@click.option("--format", "form", type=click.Choice(["text", "csv", "json"]), default="text")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file.")
@pass_context
@handle_errors
def audit(
    context: Context,
    match: str | None,
    league: str | None,
    kinds: tuple[str, ...],
    person: str | None,
    since: str | None,
    until: str | None,
    form: str,
    output: str | None,
) -> None:
    """The audit of MATCH or, with --league NAME, of a league. One line per override, dispute,
    ruling, correction, retraction, confirmation and abandonment."""
    if (match is None) == (league is None):
        raise click.UsageError(_("name a MATCH or a --league NAME (one of the two)"))
    wanted = [kind for given in kinds for kind in given.split(",") if kind.strip()]
    app = context.app
    if match is not None:
        trail = app.match_audit(match, wanted, person, since, until)
    else:
        assert league is not None
        trail = app.league_audit(league, wanted, person, since, until)
    text = {"csv": to_csv, "json": to_json}.get(form, to_text)(trail)
    if output:
        try:
            Path(output).write_text(text, encoding="utf-8", newline="")
        except OSError as error:
            raise Failure(
                _("cannot write %(output)s: %(strerror)s", output=output, strerror=error.strerror)
            ) from None
        click.echo(
            _("wrote %(items)s audit items to %(output)s", items=len(trail.items), output=output),
            err=True,
        )
    else:
        click.echo(text, nl=False)
