"""Writing to a match: entries, undo, annotations, abandonment. Each needs the scorer token.

Each answers 201 with the log line written and the match's version that write produced. A
retry carrying an idempotency key already used answers 200 with the line written the first time
(and the version it produced then), and writes nothing; the same key with a different request
is refused with 422.
"""

from __future__ import annotations

from typing import Any

from domain.access import Operation
from schemas.api_matches import (
    AbandonSchema,
    AnnotationSchema,
    NewEntrySchema,
    UndoSchema,
    WrittenSchema,
)
from service.entry_text import action_from_text
from service.views import Written
from web.api.base import MATCH_ID, ApiBlueprint
from web.context import author, touchline

bp = ApiBlueprint(
    "api-scoring",
    __name__,
    url_prefix="/api/matches",
    description="Write to a match (scorers only: Authorization: Bearer <scorer token>).",
)


@bp.route("/<match_id>/entries", methods=["POST"], parameters=[MATCH_ID])
@bp.on_match(Operation.RECORD)
@bp.arguments(NewEntrySchema)
@bp.response(201, WrittenSchema)
@bp.alt_response(200, schema=WrittenSchema, description="A repeat of an idempotency key")
@bp.refusals(400, 404, 409, 422)
def record_entry(body: dict[str, Any], match_id: str) -> Any:
    """Record one entry, as a JSON action or in the one-line notation.

    422 lists the rules it breaks (give `override` to play on through them); 409 means the
    match is no longer at `expected_version`.
    """
    app = touchline()
    action, roll = body["action"], body["roll"]
    if action is None:
        action, drawn = action_from_text(app.get_match(match_id).ruleset, body["text"])
        roll = roll or drawn
    written = app.record(
        match_id,
        action,
        author(body["by"], "api"),
        override=body["override"],
        key=body["key"],
        expected_version=body["expected_version"],
        roll=roll,
        die_label=body["die_label"],
    )
    return _answer(written)


@bp.route("/<match_id>/undo", methods=["POST"], parameters=[MATCH_ID])
@bp.on_match(Operation.RECORD)
@bp.arguments(UndoSchema)
@bp.response(201, WrittenSchema)
@bp.alt_response(200, schema=WrittenSchema, description="A repeat of an idempotency key")
@bp.refusals(400, 404, 409, 422)
def undo(body: dict[str, Any], match_id: str) -> Any:
    """Retract the latest entry still in force; the retraction is the line written."""
    written = touchline().undo(
        match_id,
        author(body["by"], "api"),
        key=body["key"],
        expected_version=body["expected_version"],
    )
    return _answer(written)


@bp.route("/<match_id>/annotations", methods=["POST"], parameters=[MATCH_ID])
@bp.on_match(Operation.RECORD)
@bp.arguments(AnnotationSchema)
@bp.response(201, WrittenSchema)
@bp.alt_response(200, schema=WrittenSchema, description="A repeat of an idempotency key")
@bp.refusals(400, 404, 422)
def annotate(body: dict[str, Any], match_id: str) -> Any:
    """Attach a remark to an entry in force (`on`), or to the kick-off (`on` = 0)."""
    written = touchline().annotate(
        match_id,
        body["on"],
        body["text"],
        author(body["by"], "api"),
        key=body["key"],
        glyph=body["glyph"],
    )
    return _answer(written)


@bp.route("/<match_id>/abandon", methods=["POST"], parameters=[MATCH_ID])
@bp.on_match(Operation.RECORD)
@bp.arguments(AbandonSchema)
@bp.response(201, WrittenSchema)
@bp.refusals(400, 404)
def abandon(body: dict[str, Any], match_id: str) -> Any:
    """Stop the match for good: it takes no more entries and counts in no standings."""
    return _answer(touchline().abandon(match_id, author(body["by"], "api"), body["reason"]))


def _answer(written: Written[Any]) -> tuple[dict[str, Any], int]:
    # The version is the one this write produced: a client sending it back as its
    # expected_version must still be told of any entry another scorer made since.
    return written.to_dict(), 200 if written.repeat else 201
