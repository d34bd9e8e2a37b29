"""A game's situation drawn by the reader's browser while stepping through a replay.

Drawing a frame on the server costs a millisecond, two fifths of it the game's situation
template, so a walk through a 1,000-entry match cost twenty loads of it. A game may give its
situation template a twin in JavaScript, `situation.js` beside `situation.html` in its
package's `templates/` folder (so a game stays one package), which draws the same markup from
the situation as data. Where it has one, the runs of frames the replay's script fetches carry
each step's situation as data (`situation_data`) in place of its drawing, and the script draws
it when the step is shown; the page itself, the one-frame answer, a game without a twin and a
browser without the script are drawn on the server as before. The twin draws with the words
the server translated for the page (`situation_words.html`, beside the two) and the names of
the cards as the `bilingual` filter shows them and the situation's words (its phrases) as the
`translated` filter shows them, sent with each step. Tested to draw, at every
step of a golden match of its game, the situation the server draws
(tests/browser/test_replay_situation_twins_in_browser.py).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache, lru_cache

import orjson
from flask import Blueprint, Response, abort, current_app, render_template, request, url_for
from jinja2 import TemplateNotFound
from markupsafe import Markup, escape

from domain.names import bilingual
from domain.phrase import Phrase
from domain.ruleset import JSON
from service.replay_views import ReplayView
from web.language import translated
from web.static_files import FOREVER

bp = Blueprint("situation_scripts", __name__)

SCRIPT = "situation.js"
WORDS = "situation_words.html"


@cache
def _script(ruleset: str) -> tuple[str, str] | None:
    """The game's twin and its version (the first 12 hex digits of its SHA-256), read once
    from its package; None for a game without one."""
    loader = current_app.jinja_env.loader
    if loader is None:
        return None
    try:
        source, _, _ = loader.get_source(current_app.jinja_env, f"games/{ruleset}/{SCRIPT}")
    except TemplateNotFound:
        return None
    return source, hashlib.sha256(source.encode()).hexdigest()[:12]


def has_twin(ruleset: str) -> bool:
    return _script(ruleset) is not None


def script_version(ruleset: str) -> str:
    found = _script(ruleset)
    return "" if found is None else found[1]


@bp.app_template_global()
def situation_script(ruleset: str) -> str:
    """The twin's address, naming its version."""
    return url_for("situation_scripts.script", ruleset=ruleset, v=script_version(ruleset))


@bp.app_template_global()
def situation_words(ruleset: str) -> Markup:
    """The words the twin draws with, in the page's language, as JSON escaped for an
    attribute: the game's `situation_words.html` writes them with the template's own `_()`,
    so they are the very translations the server's drawing uses."""
    words = render_template(f"games/{ruleset}/{WORDS}")
    return escape(" ".join(words.split()))


@bp.get("/games/<ruleset>/situation.js")
def script(ruleset: str) -> Response:
    """The twin, kept by the browser for good under the address naming its version, as the
    app's own static files are (web/static_files.py)."""
    found = _script(ruleset)
    if found is None:
        abort(404)
    source, version = found
    answer = Response(source, mimetype="text/javascript")
    if request.args.get("v") == version:
        answer.headers["Cache-Control"] = FOREVER
    else:
        answer.headers["Cache-Control"] = "no-cache"
        answer.set_etag(version)
        answer.make_conditional(request)
    return answer


@lru_cache(maxsize=4096)
def _bilingual(name: str) -> str:
    return bilingual(name)


def _names(value: JSON, found: dict[str, str], said: dict[str, str]) -> None:
    """Every `name` in the situation that the `bilingual` filter shows otherwise, and every
    word (a phrase: a phase, a period) that the `translated` filter shows otherwise."""
    if isinstance(value, dict):
        for key, member in value.items():
            if key == "name" and isinstance(member, str):
                shown = _bilingual(member)
                if shown != member:
                    found[member] = shown
            elif isinstance(member, Phrase):
                if key != "label":  # sent as `labels`
                    _said(member, said)
            elif isinstance(member, dict | list):
                _names(member, found, said)
    elif isinstance(value, list):
        for member in value:
            if isinstance(member, Phrase):
                _said(member, said)
            elif isinstance(member, dict | list):
                _names(member, found, said)


def _said(word: Phrase, said: dict[str, str]) -> None:
    if word not in said:
        shown = translated(word)
        if shown != word:
            said[word] = shown


@bp.app_template_global()
def situation_data(view: ReplayView) -> Markup:
    """The step's situation, its text and its cards' shown names, as JSON escaped for an
    attribute: what the twin draws from."""
    names: dict[str, str] = {}
    said: dict[str, str] = {}
    _names(view.situation, names, said)
    # What the server's template shows translated (the text box, the coaches' labels), the
    # twin is given as shown, in the page's language.
    coaches = view.situation.get("coaches") if isinstance(view.situation, dict) else None
    labels = (
        {side: translated(coach["label"]) for side, coach in coaches.items()}
        if isinstance(coaches, dict)
        else {}
    )
    data = {"situation": view.situation, "text": translated(view.text), "names": names}
    data["labels"] = labels
    data["said"] = said
    try:
        encoded = orjson.dumps(data).decode()
    except orjson.JSONEncodeError:  # text orjson refuses, a lone surrogate: as `json` writes it
        encoded = json.dumps(data)
    return escape(encoded)
