"""The API's schemas for leagues' creation and settings, and for access links."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from domain.access import LINK_ROLES
from domain.league import TIEBREAKERS
from domain.registry import ruleset_names
from domain.text import NAME_LIMIT, REASON_LIMIT
from schemas.api import text_field
from schemas.validation_messages import LEAGUE_OR_MATCH, NOT_BOTH_SCOPES


def _points(**options: Any) -> Any:
    return fields.List(
        fields.Integer(validate=validate.Range(min=0, max=1000)),
        validate=validate.Length(min=1, max=5),
        metadata={"description": "Points for a win/draw/loss, or per placing 1st to 5th"},
        **options,
    )


def _tiebreak(**options: Any) -> Any:
    return fields.List(
        fields.String(validate=validate.OneOf(TIEBREAKERS)),
        validate=validate.Length(min=1, max=len(TIEBREAKERS)),
        metadata={"description": "Tie-breakers in order"},
        **options,
    )


class NewLeagueSchema(Schema):
    name = text_field(NAME_LIMIT, required=True)
    ruleset = fields.String(required=True, validate=validate.OneOf(ruleset_names()))
    points = _points(load_default=None)
    tiebreak = _tiebreak(load_default=None)
    by = text_field(NAME_LIMIT, load_default=None, metadata={"description": "Who creates it"})


class LeagueSettingsSchema(Schema):
    points = _points(load_default=None)
    tiebreak = _tiebreak(load_default=None)
    count_unconfirmed = fields.Boolean(load_default=None)
    by = text_field(NAME_LIMIT, load_default=None, metadata={"description": "Who changes them"})


class LeagueSettingsViewSchema(Schema):
    name = fields.String(required=True)
    ruleset = fields.String(required=True)
    points = fields.List(fields.Integer(), required=True)
    tiebreak = fields.List(fields.String(), required=True)
    count_unconfirmed = fields.Boolean(required=True)
    created_by = fields.String(required=True)
    created_at = fields.String(required=True)


ROLE_CHOICES = [role.value for role in LINK_ROLES]


class NewLinkSchema(Schema):
    role = fields.String(required=True, validate=validate.OneOf(ROLE_CHOICES))
    person = text_field(NAME_LIMIT, required=True, metadata={"description": "Who gets it"})
    league = text_field(NAME_LIMIT, load_default=None)
    match = text_field(NAME_LIMIT, load_default=None, metadata={"description": "id or prefix"})
    side = text_field(NAME_LIMIT, load_default=None, metadata={"description": "A coach's side"})

    @validates_schema
    def one_scope(self, data: dict[str, Any], **_: Any) -> None:
        if data.get("league") is not None and data.get("match") is not None:
            raise ValidationError(NOT_BOTH_SCOPES, "match")


class RevokeLinkSchema(Schema):
    reason = text_field(REASON_LIMIT, required=True)


class LinksQuerySchema(Schema):
    league = text_field(NAME_LIMIT, load_default=None)
    match = text_field(NAME_LIMIT, load_default=None)
    all = fields.Boolean(load_default=False, metadata={"description": "Revoked ones too"})

    @validates_schema
    def one_scope(self, data: dict[str, Any], **_: Any) -> None:
        if (data.get("league") is None) == (data.get("match") is None):
            raise ValidationError(LEAGUE_OR_MATCH, "league")


class LinkSchema(Schema):
    id = fields.String(required=True)
    person = fields.String(required=True)
    role = fields.String(required=True)
    league = fields.String(allow_none=True, required=True)
    match = fields.String(allow_none=True, required=True)
    side = fields.String(allow_none=True, required=True)
    issued_by = fields.String(required=True)
    issued_at = fields.String(required=True)
    device = fields.String(allow_none=True, required=True)
    revoked_by = fields.String(allow_none=True, required=True)
    revoked_at = fields.String(allow_none=True, required=True)
    reason = fields.String(allow_none=True, required=True)


class IssuedLinkSchema(Schema):
    token = fields.String(required=True, metadata={"description": "The secret: shown once"})
    url = fields.String(required=True, metadata={"description": "The link to hand on"})
    link = fields.Nested(LinkSchema, required=True)
