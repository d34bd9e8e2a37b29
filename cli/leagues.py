"""`touchline league …`: create leagues, list them, show one (its table, matches and open
disputes), and show or export their standings."""

from __future__ import annotations

from pathlib import Path

import click

from cli.context import Context, Failure, handle_errors, pass_context
from cli.games import RulesetChoice
from cli.help_language import Group, help_with
from cli.language import _, ngettext, translated
from domain.league import TIEBREAKERS
from domain.registry import find_ruleset
from schemas.result_status import DISPUTED_UNTIL_RULED, result_label
from schemas.standings import to_csv, to_json, to_table
from service.leagues import LeagueView, OpenDispute


@click.group(cls=Group)
def league() -> None:
    """Leagues: matches that count towards one table."""


def _points(value: str | None) -> list[int] | None:
    if value is None:
        return None
    try:
        return [int(part) for part in value.split("/")]
    except ValueError:
        raise click.BadParameter(
            _("write points as numbers separated by /, e.g. 3/1/0 (%(value)r)", value=value),
            param_hint="--points",
        ) from None


@league.command("new")
@click.argument("name")
@click.option("--ruleset", required=True, type=RulesetChoice())
@click.option(
    "--points",
    metavar="W/D/L",
    help="Points for a win/draw/loss (default 3/1/0); King of the Pitch: per placing, "
    "1st/2nd/… (default 10/6/4/2/1).",
)
@click.option(
    "--tiebreak",
    metavar="LIST",
    help=help_with(
        "Tie-breakers in order, comma-separated, from: %(tiebreakers)s.",
        tiebreakers=", ".join(TIEBREAKERS),
    ),
)
@pass_context
@handle_errors
def new(
    context: Context, name: str, ruleset: str, points: str | None, tiebreak: str | None
) -> None:
    """Create a league called NAME for matches of one ruleset."""
    order = None if tiebreak is None else [t.strip() for t in tiebreak.split(",") if t.strip()]
    view = context.app.create_league(name, ruleset, context.author(), _points(points), order)
    click.echo(
        _(
            "created league %(name)r (%(ruleset)s): points %(value)s, tie-breakers %(tiebreak)s",
            name=view.name,
            ruleset=view.ruleset,
            value="/".join(map(str, view.points)),
            tiebreak=", ".join(view.tiebreak),
        )
    )


@league.command("settings")
@click.argument("name")
@click.option("--points", metavar="W/D/L", help="Points for a win/draw/loss, or per placing.")
@click.option("--tiebreak", metavar="LIST", help="Tie-breakers in order, comma-separated.")
@click.option(
    "--count-unconfirmed/--no-count-unconfirmed",
    default=None,
    help="Whether results the coaches have not all confirmed count in the table.",
)
@pass_context
@handle_errors
def settings(
    context: Context,
    name: str,
    points: str | None,
    tiebreak: str | None,
    count_unconfirmed: bool | None,
) -> None:
    """Change league NAME's settings; what is not given stays as it is."""
    order = None if tiebreak is None else [t.strip() for t in tiebreak.split(",") if t.strip()]
    view = context.app.change_league_settings(
        name, context.author(), _points(points), order, count_unconfirmed
    )
    click.echo(_("league %(name)r: %(view)s", name=view.name, view=_settings(view)))


@league.command("list")
@pass_context
@handle_errors
def list_(context: Context) -> None:
    """List every league with its number of matches."""
    leagues = context.app.leagues()
    if not leagues:
        click.echo(_('no leagues yet: create one with `touchline league new "NAME" --ruleset …`'))
    for found in leagues:
        click.echo(
            f"{found.name:<28} {found.ruleset:<18} {found.finished:>4} finished of "
            f"{found.matches:>4}  points {'/'.join(map(str, found.points))}"
        )


@league.command("standings")
@click.argument("name")
@click.option("--format", "form", type=click.Choice(["table", "csv", "json"]), default="table")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file.")
@pass_context
@handle_errors
def standings(context: Context, name: str, form: str, output: str | None) -> None:
    """Show the standings of league NAME, or export them as CSV or JSON."""
    found = context.app.find_league(name)
    rows = context.app.standings(found.name)
    if form == "csv":
        text = to_csv(rows)
    elif form == "json":
        text = to_json(found, rows, context.app.league_disputes(found.name))
    else:
        label = find_ruleset(found.ruleset).league_ranking.scored
        text = f"{found.name} ({found.ruleset})\n"
        text += to_table(rows, label, found.count_unconfirmed)
    if output:
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as error:
            raise Failure(
                _("cannot write %(output)s: %(strerror)s", output=output, strerror=error.strerror)
            ) from None
        click.echo(
            _("wrote %(rows)s standings to %(output)s", rows=len(rows), output=output), err=True
        )
    else:
        click.echo(text, nl=False)


@league.command("show")
@click.argument("name")
@pass_context
@handle_errors
def show(context: Context, name: str) -> None:
    """Show league NAME: settings, table, matches, open disputes."""
    found = context.app.find_league(name)
    rows = context.app.standings(found.name)
    matches = context.app.league_matches(found.name)
    disputes = context.app.league_disputes(found.name)
    click.echo(f"{found.name} ({found.ruleset}): {_settings(found)}")
    label = find_ruleset(found.ruleset).league_ranking.scored
    click.echo(to_table(rows, label, found.count_unconfirmed), nl=False)
    click.echo(_("Matches:") if matches else _("No matches yet."))
    for m in matches:
        label = result_label(m.result_status, m.awaiting, m.open_disputes, _, ngettext)
        status = f"{translated(m.status)}, {label}" if label else translated(m.status)
        click.echo(f"  {m.match_id[:8]}  {m.score:<8} {status:<40} {translated(m.title)}")
    if disputes:
        click.echo(
            _(
                "Open disputes (%(DISPUTED_UNTIL_RULED)s):",
                DISPUTED_UNTIL_RULED=_(DISPUTED_UNTIL_RULED),
            )
        )
    for dispute in disputes:
        click.echo(_dispute_line(dispute))


def _settings(found: LeagueView) -> str:
    points = "/".join(map(str, found.points))
    counted = "count" if found.count_unconfirmed else "do not count"
    tiebreak = ", ".join(found.tiebreak)
    return f"points {points}, tie-breakers {tiebreak}; unconfirmed results {counted}"


def _dispute_line(dispute: OpenDispute) -> str:
    what = "the result" if dispute.entry is None else f"entry {dispute.entry}"
    return (
        f"  {dispute.match_id[:8]}  line {dispute.dispute}: {what} of {translated(dispute.title)}, "
        f"by {dispute.by} at {dispute.at}: {' '.join(dispute.reason.split())}"
    )
