"""Card lists: read a game's list (the installation's or a league's), export it as a card list
file, import one; and the cards with known printed values a match's sides may pick now."""

from __future__ import annotations

from typing import Any

from flask import Response, request

from domain.access import Operation, Target
from schemas.api_cards import (
    CardImportQuerySchema,
    CardListImportSchema,
    CardListQuerySchema,
    CardListSchema,
    OfferedCardsSchema,
    card_list_data,
    offered_data,
)
from web.api.base import MATCH_ID, ApiBlueprint
from web.context import author, touchline
from web.powers import require

bp = ApiBlueprint(
    "api-cards",
    __name__,
    url_prefix="/api",
    description="Card lists: each card's printed values, entered once, offered from then on.",
)

RULESET = {"in": "path", "name": "ruleset", "description": "The game, e.g. card-game"}
CARD_LIST_FILE = {
    "required": True,
    "content": {"text/plain": {"schema": {"type": "string"}}},
    "description": "A card list file (docs/card-list.md), UTF-8",
}


@bp.route("/cards/<ruleset>", methods=["GET"], parameters=[RULESET])
@bp.arguments(CardListQuerySchema, location="query")
@bp.response(200, CardListSchema)
@bp.refusals(400, 404)
def card_list(query: dict[str, Any], ruleset: str) -> Any:
    """The game's card list, in the order the cards were first recorded. A game whose table
    types no printed values has none (400)."""
    view = touchline().card_list(ruleset, query["league"])
    return card_list_data(view, touchline().learned_titles(view))


@bp.route("/cards/<ruleset>/file", methods=["GET"], parameters=[RULESET])
@bp.arguments(CardListQuerySchema, location="query")
@bp.response(200, {"type": "string"}, content_type="text/plain")
@bp.refusals(400, 404)
def export_card_list(query: dict[str, Any], ruleset: str) -> Any:
    """The game's card list as a card list file, to share with another club."""
    text = touchline().export_card_list(ruleset, query["league"])
    return Response(
        text,
        mimetype="text/plain",
        headers={"Content-Disposition": f'attachment; filename="{ruleset}.cards"'},
    )


@bp.route("/cards/import", methods=["POST"])
@bp.allows(Operation.LEAGUE_SETTINGS)
@bp.arguments(CardImportQuerySchema, location="query")
@bp.response(200, CardListImportSchema)
@bp.refusals(400, 404, 409)
@bp.doc(requestBody=CARD_LIST_FILE)
def import_card_list(query: dict[str, Any]) -> Any:
    """Keep the cards of a card list file: each card's values replace those the list held.
    A file with one bad line keeps nothing (400 naming the line). A league's list is its
    organizer's to change; the installation's, the owner's."""
    league = query["league"]
    if league is not None:
        league = touchline().find_league(league).name
    require(Operation.LEAGUE_SETTINGS, Target(league=league))
    done = touchline().import_card_list(
        request.get_data(), author(query["by"] or "", "api"), league
    )
    titles = touchline().learned_titles(done.list)
    return {
        "list": card_list_data(done.list, titles),
        "cards": done.cards,
        "changed": done.changed,
    }


@bp.route("/matches/<match_id>/cards", methods=["GET"], parameters=[MATCH_ID])
@bp.response(200, OfferedCardsSchema)
@bp.refusals(404)
def offered_cards(match_id: str) -> Any:
    """The cards with known printed values each side may put down now (the match's own, its
    league's list, the installation's): a `play` naming one of them alone is recorded with
    its values; a `play` of another card must say them all (400 names those left out)."""
    return offered_data(touchline().offered_cards(match_id))
