"""Settling what happened at the table: disputes, a referee's rulings, corrections deep in the
past and the coaches' confirmations of the result (docs/api.md).

Each answers 201 with the log line written and the match's version that write produced; a
retry carrying an idempotency key already used answers 200 with the line written the first
time and writes nothing. A correction that makes later entries illegal answers 422 listing
them (`illegal`, each with the rules it now breaks) and stores nothing: send a decision for
each. Each needs an access link whose role may do it (docs/access.md).
"""

from __future__ import annotations

from typing import Any

from domain.access import Operation
from domain.match import CorrectionRequest
from domain.ruleset import JSON
from schemas.api_matches import (
    NewConfirmationSchema,
    NewCorrectionSchema,
    NewDisputeSchema,
    NewRulingSchema,
    WrittenSchema,
)
from service.entries import parse_entry
from service.views import Written
from web.api.base import MATCH_ID, ApiBlueprint
from web.context import author, touchline
from web.powers import require_on_match

bp = ApiBlueprint(
    "api-settling",
    __name__,
    url_prefix="/api/matches",
    description="Disputes, rulings, corrections and confirmations of a match's result.",
)

REPEAT = "A repeat of an idempotency key"


@bp.route("/<match_id>/disputes", methods=["POST"], parameters=[MATCH_ID])
@bp.on_match(Operation.DISPUTE)
@bp.arguments(NewDisputeSchema)
@bp.response(201, WrittenSchema)
@bp.alt_response(200, schema=WrittenSchema, description=REPEAT)
@bp.refusals(400, 404, 422)
def dispute(body: dict[str, Any], match_id: str) -> Any:
    """Dispute entry `on` (an entry in force), or the result (`on` null, once the match has
    one). The match goes on; the dispute stays open until a referee rules on it."""
    written = touchline().dispute(
        match_id, body["on"], body["reason"], author(body["by"], "api"), key=body["key"]
    )
    return _answer(written)


@bp.route("/<match_id>/rulings", methods=["POST"], parameters=[MATCH_ID])
@bp.on_match(Operation.RULE)
@bp.arguments(NewRulingSchema)
@bp.response(201, WrittenSchema)
@bp.alt_response(200, schema=WrittenSchema, description=REPEAT)
@bp.refusals(400, 404, 422)
def rule(body: dict[str, Any], match_id: str) -> Any:
    """Rule on an open dispute, citing rule IDs of the game's digest (an unknown one is 400):
    the entry `stands`, is `corrected` (`correction` says what it becomes; the ruling's text is
    the correction's reason), or play is replayed from an entry (`replay`, `replay_from`)."""
    app = touchline()
    correction = body["correction"]
    request = None if correction is None else _correction(match_id, correction)
    written = app.rule(
        match_id,
        body["dispute"],
        body["decision"],
        body["rules"],
        body["text"],
        author(body["by"], "api"),
        correction=request,
        replay_from=body["replay_from"],
        key=body["key"],
    )
    return _answer(written)


@bp.route("/<match_id>/corrections", methods=["POST"], parameters=[MATCH_ID])
@bp.on_match(Operation.CORRECT)
@bp.arguments(NewCorrectionSchema)
@bp.response(201, WrittenSchema)
@bp.alt_response(200, schema=WrittenSchema, description=REPEAT)
@bp.refusals(400, 404, 409, 422)
def correct(body: dict[str, Any], match_id: str) -> Any:
    """The scorers' own correction of entry `replaces`, with a reason: every later entry is
    judged again. 422 lists the entries it makes illegal (`illegal`) until `decisions` says
    keep or withdraw for each; 409 once every coach confirmed the result (then only a
    referee's ruling corrects it), or when the match is no longer at `expected_version`."""
    request = _correction(match_id, body)
    written = touchline().correct(
        match_id,
        request.replaces,
        request.action,
        body["reason"],
        author(body["by"], "api"),
        override=request.override,
        decisions=request.decisions,
        key=body["key"],
        expected_version=body["expected_version"],
        die_label=request.die_label,
    )
    return _answer(written)


@bp.route("/<match_id>/confirmations", methods=["POST"], parameters=[MATCH_ID])
@bp.on_match(Operation.CONFIRM)
@bp.arguments(NewConfirmationSchema)
@bp.response(201, WrittenSchema)
@bp.alt_response(
    200, schema=WrittenSchema, description="The side had confirmed this result already"
)
@bp.refusals(400, 404, 422)
def confirm(body: dict[str, Any], match_id: str) -> Any:
    """Confirm the result for `side`; 422 before the match has a result. A coach's link
    confirms its own side only."""
    require_on_match(
        Operation.CONFIRM, match_id, touchline().match_scope(match_id).league, body["side"]
    )
    written = touchline().confirm(
        match_id, body["side"], author(body["by"], "api"), key=body["key"]
    )
    return _answer(written)


def _correction(match_id: str, body: dict[str, Any]) -> CorrectionRequest:
    """The corrected entry as the body gives it: a JSON action, or the one-line notation read
    as an entry is."""
    action: dict[str, JSON] = body["action"]
    if action is None:
        action = parse_entry(touchline().get_match(match_id).ruleset, body["text"])
    return CorrectionRequest(
        body["replaces"],
        action,
        body["override"],
        dict(body["decisions"]),
        die_label=body["die_label"],
    )


def _answer(written: Written[Any]) -> tuple[dict[str, Any], int]:
    return written.to_dict(), 200 if written.repeat else 201
