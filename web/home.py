"""The home page, the new-match form, and the page that hands the creator the scorer link."""

from __future__ import annotations

from typing import Any

import segno
from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from domain.access import CREATOR, Operation, Role, Target
from domain.log import Author
from domain.registry import ruleset_names
from service.access import IssuedLink, LinkRequest
from service.errors import TouchlineError
from service.leagues import LeagueSummary
from service.views import MatchSummary
from web.context import author, remember_scorer_name, remember_token, session_tokens
from web.context import touchline as service
from web.errors import said, status_of
from web.match_forms import NewMatch, read_new_match, ruleset_titles, setup_forms
from web.powers import may, require, require_on_match

bp = Blueprint("home", __name__)


class NotPermitted(Exception):
    """The form asks for something this browser's links do not allow."""


# How many finished matches the home page lists.
RECENT_FINISHED = 20


@bp.get("/")
def index() -> str:
    summaries = service().list_matches()
    newest_first = sorted(summaries, key=_last_activity, reverse=True)
    live = [s for s in newest_first if s.status == "in progress"]
    finished = [s for s in newest_first if s.status != "in progress"][:RECENT_FINISHED]
    return render_template(
        "home.html", live=live, finished=finished, leagues=_leagues(), titles=ruleset_titles()
    )


@bp.get("/matches/new")
def new_match() -> str:
    return _form(NewMatch(request.args.get("ruleset", ruleset_names()[0])), {})


@bp.post("/matches/new")
def create_match() -> Any:
    found = read_new_match(request.form, request.files)
    status = 400
    if not found.problems:
        by = request.form.get("scorer", "")
        target = Target(league=found.league)
        try:
            # A match in a league is its organizer's to create; a friendly anyone's.
            if not may(Operation.CREATE_MATCH, target):
                raise NotPermitted(
                    _(
                        "only the organizer of league %(league)s may create a match in it: "
                        "open the link you were given for it, or leave the league out",
                        league=repr(found.league),
                    )
                )
            require(Operation.CREATE_MATCH, target)
            view = service().create_match(found.ruleset, found.setup, author(by), found.league)
        except NotPermitted as error:
            found.problems.append(said(error))
            status = 403
        except TouchlineError as error:
            found.problems.append(said(error))
            status = status_of(error)
        else:
            remember_token(creators_link(view.id, view.league, author(by)).token)
            remember_scorer_name(by)
            return redirect(url_for("home.created", match_id=view.id), 303)
    values = {**request.form.to_dict(), **found.kept}
    return _form(found, values, request.form.to_dict(flat=False)), status


@bp.get("/matches/<match_id>/created")
def created(match_id: str) -> str:
    view = service().get_match(match_id)
    require_on_match(Operation.RECORD, view.id, view.league)
    link = scorer_link(view.id)
    return render_template(
        "created.html",
        match=view,
        link=link,
        qr=Markup(_qr(link).svg_inline(scale=5, dark="#111", light="#fff", title="Scorer link")),
    )


@bp.get("/matches/<match_id>/qr.svg")
def qr_code(match_id: str) -> Response:
    view = service().get_match(match_id)
    require_on_match(Operation.RECORD, view.id, view.league)
    svg = _qr(scorer_link(view.id)).svg_inline(scale=5)
    return Response(svg, mimetype="image/svg+xml", headers={"Cache-Control": "private, no-store"})


def creators_link(match_id: str, league: str | None, by: Author) -> IssuedLink:
    """The scorer link handed to whoever created or imported a match, issued by the link
    they did it through (an organizer's), or as the match's creator."""
    issuer = Author(by.by, by.at, by.device, by.link or CREATOR)
    request_ = LinkRequest(Role.SCORER, by.by, league=league, match=match_id)
    return service().issue_link(request_, issuer)


def scorer_link(match_id: str) -> str:
    """This browser's scorer link for the match: the one it was handed on creating it (a
    scorer holding several keeps the newest)."""
    for token in reversed(session_tokens()):
        grant = service().grant_of(token)
        if grant is not None and grant.role is Role.SCORER and grant.match == match_id:
            return link_url(token)
    abort(404, description=_("This browser holds no scorer link of this match to show."))


def link_url(token: str) -> str:
    return url_for("scoring.open_link", token=token, _external=True)


def _qr(link: str) -> segno.QRCode:
    return segno.make(link, error="m")


def _form(
    found: NewMatch, values: dict[str, str], lists: dict[str, list[str]] | None = None
) -> str:
    """The form, with what was posted put back: `values` by name, `lists` for the fields a
    person may tick several times."""
    return render_template(
        "new_match.html",
        found=found,
        values=values,
        lists=lists or {},
        leagues=_leagues(),
        titles=ruleset_titles(),
        forms=setup_forms(),
    )


def _leagues() -> list[LeagueSummary]:
    return service().leagues()


def _last_activity(summary: MatchSummary) -> str:
    return summary.last_entry_at or summary.created_at
