"""A store failure that reaches the web app untranslated is still 503, never a 500."""

from __future__ import annotations

from eventsourcing.persistence import OperationalError
from flask import Flask


def test_a_raw_store_failure_answers_503_on_pages_and_the_api(app: Flask) -> None:
    @app.get("/api/store-away")
    @app.get("/store-away")
    def store_away() -> str:
        raise OperationalError("connection refused")

    client = app.test_client()
    api = client.get("/api/store-away")
    assert api.status_code == 503 and api.get_json()["message"].startswith("the database")
    page = client.get("/store-away")
    assert page.status_code == 503 and page.mimetype == "text/html"
    assert "connection refused" not in page.get_data(as_text=True)
