"""Matches: list, create, read now or at any step, export as a match file and import one."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from flask import Response, request
from flask_babel import gettext as _
from flask_smorest import abort
from marshmallow import ValidationError

from domain.access import Operation, Target
from schemas.api_import import ImportedMatchSchema
from schemas.api_matches import (
    CreatedMatchSchema,
    ImportBodySchema,
    ImportQuerySchema,
    MatchLuckSchema,
    MatchSchema,
    MatchSummarySchema,
    NewMatchSchema,
    StepChangeRunSchema,
    StepRunQuerySchema,
    StepRunSchema,
    StepSchema,
)
from schemas.api_seal import SealSchema, seal_data
from schemas.match_import import import_match_file
from schemas.matchfile import dumps
from schemas.step_answers import as_json, step_change_run_data, step_run_data
from service.errors import BadInput
from service.views import MatchView
from web.api.base import MATCH_ID, ApiBlueprint
from web.api.step_entries import one_step_answer
from web.context import acting, author, touchline
from web.home import creators_link
from web.powers import require

# Who an import is recorded as when the request names nobody.
ANONYMOUS = "anonymous"

bp = ApiBlueprint(
    "api-matches", __name__, url_prefix="/api/matches", description="Create and read matches."
)

STEP = {"in": "path", "name": "step", "description": "0 is the kick-off; the last is the total"}
MATCH_FILE_BODY = {
    "required": True,
    "content": {
        "text/plain": {"schema": {"type": "string"}},
        "application/json": {"schema": ImportBodySchema},
    },
}


@bp.route("", methods=["GET"])
@bp.response(200, MatchSummarySchema(many=True))
def list_matches() -> Any:
    """Every match, oldest first."""
    return touchline().list_matches()


@bp.route("", methods=["POST"])
@bp.allows(Operation.CREATE_MATCH, anyone=True)
@bp.arguments(NewMatchSchema)
@bp.response(201, CreatedMatchSchema)
@bp.refusals(400, 404)
def create_match(body: dict[str, Any]) -> Any:
    """Create a match; the answer carries a new scorer link (its token and URL) for it. A
    match in a league needs its organizer's link; outside a league anyone may create one."""
    require(Operation.CREATE_MATCH, Target(league=body["league"]))
    view = touchline().create_match(
        body["ruleset"], body["setup"], author(body["by"], "api"), league=body["league"]
    )
    return created(view, body["by"])


@bp.route("/<match_id>", methods=["GET"], parameters=[MATCH_ID])
@bp.response(200, MatchSchema)
@bp.refusals(404)
def get_match(match_id: str) -> Any:
    """The match now: its situation, what may come next, its version and its whole log."""
    return touchline().get_match(match_id).to_dict()


@bp.route("/<match_id>/seal", methods=["GET"], parameters=[MATCH_ID])
@bp.response(200, SealSchema)
@bp.refusals(404)
def get_seal(match_id: str) -> Any:
    """The match's sealed record verified from its stored events: intact with its seal, or
    the first event that breaks the chain (a broken record is still a 200 answer)."""
    return seal_data(touchline().verify_match(match_id))


@bp.route("/<match_id>/steps/<int(signed=True):step>", methods=["GET"], parameters=[MATCH_ID, STEP])
@bp.response(200, StepSchema)
@bp.refusals(400, 404)
def get_step(match_id: str, step: int) -> Any:
    """The match after its first `step` entries in force, with every entry up to it
    (`entries`); a step out of range is 400. To walk through a match, ask for runs of steps
    (`GET /api/matches/{id}/steps?from=N`): the `entries` of every step make a walk one step at
    a time cost in proportion to the square of the match's length."""
    replayed = touchline().replayed(match_id)
    return one_step_answer(replayed.view_at(step), replayed.record.version)


@bp.route("/<match_id>/steps", methods=["GET"], parameters=[MATCH_ID])
@bp.arguments(StepRunQuerySchema, location="query")
@bp.response(200, StepRunSchema)
@bp.refusals(400, 404)
def get_steps(query: dict[str, Any], match_id: str) -> Any:
    """A run of consecutive steps, `from` to `to` (both included; at most 200), each with the
    entry that made it and the situation after it: walking a match run by run costs in
    proportion to its length. Without `to` the run holds 200 steps, or up to the last; the
    next run starts at the answer's `to` + 1 while that is at most `total`. A bound out of
    range is 400 naming it. `GET /api/matches/{id}/step-changes` answers the same steps with
    only what changed from one to the next."""
    run = touchline().replay_steps(match_id, query["first"], query["last"])
    return json_answer(step_run_data(run))


@bp.route("/<match_id>/step-changes", methods=["GET"], parameters=[MATCH_ID])
@bp.arguments(StepRunQuerySchema, location="query")
@bp.response(200, StepChangeRunSchema)
@bp.refusals(400, 404)
def get_step_changes(query: dict[str, Any], match_id: str) -> Any:
    """The steps of `GET /api/matches/{id}/steps?from=&to=` (the same bounds and refusals),
    told as changes: the whole situation at `from`, then for each step the JSON Patch
    operations (RFC 6902: add, remove, replace) that turn the situation of the step before
    into its own. A walk through a long match answers a fraction of the bytes, and a walk back
    from the end folds the match no more than a walk forward."""
    run = touchline().replay_step_changes(match_id, query["first"], query["last"])
    return json_answer(step_change_run_data(run))


@bp.route("/<match_id>/luck", methods=["GET"], parameters=[MATCH_ID])
@bp.response(200, MatchLuckSchema)
@bp.refusals(404)
def get_luck(match_id: str) -> Any:
    """Every roll of the match with its exact odds from the situation before it, and the luck
    it brought each side (what the roll gave less what was expected, in the game's `unit`),
    with each side's luck over the match (docs/analysis.md). A game whose rules declare no
    odds answers no rolls."""
    return touchline().match_luck(match_id)


def json_answer(data: dict[str, Any]) -> Response:
    """An answer built as its schema dumps it (schemas/step_answers.py), sent as it is."""
    return Response(as_json(data), mimetype="application/json")


@bp.route("/<match_id>/export", methods=["GET"], parameters=[MATCH_ID])
@bp.response(200, {"type": "string"}, content_type="text/plain")
@bp.refusals(404)
def export_match(match_id: str) -> Any:
    """The match as a match file, to keep or to import elsewhere, with its what-if branches
    as variations after its own lines."""
    record = touchline().load_record(match_id)
    variations = touchline().variations_of(match_id)
    text = dumps(record, datetime.now(UTC).isoformat(timespec="seconds"), variations)
    return Response(
        text,
        mimetype="text/plain",
        headers={"Content-Disposition": f'attachment; filename="{str(record.id)[:8]}.touchline"'},
    )


@bp.route("/import", methods=["POST"])
@bp.allows(Operation.IMPORT, anyone=True)
@bp.arguments(ImportQuerySchema, location="query")
@bp.response(201, ImportedMatchSchema)
@bp.refusals(400, 404, 409)
@bp.doc(requestBody=MATCH_FILE_BODY)
def import_match(query: dict[str, Any]) -> Any:
    """Import a match file (text/plain, or JSON {text}); every entry is checked again and a
    broken file imports nothing (400 naming the line). `match_file.checked` is false for a
    file without a checksum (written by hand), which is imported all the same. The match
    records who imported it (`by`) and the file's SHA-256 (`match.imported`). A league counts
    a match once: the same file, or the same match the file claims to come from, imported
    into it again is 409 with the `match_id` it was imported as. With `verify=true` a file
    whose per-line chain does not hold is 400 naming its first edited line, and so is a file
    of format 1 or 2 (it has no chain); without it, `match_file.chain` says whether it held."""
    data: str | bytes
    if request.is_json:
        try:
            body = ImportBodySchema().load(_json_body())
        except ValidationError as error:
            abort(400, messages={"json": error.messages})
        data, league, no_league = body["text"], body["league"], body["no_league"]
        by, verify = body["by"], body["verify"]
    else:
        # The reader decodes the bytes itself, so that a file that is not UTF-8 is named as
        # such instead of being read with replacement characters.
        data, league, no_league, by, verify = request.get_data(), None, False, None, False
    imported = import_match_file(
        touchline(),
        data,
        # Asked once the league check let the import on: it then names the link it was
        # made through (an organizer's), whose person it is by when the request names nobody.
        lambda: author(query["by"] or by or ("" if acting() else ANONYMOUS), "api"),
        league=query["league"] or league,
        no_league=query["no_league"] or no_league,
        verify=query["verify"] or verify,
        check_league=_may_import_into,
    )
    answer, status = created(imported.view, query["by"] or by or ANONYMOUS)
    answer["match_file"] = {
        "version": imported.version,
        "checked": imported.checked,
        "sha256": imported.sha256,
        "chain": imported.chain,
        "chain_break": imported.chain_break,
        "notice": imported.notice,
        "same": [same.to_dict() for same in imported.same],
    }
    return answer, status


def _may_import_into(league: str | None) -> None:
    """Importing into a league is its organizer's; a match outside any is anyone's."""
    require(Operation.IMPORT, Target(league=league))


def _json_body() -> Any:
    """The request's JSON object; a body that is not one, or nests deeper than Python's
    parser goes (it raises RecursionError there), is a 400."""
    try:
        body = json.loads(request.get_data())
    except RecursionError:
        raise BadInput(_("the JSON body is nested too deeply; nothing was imported")) from None
    except ValueError as error:
        raise BadInput(
            _("the body is not valid JSON (%(problem)s); nothing was imported", problem=error)
        ) from None
    if not isinstance(body, dict):
        raise BadInput(
            _("send a JSON object {text, league?, no_league?, by?}; nothing was imported")
        )
    return body


def created(view: MatchView, by: str) -> tuple[dict[str, Any], int]:
    """The answer to a created or imported match, with the creator's new scorer link."""
    token = creators_link(view.id, view.league, author(by, "api")).token
    root = request.host_url.rstrip("/")
    api = f"{root}/api/matches/{view.id}"
    return {
        "match": view.to_dict(),
        "scorer_token": token,
        "scorer_url": f"{root}/in/{token}",
        "links": {
            "self": api,
            "entries": f"{api}/entries",
            "undo": f"{api}/undo",
            "annotations": f"{api}/annotations",
            "export": f"{api}/export",
        },
    }, 201
