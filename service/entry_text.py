"""An entry typed in the one-line notation, with `?` standing for a value the app rolls."""

from __future__ import annotations

from domain.ruleset import JSON
from service.entries import parse_entry

# Written in place of a value to have the app draw it by chance: `roll toho ?`.
ROLL_MARK = "?"


def action_from_text(ruleset: str, text: str) -> tuple[dict[str, JSON], bool]:
    """The action the line describes, and whether the app must fill fields written `?`."""
    action = parse_entry(ruleset, text)
    drawn = [name for name, value in action.items() if value == ROLL_MARK]
    for name in drawn:
        del action[name]
    return action, bool(drawn)
