"""League pages and standings downloads."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("leagues", __name__)


@bp.get("/leagues")
def index() -> str:
    return "leagues"
