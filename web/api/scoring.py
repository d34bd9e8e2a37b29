"""Writing to a match: entries, undo, annotations, abandonment. Each needs the scorer token.

Each answers 201 with the log line written and the match's new version. A retry carrying an
idempotency key already used answers 200 with the line written the first time, and writes
nothing.
"""

from __future__ import annotations

from typing import Any

from schemas.api_matches import (
    AbandonSchema,
    AnnotationSchema,
    NewEntrySchema,
    UndoSchema,
    WrittenSchema,
)
from service.entry_text import action_from_text
from web.api.base import MATCH_ID, ApiBlueprint
from web.context import author, touchline

bp = ApiBlueprint(
    "api-scoring",
    __name__,
    url_prefix="/api/matches",
    description="Write to a match (scorers only: Authorization: Bearer <scorer token>).",
)


@bp.route("/<match_id>/entries", methods=["POST"], parameters=[MATCH_ID])
@bp.scorer_only
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
    earlier = _written_before(match_id, body["key"])
    if earlier is not None:
        # A repeat answers 200 with the first entry (the service would return it too).
        return _written(match_id, earlier, repeat=True)
    action, roll = body["action"], body["roll"]
    if action is None:
        action, drawn = action_from_text(app.get_match(match_id).ruleset, body["text"])
        roll = roll or drawn
    entry = app.record(
        match_id,
        action,
        author(body["by"], "api"),
        override=body["override"],
        key=body["key"],
        expected_version=body["expected_version"],
        roll=roll,
    )
    return _written(match_id, entry, repeat=False)


@bp.route("/<match_id>/undo", methods=["POST"], parameters=[MATCH_ID])
@bp.scorer_only
@bp.arguments(UndoSchema)
@bp.response(201, WrittenSchema)
@bp.alt_response(200, schema=WrittenSchema, description="A repeat of an idempotency key")
@bp.refusals(400, 404, 409, 422)
def undo(body: dict[str, Any], match_id: str) -> Any:
    """Retract the latest entry still in force; the retraction is the line written."""
    repeat = _written_before(match_id, body["key"]) is not None
    line = touchline().undo(
        match_id,
        author(body["by"], "api"),
        key=body["key"],
        expected_version=body["expected_version"],
    )
    return _written(match_id, line, repeat)


@bp.route("/<match_id>/annotations", methods=["POST"], parameters=[MATCH_ID])
@bp.scorer_only
@bp.arguments(AnnotationSchema)
@bp.response(201, WrittenSchema)
@bp.alt_response(200, schema=WrittenSchema, description="A repeat of an idempotency key")
@bp.refusals(400, 404)
def annotate(body: dict[str, Any], match_id: str) -> Any:
    """Attach a remark to an entry in force (`on`), or to the kick-off (`on` = 0)."""
    repeat = _written_before(match_id, body["key"]) is not None
    line = touchline().annotate(
        match_id, body["on"], body["text"], author(body["by"], "api"), key=body["key"]
    )
    return _written(match_id, line, repeat)


@bp.route("/<match_id>/abandon", methods=["POST"], parameters=[MATCH_ID])
@bp.scorer_only
@bp.arguments(AbandonSchema)
@bp.response(201, WrittenSchema)
@bp.refusals(400, 404)
def abandon(body: dict[str, Any], match_id: str) -> Any:
    """Stop the match for good: it takes no more entries and counts in no standings."""
    line = touchline().abandon(match_id, author(body["by"], "api"), body["reason"])
    return _written(match_id, line, repeat=False)


def _written_before(match_id: str, key: str | None) -> dict[str, Any] | None:
    """The line an earlier request with this idempotency key wrote, if there was one."""
    return None if key is None else touchline().load_record(match_id).entry_for_key(key)


def _written(match_id: str, line: dict[str, Any], repeat: bool) -> tuple[dict[str, Any], int]:
    return {"entry": line, "version": touchline().version_of(match_id)}, 200 if repeat else 201
