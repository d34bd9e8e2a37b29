"""Leagues and their standings, as JSON or CSV (the same files `league standings` writes)."""

from __future__ import annotations

from typing import Any

from flask import Response

from domain.access import Operation, Target
from schemas.api import LeagueSchema, StandingsQuerySchema
from schemas.api_access import LeagueSettingsSchema, LeagueSettingsViewSchema, NewLeagueSchema
from schemas.standings import LeagueTableSchema, table_data, to_csv
from web.api.base import ApiBlueprint
from web.context import author, touchline
from web.powers import require

bp = ApiBlueprint(
    "api-leagues", __name__, url_prefix="/api/leagues", description="Leagues and standings."
)

NAME = {"in": "path", "name": "name", "description": "The league's name, in any case"}


@bp.route("", methods=["GET"])
@bp.response(200, LeagueSchema(many=True))
def list_leagues() -> Any:
    """Every league, oldest first, with how many of its matches are finished."""
    return touchline().leagues()


@bp.route("", methods=["POST"])
@bp.allows(Operation.CREATE_LEAGUE)
@bp.arguments(NewLeagueSchema)
@bp.response(201, LeagueSettingsViewSchema)
@bp.refusals(400, 409)
def create_league(body: dict[str, Any]) -> Any:
    """Create a league: its organizer (a link for a league of that name) or the owner."""
    require(Operation.CREATE_LEAGUE, Target(league=body["name"]))
    return touchline().create_league(
        body["name"],
        body["ruleset"],
        author(body["by"] or "", "api"),
        body["points"],
        body["tiebreak"],
    )


@bp.route("/<name>", methods=["PATCH"], parameters=[NAME])
@bp.allows(Operation.LEAGUE_SETTINGS)
@bp.arguments(LeagueSettingsSchema)
@bp.response(200, LeagueSettingsViewSchema)
@bp.refusals(400, 404)
def change_settings(body: dict[str, Any], name: str) -> Any:
    """Change the league's points, tie-breakers or whether unconfirmed results count; what
    the body leaves out stays as it is. The table follows at once."""
    league = touchline().find_league(name)
    require(Operation.LEAGUE_SETTINGS, Target(league=league.name))
    return touchline().change_league_settings(
        league.name,
        author(body["by"] or "", "api"),
        body["points"],
        body["tiebreak"],
        body["count_unconfirmed"],
    )


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
