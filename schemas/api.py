"""Shapes the JSON API shares: its error body, the checks on free text and free-form JSON, and
the read-only answers about rulesets and leagues.

Request schemas refuse what the store could not keep: a lone UTF-16 surrogate cannot be
encoded as UTF-8, so it is refused here (400) rather than failing on save.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from domain.audit import KINDS as AUDIT_KINDS
from domain.text import KEY_LIMIT, NAME_LIMIT
from schemas.validation_messages import NESTED_TOO_DEEP, NOT_UNICODE

# How deep a free-form JSON value (a setup, an action) may nest; real ones nest two or three.
MAX_JSON_DEPTH = 16
# Names and short texts: who entered something, a league, a key.
SHORT_TEXT = KEY_LIMIT
# One-line entries.
LONG_TEXT = 2000
# A date, or a date and time with fractions of a second and an offset.
DATE_TEXT = 40


def check_encodable(value: Any, depth: int = 0) -> None:
    """Refuse text the store cannot write, and JSON nested deeper than any real setup."""
    if depth > MAX_JSON_DEPTH:
        raise ValidationError(NESTED_TOO_DEEP.format(limit=MAX_JSON_DEPTH))
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ValidationError(NOT_UNICODE) from None
    elif isinstance(value, dict):
        for key, item in value.items():
            check_encodable(key, depth + 1)
            check_encodable(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            check_encodable(item, depth + 1)


def text_field(max_length: int = SHORT_TEXT, **options: Any) -> fields.String:
    """A string field that is never empty, never too long, and always storable."""
    return fields.String(
        validate=[validate.Length(min=1, max=max_length), check_encodable], **options
    )


def json_object(**options: Any) -> fields.Dict:
    """A free-form JSON object (a setup, an action) the domain then judges."""
    return fields.Dict(
        keys=fields.String(),
        values=fields.Raw(allow_none=True),
        validate=check_encodable,
        **options,
    )


# -- errors ----------------------------------------------------------------------------


class ViolationSchema(Schema):
    rule = fields.String(required=True, metadata={"example": "CG-4.4"})
    message = fields.String(required=True)
    overridable = fields.Boolean(required=True)


class IllegalEntrySchema(Schema):
    """An entry after a correction that the corrected history makes illegal."""

    number = fields.Integer(required=True)
    kind = fields.String(required=True, metadata={"example": "draft"})
    violations = fields.List(fields.Nested(ViolationSchema), required=True)
    keepable = fields.Boolean(
        required=True,
        metadata={"description": "Whether it may stay as an override; if not, withdraw it"},
    )


class ErrorSchema(Schema):
    """Every refusal under /api/ (see web/errors.py, which writes it)."""

    status = fields.Integer(required=True, metadata={"description": "The HTTP status again"})
    error = fields.String(required=True, metadata={"description": "The status's name"})
    message = fields.String(required=True, metadata={"description": "What went wrong"})
    violations = fields.List(
        fields.Nested(ViolationSchema),
        metadata={"description": "422 only: the rules the entry breaks"},
    )
    illegal = fields.List(
        fields.Nested(IllegalEntrySchema),
        metadata={
            "description": "422 only, for a correction: the later entries it makes illegal; "
            "send a decision for each"
        },
    )
    current_version = fields.Integer(metadata={"description": "409 only: the match's version now"})
    match_id = fields.String(
        metadata={"description": "409 on an import only: the match the file was imported as"}
    )
    errors = fields.Dict(
        metadata={"description": "400 only: each invalid field with its messages, by location"}
    )


# -- rulesets and leagues --------------------------------------------------------------


class RulesetSchema(Schema):
    name = fields.String(required=True, metadata={"example": "card-game"})
    title = fields.String(required=True)
    rules_prefix = fields.String(required=True, metadata={"example": "CG"})
    actions = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        required=True,
        metadata={"description": "Each action kind with what it records and its fields"},
    )


class LeagueSchema(Schema):
    name = fields.String(required=True)
    ruleset = fields.String(required=True)
    points = fields.List(fields.Integer(), required=True)
    tiebreak = fields.List(fields.String(), required=True)
    matches = fields.Integer(required=True)
    finished = fields.Integer(required=True)
    count_unconfirmed = fields.Boolean(
        required=True,
        metadata={"description": "Whether results the coaches have not all confirmed count"},
    )


class StandingsQuerySchema(Schema):
    format = fields.String(
        load_default="json",
        validate=validate.OneOf(["json", "csv"]),
        metadata={"description": "json (default) or csv"},
    )


class AuditQuerySchema(Schema):
    """The filter of an audit (every parameter optional) and its format."""

    kind = fields.List(
        fields.String(validate=validate.OneOf(AUDIT_KINDS)),
        load_default=list,
        metadata={"description": "Only items of these kinds (repeat the parameter for several)"},
    )
    by = fields.String(
        load_default=None,
        validate=[validate.Length(max=NAME_LIMIT), check_encodable],
        metadata={"description": "Only what this person did (compared in any case)"},
    )
    since = fields.String(
        load_default=None,
        validate=[validate.Length(max=DATE_TEXT), check_encodable],
        metadata={
            "description": "Only from then on: a date (2026-11-30: from its start) or a date "
            "and time (without an offset: UTC)"
        },
    )
    until = fields.String(
        load_default=None,
        validate=[validate.Length(max=DATE_TEXT), check_encodable],
        metadata={"description": "Only up to then: a date (to its end) or a date and time"},
    )
    format = fields.String(
        load_default="json",
        validate=validate.OneOf(["json", "csv"]),
        metadata={"description": "json (default) or csv"},
    )
