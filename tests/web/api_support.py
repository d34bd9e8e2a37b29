"""Helpers the API tests share (no tests here): create a match through the API, write as its
scorer."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.links import organizer_token
from tests.opening import SETUP
from tests.web.conftest import token


def scorer(match_id: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token(match_id)}"}


def organizer(league: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {organizer_token(league)}"}


def create(client: FlaskClient, **fields: Any) -> Any:
    """Create a match through the API; in a league, as its organizer."""
    body = {"ruleset": "card-game", "setup": SETUP, "by": "alice", **fields}
    league = fields.get("league")
    headers = organizer(league) if isinstance(league, str) else {}
    return client.post("/api/matches", json=body, headers=headers)


def enter(client: FlaskClient, match_id: str, text: str, **fields: Any) -> Any:
    body = {"text": text, "by": "alice", **fields}
    return client.post(f"/api/matches/{match_id}/entries", json=body, headers=scorer(match_id))


def version(client: FlaskClient, match_id: str) -> int:
    answer: int = client.get(f"/api/matches/{match_id}").get_json()["version"]
    return answer
