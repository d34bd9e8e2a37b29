"""How a match file writes a text value so that it stays one word on one line.

One rule for every text the file holds (header values, who entered a line and from where,
override and abandonment reasons, notes, and every text field of an entry):

1. a backslash is doubled: `\\\\`;
2. a character that is not printable text is written `\\uXXXX`, its code in four lower-case
   hexadecimal digits (`\\u000a` for a line break): the control characters (Unicode category
   Cc, tab and line breaks among them), surrogates (Cs), the line and paragraph separators
   (Zl, Zp) and the bidirectional formatting characters U+202A-U+202E and U+2066-U+2069, which
   would make a line read as another;
3. in a list the items are joined by commas, and a comma inside an item is written `\\u002c`;
4. the result is quoted as a POSIX shell quotes a word (`'Ken Wakashimazu'`), unless it needs
   no quotes.

Reading undoes them in the opposite order (`domain.notation.split_words` does step 4). A
backslash that starts neither escape is read as itself. Version 1 files quoted every value
(step 4) but escaped (steps 1 and 2, line breaks only) the details, reasons and notes alone:
their entries' fields are read without step 3, 2 or 1.
"""

from __future__ import annotations

import re
import shlex

from domain.ruleset import JSON
from domain.text import NOT_TEXT

# Step 2's characters are those no match may take in as text (domain.text.NOT_TEXT).
_TO_ESCAPE = re.compile(f"[\\\\{NOT_TEXT}]")
_TO_ESCAPE_IN_ITEM = re.compile(f"[\\\\,{NOT_TEXT}]")
_ESCAPED = re.compile(r"\\(\\|u[0-9a-f]{4})")
_SURROGATE = re.compile("[\ud800-\udfff]")
# What a version 2 line may not hold as it is: step 2's characters, but for the tab, which
# separates words like a space (a surrogate cannot reach here: the file decoded as Unicode).
_RAW_NOT_TEXT = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


class BadValue(ValueError):
    """A value whose escapes stand for something that is not text."""


def escape(text: str) -> str:
    """Steps 1 and 2: `text` with nothing in it that could end or disguise a line."""
    return _TO_ESCAPE.sub(_escaped, text)


def quote(text: str) -> str:
    """A text value as one word of a line (steps 1, 2 and 4)."""
    return shlex.quote(escape(text))


def quote_value(value: JSON) -> str:
    """An entry's field as one word: yes/no, a comma-separated list, or text."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return shlex.quote(",".join(_TO_ESCAPE_IN_ITEM.sub(_escaped, str(v)) for v in value))
    if value is None:
        return "''"
    return quote(str(value))


def unescape(text: str) -> str:
    """A value as it was before steps 1 and 2 (version 1 files use the same escapes)."""
    value = _ESCAPED.sub(_unescaped, text)
    surrogate = _SURROGATE.search(value)
    if surrogate:
        raise BadValue(
            f"\\u{ord(surrogate[0]):04x} is half of a UTF-16 surrogate pair, not a character "
            "(no store can keep it; write the character itself)"
        )
    return value


def unescape_list(text: str) -> list[str]:
    """The items of a list (step 3 undone, then steps 1 and 2); empty items are dropped."""
    return [unescape(item) for item in text.split(",") if item]


def raw_not_text(line: str) -> str | None:
    """What is wrong with a line that holds a character step 2 escapes, as it is."""
    found = _RAW_NOT_TEXT.search(line)
    if found is None:
        return None
    code = ord(found[0])
    return (
        f"column {found.start() + 1}: the character U+{code:04X} as it is (a match file writes "
        f"it \\u{code:04x})"
    )


def _escaped(match: re.Match[str]) -> str:
    character = match[0]
    return "\\\\" if character == "\\" else f"\\u{ord(character):04x}"


def _unescaped(match: re.Match[str]) -> str:
    return "\\" if match[1] == "\\" else chr(int(match[1][1:], 16))
