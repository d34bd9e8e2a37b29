"""The app as a whole: health check, error answers, secret key and proxy settings."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient

from service.scorers import secret_key
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
    app = create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "k" * 32, "TRUSTED_PROXIES": proxies})
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


def test_no_page_gives_its_address_to_other_sites(client: FlaskClient, match_id: str) -> None:
    for path in ("/", f"/matches/{match_id}", "/api/matches", "/no/such/page"):
        headers = client.get(path).headers
        assert headers["Referrer-Policy"] == "same-origin"
        assert headers["X-Content-Type-Options"] == "nosniff"
