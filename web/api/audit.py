"""The audit of a match or of a league, as JSON or CSV (the same text `touchline audit
--format json|csv` writes). Reading it is public, like every read."""

from __future__ import annotations

from typing import Any

from flask import Response

from schemas.api import AuditQuerySchema
from schemas.audit import AuditSchema, audit_data, to_csv
from service.audit import AuditTrail
from web.api.base import MATCH_ID, ApiBlueprint
from web.context import touchline

bp = ApiBlueprint(
    "api-audit",
    __name__,
    url_prefix="/api",
    description="The audit: overrides, disputes, rulings, corrections, retractions, "
    "confirmations and abandonments, with who, when, device and link.",
)

NAME = {"in": "path", "name": "name", "description": "The league's name, in any case"}


@bp.route("/matches/<match_id>/audit", methods=["GET"], parameters=[MATCH_ID])
@bp.arguments(AuditQuerySchema, location="query")
@bp.response(200, AuditSchema)
@bp.alt_response(200, schema={"type": "string"}, content_type="text/csv", success=True)
@bp.refusals(400, 404)
def match_audit(query: dict[str, Any], match_id: str) -> Any:
    """The audit of one match, in the order of its log, filtered by kind, person and date."""
    trail = touchline().match_audit(
        match_id, query["kind"], query["by"], query["since"], query["until"]
    )
    return _answer(trail, query["format"])


@bp.route("/leagues/<name>/audit", methods=["GET"], parameters=[NAME])
@bp.arguments(AuditQuerySchema, location="query")
@bp.response(200, AuditSchema)
@bp.alt_response(200, schema={"type": "string"}, content_type="text/csv", success=True)
@bp.refusals(400, 404)
def league_audit(query: dict[str, Any], name: str) -> Any:
    """The audit of every match of a league, in the order its items were made."""
    trail = touchline().league_audit(
        name, query["kind"], query["by"], query["since"], query["until"]
    )
    return _answer(trail, query["format"])


def _answer(trail: AuditTrail, form: str) -> Any:
    if form == "csv":
        return Response(to_csv(trail), mimetype="text/csv")
    return audit_data(trail)
