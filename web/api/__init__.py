"""The JSON API under /api/, described by the OpenAPI document at /api/openapi.json."""

from __future__ import annotations

from flask import Flask
from flask_smorest import Api
from flask_wtf.csrf import CSRFProtect

from schemas.api import ErrorSchema
from web.api import (
    audit,
    branches,
    cards,
    leagues,
    links,
    matches,
    rulesets,
    scoring,
    settling,
    stats,
)
from web.api.base import LINK_SCHEME

BLUEPRINTS = (
    rulesets.bp,
    matches.bp,
    scoring.bp,
    settling.bp,
    leagues.bp,
    links.bp,
    audit.bp,
    stats.bp,
    cards.bp,
    branches.bp,
)

SETTINGS = {
    "API_TITLE": "Touchline",
    "API_VERSION": "1",
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/api",
    "OPENAPI_JSON_PATH": "openapi.json",
}


class TouchlineApi(Api):  # type: ignore[misc]  # flask-smorest ships no type hints
    """flask-smorest's Api, minus its app-wide error handlers: web/errors.py already answers
    JSON under /api/, and must keep answering HTML pages elsewhere."""

    ERROR_SCHEMA = ErrorSchema

    def _register_error_handlers(self) -> None:
        pass


def register(app: Flask, csrf: CSRFProtect) -> None:
    """Mount the API; it answers to a bearer token, not to cookies, so CSRF does not apply."""
    for name, value in SETTINGS.items():
        app.config.setdefault(name, value)
    api = TouchlineApi(app)
    api.spec.components.security_scheme(
        LINK_SCHEME,
        {
            "type": "http",
            "scheme": "bearer",
            "description": "An access link's token (docs/access.md); revoked ones are refused",
        },
    )
    for blueprint in BLUEPRINTS:
        csrf.exempt(blueprint)
        api.register_blueprint(blueprint)
