"""How the match pages word things: a log line, an entry's notation, a value's label."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.notation import format_action
from domain.registry import find_ruleset
from domain.ruleset import MalformedAction


def entry_text(ruleset: str, line: Mapping[str, Any]) -> str:
    """What a log line records, in the one-line notation the command line also uses."""
    kind = line.get("type")
    if kind == "retraction":
        return f"undo {line['retracts']}"
    if kind == "abandonment":
        return f"abandoned: {line['reason']}"
    if kind == "annotation":
        return f"note on {line['on']}: {line['text']}"
    rules = find_ruleset(ruleset)
    try:
        return format_action(rules.codec, rules.action_from_dict(line["action"]))
    except (MalformedAction, KeyError):
        return str(line.get("action"))


def recorded_message(ruleset: str, line: Mapping[str, Any]) -> str:
    """The flash after an entry: what was recorded and what followed from it."""
    if line.get("type") == "retraction":
        text = f"Undone: entry {line['retracts']} is retracted."
    else:
        text = f"Recorded {line['number']}: {entry_text(ruleset, line)}."
    consequences = [str(c["text"]) for c in line.get("consequences") or [] if c["text"]]
    return " ".join([text, *(f"→ {c}" for c in consequences)])


def value_label(value: Any, labels: Mapping[str, str]) -> str:
    """A side's key shown as its label ("toho" → "Toho (Bob)"), other values as they are."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return labels.get(str(value), str(value))


def field_label(name: str) -> str:
    return name.replace("_", " ").replace("-", " ")
