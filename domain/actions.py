"""Turning action dataclasses into plain dicts and back, checking every field's type.

Each game declares its actions as frozen dataclasses with a `kind` class variable. The dict
form (`{"kind": "play", "coach": "toho", ...}`) is what the event store, the match file and
the JSON API carry; this module is the one place that converts and validates it.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args, get_origin, get_type_hints

from domain.names import name_key
from domain.phrase import commas, phrase
from domain.ruleset import JSON, MalformedAction
from domain.suggestions import did_you_mean


@dataclass(frozen=True)
class FieldSpec:
    """What a form needs to ask for one field of an entry kind.

    `type` is one of int, text, bool, choice (a fixed set of `options`) or list; a list's
    items are described by `item` (int, text or choice, with `options` for a choice).
    """

    name: str
    type: Literal["int", "text", "bool", "choice", "list"]
    required: bool
    default: JSON = None
    options: tuple[JSON, ...] = ()
    item: Literal["int", "text", "choice"] | None = None


# Turns an action's stored dict of one payload version into the next version's.
ActionUpcaster = Callable[[dict[str, JSON]], dict[str, JSON]]


class ActionCodec:
    """Converts one game's action classes to and from their dict form.

    `version` is the version of the game's action payload; every entry is stored with it. A
    release that renames, drops or reshapes an action field raises the version and gives an
    upcaster from the previous one (`upcasters[n]` turns version n into n + 1), so every
    entry stored before still loads.
    """

    def __init__(
        self,
        classes: Iterable[type[Any]],
        version: int = 1,
        upcasters: Mapping[int, ActionUpcaster] | None = None,
    ) -> None:
        self.version = version
        self._upcasters = dict(upcasters or {})
        missing = [n for n in range(1, version) if n not in self._upcasters]
        if missing:
            raise ValueError(f"no upcaster from action payload version(s) {missing}")
        self._classes: dict[str, type[Any]] = {}
        self._hints: dict[str, dict[str, Any]] = {}
        self._described: dict[str, tuple[FieldSpec, ...]] = {}
        self._spellings: dict[str, dict[str, dict[str, JSON]]] = {}
        # Per kind, worked out once: every entry of a match is decoded when it is replayed,
        # and looking the class's fields and hints up again for each was most of a decoding.
        self._fields: dict[str, tuple[_DecodedField, ...]] = {}
        self._keys: dict[str, frozenset[str]] = {}
        self._defaults: dict[str, dict[str, JSON]] = {}
        for cls in classes:
            kind = cls.kind
            if kind in self._classes:
                raise ValueError(f"two action classes share the kind {kind!r}")
            self._classes[kind] = cls

    def _hints_of(self, kind: str) -> dict[str, Any]:
        """The types of a kind's fields, worked out on the kind's first use: evaluated for
        every kind when a game was imported, they cost every command, which reads the few
        kinds its match holds."""
        hints = self._hints.get(kind)
        if hints is None:
            hints = self._hints[kind] = get_type_hints(self._classes[kind])
        return hints

    def _fields_of(self, kind: str) -> tuple[_DecodedField, ...]:
        """How `from_dict` and `to_dict` read and write each field of a kind, worked out on
        the kind's first use (as its hints are), then kept with the dict keys it takes."""
        decoded = self._fields.get(kind)
        if decoded is None:
            hints = self._hints_of(kind)
            decoded = self._fields[kind] = tuple(
                _DecodedField.of(kind, f, hints[f.name])
                for f in dataclasses.fields(self._classes[kind])
            )
            self._keys[kind] = frozenset(f.key for f in decoded) | {"kind"}
        return decoded

    def upcast(self, data: Mapping[str, JSON], version: int) -> dict[str, JSON]:
        """A stored action of payload `version`, as today's version."""
        if version > self.version:
            raise MalformedAction(
                phrase(
                    "the entry was stored by a later release (action payload version "
                    "{version}; this release reads up to {latest})",
                    version=version,
                    latest=self.version,
                )
            )
        upgraded = dict(data)
        for step in range(version, self.version):
            upgraded = self._upcasters[step](upgraded)
        return upgraded

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self._classes)

    def class_for(self, kind: str) -> type[Any]:
        try:
            return self._classes[kind]
        except KeyError:
            hint = did_you_mean(kind, self._classes)
            if hint:
                raise MalformedAction(
                    phrase("unknown entry kind {kind}{hint}", kind=repr(kind), hint=hint)
                ) from None
            known = commas(sorted(self._classes))
            raise MalformedAction(
                phrase("unknown entry kind {kind} (known: {known})", kind=repr(kind), known=known)
            ) from None

    def kind_named(self, word: str) -> str:
        """The kind a person typed, in any case (`Play` is `play`); unknown words unchanged."""
        if word in self._classes:
            return word
        folded = word.casefold()
        return next((kind for kind in self._classes if kind.casefold() == folded), word)

    def field_names(self, kind: str) -> tuple[str, ...]:
        """The dict keys of a kind's fields, in declaration order."""
        return tuple(_key(f.name) for f in dataclasses.fields(self.class_for(kind)))

    def defaults(self, kind: str) -> Mapping[str, JSON]:
        """The dict key of each field of a kind that has a default, with the default in its
        dict form (a tuple default reads as a list), worked out once per kind."""
        found = self._defaults.get(kind)
        if found is None:
            found = {
                _key(f.name): list(f.default) if isinstance(f.default, tuple) else f.default
                for f in dataclasses.fields(self.class_for(kind))
                if f.default is not dataclasses.MISSING
            }
            self._defaults[kind] = found
        return found

    def describe(self, kind: str) -> tuple[FieldSpec, ...]:
        """Each field of a kind as a form would ask for it, in declaration order."""
        described = self._described.get(kind)
        if described is None:
            # Read on every line the notation parses: worked out once per kind.
            cls = self.class_for(kind)
            hints = self._hints_of(kind)
            described = tuple(_describe(f, hints[f.name]) for f in dataclasses.fields(cls))
            self._described[kind] = described
        return described

    def spellings(self, kind: str) -> dict[str, dict[str, JSON]]:
        """For each field of words to choose from (alone or in a list), each word in any case
        or language (its `name_key`: `南葛` for `nankatsu`) → the word as the game spells it."""
        found = self._spellings.get(kind)
        if found is None:
            found = {
                spec.name: {name_key(o): o for o in spec.options if isinstance(o, str)}
                for spec in self.describe(kind)
                if spec.type in ("choice", "list") and any(isinstance(o, str) for o in spec.options)
            }
            self._spellings[kind] = found
        return found

    def to_dict(self, action: Any) -> dict[str, JSON]:
        kind = type(action).kind
        data: dict[str, JSON] = {"kind": kind}
        if self._classes.get(kind) is type(action):
            for f in self._fields_of(kind):
                value = getattr(action, f.name)
                data[f.key] = list(value) if isinstance(value, tuple) else value
            return data
        for field_ in dataclasses.fields(action):
            value = getattr(action, field_.name)
            data[_key(field_.name)] = list(value) if isinstance(value, tuple) else value
        return data

    def from_dict(self, data: Mapping[str, JSON]) -> Any:
        kind = data.get("kind")
        if not isinstance(kind, str):
            raise MalformedAction(phrase("an entry needs a kind"))
        cls = self.class_for(kind)
        decoded = self._fields_of(kind)
        keys = self._keys[kind]
        if not keys.issuperset(data):
            fields = self.field_names(kind)
            unknown = sorted(set(data) - keys)
            guesses = ""
            for name in unknown:
                guess = did_you_mean(name, fields)
                guesses = phrase("{said}{guess}", said=guesses, guess=guess) if guess else guesses
            raise MalformedAction(
                phrase(
                    "{kind}: unknown field(s) {unknown}{guesses} (fields: {fields})",
                    kind=kind,
                    unknown=commas(unknown),
                    guesses=guesses,
                    fields=commas(fields) or phrase("none"),
                )
            )
        values: dict[str, Any] = {}
        for f in decoded:
            if f.key in data:
                values[f.name] = f.coerce(data[f.key])
            elif f.required:
                raise MalformedAction(
                    phrase("{kind}: missing field {field}", kind=kind, field=f.key)
                )
        return cls(**values)


@dataclass(frozen=True)
class _DecodedField:
    """One field of an action class as `from_dict` reads it: its dict key, whether it must be
    given, and its coercion, which takes the common case (a stored value of the field's very
    type) at once and hands anything else to `_coerce`, so that it answers, or refuses, as
    `_coerce` does."""

    key: str
    name: str
    required: bool
    coerce: Callable[[Any], Any]

    @classmethod
    def of(cls, kind: str, f: dataclasses.Field[Any], hint: Any) -> _DecodedField:
        key = _key(f.name)
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        return cls(key, f.name, required, _coercion(kind, key, hint))


# What a quick check answers for a value it leaves to `_coerce`.
_FULL_CHECK: Any = object()


def _coercion(kind: str, name: str, hint: Any) -> Callable[[Any], Any]:
    """`_coerce(kind, name, hint, value)` as a function of the value, answering at once for a
    value that `_coerce` would return as it is (or stripped, for text)."""
    origin = get_origin(hint)
    optional = False
    if origin is typing.Union or origin is types.UnionType:
        options = get_args(hint)
        present = [option for option in options if option is not type(None)]
        optional = len(present) < len(options)
        # `_coerce` tries the options in order: what the first takes as it is, it returns.
        quick = _quick(present[0]) if present else _full
    else:
        quick = _quick(hint)

    def coerce(value: Any) -> Any:
        # "" and None are None for an optional field, whatever its options would make of them.
        made = _FULL_CHECK if optional and (value is None or value == "") else quick(value)
        return _coerce(kind, name, hint, value) if made is _FULL_CHECK else made

    return coerce


def _full(value: Any) -> Any:
    return _FULL_CHECK


def _quick(hint: Any) -> Callable[[Any], Any]:
    """For one type `hint` (no union): what `_coerce` answers for a value of that very type,
    `_FULL_CHECK` for any other."""
    origin = get_origin(hint)
    if origin is Literal:
        allowed = get_args(hint)
        return lambda value: value if value in allowed else _FULL_CHECK
    if origin is tuple:
        item = _quick(get_args(hint)[0])

        def items(value: Any) -> Any:
            if type(value) is not list:
                return _FULL_CHECK
            made = tuple(item(v) for v in value)
            return _FULL_CHECK if any(v is _FULL_CHECK for v in made) else made

        return items
    if hint is bool or hint is int:
        return lambda value: value if type(value) is hint else _FULL_CHECK
    if hint is str:
        return lambda value: (value.strip() or _FULL_CHECK) if type(value) is str else _FULL_CHECK
    return _full


def _key(field_name: str) -> str:
    # A field that would be a Python keyword is declared with a trailing underscore
    # (`pass_`); its dict key is the plain word.
    return field_name.rstrip("_")


def _describe(f: dataclasses.Field[Any], hint: Any) -> FieldSpec:
    required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    if f.default is not dataclasses.MISSING:
        default: JSON = f.default
    elif f.default_factory is not dataclasses.MISSING:
        default = f.default_factory()
    else:
        default = None
    origin = get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        # Only optional values are declared as unions: describe the value, not the None.
        hint = next(option for option in get_args(hint) if option is not type(None))
        origin = get_origin(hint)
    name = _key(f.name)
    if origin is tuple:
        item, options = _scalar(get_args(hint)[0])
        if item == "bool":
            raise TypeError(f"unsupported list of yes/no for field {name}")
        return FieldSpec(name, "list", required, default, options, item)
    kind, options = _scalar(hint)
    return FieldSpec(name, kind, required, default, options)


def _scalar(hint: Any) -> tuple[Literal["int", "text", "bool", "choice"], tuple[JSON, ...]]:
    if get_origin(hint) is Literal:
        return "choice", get_args(hint)
    if hint is bool:
        return "bool", ()
    if hint is int:
        return "int", ()
    if hint is str:
        return "text", ()
    raise TypeError(f"unsupported field type {hint!r}")


def _coerce(kind: str, name: str, hint: Any, value: Any) -> Any:
    """Check `value` against the type `hint`; accept the text forms a command line gives."""
    origin = get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        options = get_args(hint)
        if (value is None or value == "") and type(None) in options:
            return None
        problems = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _coerce(kind, name, option, value)
            except MalformedAction as error:
                problems.append(error.args[0])  # the phrase itself, which str() would lose
        raise MalformedAction(
            problems[0] if problems else phrase("{kind}: bad {name}", kind=kind, name=name)
        )
    if origin is Literal:
        allowed = get_args(hint)
        if value in allowed:
            return value
        # A choice of words means the same in any case and either language: `Toho` and `東邦`
        # are the side the situation prints as "Toho" (domain/names.py). Only the declared
        # spelling is ever stored.
        if isinstance(value, str):
            folded = name_key(value)
            for option in allowed:
                if isinstance(option, str) and name_key(option) == folded:
                    return option
        words = [option for option in allowed if isinstance(option, str)]
        hint = did_you_mean(value, words) if isinstance(value, str) else ""
        raise MalformedAction(
            phrase(
                "{kind}: {name} must be one of {allowed}, not {value}{hint}",
                kind=kind,
                name=name,
                allowed=commas(map(str, allowed)),
                value=repr(value),
                hint=hint,
            )
        )
    if origin is tuple:
        item = get_args(hint)[0]
        if isinstance(value, str):
            value = [part for part in value.split(",") if part]
        if not isinstance(value, list | tuple):
            raise MalformedAction(phrase("{kind}: {name} must be a list", kind=kind, name=name))
        return tuple(_coerce(kind, name, item, v) for v in value)
    if hint is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in {"yes", "true", "1", "no", "false", "0"}:
            return value.lower() in {"yes", "true", "1"}
        raise MalformedAction(
            phrase(
                "{kind}: {name} must be yes or no, not {value}",
                kind=kind,
                name=name,
                value=repr(value),
            )
        )
    if hint is int:
        if isinstance(value, bool):
            raise MalformedAction(_not_a_number(kind, name, value))
        if isinstance(value, int):
            return value
        if isinstance(value, str):
            try:
                return int(value)
            except ValueError:
                pass
        raise MalformedAction(_not_a_number(kind, name, value))
    if hint is str:
        if isinstance(value, str) and value.strip():
            return value.strip()
        raise MalformedAction(
            phrase(
                "{kind}: {name} must be a non-empty text, not {value}",
                kind=kind,
                name=name,
                value=repr(value),
            )
        )
    raise TypeError(f"unsupported field type {hint!r} for {kind}.{name}")


def _not_a_number(kind: str, name: str, value: Any) -> str:
    return phrase(
        "{kind}: {name} must be a whole number, not {value}",
        kind=kind,
        name=name,
        value=repr(value),
    )
