"""Fixtures for the web tests: an app on a fresh store, its test client, a match to work on."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import count
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from itsdangerous import TimestampSigner

from domain.match import Author
from service.app import Touchline
from tests.links import role_token, scorer_token, sides_of, use
from tests.opening import SETUP
from web import create_app

SECRET = "web-test-secret-key-of-32-characters"


@pytest.fixture
def app(sqlite_url: str) -> Flask:
    """The app as it runs in production: CSRF checks on, so form posts need the token."""
    return use(create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": SECRET, "TESTING": True}))


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def service(app: Flask) -> Touchline:
    touchline: Touchline = app.extensions["touchline"]
    return touchline


@pytest.fixture
def match_id(service: Touchline) -> str:
    """A card-game match, Nankatsu (Alice) vs Toho (Bob), with nothing entered yet."""
    view = service.create_match("card-game", SETUP, Author("alice", "2026-11-29T20:00:00+00:00"))
    return view.id


def token(match_id: str) -> str:
    """A scorer link of the match, issued by the owner in the test app's store."""
    return scorer_token(match_id)


def csrf_token(client: FlaskClient, path: str = "/") -> str:
    """The CSRF token the app put in a page's <meta name="csrf-token">."""
    page = client.get(path).get_data(as_text=True)
    marker = 'name="csrf-token" content="'
    start = page.index(marker) + len(marker)
    return page[start : page.index('"', start)]


@pytest.fixture
def ticking_csrf_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A second passes each time a CSRF token is signed, as it may between two requests of a
    slow run: a test that compares whole pages must not depend on two tokens being alike."""
    seconds = count(1_800_000_000)
    monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda _signer: next(seconds))
    yield


def without_csrf_tokens(html: str) -> str:
    """A page with its CSRF tokens blanked: they carry the second they were signed in, so two
    drawings of the same page differ in them alone when a second passes between the two."""
    return re.sub(r'(name="csrf[-_]token" (?:content|value)=")[^"]*"', r'\1"', html)


def post_form(client: FlaskClient, path: str, data: dict[str, Any], **options: Any) -> Any:
    """POST a form as a browser would: with the CSRF token its page carried."""
    return client.post(path, data={**data, "csrf_token": csrf_token(client)}, **options)


def become_scorer(client: FlaskClient, match_id: str) -> Any:
    """Open the scorer link, as the phone handed across the table would."""
    return client.get(f"/in/{token(match_id)}")


def hold(client: FlaskClient, match_id: str, role: str, side: str | None = None) -> Any:
    """Open a link of `role` for the match (a coach's for `side`) in this browser."""
    return client.get(f"/in/{role_token(role, match_id, side)}")


def become_everyone(client: FlaskClient, match_id: str) -> None:
    """Hold the scorer's, a referee's and each coach's link of the match in this browser, for
    tests of what the pages do (who may do it is tests/web/test_role_matrix.py's)."""
    become_scorer(client, match_id)
    hold(client, match_id, "referee")
    for side in sides_of(match_id):
        hold(client, match_id, "coach", side)
