"""How the match pages word things: a log line, an entry's notation, a value's label."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from domain.log import Entry, LogLine, Retraction
from domain.notation import action_notation, line_notation
from domain.registry import find_ruleset
from web.language import told, translated


def entry_text(ruleset: str, line: LogLine) -> str:
    """What a log line records, in the one-line notation the command line also uses."""
    return line_notation(find_ruleset(ruleset).codec, line)


def action_text(ruleset: str, entry: Entry) -> str:
    """An entry's action alone, in the one-line notation (a correction's without what it
    corrects and why, which the pages show beside it)."""
    return action_notation(find_ruleset(ruleset).codec, entry)


def recorded_message(ruleset: str, line: LogLine) -> str:
    """The flash after an entry: what was recorded and what followed from it."""
    if isinstance(line, Retraction):
        text = _("Undone: entry %(number)s is retracted.", number=line.retracts)
    else:
        text = _(
            "Recorded %(number)s: %(entry)s.", number=line.number, entry=entry_text(ruleset, line)
        )
    consequences = (
        [told(c.text) for c in line.consequences if c.text] if isinstance(line, Entry) else []
    )
    return " ".join([text, *(f"→ {c}" for c in consequences)])


def value_label(value: Any, labels: Mapping[str, str]) -> str:
    """A side's key shown as its label ("toho" → "Toho (Bob)", 東邦（Bob） in Japanese), other
    values as they are."""
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    return translated(labels.get(str(value), str(value)))


def field_label(name: str) -> str:
    return name.replace("_", " ").replace("-", " ")
