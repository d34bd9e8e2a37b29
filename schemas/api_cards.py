"""The JSON API's card lists: a game's cards with their printed values, and what a match's
sides may pick now."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

from domain.text import NAME_LIMIT
from schemas.api import text_field


class CardListQuerySchema(Schema):
    league = text_field(
        NAME_LIMIT,
        load_default=None,
        metadata={"description": "The league's card list (default: the installation's)"},
    )


class CardImportQuerySchema(CardListQuerySchema):
    by = text_field(
        NAME_LIMIT,
        load_default=None,
        metadata={"description": "Who imports it (default: the access link's person)"},
    )


class PrintedCardSchema(Schema):
    name = fields.String(required=True)
    side = fields.String(
        required=True, metadata={"description": "The side it belongs to; empty: any side"}
    )
    values = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        required=True,
        metadata={"description": "Each printed value by its field, e.g. {shot: 3, pass: 1}"},
    )


class CardListSchema(Schema):
    game = fields.String(required=True)
    league = fields.String(allow_none=True, required=True)
    fields_ = fields.List(fields.String(), data_key="fields", required=True)
    cards = fields.List(fields.Nested(PrintedCardSchema), required=True)


class CardListImportSchema(Schema):
    list = fields.Nested(CardListSchema, required=True)
    cards = fields.Integer(required=True, metadata={"description": "Cards the file held"})
    changed = fields.Integer(
        required=True,
        metadata={"description": "Of those, the new ones and those with other values"},
    )


class KnownCardSchema(Schema):
    name = fields.String(required=True)
    values = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    text = fields.String(required=True, metadata={"description": "e.g. Shot 3, Pass 1, Defense 0"})


class OfferedCardsSchema(Schema):
    sides = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.Nested(KnownCardSchema)),
        required=True,
        metadata={
            "description": "For each side that may put a card down now, the cards with known "
            "printed values it may: a play naming one alone is filled with its values"
        },
    )


def card_list_data(view: Any) -> dict[str, Any]:
    return {
        "game": view.game,
        "league": view.league,
        "fields_": list(view.fields),
        "cards": [
            {
                "name": c.name,
                "side": c.side,
                "values": dict(zip(view.fields, c.values, strict=True)),
            }
            for c in view.cards
        ],
    }


def offered_data(offered: Any) -> dict[str, Any]:
    return {
        "sides": {
            side: [{"name": c.name, "values": dict(c.values), "text": c.text} for c in cards]
            for side, cards in offered.by_side
        }
    }
