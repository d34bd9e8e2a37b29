"""The replay page and annotations."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("replay", __name__)
