"""Stored sentences read again as the phrases they were made from, for a reader of another
language.

A rule says a consequence as a `Phrase` (domain/phrase.py), which `service.i18n.translated`
can put in any language; but the consequence is stored with its text alone, as plain English,
forever (domain/consequences.py). `recovered` finds the phrase again: it matches the text
against every template the rules can say (the `rules` catalogue's template, `rules.pot`), the
values it captures parsed in turn (`" (rolled by the app)"`, a list of names joined by
`commas`), and keeps a parse only when the phrase it makes says exactly the stored text, as
`domain.phrase.phrase_from_data` does. Text no template explains stays as it was stored.

Several parses may say the same text (a template's value may hold another's words). The one
kept is the most specific: it explains the most of the text by templates' own words (their
literal characters, its values' templates counted too), less a little for each template used
(`CUT`); then the one whose template says the closing words itself (a sentence's full stop),
then the template with more words of its own; of equal splits of one template, the one whose
earlier values are the longer (how `commas` and `listed` nest their parts). Templates of little
more than spaces or a mark between values (`{value_name} {value}`, `{said}, {word}`) explain a
text only where their values are the rules' words, so that names people typed (`Kojiro Hyuga`,
`Kitazume's Notebook`) stay whole.

The templates are read at the first text recovered, and each text's parse is kept, since a
match says the same sentences over and over; an English reader reads the stored text itself
and pays for none of it.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any, Final

from domain.phrase import Centred, Joined, Phrase
from service.languages import DEFAULT_LANGUAGE

TEMPLATES: Final = Path(__file__).parent / "translations" / "rules.pot"
# What each cut of a text into a template's words and values costs, in hundredths of a
# character explained (`_Parse.explained`): generic templates (`{attacker}'s {what}`,
# `the {kind}`, `{slot}: {card}`) pieced together can explain a few characters more than the
# one template that made a sentence, with many more cuts; and of parses explaining as many
# characters, the one with fewer cuts is the likelier.
CHARACTER: Final = 100
CUT: Final = 3 * CHARACTER + 1
# Distinct texts whose parse a finder keeps: a long match says a few thousand.
KEPT_TEXTS: Final = 20_000


def recovered(text: str, language: str) -> str:
    """The phrase a stored `text` was made from, for a reader of `language`; `text` itself
    when the reader reads English or no template explains it.

    A consequence made in this process is a phrase already, but it is read from its words
    too, as its stored twin will be: a rule may have put a word of the catalogue into it as
    plain text (a team's name), which the twin reads as the phrase it is, and a page must
    not read otherwise before and after its process starts again. Lines and centred text
    (a board) are kept as they are.
    """
    if language == DEFAULT_LANGUAGE or not text or isinstance(text, (Joined, Centred)):
        return text
    return rules_finder().phrase(str(text)) or text


@cache
def rules_finder() -> PhraseFinder:
    """The finder of every template the rules can say (the `rules` catalogue's)."""
    return PhraseFinder(text for text in template_texts(TEMPLATES) if text)


@dataclass(frozen=True)
class _Field:
    name: str
    spec: str
    conversion: str | None


@dataclass(frozen=True)
class _Template:
    """A template cut at its fields: `literals[0]`, field 0, `literals[1]`, …, `literals[-1]`."""

    text: str
    literals: tuple[str, ...]
    fields: tuple[_Field, ...]
    # How many characters of its own words (not its values) it says.
    words: int
    # Whether those words are only spaces, as between a value's name and the value
    # (`{value_name} {value}`): such a template would cut any name of two words in two.
    spaced: bool
    # Whether they are hardly more than a mark between values (`{said}, {word}`,
    # `{attacker}'s {what}`): such a template explains a name a person typed with a comma or
    # an apostrophe in it (`Kitazume's Notebook`) only as well as the name itself does.
    marks: bool

    def may_say(self, text: str) -> bool:
        """Whether `text` has this template's words, in order (cheapest test first)."""
        first, last = self.literals[0], self.literals[-1]
        if len(text) < self.words or not text.startswith(first) or not text.endswith(last):
            return False
        return all(words in text for words in self.literals) and bool(
            _pattern(self.literals).fullmatch(text)
        )


@cache
def _pattern(literals: tuple[str, ...]) -> re.Pattern[str]:
    """Whether a text has these words in this order, whatever lies between them: compiled
    only for a template a text may be, as most never are."""
    return re.compile("(.*?)".join(re.escape(literal) for literal in literals), re.DOTALL)


@dataclass(frozen=True)
class _Parse:
    phrase: Phrase
    # The literal characters of templates it explains, its values' included, less its cuts
    # (`CUT`), in hundredths of a character.
    explained: int
    # Those of its own template.
    words: int


def template_texts(path: Path = TEMPLATES) -> Iterator[str]:
    """Each `msgid` of a gettext template file, its C-style escapes read."""
    parts: list[str] | None = None
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("msgid "):
                parts = [_unquoted(line[6:])]
            elif parts is not None and line.startswith('"'):
                parts.append(_unquoted(line))
            elif parts is not None:
                yield "".join(parts)
                parts = None
    if parts is not None:
        yield "".join(parts)


def _unquoted(quoted: str) -> str:
    """A quoted string of a gettext file: its escapes (`\\"`, `\\\\`, `\\n`, `\\t`) are JSON's."""
    found: str = json.loads(quoted)
    return found


def _template(text: str) -> _Template | None:
    """`text` cut at its fields; None for one that explains nothing (no words of its own) or
    whose fields a stored text cannot give back (an ASCII conversion, a nested field)."""
    literals: list[str] = []
    fields: list[_Field] = []
    try:
        cut = list(Formatter().parse(text))
    except ValueError:
        return None
    for literal, name, spec, conversion in cut:
        if fields and len(literals) == len(fields):
            literals.append(literal)
        elif literals:
            literals[-1] += literal
        else:
            literals.append(literal)
        if name is None:
            continue
        if not name.isidentifier() or conversion not in (None, "s", "r") or "{" in (spec or ""):
            return None
        if len(literals) == len(fields):
            literals.append("")
        fields.append(_Field(name, spec or "", conversion))
    if len(literals) == len(fields):
        literals.append("")
    words = sum(len(literal) for literal in literals)
    if not words:
        return None
    spaced = all(literal.isspace() or not literal for literal in literals)
    marks = sum(c.isalpha() for literal in literals for c in literal) <= 1
    return _Template(text, tuple(literals), tuple(fields), words, spaced, marks)


class PhraseFinder:
    """Finds the phrase a text was made from among `templates` (see the module's doc)."""

    def __init__(self, templates: Iterable[str]) -> None:
        exact: dict[str, _Template] = {}
        by_opening: dict[str, list[_Template]] = {}
        by_closing: dict[str, list[_Template]] = {}
        open_ended: dict[str, list[_Template]] = {}
        for text in templates:
            template = _template(text)
            if template is None:
                continue
            first, last = template.literals[0], template.literals[-1]
            if not template.fields:
                exact[text] = template
            elif first:
                by_opening.setdefault(first, []).append(template)
            elif last:
                by_closing.setdefault(last, []).append(template)
            else:
                inner = next(words for words in template.literals if words)
                open_ended.setdefault(inner, []).append(template)
        # Templates without values, by their text.
        self.exact: Mapping[str, _Template] = exact
        # Templates opening with words of their own, by those words, and how long those are.
        self.by_opening = {words: tuple(group) for words, group in by_opening.items()}
        self.opening_lengths = tuple(sorted({len(words) for words in by_opening}))
        # Templates opening with a value and closing with words, by those words.
        self.by_closing = {words: tuple(group) for words, group in by_closing.items()}
        self.closing_lengths = tuple(sorted({len(words) for words in by_closing}))
        # Templates opening and closing with a value, by their first words.
        self.open_ended = {words: tuple(group) for words, group in open_ended.items()}
        # The opening words of the templates that may follow a value at once, by their first
        # character: a space or a mark (` (rolled by the app)`, `, paying …`), as English
        # never glues a word to the value before it.
        openings: dict[str, set[str]] = {}
        for words in [*by_opening, *exact]:
            if not words[0].isalnum():
                openings.setdefault(words[0], set()).add(words)
        self.openings = {first: tuple(sorted(group)) for first, group in openings.items()}
        self._parses: dict[str, _Parse | None] = {}
        self._opening_places: dict[str, frozenset[int]] = {}

    def phrase(self, text: str) -> Phrase | None:
        """The phrase that says exactly `text`, as the templates make it, if one does."""
        found = self.parsed(str(text))
        return found.phrase if found is not None else None

    def parsed(self, text: str) -> _Parse | None:
        """The parse of `text` explaining the most of it (see the module's doc), if any."""
        if text in self._parses:
            return self._parses[text]
        found = self._parse(text)
        if len(self._parses) >= KEPT_TEXTS:
            self._parses.clear()
            self._opening_places.clear()
        self._parses[text] = found
        return found

    def _parse(self, text: str) -> _Parse | None:
        if not text:
            return None
        template = self.exact.get(text)
        if template is not None:
            return _Parse(Phrase(template.text, {}), template.words * CHARACTER, template.words)
        best: _Parse | None = None
        for template in self._candidates(text):
            if not template.may_say(text):
                continue
            found = _Matcher(self, template, text).best()
            if found is not None and (best is None or _rank(found) > _rank(best)):
                best = found
        return best

    def _candidates(self, text: str) -> Iterator[_Template]:
        """The templates that may say `text`: those whose opening or closing words it has."""
        for length in self.opening_lengths:
            if length > len(text):
                break
            yield from self.by_opening.get(text[:length], ())
        for length in self.closing_lengths:
            if length > len(text):
                break
            yield from self.by_closing.get(text[-length:], ())
        for words, group in self.open_ended.items():
            if words in text:
                yield from group

    def opening_places(self, text: str) -> frozenset[int]:
        """Where in `text` the opening words of a template that may follow a value begin."""
        found = self._opening_places.get(text)
        if found is None:
            openings = self.openings
            found = frozenset(
                at
                for at, first in enumerate(text)
                if any(text.startswith(words, at) for words in openings.get(first, ()))
            )
            self._opening_places[text] = found
        return found

    def spaced_value(self, said: str, last: bool) -> tuple[Any, int] | None:
        """A value of a template of spaces alone: a template's whole words, then a number
        (`Shot 3`, `Blue 4`); never a name a person typed, nor a word beside a name, which
        such a template would cut at its spaces."""
        if last:
            return (said, 0) if _NUMBER.fullmatch(said) else None
        template = self.exact.get(said)
        if template is None:
            return None
        return Phrase(template.text, {}), template.words * CHARACTER

    def value(self, field: _Field, said: str) -> tuple[Any, int] | None:
        """The value a field said as `said`, and the characters its templates explain; None
        when no value of this field can say it."""
        if field.conversion == "r":
            try:
                value = ast.literal_eval(said)
            except (ValueError, SyntaxError, MemoryError, RecursionError):
                return None
            return (value, 0) if isinstance(value, str) and repr(value) == said else None
        if field.spec:
            try:
                number = int(said)
            except ValueError:
                return None
            return (number, 0) if format(number, field.spec) == said else None
        found = self.parsed(said)
        if found is None or found.explained <= 0:
            return said, 0
        return found.phrase, found.explained


_NUMBER: Final = re.compile(r"[+-]?[0-9]+")

# A split of a text into a template's values: the joints of spaces it fills with the rules'
# words, the characters its values' templates explain, and the values.
_Split = tuple[int, int, tuple[Any, ...]]


def _said_by_rules(value: object) -> bool:
    """Whether a value is the rules' words or a number, rather than a name a person typed."""
    if isinstance(value, (Phrase, int)):
        return True
    return isinstance(value, str) and _NUMBER.fullmatch(value) is not None


def _rank(parse: _Parse) -> tuple[int, bool, int]:
    """Of parses explaining as much of a text, first the one whose template says its closing
    words (a sentence's full stop is the sentence's, not a value's at its end), then the
    template with more words of its own."""
    return parse.explained, bool(_closing(parse.phrase.template)), parse.words


def _closing(template: str) -> str:
    """A template's words after its last value."""
    return template[template.rfind("}") + 1 :] if "}" in template else template


class _Matcher:
    """The best split of one text into one template's words and its values."""

    def __init__(self, finder: PhraseFinder, template: _Template, text: str) -> None:
        self.finder = finder
        self.template = template
        self.text = text
        self.end = len(text) - len(template.literals[-1])
        self.kept: dict[tuple[int, int], _Split | None] = {}

    def best(self) -> _Parse | None:
        template = self.template
        start = len(template.literals[0])
        if self.end < start:
            return None
        found = self._from(0, start)
        if found is None:
            return None
        _, explained, values = found
        params: dict[str, Any] = {}
        for field, value in zip(template.fields, values, strict=True):
            if params.get(field.name, value) != value:
                return None  # a value named twice, split two ways
            params[field.name] = value
        if template.marks and not any(map(_said_by_rules, values)):
            return None
        made = Phrase(template.text, params)
        return (
            _Parse(made, template.words * CHARACTER - CUT + explained, template.words)
            if made == self.text
            else None
        )

    def _from(self, k: int, start: int) -> _Split | None:
        """The best values of fields k… when field k starts at `start`.

        Splits are ranked first by how many of the template's joints of spaces alone are
        followed by the rules' words or a number, then by the characters explained: where a
        value and the next are parted by a space (`Penalty: {kicker} {verdict} …`), a name a
        person typed (`Nankatsu Reserve FW`) is not cut after a first word that is also one
        of the rules' (`Nankatsu`) when the next value would then be no phrase (`fails`).
        """
        key = (k, start)
        if key in self.kept:
            return self.kept[key]
        template, text = self.template, self.text
        field = template.fields[k]
        after = template.literals[k + 1]
        last = k == len(template.fields) - 1
        joint = k > 0 and template.literals[k].isspace()
        best: _Split | None = None
        for stop in self._ends(k, start):
            said_here = text[start:stop]
            value = (
                self.finder.spaced_value(said_here, last)
                if template.spaced
                else self.finder.value(field, said_here)
            )
            if value is None:
                continue
            said, explained = value
            hits = 1 if joint and _said_by_rules(said) else 0
            if last:
                found: _Split | None = (hits, explained, (said,))
            else:
                rest = self._from(k + 1, stop + len(after))
                found = (
                    None
                    if rest is None
                    else (hits + rest[0], explained + rest[1], (said, *rest[2]))
                )
            if found is not None and (best is None or found[:2] > best[:2]):
                best = found
        self.kept[key] = best
        return best

    def _ends(self, k: int, start: int) -> list[int]:
        """Where field k may end, when it starts at `start`, the latest first (the longest
        value, as `commas` nests its parts)."""
        template, text = self.template, self.text
        if k == len(template.fields) - 1:
            return [self.end] if start <= self.end else []
        after = template.literals[k + 1]
        if after:
            stops: list[int] = []
            found = text.find(after, start, self.end)
            while found != -1:
                stops.append(found)
                found = text.find(after, found + 1, self.end)
            return stops[::-1]
        # The next field follows at once: it is empty, or it is a phrase of its own, which
        # begins with a template's opening words (a plain value after another is ambiguous,
        # and the earlier value may as well hold both).
        ends = set(self._ends(k + 1, start))
        places = self.finder.opening_places(text)
        ends.update(p for p in places if start <= p <= self.end)
        return sorted(ends, reverse=True)
