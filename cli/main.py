"""The `touchline` command: matches and the database they are kept in."""

from __future__ import annotations

import click

from cli.abandon import abandon
from cli.annotate import annotate
from cli.audit import audit
from cli.context import Context, handle_errors, pass_context
from cli.games import RulesetChoice
from cli.leagues import league
from cli.links import link
from cli.match_files import export, import_
from cli.matches import match
from cli.projections import projections
from cli.seal import verify
from cli.serve import scorer_link, serve
from cli.settle import confirm, correct, dispute, rule
from cli.stats import stats
from cli.teams import team
from domain.registry import find_ruleset


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--database",
    metavar="URL",
    help="Event store to use (default: $TOUCHLINE_DATABASE_URL, else the embedded SQLite file).",
)
@click.option(
    "--by",
    "scorer",
    metavar="NAME",
    help="Who is entering (default: $TOUCHLINE_SCORER, else your login name).",
)
@click.version_option(package_name="touchline")
@click.pass_context
def cli(ctx: click.Context, database: str | None, scorer: str | None) -> None:
    """Touchline records tabletop football matches entry by entry, then replays and exports them.

    Start with `touchline match new --help`; `touchline rules card-game` lists what can be
    entered in a Captain Tsubasa: The Card Game match.
    """
    ctx.obj = Context(database, scorer)
    ctx.call_on_close(ctx.obj.close)


@cli.group()
def db() -> None:
    """The event store."""


@db.command("init")
@pass_context
@handle_errors
def db_init(context: Context) -> None:
    """Create the event store's tables (otherwise done on first use)."""
    app = context.app
    click.echo(f"database ready: {app.settings.safe_url}")


@cli.command("rules")
@click.argument("ruleset", type=RulesetChoice())
def rules(ruleset: str) -> None:
    """List the entries a RULESET accepts, with their fields."""
    found = find_ruleset(ruleset)
    click.echo(f"{found.title} ({found.name}): entries, written as `kind field=value ...`")
    for kind, help_text in found.action_kinds().items():
        click.echo(f"  {kind:<20} {help_text}")
    click.echo("A die value written as ? is rolled by the app (same as --roll).")


cli.add_command(match)
cli.add_command(team)
match.add_command(abandon)
match.add_command(annotate)
match.add_command(scorer_link)
match.add_command(export)
match.add_command(import_)
match.add_command(verify)
for command in (dispute, rule, correct, confirm):
    match.add_command(command)
cli.add_command(league)
cli.add_command(link)
cli.add_command(audit)
cli.add_command(stats)
cli.add_command(projections)
cli.add_command(serve)


def main() -> None:
    cli(prog_name="touchline")


if __name__ == "__main__":
    main()
