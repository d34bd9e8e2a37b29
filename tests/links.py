"""Issue access links in tests, as the owner would with `touchline link issue`."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from domain.access import Role
from domain.match import Author
from service.access import LinkRequest
from service.app import Touchline

if TYPE_CHECKING:
    from flask import Flask

OWNER = Author("owner", "2026-11-29T20:00:00+00:00", "test", "owner")


def issue(
    service: Touchline,
    role: Role | str,
    *,
    match: str | None = None,
    league: str | None = None,
    side: str | None = None,
    person: str | None = None,
) -> str:
    """A new link's token: for a match (its league found on it), or for a league."""
    role = Role(role)
    sides: tuple[str, ...] = ()
    if match is not None:
        view = service.get_match(match)
        match, league, sides = view.id, view.league, tuple(view.labels)
    request = LinkRequest(role, person or f"{role.value} {side or ''}".strip(), league, match, side)
    at = datetime.now(UTC).isoformat(timespec="seconds")
    owner = Author(OWNER.by, at, OWNER.device, OWNER.link)
    return service.issue_link(request, owner, sides).token


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# The store `scorer_token()` issues links in: the one of the test's app (`use`).
_CURRENT: dict[str, Touchline] = {}
_TOKENS: dict[tuple[int, str], str] = {}


def use(app: Flask) -> Flask:
    """Make `app` the one whose store `scorer_token()` issues links in."""
    _CURRENT["service"] = app.extensions["touchline"]
    return app


def scorer_token(match_id: str) -> str:
    """A scorer link of the match (one per match and store), issued by the owner."""
    return role_token("scorer", match_id)


def role_token(role: str, match_id: str, side: str | None = None) -> str:
    """A link of `role` for the match (a coach's for `side`), one per match and store."""
    service = _CURRENT["service"]
    key = (id(service), f"{service.get_match(match_id).id}:{role}:{side}")
    if key not in _TOKENS:
        _TOKENS[key] = issue(service, role, match=match_id, side=side, person=role)
    return _TOKENS[key]


def sides_of(match_id: str) -> tuple[str, ...]:
    return tuple(_CURRENT["service"].get_match(match_id).labels)


def organizer_token(league: str) -> str:
    """An organizer link for `league` (which need not exist yet), in the test app's store."""
    service = _CURRENT["service"]
    key = (id(service), f"league:{' '.join(league.split()).casefold()}")
    if key not in _TOKENS:
        _TOKENS[key] = issue(service, "organizer", league=league, person="organizer")
    return _TOKENS[key]
