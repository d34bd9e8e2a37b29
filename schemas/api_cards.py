"""The JSON API's card lists: a game's cards with their printed values, and what a match's
sides may pick now."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields
from marshmallow.validate import OneOf

from domain.card_list import FROM_ENTRY, FROM_FILE, Learned
from domain.text import NAME_LIMIT
from schemas.api import text_field
from service.card_lists import CardListView


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


class CardLearnedSchema(Schema):
    how = fields.String(
        required=True,
        validate=OneOf([FROM_ENTRY, FROM_FILE]),
        metadata={
            "description": "entry: a match's entry played the card first; file: the import "
            "that last changed its values"
        },
    )
    by = fields.String(required=True, metadata={"description": "Who entered or imported it"})
    at = fields.String(required=True, metadata={"description": "When, as an ISO 8601 time"})
    link = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "The access link it was entered or imported through, if any"},
    )
    match = fields.String(
        allow_none=True,
        required=True,
        metadata={
            "description": "The id of the match whose entry taught it; null for an import, "
            "and for an entry recorded before the list kept its match (not known)"
        },
    )
    match_title = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "That match's title, where the match summaries hold it"},
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
    learned = fields.Nested(
        CardLearnedSchema,
        allow_none=True,
        required=True,
        metadata={"description": "Where its values came from (docs/card-list.md)"},
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


def card_list_data(view: CardListView, titles: Mapping[str, str]) -> dict[str, Any]:
    """A card list as the API answers it; `titles`, the matches' by id (`learned_titles`)."""
    return {
        "game": view.game,
        "league": view.league,
        "fields_": list(view.fields),
        "cards": [
            {
                "name": c.name,
                "side": c.side,
                "values": dict(zip(view.fields, c.values, strict=True)),
                "learned": learned_data(view.learned_of(c), titles),
            }
            for c in view.cards
        ],
    }


def learned_data(learned: Learned | None, titles: Mapping[str, str]) -> dict[str, Any] | None:
    if learned is None:
        return None
    match = learned.match if learned.how == FROM_ENTRY else None
    return {
        "how": learned.how,
        "by": learned.by,
        "at": learned.at,
        "link": learned.link,
        "match": match,
        "match_title": None if match is None else titles.get(match),
    }


def offered_data(offered: Any) -> dict[str, Any]:
    return {
        "sides": {
            side: [{"name": c.name, "values": dict(c.values), "text": c.text} for c in cards]
            for side, cards in offered.by_side
        }
    }
