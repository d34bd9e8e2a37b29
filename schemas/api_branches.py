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


class SideLuckSchema(Schema):
    side = fields.String(required=True, metadata={"description": "The side's key in entries"})
    label = fields.String(required=True, metadata={"description": "Its label: 'Toho (Bob)'"})
    luck = fields.Float(
        required=True,
        metadata={"description": "What the dice brought the side less what was expected"},
    )
    exact = fields.String(required=True, metadata={"description": "The same, as a fraction"})


class ComparedChanceSchema(Schema):
    outcome = fields.String(required=True, metadata={"description": "The outcome, in words"})
    probability = fields.String(
        required=True, metadata={"description": "Exact, as a reduced fraction: '7/12'"}
    )
    value = fields.Float(required=True, metadata={"description": "The probability as a decimal"})


class ComparedRollSchema(Schema):
    step = fields.Integer(required=True, metadata={"description": "The step the roll made"})
    roll = fields.String(required=True, metadata={"description": "What is rolled"})
    certain = fields.Boolean(required=True)
    chances = fields.List(
        fields.Nested(ComparedChanceSchema),
        required=True,
        metadata={"description": "Each outcome's chance, most likely first; they sum to 1"},
    )
    luck = fields.Dict(
        keys=fields.String(),
        values=fields.Float(),
        required=True,
        metadata={"description": "By side: what the roll brought less what was expected"},
    )


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
    unit = fields.String(
        required=True,
        metadata={
            "description": "What luck is counted in: 'goals', 'crowns'; empty for a "
            "game whose rules declare no odds"
        },
    )
    luck = fields.List(
        fields.Nested(SideLuckSchema),
        required=True,
        metadata={
            "description": "Each side's luck over the match, in seating order, as the "
            "replay's luck chart counts it (docs/analysis.md)"
        },
    )
    roll = fields.Nested(
        ComparedRollSchema,
        required=True,
        allow_none=True,
        metadata={
            "description": "The first entry after the shared ones, when it is a roll: "
            "its exact odds and the luck it brought; null otherwise"
        },
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
