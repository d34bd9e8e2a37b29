"""The JSON API under /api/, described by the OpenAPI document at /api/openapi.json."""

from __future__ import annotations

from flask import Flask
from flask_wtf.csrf import CSRFProtect


def register(app: Flask, csrf: CSRFProtect) -> None:
    """Mount the API; it answers to a bearer token, not to cookies, so CSRF does not apply."""
