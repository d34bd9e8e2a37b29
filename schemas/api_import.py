"""The JSON API's answer to an import: the created match, and what the file was."""

from __future__ import annotations

from marshmallow import Schema, fields

from schemas.api_matches import CreatedMatchSchema


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
    notice = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "What to tell the person importing, or null"},
    )


class ImportedMatchSchema(CreatedMatchSchema):
    match_file = fields.Nested(ImportedFileSchema, required=True)
