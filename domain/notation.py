"""The one-line text form of an action: `play coach=toho card="Ken Wakashimazu" defense=4`.

The first word is the entry kind; the rest are `field=value` pairs, quoted as a shell would
quote them. Leading values without a name fill the kind's fields in declaration order, so a
scorer may type `roll toho 5` for `roll coach=toho value=5`. The canonical form written by
`format_action` always names every field that differs from its default.

Lines are split into words by `split_words`, which follows the quoting rules of the standard
library's `shlex.split` in one pass: shlex builds each word a character at a time, which
takes time quadratic in the length of a word (a 2 MB word took 40 seconds).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, assert_never

from domain.actions import ActionCodec
from domain.glyphs import symbol_of
from domain.log import (
    Abandonment,
    Annotation,
    Confirmation,
    Correction,
    Dispute,
    Entry,
    LogLine,
    Retraction,
    Ruling,
)
from domain.names import name_key
from domain.phrase import commas, phrase
from domain.ruleset import JSON, MalformedAction
from domain.suggestions import did_you_mean

# One part of a word: unquoted characters, a single-quoted part, a double-quoted part (where a
# backslash takes the next character along), or a backslash and the character it escapes.
_PART = r"""[^ \t\r\n'"\\]+|'[^']*'|"[^"\\]*(?:\\.[^"\\]*)*"|\\."""
_SEPARATORS = " \t\r\n"  # what separates words (shlex's whitespace)


# The notation's regular expressions are compiled when a line is first read: a command that
# reads none (showing a match) does not pay for compiling them.
@cache
def _word() -> re.Pattern[str]:
    return re.compile(f"(?:{_PART})+", re.DOTALL)


@cache
def _parts() -> re.Pattern[str]:
    return re.compile(_PART, re.DOTALL)


@cache
def _gap() -> re.Pattern[str]:
    return re.compile(f"[{_SEPARATORS}]*")


@cache
def _double_quoted_escape() -> re.Pattern[str]:
    """Within double quotes a backslash escapes only a backslash or a double quote."""
    return re.compile(r'\\([\\"])')


# Reads one value of an entry from its text: (kind, field name, text) -> value.
ValueReader = Callable[[str, str, str], JSON]


class UnreadableWords(ValueError):
    """A line whose quotes or backslashes do not close."""


def split_words(text: str) -> list[str]:
    """The words of a line, quoted as a POSIX shell quotes them (what `shlex.split` gives).

    Outside quotes a backslash keeps the next character as it is; `'...'` keeps everything
    literally; `"..."` keeps everything but `\\\\` and `\\"`, which stand for `\\` and `"`.
    Quoted and unquoted parts next to each other make one word. Linear in the line's length.
    """
    words: list[str] = []
    position = _skip_gap(text, 0)
    while position < len(text):
        word = _word().match(text, position)
        end = position if word is None else word.end()
        if end < len(text) and text[end] not in _SEPARATORS:
            raise UnreadableWords(_unclosed(text, end))
        assert word is not None  # a word that could not start is reported just above
        words.append(_unquoted(word.group()))
        position = _skip_gap(text, end)
    return words


def _skip_gap(text: str, position: int) -> int:
    gap = _gap().match(text, position)
    assert gap is not None  # the pattern matches the empty string anywhere
    return gap.end()


def _unquoted(word: str) -> str:
    if not any(mark in word for mark in "'\"\\"):
        return word
    return "".join(_unquoted_part(part) for part in _parts().findall(word))


def _unquoted_part(part: str) -> str:
    if part[0] == "'":
        return part[1:-1]
    if part[0] == '"':
        return _double_quoted_escape().sub(r"\1", part[1:-1])
    if part[0] == "\\":
        return part[1]
    return part


def _unclosed(text: str, position: int) -> str:
    # A word stops short only at a quote that never closes or at a backslash ending the line.
    if text[position] == "\\":
        return phrase("no escaped character (the line ends with a \\)")
    return phrase(
        "no closing quotation (the {mark} at column {column})",
        mark=text[position],
        column=position + 1,
    )


def parse_action(codec: ActionCodec, text: str) -> dict[str, JSON]:
    """Split a line into the dict form of an action; the codec then checks its types."""
    try:
        words = split_words(text)
    except UnreadableWords as error:
        problem = error.args[0]
        raise MalformedAction(
            phrase("cannot read {text}: {problem}", text=repr(text), problem=problem)
        ) from None
    return action_from_words(codec, words)


def action_from_words(
    codec: ActionCodec, words: list[str], read_value: ValueReader | None = None
) -> dict[str, JSON]:
    """The dict form of an action from its words: the kind, then values, named or in order.

    `read_value` turns a value's text into the value (the match file unescapes it there);
    without it each value stays the text it was given.
    """
    if not words:
        raise MalformedAction(phrase("an empty entry"))
    kind, rest = codec.kind_named(words[0]), words[1:]
    names = codec.field_names(kind)
    data: dict[str, JSON] = {"kind": kind}
    position = 0
    for word in rest:
        name, equals, value = word.partition("=")
        if not (equals and name):
            while position < len(names) and names[position] in data:
                position += 1
            if position >= len(names):
                raise MalformedAction(
                    phrase(
                        "{kind}: too many values ({word} has no field to fill)",
                        kind=kind,
                        word=repr(word),
                    )
                )
            name, value = names[position], word
            position += 1
        elif name not in names:
            name = next((n for n in names if n.casefold() == name.casefold()), name)
            if name not in names:
                raise MalformedAction(
                    phrase(
                        "{kind}: unknown field {name}{hint} (fields: {fields})",
                        kind=kind,
                        name=repr(name),
                        hint=did_you_mean(name, names),
                        fields=commas(names) or phrase("none"),
                    )
                )
        if name in data:
            raise MalformedAction(phrase("{kind}: {name} is given twice", kind=kind, name=name))
        data[name] = value if read_value is None else read_value(kind, name, value)
    return _declared_spelling(codec, data)


def _declared_spelling(codec: ActionCodec, data: dict[str, JSON]) -> dict[str, JSON]:
    """Choices written in another case or language, as the game declares them (`Toho`,
    `東邦` → `toho`), so that
    everything after the parser (filling dice, comparing with what is expected) sees one
    spelling. The codec accepts any case too, for actions that arrive as data."""
    for name, words in codec.spellings(str(data["kind"])).items():
        value = data.get(name)
        if not isinstance(value, str) or value in words.values():
            continue
        # A list's words are separated by commas: `points=Shot,PASS`.
        data[name] = ",".join(str(words.get(name_key(part), part)) for part in value.split(","))
    return data


def canonical_fields(codec: ActionCodec, data: Mapping[str, JSON]) -> list[tuple[str, JSON]]:
    """The fields of an action's dict form that differ from their defaults, in order."""
    defaults = codec.defaults(str(data["kind"]))
    return [
        (name, value)
        for name, value in data.items()
        if name != "kind" and not (name in defaults and value == defaults[name])
    ]


def format_action(codec: ActionCodec, action: Any) -> str:
    """The canonical line for an action: its kind, then each non-default field as name=value."""
    data = codec.to_dict(action)
    words = [str(data["kind"])]
    words.extend(f"{name}={_format_value(value)}" for name, value in canonical_fields(codec, data))
    return " ".join(words)


def _format_value(value: JSON) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return shlex.quote(",".join(str(v) for v in value))
    if value is None:
        return '""'
    return shlex.quote(str(value))


def line_notation(codec: ActionCodec, line: LogLine) -> str:
    """What a log line records, in the one-line notation: `play coach=toho card=…`,
    `undo 5`, `note on 3: …`, `abandoned: …`. The terminal and the pages both show this.

    An entry kept from an earlier release whose action today's codec would refuse is shown as
    it is stored rather than not at all.
    """
    match line:
        case Correction():
            return f"correct {line.replaces} as {action_notation(codec, line)}: {line.reason}"
        case Entry():
            return action_notation(codec, line)
        case Retraction():
            return f"undo {line.retracts}"
        case Annotation():
            judged = f" {symbol_of(line.glyph)}" if line.glyph else ""
            return f"note on {line.on}{judged}: {line.text}"
        case Abandonment():
            return f"abandoned: {line.reason}"
        case Dispute():
            return f"dispute {'result' if line.on is None else line.on}: {line.reason}"
        case Ruling():
            ruled = f"ruling on {line.dispute}: {line.decision} ({', '.join(line.rules)})"
            if line.replay_from is not None:
                ruled += f" from entry {line.replay_from}"
            return f"{ruled}: {line.text}" if line.text else ruled
        case Confirmation():
            return f"confirm result for {line.side}"
        case _:
            assert_never(line)


def action_notation(codec: ActionCodec, line: Entry) -> str:
    """An entry's action alone (a correction's without what it corrects and why), or, for an
    entry kept from an earlier release that today's codec would refuse, as it is stored."""
    try:
        return format_action(codec, line.decoded(codec.from_dict))
    except MalformedAction:
        return str(dict(line.action))
