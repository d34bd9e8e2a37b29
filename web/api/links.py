"""Access links through the API: issue one, list them, revoke one (docs/access.md)."""

from __future__ import annotations

from typing import Any

from domain.access import Operation
from schemas.api_access import (
    IssuedLinkSchema,
    LinkSchema,
    LinksQuerySchema,
    NewLinkSchema,
    RevokeLinkSchema,
)
from web.api.base import ApiBlueprint
from web.links import issue, link_url, listing, revoke

bp = ApiBlueprint(
    "api-links", __name__, url_prefix="/api/links", description="Issue, list and revoke links."
)

LINK_ID = {"in": "path", "name": "link_id", "description": "The link's id, or 4+ characters"}


@bp.route("", methods=["POST"])
@bp.allows(Operation.ISSUE_LINK)
@bp.arguments(NewLinkSchema)
@bp.response(201, IssuedLinkSchema)
@bp.refusals(400, 404)
def issue_link(body: dict[str, Any]) -> Any:
    """Issue a link to one person: its token is in the answer, once, and never stored."""
    issued = issue(body["role"], body["person"], body["league"], body["match"], body["side"], "api")
    return {"token": issued.token, "url": link_url(issued.token), "link": issued.link}


@bp.route("", methods=["GET"])
@bp.allows(Operation.LIST_LINKS)
@bp.arguments(LinksQuerySchema, location="query")
@bp.response(200, LinkSchema(many=True))
@bp.refusals(400, 404)
def list_links(query: dict[str, Any]) -> Any:
    """The links of a league (its own and its matches') or of one match, oldest first;
    revoked ones too with `all`. Never their tokens, which are not stored."""
    return listing(query["league"], query["match"], query["all"])


@bp.route("/<link_id>", methods=["DELETE"], parameters=[LINK_ID])
@bp.allows(Operation.REVOKE_LINK)
@bp.arguments(RevokeLinkSchema)
@bp.response(200, LinkSchema)
@bp.refusals(400, 404)
def revoke_link(body: dict[str, Any], link_id: str) -> Any:
    """Revoke a link at once: its next use is refused everywhere (401)."""
    return revoke(link_id, body["reason"], "api")
