"""An entry typed in the one-line notation, with `?` standing for a value the app rolls."""

from __future__ import annotations

from collections.abc import Mapping

from domain.ruleset import JSON
from service.entries import parse_entry

# Written in place of a value to have the app draw it by chance: `roll toho ?`.
ROLL_MARK = "?"


def action_from_text(ruleset: str, text: str) -> tuple[dict[str, JSON], bool]:
    """The action the line describes, and whether the app must fill fields written `?`."""
    return without_roll_marks(parse_entry(ruleset, text))


def without_roll_marks(parsed: Mapping[str, JSON]) -> tuple[dict[str, JSON], bool]:
    """A parsed entry without its fields written `?`, and whether it had any: the app draws
    those."""
    action = {name: value for name, value in parsed.items() if value != ROLL_MARK}
    return action, len(action) != len(parsed)
