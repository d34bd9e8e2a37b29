"""Server-sent events: spectators see new entries without reloading."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("updates", __name__)
