"""What an entry kind asks for, in words: each field, required or not, what it means, the values
it takes, and a line to copy; and which fields a typed entry still lacks."""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from domain.actions import FieldSpec
from domain.names import NAMES
from domain.phrase import phrase
from domain.ruleset import JSON, Expected, Ruleset

_TYPE_WORDS = {
    "int": phrase("a whole number"),
    "text": phrase("a name or text"),
    "bool": phrase("yes or no"),
    "choice": phrase("one of the values below"),
    "list": phrase("a comma-separated list"),
}


@dataclass(frozen=True)
class FieldHelp:
    """One field as `help KIND` shows it."""

    name: str
    required: bool
    meaning: str
    values: tuple[str, ...]  # the values the game declares, when it declares them
    # The Japanese names of `values`, in their order (a value with none as it is); empty when
    # no value has one (domain/names.toml).
    japanese: tuple[str, ...]
    now: tuple[str, ...]  # the values the situation offers now, when it offers some
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
    matching = [e for e in now if e.kind == kind]
    expected = matching[0] if matching else None
    fields = []
    for spec in rules.codec.describe(kind):
        values = tuple(str(option) for option in spec.options)
        offered = tuple(dict.fromkeys(v for e in matching for v in _offered(e, spec.name)))
        now_values = () if set(offered) == set(values) else offered
        required = spec.required or spec.name in must_say
        default = None if required else _shown(spec.default)
        meaning = field_meaning(rules, kind, spec)
        japanese = japanese_names(values)
        fields.append(
            FieldHelp(spec.name, required, meaning, values, japanese, now_values, default)
        )
    return KindHelp(
        kind,
        rules.action_kinds().get(kind, ""),
        tuple(fields),
        _example(rules, kind, expected, seen),
    )


def japanese_names(values: Sequence[str]) -> tuple[str, ...]:
    """The Japanese name of each value (`南葛` for `nankatsu`), a value with none as it is;
    () when none of them has one."""
    identities = [NAMES.find(value) for value in values]
    if not any(identities):
        return ()
    return tuple(i.ja if i else v for i, v in zip(identities, values, strict=True))


def _offered(expected: Expected, name: str) -> tuple[str, ...]:
    if name in expected.fixed:
        return (_shown(expected.fixed[name]),)
    return tuple(_shown(value) for value in expected.choices.get(name, ()))


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


def as_offered(data: Mapping[str, JSON], now: Sequence[Expected]) -> dict[str, JSON]:
    """A typed entry with each text value written as the situation offers it, when it differs
    only in case (`area=GOAL` where `goal` is offered, a card name as the situation spells it).
    A value the situation does not offer is left as typed, for the rules to judge."""
    spelled = dict(data)
    for name, value in data.items():
        if name == "kind" or not isinstance(value, str):
            continue
        offered = {
            str(option).casefold(): option
            for expected in now
            if expected.kind == data.get("kind")
            for option in [
                *([expected.fixed[name]] if name in expected.fixed else []),
                *expected.choices.get(name, ()),
            ]
            if isinstance(option, str)
        }
        spelled[name] = offered.get(value.casefold(), value)
    return spelled
