"""Templates of macros, made once per web app and handed to the templates that use them.

`{% from "_settling.html" import … %}` or `{% import "situation/_macros.html" as s %}` in a
template drawn many times a request (every frame of a run of the replay draws the entry, the
annotations and the game's situation) cost ~6% of the frame each time: Jinja works out afresh,
for every import, which globals the importing template has that the imported one lacks. An
import without context sees the globals only, and so does a template's module made once
(`Template.module`), so `{% set s = macros("situation/_macros.html") %}` gives a template the
same macros for nothing.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app

bp = Blueprint("macro_modules", __name__)


@bp.app_template_global()
def macros(template: str) -> Any:
    """The macros of `template`, made once per web app (as an import without context)."""
    return current_app.jinja_env.get_template(template).module
