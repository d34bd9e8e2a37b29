"""A TCG team list as a person hands it over: a file's bytes or pasted text, read as TOML.

The command line reads a file and the new-match form an upload or a pasted text; both come
here, so that a list too large, not UTF-8 or not TOML is refused in the same words, each
naming where the fault is: the line and column TOML's reader gives, the line of the first
byte that is not UTF-8. The words are phrases, said in the reader's language by the adapter;
TOML's reader speaks English, so its messages are recognised and said as phrases too.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from typing import Any, Final

from domain.phrase import phrase, phrase_template, recognised
from service.errors import BadInput

# A team list is sixty cards of a few lines each; anything larger is not one.
TEAM_LIST_LIMIT: Final = 100_000  # bytes

# Every message Python's TOML reader (tomllib) gives, before the place it appends.
TOML_PROBLEMS: Final = (
    phrase_template("Invalid statement"),
    phrase_template("Expected newline or end of document after a statement"),
    phrase_template("Expected {expected}"),
    phrase_template("Found invalid character {character}"),
    phrase_template("Cannot declare {key} twice"),
    phrase_template("Cannot overwrite a value"),
    phrase_template("Expected ']' at the end of a table declaration"),
    phrase_template("Cannot mutate immutable namespace {key}"),
    phrase_template("Expected ']]' at the end of an array declaration"),
    phrase_template("Cannot redefine namespace {key}"),
    phrase_template("Expected '=' after a key in a key/value pair"),
    phrase_template("Invalid initial character for a key part"),
    phrase_template("Unclosed array"),
    phrase_template("Duplicate inline table key {key}"),
    phrase_template("Unclosed inline table"),
    phrase_template("Unescaped '\\' in a string"),
    phrase_template("Invalid hex value"),
    phrase_template("Escaped character is not a Unicode scalar value"),
    phrase_template("Unterminated string"),
    phrase_template("Illegal character {character}"),
    phrase_template("Invalid date or datetime"),
    phrase_template("Invalid value"),
)


# Compiled when a list first fails to parse, not when a command that reads none starts.
@cache
def _placed() -> re.Pattern[str]:
    return re.compile(
        r"(?P<problem>.*) \(at (?:line (?P<line>\d+), column (?P<column>\d+)|end of document)\)",
        re.DOTALL,
    )


def team_list_text(data: bytes, source: str) -> str:
    """The text of a team list file, refused when it is too large or not UTF-8; `source`
    names the file in the error."""
    if len(data) > TEAM_LIST_LIMIT:
        raise BadInput(phrase("{source} is too large to be a team list", source=source))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise BadInput(
            phrase("{source} is not UTF-8 text (at line {line})", source=source, line=line)
        ) from None


def team_list_from_text(text: str, source: str) -> dict[str, Any]:
    """A TCG team list written in TOML, parsed; `source` names it in the error."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        problem = toml_problem(error)
        raise BadInput(
            phrase("{source} is not valid TOML: {problem}", source=source, problem=problem)
        ) from None


def toml_problem(error: tomllib.TOMLDecodeError) -> str:
    """What the TOML reader found and where, as a phrase; its own words when they are new."""
    said = str(error)
    placed = _placed().fullmatch(said)
    if placed is None:
        return said
    problem: str = recognised(placed["problem"], TOML_PROBLEMS) or placed["problem"]
    if placed["line"] is None:
        return phrase("{problem} (at end of document)", problem=problem)
    return phrase(
        "{problem} (at line {line}, column {column})",
        problem=problem,
        line=int(placed["line"]),
        column=int(placed["column"]),
    )
