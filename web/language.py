"""The language a page speaks: the reader's own choice, else their browser's, else English.

A reader chooses with the switch every page carries (base.html): `/language/ja` remembers the
choice in a cookie for a year and goes back to the page it came from. Without a choice, the
browser's Accept-Language decides (`service.i18n.best_language`, in the browser's order of
preference). Every answer says it varies with both, so that no cache hands a Japanese page to
an English reader.

The pages' own words come from the `messages` catalogue (Flask-Babel's `_`, `ngettext`); what
the rules say (a refusal, a prompt, a sentence of the log) is shown through `translated` and
`refusal`, the same functions the command line uses, so a page and a command say a rule alike.
"""

from __future__ import annotations

from datetime import UTC, datetime
from urllib.parse import urlsplit

from flask import Blueprint, Flask, Response, redirect, request, url_for
from flask_babel import Babel, format_datetime, get_locale
from markupsafe import Markup, escape
from werkzeug.wrappers import Response as WerkzeugResponse

from service import i18n
from service.recovered_phrases import recovered

bp = Blueprint("language", __name__)

COOKIE = "lang"
COOKIE_SECONDS = 365 * 24 * 3600
# What each language is called on the switch: in itself, as a reader looking for theirs reads it.
NAMES = {"en": "English", "ja": "日本語"}


def chosen() -> str | None:
    """The language the reader chose with the switch, if it is one Touchline speaks."""
    return i18n.supported(request.cookies.get(COOKIE))


def select_language() -> str:
    """Flask-Babel's locale selector: the switch's choice, else Accept-Language, else English."""
    return chosen() or i18n.best_language(request.accept_languages.values())


def language() -> str:
    """The current page's language (English outside a request)."""
    locale = get_locale()
    return (i18n.supported(str(locale)) if locale is not None else None) or i18n.DEFAULT_LANGUAGE


def translated(text: str) -> str:
    """Text the rules said (a phrase, a prompt, a kind's name) in the page's language."""
    return i18n.translated(text, language())


def told(text: str) -> str:
    """A sentence stored with an entry (what followed from it) in the page's language: stored
    as plain English, it is read again as the phrase it was made from."""
    lang = language()
    return i18n.translated(recovered(text, lang), lang)


def word(key: str) -> str:
    """A key of a game's data that the situation gives as a key, not a phrase (a King of the
    Pitch cube's metal, a key of a dict), in the page's language: the game names its keys with
    phrases whose English is the key itself (domain/king_of_the_pitch/words.py), so the key is
    the template to look up; a key with no word is shown as it is."""
    said = language()
    if said == i18n.DEFAULT_LANGUAGE or not isinstance(key, str):
        return key
    return i18n.catalogue(said, "rules").gettext(key)


def refusal(rule: str, message: str) -> Markup:
    """A broken rule as the pages show it: the rule ID in bold, then its sentence."""
    said = i18n.refusal(rule, message, language())
    head = f"{rule}: "
    if said.startswith(head):
        return Markup("<strong>{}</strong> {}").format(rule, said[len(head) :])
    return Markup(escape(said))


def moment(at: str) -> str:
    """A stored ISO 8601 time as the reader's language writes it, in UTC as it was stored
    (English keeps the ISO form the log and match files use: `2026-11-29 20:00:00 UTC`)."""
    english = at.replace("T", " ").replace("+00:00", " UTC")
    if language() == i18n.DEFAULT_LANGUAGE:
        return english
    try:
        when = datetime.fromisoformat(at)
    except ValueError:
        return english
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return f"{format_datetime(when.astimezone(UTC), 'medium')} UTC"


def _local(target: str | None) -> str:
    """A path on this site to go back to; anything else (another host, `//evil`) is home."""
    if not target:
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return "/"
    if "\\" in target or any(ord(c) < 32 for c in target):
        return "/"
    return target


@bp.get("/language/<lang>")
def switch(lang: str) -> WerkzeugResponse:
    """Remember `lang` for this browser and go back to the page the switch was on."""
    response = redirect(request.script_root + _local(request.args.get("next")), 303)
    found = lang if lang in i18n.LANGUAGES else None
    if found is None:
        # An unknown language: forget the choice, so the browser's own decides again.
        response.delete_cookie(COOKIE)
    else:
        response.set_cookie(
            COOKIE,
            found,
            max_age=COOKIE_SECONDS,
            samesite="Lax",
            secure=request.is_secure,
            httponly=True,
        )
    return response


# What every answer's language is chosen from (`varies`).
VARIES = "Accept-Language, Cookie"


def varies(response: Response) -> Response:
    """Every answer may differ by the reader's language: say what it was chosen from."""
    if "Vary" not in response.headers:
        # Nearly every answer: one header set, where each `vary.add` parses and writes the
        # header again (a hundredth of an entry's CPU through the API).
        response.headers["Vary"] = VARIES
        return response
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    return response


def switch_links() -> list[tuple[str, str, str, bool]]:
    """The switch's links: (language, its name, where it goes, whether it is the current one)."""
    # The page's path alone: a page's address may carry what a form typed (`?pick=…`), which
    # the page must not echo back, and pages that differ only by their query read the same.
    here = request.path
    current = language()
    return [
        (lang, NAMES[lang], url_for("language.switch", lang=lang, next=here), lang == current)
        for lang in i18n.LANGUAGES
    ]


def register(app: Flask) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(i18n.CATALOGUES))
    app.config.setdefault("BABEL_DEFAULT_LOCALE", i18n.DEFAULT_LANGUAGE)
    Babel(app, locale_selector=select_language)
    app.register_blueprint(bp)
    app.after_request(varies)
    app.add_template_filter(translated)
    app.add_template_filter(told)
    app.add_template_filter(word)
    app.add_template_filter(moment)
    app.add_template_global(refusal)
    app.add_template_global(language, "page_language")
    app.add_template_global(switch_links, "language_links")
