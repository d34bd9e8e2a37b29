"""What-if branches of a match (docs/branches.md), and a match's annotations by glyph."""

from __future__ import annotations

from typing import Any

from domain.access import Operation, Target
from domain.log import Annotation
from schemas.api_branches import (
    AnnotationQuerySchema,
    AnnotationsSchema,
    BranchBodySchema,
    BranchQuerySchema,
    BranchSummarySchema,
    ComparisonSchema,
)
from schemas.api_matches import CreatedMatchSchema
from web.api.base import MATCH_ID, ApiBlueprint
from web.api.matches import created
from web.context import author, touchline
from web.powers import require

bp = ApiBlueprint(
    "api-branches",
    __name__,
    url_prefix="/api/matches",
    description="What-if branches of a match, and its annotations by glyph.",
)


@bp.route("/<match_id>/branches", methods=["POST"], parameters=[MATCH_ID])
@bp.allows(Operation.CREATE_MATCH, anyone=True)
@bp.arguments(BranchBodySchema)
@bp.response(201, CreatedMatchSchema)
@bp.refusals(400, 404)
def branch(body: dict[str, Any], match_id: str) -> Any:
    """Start a what-if branch of the match from `step`: a new match outside any league whose
    history is the match's up to that step, scored on from there under the rules and counted
    in no statistics or standings. Whoever may see the match may branch it; the answer
    carries a new scorer link of the branch for them."""
    require(Operation.CREATE_MATCH, Target())
    view = touchline().branch_match(match_id, body["step"], author(body["by"], "api"))
    return created(view, body["by"])


@bp.route("/<match_id>/branches", methods=["GET"], parameters=[MATCH_ID])
@bp.arguments(BranchQuerySchema, location="query")
@bp.response(200, BranchSummarySchema(many=True))
@bp.refusals(400, 404)
def branches(query: dict[str, Any], match_id: str) -> Any:
    """The match's what-if branches (those from `step`, when given), by step, oldest first."""
    return [b.to_dict() for b in touchline().branches_of(match_id, query["step"])]


@bp.route("/<match_id>/comparison", methods=["GET"], parameters=[MATCH_ID])
@bp.response(200, ComparisonSchema)
@bp.refusals(400, 404)
def comparison(match_id: str) -> Any:
    """A branch beside its origin: each one's score and status now, its log's lines from
    the branching step on, each side's luck over the match (as the replay's luck chart counts
    it) and, when the first entry after the shared ones is a roll, its exact odds and the luck
    it brought. A match that is no branch is 400."""
    return touchline().compare_branch(match_id).to_dict()


@bp.route("/<match_id>/annotations", methods=["GET"], parameters=[MATCH_ID])
@bp.arguments(AnnotationQuerySchema, location="query")
@bp.response(200, AnnotationsSchema)
@bp.refusals(400, 404)
def list_annotations(query: dict[str, Any], match_id: str) -> Any:
    """The match's annotations in the order they were made; with `glyph`, only those that
    carry it."""
    view = touchline().get_match(match_id)
    placed = view.report().placed()
    wanted = query["glyph"]
    return {
        "annotations": [
            view.line_data(line, placed.get(line.number))
            for line in view.log
            if isinstance(line, Annotation) and (wanted is None or line.glyph == wanted)
        ]
    }
