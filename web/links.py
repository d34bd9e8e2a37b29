"""Access links on the web: issue one (shown once, as text and QR code), list and revoke
them, for whoever the policy lets (a league's organizer, a friendly's scorer for its coaches).

The pages' "Links" panel and the API (web/api/links.py) both go through these functions, so
both ask the same question before anything is stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import segno
from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from domain.access import Operation, Role, Target
from service.access import IssuedLink, LinkRequest, LinkView
from service.errors import BadInput, LeagueNotFound
from web.context import author
from web.context import touchline as service
from web.powers import issuable, may, require

bp = Blueprint("links", __name__)


@dataclass(frozen=True)
class Scope:
    """Where a link would work, resolved: the match's full id and league, or a league."""

    league: str | None
    match: str | None
    sides: tuple[str, ...] = ()


def scope_of(league: str | None, match: str | None) -> Scope:
    if match is not None:
        view = service().get_match(match)
        return Scope(view.league, view.id, tuple(view.labels))
    if league is None:
        raise BadInput(_("give the league or the match the link is for"))
    try:
        return Scope(service().find_league(league).name, None)
    except LeagueNotFound:
        # An organizer may be appointed before the league exists: they create it.
        return Scope(" ".join(league.split()), None)


def issue(
    role: str, person: str, league: str | None, match: str | None, side: str | None, device: str
) -> IssuedLink:
    try:
        wanted = Role(role)
    except ValueError:
        raise BadInput(
            _("no role %(role)r (roles: organizer, referee, scorer, coach)", role=role)
        ) from None
    scope = scope_of(league, match)
    require(Operation.ISSUE_LINK, Target(scope.league, scope.match, side, wanted))
    if wanted is not Role.ORGANIZER and scope.match is None:
        # Only an existing league has referees.
        service().find_league(scope.league or "")
    request_ = LinkRequest(wanted, person, scope.league, scope.match, side)
    return service().issue_link(request_, author("", device), scope.sides)


def revoke(ref: str, reason: str, device: str) -> LinkView:
    found = service().find_link(ref)
    require(Operation.REVOKE_LINK, Target(found.league, found.match, found.side, found.role))
    return service().revoke_link(found.id, reason, author("", device))


def listing(league: str | None, match: str | None, everything: bool = False) -> list[LinkView]:
    scope = scope_of(league, match)
    require(Operation.LIST_LINKS, Target(scope.league, scope.match))
    if scope.match is not None:
        return service().links(match=scope.match, include_revoked=everything)
    return service().links(league=scope.league, include_revoked=everything)


def link_url(token: str) -> str:
    return url_for("scoring.open_link", token=token, _external=True)


def qr_svg(link: str, title: str) -> Markup:
    code = segno.make(link, error="m")
    return Markup(code.svg_inline(scale=5, dark="#111", light="#fff", title=title))


@bp.post("/links")
def issue_page() -> Any:
    form = request.form
    issued = issue(
        form.get("role", ""),
        form.get("person", ""),
        form.get("league") or None,
        form.get("match") or None,
        form.get("side") or None,
        "web",
    )
    url = link_url(issued.token)
    return render_template(
        "link_issued.html",
        issued=issued.link,
        url=url,
        qr=qr_svg(url, f"{issued.link.role.value} link for {issued.link.person}"),
        back=_back(issued.link.league, issued.link.match),
    )


@bp.post("/links/<link_ref>/revoke")
def revoke_page(link_ref: str) -> Any:
    revoked = revoke(link_ref, request.form.get("reason", ""), "web")
    return redirect(_back(revoked.league, revoked.match), 303)


def _back(league: str | None, match: str | None) -> str:
    if match is not None:
        return url_for("scoring.match_page", match_id=match) + "#links"
    return url_for("leagues.show", name=league) + "#links"


@bp.app_template_global()
def links_panel(league: str | None, match: str | None) -> dict[str, Any] | None:
    """What the "Links" panel shows, or None when this browser may not issue links here."""

    target = Target(league, match)
    roles = issuable(target)
    if not roles or not may(Operation.LIST_LINKS, target):
        return None
    found = service().links(match=match) if match else service().links(league=league)
    revocable = [
        link
        for link in found
        if may(Operation.REVOKE_LINK, Target(link.league, link.match, link.side, link.role))
    ]
    return {"roles": [role.value for role in roles], "links": revocable}
