"""Audit pages: a match's or a league's overrides, disputes, rulings, corrections,
retractions, confirmations and abandonments, filtered by GET parameters, with CSV and JSON
downloads (the same text `touchline audit --format csv|json` writes).

Reading an audit is public, like the match and league pages it comes from.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, render_template, request, url_for

from domain.audit import KINDS
from schemas.audit import describe_filter, to_csv, to_json
from service.audit import AuditTrail
from service.errors import BadInput
from web.context import touchline
from web.errors import said, status_of
from web.leagues import file_stem

bp = Blueprint("audit", __name__)


def _filters() -> dict[str, Any]:
    """The filter as the query string gives it: `kind` repeated, `by`, `since`, `until`."""
    return {
        "kinds": [kind for kind in request.args.getlist("kind") if kind.strip()],
        "by": request.args.get("by") or None,
        "since": request.args.get("since") or None,
        "until": request.args.get("until") or None,
    }


@bp.get("/matches/<match_id>/audit")
def match_page(match_id: str) -> Any:
    view = touchline().get_match(match_id)
    scope = {
        "match": view,
        "heading": view.title,
        "back": url_for("scoring.match_page", match_id=view.id),
        "csv_url": url_for("audit.match_csv", match_id=view.id, **_query()),
        "json_url": url_for("audit.match_json", match_id=view.id, **_query()),
    }
    try:
        trail = touchline().match_audit(view.id, **_filters())
    except BadInput as error:
        return _page(None, scope, problem=said(error)), status_of(error)
    return _page(trail, scope)


@bp.get("/matches/<match_id>/audit.csv")
def match_csv(match_id: str) -> Response:
    trail = touchline().match_audit(match_id, **_filters())
    return _download(to_csv(trail), "text/csv", f"{trail.name[:8]}-audit.csv")


@bp.get("/matches/<match_id>/audit.json")
def match_json(match_id: str) -> Response:
    trail = touchline().match_audit(match_id, **_filters())
    return _download(to_json(trail), "application/json", f"{trail.name[:8]}-audit.json")


@bp.get("/leagues/<path:name>/audit")
def league_page(name: str) -> Any:
    league = touchline().find_league(name)
    scope = {
        "league": league,
        "heading": league.name,
        "back": url_for("leagues.show", name=league.name),
        "csv_url": url_for("audit.league_csv", name=league.name, **_query()),
        "json_url": url_for("audit.league_json", name=league.name, **_query()),
    }
    try:
        trail = touchline().league_audit(league.name, **_filters())
    except BadInput as error:
        return _page(None, scope, problem=said(error)), status_of(error)
    return _page(trail, scope)


@bp.get("/leagues/<path:name>/audit.csv")
def league_csv(name: str) -> Response:
    trail = touchline().league_audit(name, **_filters())
    return _download(to_csv(trail), "text/csv", f"{file_stem(trail.name)}-audit.csv")


@bp.get("/leagues/<path:name>/audit.json")
def league_json(name: str) -> Response:
    trail = touchline().league_audit(name, **_filters())
    return _download(to_json(trail), "application/json", f"{file_stem(trail.name)}-audit.json")


def _query() -> dict[str, Any]:
    """The filter's GET parameters again, for the downloads of what the page shows."""
    asked = _filters()
    query: dict[str, Any] = {"kind": asked["kinds"]}
    query.update({name: asked[name] for name in ("by", "since", "until") if asked[name]})
    return query


def _page(trail: AuditTrail | None, scope: dict[str, Any], problem: str | None = None) -> str:
    described = describe_filter(trail.filter) if trail is not None else ""
    context = {"match": None, "league": None, **scope}
    return render_template(
        "audit.html",
        trail=trail,
        problem=problem,
        kinds=KINDS,
        asked=_filters(),
        described=described,
        **context,
    )


def _download(body: str, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers.set("Content-Disposition", "attachment", filename=filename)
    return response
