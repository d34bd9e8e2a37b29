"""Every message Touchline can show has its Japanese, and the compiled catalogues are current.

The messages are extracted from the source as `scripts/translations.sh` does (babel.cfg), so a
new `_("…")` in a page or command, or a new `phrase("…")` in the rules, fails here until the
catalogue has its translation.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from domain.phrase import Phrase, phrase
from service import i18n

ROOT = Path(__file__).resolve().parents[1]
# As the script reads them: with the command line's help and click's own messages
# (cli/help_extraction.py).
with open(ROOT / "babel.cfg") as config:
    METHODS, OPTIONS = parse_mapping_cfg(config)
SOURCES = {
    "messages": (("cli", "web", "service", "schemas", "domain"), DEFAULT_KEYWORDS),
    "rules": (("domain", "service"), {"phrase": None, "phrase_template": None}),
}
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT_LANGUAGE]


def extracted(domain: str) -> set[str]:
    folders, keywords = SOURCES[domain]
    found: set[str] = set()
    for folder in folders:
        for _file, _line, message, _comments, _context in extract_from_dir(
            ROOT / folder, METHODS, OPTIONS, keywords=keywords
        ):
            found.add(message if isinstance(message, str) else message[0])
    return found


def catalogue_of(lang: str, domain: str):
    with open(i18n.CATALOGUES / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as file:
        return read_po(file, locale=lang, domain=domain)


def fields(text: str) -> set[str]:
    """The placeholders of a message: `{card}` (a phrase) and `%(name)s` / `%s` (gettext)."""
    return set(re.findall(r"\{[^{}]*\}|%\([^)]*\)[sdr]|%[sdr]", text))


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", i18n.DOMAINS)
def test_every_message_has_a_translation(domain: str, lang: str) -> None:
    po = catalogue_of(lang, domain)
    missing = sorted(
        message
        for message in extracted(domain)
        if message not in po or not po[message].string or po[message].fuzzy
    )
    assert not missing, f"{len(missing)} {domain} message(s) lack {lang}: {missing[:20]}"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", i18n.DOMAINS)
def test_a_translation_keeps_the_placeholders_of_its_message(domain: str, lang: str) -> None:
    wrong = [
        (message.id, message.string)
        for message in catalogue_of(lang, domain)
        if message.id and message.string and isinstance(message.id, str)
        if fields(message.id) != fields(message.string)
    ]
    assert not wrong


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", i18n.DOMAINS)
def test_the_compiled_catalogue_is_the_one_translated(domain: str, lang: str) -> None:
    compiled = gettext.translation(domain, i18n.CATALOGUES, languages=[lang])
    stale = [
        message.id
        for message in catalogue_of(lang, domain)
        if message.id and isinstance(message.id, str) and message.string and not message.fuzzy
        if (
            compiled.pgettext(message.context, message.id)
            if message.context
            else compiled.gettext(message.id)
        )
        != message.string
    ]
    assert not stale, "run scripts/translations.sh to compile the catalogues"


def test_a_phrase_is_its_english_text_and_remembers_its_template() -> None:
    said = phrase("{card} has the wait icon", card="Tsubasa Ozora")
    assert said == "Tsubasa Ozora has the wait icon"
    assert isinstance(said, Phrase)
    assert (said.template, dict(said.params)) == (
        "{card} has the wait icon",
        {"card": "Tsubasa Ozora"},
    )
    assert i18n.translated(said, "en") is said


def test_text_that_is_not_a_phrase_is_shown_as_it_is() -> None:
    assert i18n.translated("typed by a coach", "ja") == "typed by a coach"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "ja_JP.UTF-8", "LC_ALL": "C"}, "en"),
        ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "ja_JP"}, "ja"),
        ({"LANGUAGE": "fr:ja", "LANG": "en_US"}, "ja"),
        ({"LANGUAGE": "fr", "LANG": "ja_JP"}, "ja"),
    ],
)
def test_the_language_follows_the_posix_variables(environ: dict[str, str], expected: str) -> None:
    assert i18n.language_from_environment(environ) == expected


def test_the_best_language_is_the_first_supported_one() -> None:
    assert i18n.best_language(["fr-CA", "ja-JP", "en"]) == "ja"
    assert i18n.best_language(["de"]) == "en"


def test_a_refusal_names_its_rule_and_says_its_sentence() -> None:
    said = phrase("{card} has the wait icon", card="Misaki")
    assert i18n.refusal("TCG-8.7", said, "en") == "TCG-8.7: Misaki has the wait icon"
