"""What text a match may take in: every name, card, reason, note and key is checked here.

Text enters from forms, API bodies, match files, team lists and the prompt, and once recorded
it is kept forever. Control characters are refused because they break what reads the record
later: PostgreSQL cannot hold NUL in a text column, a line break splits a line of the match
file, an escape sequence rewrites a terminal, and bidirectional overrides make a name read
as another. Each kind of text has a length bound so that one entry cannot fill a page.

These checks are for new input only. Replaying a stored match never runs them: a record
written before they existed must still load.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Final

from domain.phrase import phrase

# Longest accepted text, by what it is.
NAME_LIMIT: Final = 80  # a coach, team, card, league or scorer's name
REASON_LIMIT: Final = 500  # why an entry overrides a rule, why a match was abandoned
NOTE_LIMIT: Final = 2000  # an annotation: remarks, not essays
KEY_LIMIT: Final = 200  # an idempotency key or a device label
DIE_LABEL_LIMIT: Final = 40  # the physical die a table roll was made with ("red d6")
SETUP_TEXT_LIMIT: Final = 200  # any other text in match settings (a team list's entries)
SETUP_DEPTH_LIMIT: Final = 8  # how deeply match settings may nest

# What is not text to record, as a regular-expression character class (the match file escapes
# the very same characters): the control characters (Unicode category Cc: U+0000-U+001F and
# U+007F-U+009F), lone surrogates (Cs), which no store can encode, the line and paragraph
# separators, which break lines as control characters do, and the bidirectional embeddings,
# overrides and isolates, which reorder what is shown after them.
NOT_TEXT: Final = r"\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\u202a-\u202e\u2066-\u2069"


# Compiled when text is first checked: a class with the surrogates' 2,048 code points takes
# about as long to compile as the rest of this module to import, and showing a match checks no
# text.
@cache
def _not_text() -> re.Pattern[str]:
    return re.compile(f"[{NOT_TEXT}]")


@cache
def _not_note_text() -> re.Pattern[str]:
    """A note may keep its line breaks and tabs: it is multi-line prose."""
    return re.compile(f"(?![\\n\\t])[{NOT_TEXT}]")


class BadText(ValueError):
    """Text that cannot be recorded; the message names where it is and what is wrong."""


def checked_text(value: object, what: str, limit: int, *, multiline: bool = False) -> str:
    """`value` without surrounding white space, if it is text Touchline may record.

    `what` names the field in the error (`home coach`, `play: card`). Line breaks and tabs
    are allowed only where `multiline` is set; a Windows line end becomes a plain one.
    """
    if not isinstance(value, str):
        raise BadText(
            phrase("{what} must be text, not {type}", what=what, type=type(value).__name__)
        )
    text = trimmed(value, multiline=multiline)
    if not text:
        raise BadText(phrase("{what} is empty", what=what))
    if len(text) > limit:
        raise BadText(_too_long(what, limit, len(text)))
    _refuse_controls(text, what, multiline)
    return text


def trimmed(value: str, *, multiline: bool = False) -> str:
    """Text as it is recorded: without surrounding white space, and where it may span lines,
    with a Windows line end made a plain one."""
    return (value.replace("\r\n", "\n") if multiline else value).strip()


def check_setup_text(setup: object, what: str = "setup") -> None:
    """Every text in match settings (names, options, a team list's cards), however nested."""
    _check_nested(setup, what, 0, SETUP_TEXT_LIMIT)


# Keys in match settings whose text is a name, held to the names' bound.
_NAME_KEYS: Final = frozenset({"coach", "team", "name", "card", "by"})


def _check_nested(value: object, where: str, depth: int, limit: int) -> None:
    # Blank or missing names are each setup's own business (it says which name is missing);
    # here only what no setup may hold is refused.
    if depth > SETUP_DEPTH_LIMIT:
        raise BadText(
            phrase("{where} nests deeper than {limit} levels", where=where, limit=SETUP_DEPTH_LIMIT)
        )
    if isinstance(value, str):
        if len(value.strip()) > limit:
            raise BadText(_too_long(where, limit, len(value.strip())))
        _refuse_controls(value, where, multiline=False)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            _check_nested(str(key), f"{where}: a name", depth + 1, NAME_LIMIT)
            inner = NAME_LIMIT if key in _NAME_KEYS else SETUP_TEXT_LIMIT
            _check_nested(item, f"{where}.{key}", depth + 1, inner)
    elif isinstance(value, Sequence) and not isinstance(value, bytes | bytearray):
        for index, item in enumerate(value, start=1):
            _check_nested(item, f"{where}[{index}]", depth + 1, limit)


def _refuse_controls(text: str, what: str, multiline: bool) -> None:
    found = (_not_note_text() if multiline else _not_text()).search(text)
    if found:
        raise BadText(
            phrase(
                "{what} holds the control character {character} at position {position}: "
                "only printable text is recorded",
                what=what,
                character=_name(found[0]),
                position=found.start() + 1,
            )
        )


def _too_long(what: str, limit: int, length: int) -> str:
    return phrase(
        "{what} holds at most {limit} characters, not {length}",
        what=what,
        limit=limit,
        length=length,
    )


def _name(character: str) -> str:
    return f"U+{ord(character):04X}"
