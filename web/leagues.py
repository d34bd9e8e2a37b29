"""League pages: every league, one league's standings and matches, and the downloads.

The standings are the same rows and the same CSV and JSON as `touchline league standings`.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import Blueprint, Response, render_template
from flask_babel import gettext, ngettext

from domain.registry import find_ruleset
from schemas import result_status
from schemas.standings import confirmed_of, counting, to_csv, to_json
from service.leagues import LeagueView
from web.context import touchline

bp = Blueprint("leagues", __name__)


@bp.app_template_global()
def result_label(status: str, awaiting: Sequence[str], open_disputes: int) -> str:
    """Where a match's result stands with the coaches, in the same words as the command line,
    in the page's language."""
    return result_status.result_label(status, awaiting, open_disputes, gettext, ngettext)


bp.add_app_template_global(confirmed_of)
bp.add_app_template_global(counting)


@bp.get("/leagues")
def index() -> str:
    return render_template("leagues.html", leagues=touchline().leagues())


@bp.get("/leagues/<path:name>/standings.csv")
def standings_csv(name: str) -> Response:
    league = touchline().find_league(name)
    rows = touchline().standings(league.name)
    return _download(to_csv(rows), "text/csv", league, "csv")


@bp.get("/leagues/<path:name>/standings.json")
def standings_json(name: str) -> Response:
    service = touchline()
    league = service.find_league(name)
    rows = service.standings(league.name)
    body = to_json(league, rows, service.league_disputes(league.name))
    return _download(body, "application/json", league, "json")


@bp.get("/leagues/<path:name>")
def show(name: str) -> str:
    service = touchline()
    league = service.find_league(name)
    ranking = find_ruleset(league.ruleset).league_ranking
    return render_template(
        "league.html",
        league=league,
        standings=service.standings(league.name),
        matches=service.league_matches(league.name),
        disputes=service.league_disputes(league.name),
        goals_label=ranking.scored,
        placing=ranking.by_placing,
    )


def _download(body: str, mimetype: str, league: LeagueView, extension: str) -> Response:
    filename = f"{file_stem(league.name)}-standings.{extension}"
    response = Response(body, mimetype=mimetype)
    response.headers.set("Content-Disposition", "attachment", filename=filename)
    return response


def file_stem(name: str) -> str:
    """A league name as a file name: letters, digits and dashes only."""
    stem = "".join(c if c.isalnum() else "-" for c in name.casefold())
    return "-".join(part for part in stem.split("-") if part) or "league"
