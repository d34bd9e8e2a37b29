"""Statistics pages: players, coaches, teams and dice."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("stats", __name__)


@bp.get("/stats")
def index() -> str:
    return "stats"
