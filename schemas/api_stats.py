"""The statistics API's answers: a subject's counts, a coach's or team's match history with
each game's record and head-to-head, and the dice by type, source and named die."""

from __future__ import annotations

from marshmallow import Schema, fields

from domain.text import NAME_LIMIT
from schemas.api import text_field


def _rate(what: str) -> fields.Float:
    return fields.Float(
        required=True,
        allow_none=True,
        metadata={"description": f"Share of the ranked matches {what} (null: none ranked)"},
    )


class SubjectStatsSchema(Schema):
    kind = fields.String(required=True, metadata={"example": "coach"})
    name = fields.String(required=True, metadata={"description": "As recorded"})
    matches = fields.Integer(required=True)
    counts = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        required=True,
        metadata={"description": "Each statistic summed over every match"},
    )


class OpponentSchema(Schema):
    coach = fields.String(required=True)
    team = fields.String(required=True)
    place = fields.Integer(required=True, allow_none=True)
    scored = fields.Integer(required=True, allow_none=True)


class PlayedMatchSchema(Schema):
    match_id = fields.String(required=True)
    url = fields.String(required=True, metadata={"description": "The match in the API"})
    game = fields.String(required=True, metadata={"description": "The game's title"})
    by_placing = fields.Boolean(
        required=True, metadata={"description": "The game ranks by finishing place"}
    )
    scored_as = fields.String(required=True, metadata={"example": "goals"})
    league = fields.String(required=True, allow_none=True)
    started_at = fields.String(required=True)
    status = fields.String(required=True, metadata={"example": "finished"})
    result_status = fields.String(required=True)
    score = fields.String(required=True, metadata={"description": "The match's score line"})
    shown_score = fields.String(
        required=True,
        metadata={"description": "Own goals first once a game of goals is ranked: '2–0'"},
    )
    coach = fields.String(required=True)
    team = fields.String(required=True)
    place = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "1 for the winners; null until ranked"},
    )
    sides = fields.Integer(required=True)
    scored = fields.Integer(required=True, allow_none=True)
    outcome = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "won, drawn or lost in a ranked game of goals; else null"},
    )
    placing = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "'2nd of 3' in a ranked game of placings; else null"},
    )
    opponents = fields.List(fields.Nested(OpponentSchema), required=True)


class GameRecordSchema(Schema):
    game = fields.String(required=True)
    by_placing = fields.Boolean(required=True)
    scored_as = fields.String(required=True)
    played = fields.Integer(required=True, metadata={"description": "Ranked matches"})
    won = fields.Integer(required=True)
    drawn = fields.Integer(required=True)
    lost = fields.Integer(required=True)
    win_rate = _rate("won")
    draw_rate = _rate("drawn")
    loss_rate = _rate("lost")
    places = fields.List(
        fields.List(fields.Integer()),
        required=True,
        metadata={"description": "A game of placings: [place, times], best first"},
    )
    scored = fields.Integer(required=True)


class HeadToHeadSchema(Schema):
    opponent = fields.String(required=True)
    game = fields.String(required=True)
    by_placing = fields.Boolean(required=True)
    met = fields.Integer(required=True, metadata={"description": "Ranked meetings"})
    ahead = fields.Integer(required=True, metadata={"description": "Won, or finished ahead"})
    level = fields.Integer(required=True, metadata={"description": "Drawn, or finished level"})
    behind = fields.Integer(required=True, metadata={"description": "Lost, or finished behind"})


class HistorySchema(Schema):
    stats = fields.Nested(SubjectStatsSchema, required=True)
    matches = fields.List(
        fields.Nested(PlayedMatchSchema), required=True, metadata={"description": "Newest first"}
    )
    records = fields.List(fields.Nested(GameRecordSchema), required=True)
    head_to_head = fields.List(fields.Nested(HeadToHeadSchema), required=True)


class FairnessSchema(Schema):
    faces = fields.Integer(required=True)
    rolls = fields.Integer(required=True)
    counts = fields.List(
        fields.Integer(), required=True, metadata={"description": "Times each face 1..faces"}
    )
    chi_square = fields.Float(required=True)
    p_value = fields.Float(
        required=True, allow_none=True, metadata={"description": "null without rolls"}
    )
    suspicious = fields.Boolean(required=True, metadata={"description": "p below 0.01"})


class DiceBySourceSchema(Schema):
    source = fields.String(required=True, metadata={"example": "table"})
    die = fields.String(
        required=True, metadata={"description": "The die's name at the table; empty: unnamed"}
    )
    fairness = fields.Nested(FairnessSchema, required=True)


class DiceSchema(Schema):
    coach = fields.String(required=True, allow_none=True)
    by_type = fields.List(fields.Nested(FairnessSchema), required=True)
    by_source = fields.List(fields.Nested(DiceBySourceSchema), required=True)


class DiceQuerySchema(Schema):
    coach = text_field(
        NAME_LIMIT,
        load_default=None,
        metadata={"description": "Only the dice this coach rolled (in any case)"},
    )
