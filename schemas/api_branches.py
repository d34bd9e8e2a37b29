"""The JSON API's shapes for what-if branches (docs/branches.md) and for a match's
annotations filtered by glyph."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from domain.glyphs import GLYPH_NAMES, GLYPHS
from domain.text import NAME_LIMIT
from schemas.api import text_field
from schemas.api_matches import LogLineField


class BranchBodySchema(Schema):
    step = fields.Integer(
        strict=True,
        required=True,
        validate=validate.Range(min=0),
        metadata={"description": "The step of the match to branch from; 0 is the kick-off"},
    )
    by = text_field(
        NAME_LIMIT,
        load_default="",
        metadata={"description": "Who starts it (default: the link's person)", "example": "bob"},
    )


class BranchQuerySchema(Schema):
    step = fields.Integer(
        load_default=None,
        validate=validate.Range(min=0),
        metadata={"description": "Only the branches started at this step"},
    )


class BranchSummarySchema(Schema):
    id = fields.String(required=True)
    step = fields.Integer(required=True, metadata={"description": "The step it starts from"})
    entry = fields.Integer(
        required=True, metadata={"description": "The origin's entry at that step (0: kick-off)"}
    )
    started_by = fields.String(required=True)
    started_at = fields.String(required=True)
    score = fields.String(required=True, metadata={"description": "Its score line now"})
    status = fields.String(required=True)
    entries = fields.Integer(required=True, metadata={"description": "Its entries in force"})


class ComparedLineSchema(Schema):
    number = fields.Integer(required=True)
    sentence = fields.String(required=True)
    notation = fields.String(required=True)
    period = fields.String(required=True)


class ComparedMatchSchema(Schema):
    id = fields.String(required=True)
    title = fields.String(required=True)
    score = fields.String(required=True)
    status = fields.String(required=True)
    entries = fields.Integer(required=True)
    lines = fields.List(
        fields.Nested(ComparedLineSchema),
        required=True,
        metadata={"description": "Its log's lines after the entries both matches share"},
    )


class ComparisonSchema(Schema):
    step = fields.Integer(required=True, metadata={"description": "The step the branch starts"})
    entry = fields.Integer(required=True, metadata={"description": "The origin's entry there"})
    shared = fields.Integer(required=True, metadata={"description": "Entries both share"})
    origin = fields.Nested(ComparedMatchSchema, required=True)
    branch = fields.Nested(ComparedMatchSchema, required=True)


class AnnotationQuerySchema(Schema):
    glyph = fields.String(
        load_default=None,
        validate=validate.OneOf(GLYPH_NAMES),
        metadata={
            "description": "Only annotations with this glyph: "
            + ", ".join(f"{g.name} ({g.symbol})" for g in GLYPHS)
        },
    )


class AnnotationsSchema(Schema):
    annotations = fields.List(LogLineField(), required=True)
