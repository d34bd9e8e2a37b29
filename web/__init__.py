"""The Flask app factory. Pages and the JSON API arrive with the web issue; for now the app
opens the event store and answers a health check, so a WSGI server can already be pointed at it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask, jsonify

from service.app import Touchline
from service.config import settings_for_url, settings_from_environment
from service.errors import DatabaseUnavailable


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.from_mapping(DATABASE_URL=None)
    if config:
        app.config.from_mapping(config)
    url = app.config["DATABASE_URL"]
    touchline = Touchline(settings_for_url(url) if url else settings_from_environment())
    app.extensions["touchline"] = touchline

    @app.get("/healthz")
    def health() -> Any:
        try:
            count = len(touchline.list_matches())
        except DatabaseUnavailable as error:
            return jsonify(status="unavailable", error=str(error)), 503
        return jsonify(status="ok", database=touchline.settings.safe_url, matches=count)

    return app
