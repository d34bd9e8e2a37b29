"""What an entry kind asks for, in words: each field, required or not, what it means, the values
it takes, and a line to copy; and which fields a typed entry still lacks."""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from domain.actions import FieldSpec
from domain.ruleset import JSON, Expected, Ruleset

_TYPE_WORDS = {
    "int": "a whole number",
    "text": "a name or text",
    "bool": "yes or no",
    "choice": "one of the values below",
    "list": "a comma-separated list",
}


@dataclass(frozen=True)
class FieldHelp:
    """One field as `help KIND` shows it."""

    name: str
    required: bool
    meaning: str
    values: tuple[str, ...]  # the values it takes, when they can be listed
    default: str | None  # what an optional field records when left out


@dataclass(frozen=True)
class KindHelp:
    kind: str
    summary: str  # the ruleset's one line of help
    fields: tuple[FieldHelp, ...]
    example: str


def field_meaning(rules: Ruleset, kind: str, spec: FieldSpec) -> str:
    """What the field means, from the game's help (`kind.field`, then `field`), else its type."""
    meanings = rules.field_help
    return meanings.get(f"{kind}.{spec.name}") or meanings.get(spec.name) or _TYPE_WORDS[spec.type]


def stated(rules: Ruleset, kind: str) -> frozenset[str]:
    """The fields the rules have the table say although the codec has a default for them."""
    return frozenset(rules.unstated({"kind": kind}))


def kind_help(
    rules: Ruleset, kind: str, now: Sequence[Expected] = (), seen: Iterable[str] = ()
) -> KindHelp:
    """The help of `kind`; `now` (what is legal now) and `seen` (names seen in the match) make
    the example one that fits the match."""
    must_say = stated(rules, kind)
    expected = next((e for e in now if e.kind == kind), None)
    fields = []
    for spec in rules.codec.describe(kind):
        values = tuple(str(option) for option in spec.options)
        if expected is not None and spec.name in expected.choices and not values:
            values = tuple(str(v) for v in expected.choices[spec.name])
        required = spec.required or spec.name in must_say
        default = None if required else _shown(spec.default)
        fields.append(
            FieldHelp(spec.name, required, field_meaning(rules, kind, spec), values, default)
        )
    return KindHelp(
        kind,
        rules.action_kinds().get(kind, ""),
        tuple(fields),
        _example(rules, kind, expected, seen),
    )


def _shown(value: JSON) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value) or "none"
    return str(value)


def _example(rules: Ruleset, kind: str, expected: Expected | None, seen: Iterable[str]) -> str:
    """A line of the kind with every field it must have, filled as the situation allows."""
    must_say = stated(rules, kind)
    names = list(seen)
    words = [kind]
    for spec in rules.codec.describe(kind):
        if not (spec.required or spec.name in must_say):
            continue
        value = _example_value(spec, expected, names)
        words.append(f"{spec.name}={shlex.quote(value)}")
    return " ".join(words)


def _example_value(spec: FieldSpec, expected: Expected | None, seen: list[str]) -> str:
    if expected is not None:
        if spec.name in expected.fixed:
            return _shown(expected.fixed[spec.name])
        choices = expected.choices.get(spec.name)
        if choices:
            return _shown(choices[0])
        if spec.name in expected.random or spec.name in expected.dice:
            return "?"
    if spec.options:
        return str(spec.options[0])
    if spec.type == "int":
        return "0"
    if spec.type == "list":
        return str(spec.options[0]) if spec.options else spec.name.upper()
    if spec.type == "bool":
        return "no"
    return seen[0] if seen else spec.name.upper()


def missing_fields(rules: Ruleset, data: Mapping[str, JSON]) -> tuple[str, ...]:
    """The fields a typed entry leaves out that it must have: those without a default, and
    those the rules have the table say (`Ruleset.unstated`), in declaration order."""
    kind = str(data.get("kind"))
    if kind not in rules.codec.kinds:
        return ()
    must_say = set(rules.unstated(data))
    return tuple(
        spec.name
        for spec in rules.codec.describe(kind)
        if spec.name not in data and (spec.required or spec.name in must_say)
    )
