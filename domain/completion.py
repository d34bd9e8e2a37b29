"""Tab completion of a line of notation: the kind, field names (`shot=`), the values of a
choice, sides, and the names of cards and players the match has seen.

Completion works on the whole line up to the cursor and returns whole lines, so a name with
spaces (`play toho "Kojiro Hy`) completes inside its quotes. What is legal now comes first:
the kinds expected next, and the values the situation fixes or offers for them.

A side, a word of a game or a card listed in two languages (domain/names.py) also completes
from the start of its Japanese name, of its reading or of a listed variant, typed in Japanese:
`kickoff 東` → `kickoff 東邦`, `play 南葛 おおぞら` → `play 南葛 大空翼`. It completes to the
name that was being typed (the Japanese name for its reading), which the rules read as the same
side or card; a card the match has seen only in Japanese completes from its English name too.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from domain.actions import ActionCodec, FieldSpec
from domain.log import Entry, LogLine
from domain.names import NAMES, lookup_form
from domain.notation import UnreadableWords, split_words
from domain.ruleset import JSON, Expected
from domain.suggestions import is_japanese

_SPACES = " \t"
# A word a line may hold without quotes: what shlex leaves unquoted, with letters of any
# script (`大空翼`) as well as Latin ones.
_PLAIN = re.compile(r"[\w@%+=:,./-]+")


@dataclass(frozen=True)
class CompletionContext:
    """What completion knows of the match: the entries legal now and the names it has seen."""

    codec: ActionCodec
    now: Sequence[Expected] = ()
    names: Sequence[str] = ()


def names_seen(codec: ActionCodec, log: Iterable[LogLine], now: Sequence[Expected]) -> list[str]:
    """Every card or player name the match knows: the text values of its entries and those the
    situation offers next, most recent first."""
    found: dict[str, None] = {}
    for expected in now:
        for value in [*expected.fixed.values(), *_flat(expected.choices.values())]:
            if isinstance(value, str) and _is_text(codec, expected.kind, value, expected):
                found.setdefault(value, None)
    for line in reversed(list(log)):
        if not isinstance(line, Entry) or line.kind not in codec.kinds:
            continue
        for spec in codec.describe(line.kind):
            if spec.type == "text" or (spec.type == "list" and spec.item == "text"):
                for value in _values(line.action.get(spec.name)):
                    found.setdefault(value, None)
    return list(found)


def _flat(groups: Iterable[Sequence[JSON]]) -> list[JSON]:
    return [value for group in groups for value in group]


def _is_text(codec: ActionCodec, kind: str, value: str, expected: Expected) -> bool:
    if kind not in codec.kinds:
        return False
    texts = {
        spec.name
        for spec in codec.describe(kind)
        if spec.type == "text" or (spec.type == "list" and spec.item == "text")
    }
    named = {k for k, v in expected.fixed.items() if v == value}
    named |= {k for k, values in expected.choices.items() if value in values}
    return bool(named & texts)


def _values(value: JSON) -> list[str]:
    if isinstance(value, str) and value.strip():
        return [value]
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str) and v.strip()]
    return []


def completions(context: CompletionContext, line: str) -> list[str]:
    """The whole lines `line` (the text up to the cursor) may complete to, best first."""
    start, opening = _current_word(line)
    head, partial = line[:start], line[start:]
    try:
        before = split_words(head)
    except UnreadableWords:
        return []
    codec = context.codec
    if not before:
        return [head + kind + " " for kind in _kinds(context) if _starts(kind, partial)]
    kind = codec.kind_named(before[0])
    if kind not in codec.kinds:
        return []
    specs = {spec.name: spec for spec in codec.describe(kind)}
    equals = partial.find("=")
    quoted_from = min([partial.find(q) for q in ("'", '"') if q in partial] or [len(partial)])
    if 0 < equals < quoted_from:
        name, value = partial[:equals], partial[equals + 1 :]
        spec = specs.get(_field_named(specs, name))
        if spec is None:
            return []
        prefix = head + spec.name + "="
        if spec.type == "list":
            # A list completes its last item: `points=shot,p` → `points=shot,pass`.
            done, comma, value = value.rpartition(",")
            prefix += done + comma
        return _finished(prefix, value, _field_values(context, kind, spec))
    given = _given(codec, kind, before[1:])
    found = []
    positional = next((spec for spec in specs.values() if spec.name not in given), None)
    if positional is not None:
        found.extend(_finished(head, partial, _field_values(context, kind, positional)))
    found.extend(
        head + spec.name + "="
        for spec in specs.values()
        if spec.name not in given and opening is None and _starts(spec.name + "=", partial)
    )
    return list(dict.fromkeys(found))


def _field_named(specs: dict[str, FieldSpec], typed: str) -> str:
    return next((name for name in specs if name.casefold() == typed.casefold()), typed)


def _kinds(context: CompletionContext) -> list[str]:
    legal = [expected.kind for expected in context.now]
    return list(dict.fromkeys([*legal, *sorted(context.codec.kinds)]))


def _given(codec: ActionCodec, kind: str, words: list[str]) -> set[str]:
    """The fields the words already fill, named or in order (as the parser fills them)."""
    names = codec.field_names(kind)
    given: set[str] = set()
    position = 0
    for word in words:
        name, equals, _ = word.partition("=")
        if equals and name:
            given.add(next((n for n in names if n.casefold() == name.casefold()), name))
            continue
        while position < len(names) and names[position] in given:
            position += 1
        if position < len(names):
            given.add(names[position])
            position += 1
    return given


def _field_values(context: CompletionContext, kind: str, spec: FieldSpec) -> list[str]:
    """What the field may hold: what the situation fixes or offers now, else its declared
    values, else (a name) the names the match has seen."""
    offered: list[str] = []
    for expected in context.now:
        if expected.kind != kind:
            continue
        if spec.name in expected.fixed:
            offered.append(_text(expected.fixed[spec.name]))
        offered.extend(_text(v) for v in expected.choices.get(spec.name, ()))
    if offered:
        return list(dict.fromkeys(offered))
    if spec.options:
        return [str(option) for option in spec.options]
    if spec.type == "bool":
        return ["yes", "no"]
    if spec.type == "text" or (spec.type == "list" and spec.item == "text"):
        return list(context.names)
    return []


def _text(value: JSON) -> str:
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def _finished(prefix: str, partial: str, values: list[str]) -> list[str]:
    """Each value starting as `partial` does, quoted as needed, after `prefix`."""
    quote = partial[:1] if partial[:1] in ("'", '"') else ""
    typed = partial[len(quote) :]
    found = [_as_typed(value, typed) for value in values]
    return [prefix + _quoted(v, quote) + " " for v in dict.fromkeys(v for v in found if v)]


def _as_typed(value: str, typed: str) -> str | None:
    """`value` when it starts as `typed` does; else, for a listed value, its name in the
    language typed: typed in Japanese, the Japanese name it starts (or the name whose reading
    it starts) or the listed variant it starts; typed in Latin letters, the English name it
    starts. None when it starts none of them."""
    if _starts(value, typed):
        return value
    identity = NAMES.find(value)
    if identity is None:
        return None
    if not is_japanese(typed):
        # A card the match has seen only in Japanese completes from its English name too.
        return identity.en if _starts(identity.en, typed) else None
    start = lookup_form(typed)
    if not start:
        return None
    for spelling in (identity.ja, identity.reading, *identity.aliases):
        if spelling and lookup_form(spelling).startswith(start):
            return identity.ja if spelling == identity.reading else spelling
    return None


def _quoted(value: str, quote: str) -> str:
    if quote == '"' and '"' not in value and "\\" not in value:
        return f'"{value}"'
    if not quote and is_japanese(value) and _PLAIN.fullmatch(value):
        return value
    return shlex.quote(value)


def _starts(candidate: str, typed: str) -> bool:
    return candidate.casefold().startswith(typed.casefold())


def _current_word(line: str) -> tuple[int, str | None]:
    """Where the word under the cursor starts, and the quote it leaves open (None if none)."""
    start = 0
    quote: str | None = None
    escaped = False
    for index, char in enumerate(line):
        if escaped:
            escaped = False
        elif quote is not None:
            if char == quote:
                quote = None
            elif char == "\\" and quote == '"':
                escaped = True
        elif char == "\\":
            escaped = True
        elif char in _SPACES:
            start = index + 1
        elif char in ("'", '"'):
            quote = char
    return start, quote
