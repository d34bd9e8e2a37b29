"""The match page, the scorer link and the live scoring page."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("scoring", __name__)
