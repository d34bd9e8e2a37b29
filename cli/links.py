"""`touchline link issue|list|revoke`: the owner hands out and withdraws access links."""

from __future__ import annotations

import click

from cli.context import Context, handle_errors, pass_context
from cli.help_language import Group
from cli.language import _
from domain.access import LINK_ROLES, Role
from service.access import IssuedLink, LinkRequest, LinkView
from service.errors import BadInput, LeagueNotFound

BASE_URL = "http://127.0.0.1:8000"


@click.group(cls=Group)
def link() -> None:
    """Access links: one per person, revocable one at a time. See docs/access.md."""


@link.command("issue")
@click.option(
    "--role",
    required=True,
    type=click.Choice([role.value for role in LINK_ROLES]),
    help="What the link lets its holder do.",
)
@click.option("--league", metavar="NAME", help="The league it works in.")
@click.option("--match", "match_ref", metavar="MATCH", help="The match it works in.")
@click.option("--side", help="A coach's side of the match (home, away …).")
@click.option("--person", required=True, help="Who gets it (shown in lists and the log).")
@click.option(
    "--base-url",
    default=BASE_URL,
    show_default=True,
    help="Where the web app is reached from the phones.",
)
@pass_context
@handle_errors
def issue(
    context: Context,
    role: str,
    league: str | None,
    match_ref: str | None,
    side: str | None,
    person: str,
    base_url: str,
) -> None:
    """Issue a link and print it (and its id): it is shown this once."""
    if (league is None) == (match_ref is None):
        raise BadInput(_("give --league NAME or --match MATCH (one of them)"))
    issued = issue_link(context, Role(role), person, league, match_ref, side)
    click.echo(f"{base_url.rstrip('/')}/in/{issued.token}")
    made = issued.link
    click.echo(
        _(
            "link %(id)s · %(value)s · %(scope)s · for %(person)s",
            id=made.id,
            value=made.role.value,
            scope=made.scope,
            person=made.person,
        )
    )


def issue_link(
    context: Context,
    role: Role,
    person: str,
    league: str | None,
    match_ref: str | None,
    side: str | None = None,
) -> IssuedLink:
    app = context.app
    sides: tuple[str, ...] = ()
    if match_ref is not None:
        view = app.get_match(match_ref)
        match_id, league, sides = view.id, view.league, tuple(view.labels)
    else:
        match_id = None
        try:
            league = app.find_league(league or "").name
        except LeagueNotFound:
            if role is not Role.ORGANIZER:
                raise
    request = LinkRequest(role, person, league, match_id, side)
    return app.issue_link(request, context.author(), sides)


@link.command("list")
@click.option(
    "--league", metavar="NAME", help="Only the league's links (its own and its matches')."
)
@click.option("--match", "match_ref", metavar="MATCH", help="Only the match's links.")
@click.option("--all", "everything", is_flag=True, help="Revoked links too.")
@pass_context
@handle_errors
def list_(context: Context, league: str | None, match_ref: str | None, everything: bool) -> None:
    """Links in force, oldest first. Never their secrets, which are not kept."""
    app = context.app
    match_id = app.get_match(match_ref).id if match_ref is not None else None
    found = app.links(league=league, match=match_id, include_revoked=everything)
    if not found:
        click.echo(_("no links"))
    for view in found:
        click.echo(_line(view))


@link.command("revoke")
@click.argument("link_ref", metavar="ID")
@click.option("--reason", required=True, help="Why: kept with the revocation.")
@pass_context
@handle_errors
def revoke(context: Context, link_ref: str, reason: str) -> None:
    """Revoke a link by its id (or 4+ characters of it). It is refused at once everywhere."""
    view = context.app.revoke_link(link_ref, reason, context.author())
    click.echo(_("revoked %(view)s", view=_line(view)))


def _line(view: LinkView) -> str:
    state = (
        f" · revoked {view.revoked_at} by {view.revoked_by}: {view.reason}" if view.revoked else ""
    )
    return (
        f"{view.id[:8]}  {view.role.value:<9}  {view.person}  {view.scope} · issued "
        f"{view.issued_at} by {view.issued_by}{state}"
    )
