"""Entries before they are recorded: read from the one-line notation, and chance filled in."""

from __future__ import annotations

from collections.abc import Mapping

from domain.match import MatchRecord
from domain.notation import parse_action
from domain.phrase import phrase
from domain.registry import find_ruleset
from domain.ruleset import JSON, MalformedAction
from service.boundary import said
from service.errors import BadInput


def fill_by_chance(match: MatchRecord, action: Mapping[str, JSON]) -> dict[str, JSON]:
    """Fill the fields the rules say may be drawn by chance, with a secure generator."""
    import secrets  # here, not with the module: an entry typed in full draws nothing

    filled = dict(action)
    kind = filled.get("kind")
    rules = match.ruleset
    candidates = [e for e in rules.expected(match.game) if e.kind == kind and (e.random or e.dice)]
    for expected in candidates:
        if any(filled.get(k, v) != v for k, v in expected.fixed.items()):
            continue
        for name in expected.random:
            filled[name] = secrets.choice(list(expected.choices[name]))
        for name, faces in expected.dice.items():
            filled[name] = [1 + secrets.randbelow(sides) for sides in faces]
        for name, value in expected.fixed.items():
            filled.setdefault(name, value)
        if "source" in rules.codec.field_names(str(kind)):
            filled["source"] = "app"
        return filled
    raise BadInput(phrase("nothing can be rolled for {kind} now", kind=repr(kind)))


def leaves_printed_out(match: MatchRecord, action: Mapping[str, JSON]) -> bool:
    """Whether an entry leaves out printed values the service fills from those known: a
    retried request is then compared with the entry as it was filled the first time."""
    printed = match.ruleset.printed
    if printed is None or action.get("kind") not in printed.kinds:
        return False
    return any(name not in action for name in printed.fields)


def parse_entry(ruleset: str, text: str) -> dict[str, JSON]:
    rules = find_ruleset(ruleset)
    try:
        return parse_action(rules.codec, text)
    except MalformedAction as error:
        raise BadInput(said(error)) from None
