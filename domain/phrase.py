"""A sentence the rules say to a person, kept with what it was made from so it can be translated.

The rules speak English (`Violation.message`, a prompt, a line of the log). A `Phrase` is that
English text, a `str` like any other, which also remembers its template and the values put into
it, so that an adapter can look the template up in a language's catalogue and fill in the same
values (`service.i18n.translated`). The domain never chooses a language: it cannot know who reads.

`phrase("{card} has the wait icon", card=name)` is also the marker the catalogue's extraction
looks for (`babel.cfg`: the keyword `phrase`), so every template a rule can say is found in the
source and checked to have a translation (tests/test_translations.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any


class Phrase(str):
    """English text that remembers its template and its values."""

    template: str
    params: Mapping[str, Any]

    def __new__(cls, template: str, params: Mapping[str, Any]) -> Phrase:
        made = super().__new__(cls, template.format_map(params))
        made.template = template
        made.params = MappingProxyType(dict(params))
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Phrase, (self.template, dict(self.params)))


def phrase(template: str, /, **params: Any) -> Phrase:
    """The English sentence `template` filled with `params` (str.format fields)."""
    return Phrase(template, params)
