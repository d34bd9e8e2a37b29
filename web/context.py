"""What every view needs: the service, and who is writing (the name and the link used)."""

from __future__ import annotations

from flask import current_app, g, session

from domain.access import Grant
from domain.match import Author
from service.app import Touchline, now

# The session keeps the secrets of the links this browser opened: a person may hold several
# (a scorer link for one match, a referee link for the league …). Each request checks them
# against the store again, so a revoked link stops working at once.
LINKS_SESSION_KEY = "links"
# How many links one browser keeps; the oldest goes first.
MAX_SESSION_LINKS = 20


def touchline() -> Touchline:
    app: Touchline = current_app.extensions["touchline"]
    return app


def acting() -> Grant | None:
    """The link the current write is made through, once a guard let it in."""
    grant: Grant | None = g.get("acting")
    return grant


def author(by: str, device: str = "web") -> Author:
    """The author of a write: the name given, else the link's person; and the link's id."""
    grant = acting()
    fallback = grant.person if grant is not None else "scorer"
    return Author(
        by=by.strip() or fallback,
        at=now(),
        device=device,
        link=grant.link if grant is not None else None,
    )


def session_tokens() -> list[str]:
    tokens = session.get(LINKS_SESSION_KEY, [])
    return [str(token) for token in tokens] if isinstance(tokens, list) else []


def remember_token(token: str) -> None:
    """This browser now holds the link `token` (after opening it, or after creating a match)."""
    tokens = [t for t in session_tokens() if t != token] + [token]
    session[LINKS_SESSION_KEY] = tokens[-MAX_SESSION_LINKS:]
    g.pop("grants", None)


def forget_tokens(tokens: list[str]) -> None:
    kept = [t for t in session_tokens() if t not in tokens]
    session[LINKS_SESSION_KEY] = kept


# The name a browser's scorer gave, used as `by` on what they enter.
SCORER_NAME_KEY = "scorer_name"


def scorer_name() -> str:
    return str(session.get(SCORER_NAME_KEY) or "")


def remember_scorer_name(name: str) -> None:
    if name.strip():
        session[SCORER_NAME_KEY] = name.strip()[:60]
