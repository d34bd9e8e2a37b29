"""Leagues and their standings, as JSON or CSV (the same files `league standings` writes)."""

from __future__ import annotations

from typing import Any

from flask import Response

from schemas.api import LeagueSchema, StandingsQuerySchema
from schemas.standings import LeagueTableSchema, table_data, to_csv
from web.api.base import ApiBlueprint
from web.context import touchline

bp = ApiBlueprint(
    "api-leagues", __name__, url_prefix="/api/leagues", description="Leagues and standings."
)

NAME = {"in": "path", "name": "name", "description": "The league's name, in any case"}


@bp.route("", methods=["GET"])
@bp.response(200, LeagueSchema(many=True))
def list_leagues() -> Any:
    """Every league, oldest first, with how many of its matches are finished."""
    return touchline().leagues()


@bp.route("/<name>/standings", methods=["GET"], parameters=[NAME])
@bp.arguments(StandingsQuerySchema, location="query")
@bp.response(200, LeagueTableSchema)
@bp.alt_response(200, schema={"type": "string"}, content_type="text/csv", success=True)
@bp.refusals(400, 404)
def standings(query: dict[str, Any], name: str) -> Any:
    """The table, best first, with the tie-breaker that decided each place, how many of each
    competitor's results are confirmed, unconfirmed or disputed, and the disputes still open."""
    app = touchline()
    league = app.find_league(name)
    rows = app.standings(league.name)
    if query["format"] == "csv":
        return Response(to_csv(rows), mimetype="text/csv")
    return table_data(league, rows, app.league_disputes(league.name))
