"""The sealed record as the JSON API answers it (`GET /api/matches/<id>/seal`, docs/seal.md)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from domain.seal import CHECKS, SealReport


class SealBreakSchema(Schema):
    version = fields.Integer(
        required=True, metadata={"description": "The version of the first event that breaks"}
    )
    kind = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "What the event is (entry, undo, ruling …); null if missing"},
    )
    check = fields.String(
        required=True,
        validate=validate.OneOf(sorted(CHECKS)),
        metadata={
            "description": "digest: its digest does not match its content; previous: its "
            "previous does not match the event before; missing: an event is missing"
        },
    )
    line = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "The log line the event is, when it is one"},
    )
    detail = fields.String(required=True, metadata={"description": "What was found, in words"})


class SealSchema(Schema):
    match_id = fields.String(required=True)
    intact = fields.Boolean(required=True, metadata={"description": "Whether the chain holds"})
    seal = fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "The digest of the latest event (SHA-256, hex) when the chain is "
            "intact and any event is sealed; compare it with the seal an exported file names"
        },
    )
    events = fields.Integer(required=True, metadata={"description": "Stored events read"})
    sealed = fields.Integer(
        required=True, metadata={"description": "Events whose digest and link were checked"}
    )
    unsealed = fields.Integer(
        required=True,
        metadata={
            "description": "The first events, written by an earlier release before sealing "
            "began: unsealed, they cannot be verified"
        },
    )
    broken = fields.Nested(SealBreakSchema, required=True, allow_none=True)
    message = fields.String(required=True, metadata={"description": "The finding in a sentence"})


def seal_data(report: SealReport) -> dict[str, Any]:
    broken = report.broken
    return {
        "match_id": report.match_id,
        "intact": report.intact,
        "seal": report.seal,
        "events": report.events,
        "sealed": report.sealed,
        "unsealed": report.unsealed,
        "broken": None
        if broken is None
        else {
            "version": broken.version,
            "kind": broken.kind,
            "check": broken.check,
            "line": broken.line,
            "detail": broken.detail,
        },
        "message": report.describe(),
    }
