"""The JSON API's answer to an import: the created match, and what the file was."""

from __future__ import annotations

from marshmallow import Schema, fields

from schemas.api_matches import CreatedMatchSchema


class SameMatchSchema(Schema):
    match_id = fields.String(required=True)
    league = fields.String(required=True, allow_none=True)
    imported = fields.Boolean(required=True)


class ImportedFileSchema(Schema):
    version = fields.Integer(required=True, metadata={"description": "The file's format version"})
    checked = fields.Boolean(
        required=True,
        metadata={
            "description": "The file carried a checksum and it matched. False for a file "
            "written or edited by hand, or by a release before format version 2: imported "
            "unchecked (its entries were checked against the rules all the same)"
        },
    )
    sha256 = fields.String(
        required=True, metadata={"description": "SHA-256 of the exact bytes received"}
    )
    chain = fields.Boolean(
        required=True,
        allow_none=True,
        metadata={
            "description": "The file's per-line chain held; false when a line was edited after "
            "export (chain_break names it); null for a file that carries none"
        },
    )
    chain_break = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "The first line of the file that breaks its chain, or null"},
    )
    notice = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "What to tell the person importing, or null"},
    )
    same = fields.List(
        fields.Nested(SameMatchSchema),
        required=True,
        metadata={
            "description": "Matches here the same file or the same claimed match became "
            "before (imported), or the very match it was exported from (imported: false)"
        },
    )


class ImportedMatchSchema(CreatedMatchSchema):
    match_file = fields.Nested(ImportedFileSchema, required=True)
