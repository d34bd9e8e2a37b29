"""What every view needs: the service, who is writing, and whether they hold the scorer token."""

from __future__ import annotations

from flask import abort, current_app, session

from domain.match import Author
from service.app import Touchline, now
from service.scorers import is_scorer, scorer_token

# The session remembers, per match, the scorer token its browser was handed.
SCORER_SESSION_KEY = "scorer_tokens"


def touchline() -> Touchline:
    app: Touchline = current_app.extensions["touchline"]
    return app


def author(by: str, device: str = "web") -> Author:
    return Author(by=by.strip() or "scorer", at=now(), device=device)


def token_for(match_id: str) -> str:
    return scorer_token(current_app.config["SECRET_KEY"], match_id)


def holds_token(match_id: str, token: str | None) -> bool:
    return is_scorer(current_app.config["SECRET_KEY"], match_id, token)


def remember_scorer(match_id: str) -> None:
    """Mark this browser as a scorer of the match (after it showed the token)."""
    tokens = dict(session.get(SCORER_SESSION_KEY, {}))
    tokens[match_id] = token_for(match_id)
    session[SCORER_SESSION_KEY] = tokens


def is_session_scorer(match_id: str) -> bool:
    return holds_token(match_id, session.get(SCORER_SESSION_KEY, {}).get(match_id))


def require_scorer(match_id: str) -> None:
    """403 unless this browser opened the match's scorer link."""
    if not is_session_scorer(match_id):
        abort(
            403,
            description="Only the match's scorers may do this: open the scorer link that was "
            "shown when the match was created.",
        )


# The name a browser's scorer gave, used as `by` on what they enter.
SCORER_NAME_KEY = "scorer_name"


def scorer_name() -> str:
    return str(session.get(SCORER_NAME_KEY) or "scorer")


def remember_scorer_name(name: str) -> None:
    if name.strip():
        session[SCORER_NAME_KEY] = name.strip()[:60]
