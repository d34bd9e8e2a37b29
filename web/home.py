"""Home page and the new-match form."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    return "Touchline"


@bp.get("/matches/new")
def new_match() -> str:
    return "new match"
