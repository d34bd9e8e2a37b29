"""The app as a whole: health check, error answers, secret key, proxy settings and the security
headers and cookie flags every answer carries."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from service.scorers import secret_key
from tests.opening import OPENING, SETUP, record_text
from tests.web.conftest import become_scorer
from web import create_app


def test_health_check_names_the_store_and_counts_matches(
    client: FlaskClient, match_id: str
) -> None:
    answer = client.get("/healthz")
    assert answer.status_code == 200
    assert answer.get_json()["status"] == "ok" and answer.get_json()["matches"] == 1


def test_an_unknown_page_is_a_404_page_and_an_unknown_api_path_is_404_json(
    client: FlaskClient,
) -> None:
    page = client.get("/no/such/page")
    assert page.status_code == 404 and page.mimetype == "text/html"
    assert "<h1>404</h1>" in page.get_data(as_text=True)
    api = client.get("/api/no/such/thing")
    assert api.status_code == 404 and api.get_json()["status"] == 404


def test_an_unexpected_error_answers_500_without_internals(app: Flask) -> None:
    @app.get("/api/boom")
    def boom() -> str:
        raise RuntimeError("secret internals")

    app.config["PROPAGATE_EXCEPTIONS"] = False
    answer = app.test_client().get("/api/boom")
    assert answer.status_code == 500
    assert "secret internals" not in answer.get_data(as_text=True)
    assert answer.get_json()["message"].startswith("Something went wrong")


def test_without_a_configured_key_one_is_made_once_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "secret-key"
    first = secret_key(environ={}, path=path)
    assert len(first) == 64 and path.stat().st_mode & 0o777 == 0o600
    assert secret_key(environ={}, path=path) == first
    from_env = "e" * 32
    assert secret_key(environ={"TOUCHLINE_SECRET_KEY": from_env}, path=path) == from_env


@pytest.mark.parametrize(
    ("proxies", "expected"), [(0, "http://localhost/"), (1, "https://club.example/")]
)
def test_external_urls_follow_the_proxy_headers_only_when_proxies_are_trusted(
    sqlite_url: str, proxies: int, expected: str
) -> None:
    app = create_app(
        {"DATABASE_URL": sqlite_url, "SECRET_KEY": "k" * 32, "TRUSTED_PROXIES": proxies}
    )
    seen: list[str] = []

    @app.get("/where")
    def where() -> str:
        seen.append(url_for("home.index", _external=True))
        return "ok"

    headers = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "club.example"}
    assert app.test_client().get("/where", headers=headers).status_code == 200
    assert seen == [expected]


def test_pages_are_compressed_for_browsers_that_ask_but_the_event_stream_is_not(
    app: Flask, client: FlaskClient, match_id: str
) -> None:
    app.config["STREAM_SECONDS"] = 0
    gzip = {"Accept-Encoding": "gzip"}
    page = client.get(f"/matches/{match_id}", headers=gzip)
    assert page.status_code == 200 and page.headers["Content-Encoding"] == "gzip"
    assert client.get(f"/matches/{match_id}").headers.get("Content-Encoding") is None
    stream = client.get(f"/matches/{match_id}/events", headers=gzip)
    assert stream.mimetype == "text/event-stream"
    assert stream.headers.get("Content-Encoding") is None
    assert b"event: version" in stream.get_data()


LEAGUE = "Spring Cup"
# The `name` in a route's address, by endpoint; others name a coach.
NAMES = {"stats.player": "Tsubasa Ozora", "stats.team": "Toho"}


AUTHOR = Author("alice", "2026-11-29T20:00:00+00:00")


def every_page(app: Flask, match_id: str) -> list[str]:
    """One address for every GET route the app has (new routes are covered as they come),
    plus a page that does not exist."""
    arguments = {
        "match_id": match_id,
        "match_ref": match_id,
        "token": "not-a-link-token",
        "step": 1,
        "filename": "live.css",
        "number": 10,  # an entry of the opening
        "dispute": 12,  # the dispute made on it (see below)
        "ruleset": "card-game",
        "lang": "ja",
    }
    paths = ["/no/such/page"]
    with app.test_request_context():
        for rule in app.url_map.iter_rules():
            if "GET" in (rule.methods or ()):
                league = "league" in rule.endpoint
                name = LEAGUE if league else NAMES.get(rule.endpoint, "Alice")
                values = {**arguments, "name": name}
                paths.append(url_for(rule.endpoint, **{a: values[a] for a in rule.arguments}))
    return paths


class InlineCode(HTMLParser):
    """What a Content-Security-Policy without 'unsafe-inline' blocks: inline scripts, `style`
    attributes and <style> elements, event-handler attributes and javascript: addresses."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if (tag == "script" and "src" not in names) or tag == "style":
            self.found.append(f"<{tag}> inline")
        for name, value in attrs:
            if name == "style" or name.startswith("on"):
                self.found.append(f"<{tag} {name}=…>")
            elif name in ("href", "src", "action") and (value or "").lower().startswith(
                "javascript:"
            ):
                self.found.append(f"<{tag} {name}={value}>")


def a_match_with_everything(app: Flask, client: FlaskClient, service: Touchline) -> str:
    """A league match with a goal and an open dispute, its scorer's session in `client`."""
    app.config["STREAM_SECONDS"] = 0
    service.create_league(LEAGUE, "card-game", AUTHOR)
    match_id = service.create_match("card-game", SETUP, AUTHOR, LEAGUE).id
    for line in OPENING:  # a goal: the charts and the situation have something to draw
        record_text(service, match_id, line, AUTHOR)
    # An open dispute: the log, the banner and the ruling page have something to show.
    assert service.dispute(match_id, 10, "the die rolled off the table", AUTHOR).line.number == 12
    become_scorer(client, match_id)
    return match_id


def test_every_page_answers_with_the_security_headers_and_no_inline_code(
    app: Flask, client: FlaskClient, service: Touchline
) -> None:
    match_id = a_match_with_everything(app, client, service)
    for path in every_page(app, match_id):
        answer = client.get(path)
        assert answer.status_code < 500, path
        headers = answer.headers
        policy = headers.get("Content-Security-Policy", "")
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy, path
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, path
        assert headers["X-Frame-Options"] == "DENY", path
        assert headers["Referrer-Policy"] == "same-origin", path
        assert headers["X-Content-Type-Options"] == "nosniff", path
        if answer.mimetype == "text/html":
            inline = InlineCode()
            inline.feed(answer.get_data(as_text=True))
            assert inline.found == [], f"{path}: {inline.found}"


def test_every_page_opens_with_a_link_past_its_navigation_to_its_content(
    app: Flask, client: FlaskClient, service: Touchline
) -> None:
    match_id = a_match_with_everything(app, client, service)
    for path in every_page(app, match_id):
        answer = client.get(path)
        html = answer.get_data(as_text=True)
        if answer.mimetype != "text/html" or not html.startswith("<!doctype html>"):
            continue  # not a page: a fragment the scripts swap in, a file, JSON
        if 300 <= answer.status_code < 400:
            continue  # the language switch: on its way back to a page
        first_link = re.search(r"<a [^>]*>", html)
        assert first_link, path
        assert first_link.group(0) == '<a class="skip-link" href="#main">', path
        assert '<main id="main">' in html, path


def test_refusals_and_errors_carry_the_security_headers_too(
    client: FlaskClient, match_id: str
) -> None:
    refused = client.post(f"/matches/{match_id}/entries", data={"kind": "toss"})  # no CSRF token
    assert refused.status_code == 400
    assert "frame-ancestors 'none'" in refused.headers["Content-Security-Policy"]
    assert refused.headers["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize(
    ("proxies", "base_url", "headers", "secure"),
    [
        (0, "http://localhost", {}, False),
        # Anyone can send the header: only a trusted proxy's word makes the request https.
        (0, "http://localhost", {"X-Forwarded-Proto": "https"}, False),
        (1, "http://localhost", {"X-Forwarded-Proto": "https"}, True),
        (1, "http://localhost", {"X-Forwarded-Proto": "http"}, False),
        (0, "https://localhost", {}, True),
    ],
)
def test_the_session_cookie_is_secure_when_the_request_came_over_https(
    sqlite_url: str, proxies: int, base_url: str, headers: dict[str, str], secure: bool
) -> None:
    app = create_app(
        {"DATABASE_URL": sqlite_url, "SECRET_KEY": "k" * 32, "TRUSTED_PROXIES": proxies}
    )
    # Every page puts a CSRF token in the session: the answer sets the session cookie.
    answer = app.test_client().get("/", base_url=base_url, headers=headers)
    cookie = answer.headers["Set-Cookie"]
    assert cookie.startswith("session=")
    assert ("; Secure" in cookie) is secure
    assert "; HttpOnly" in cookie and "; SameSite=Lax" in cookie
