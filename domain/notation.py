"""The one-line text form of an action: `play coach=toho card="Ken Wakashimazu" defense=4`.

The first word is the entry kind; the rest are `field=value` pairs, quoted as a shell would
quote them. Leading values without a name fill the kind's fields in declaration order, so a
scorer may type `roll toho 5` for `roll coach=toho value=5`. The canonical form written by
`format_action` always names every field that differs from its default.
"""

from __future__ import annotations

import dataclasses
import shlex
from typing import Any

from domain.actions import ActionCodec
from domain.ruleset import JSON, MalformedAction


def parse_action(codec: ActionCodec, text: str) -> dict[str, JSON]:
    """Split a line into the dict form of an action; the codec then checks its types."""
    try:
        words = shlex.split(text, comments=False)
    except ValueError as error:
        raise MalformedAction(f"cannot read {text!r}: {error}") from None
    if not words:
        raise MalformedAction("an empty entry")
    kind, rest = words[0], words[1:]
    names = codec.field_names(kind)
    data: dict[str, JSON] = {"kind": kind}
    position = 0
    for word in rest:
        name, equals, value = word.partition("=")
        if equals and name:
            if name in data:
                raise MalformedAction(f"{kind}: {name} is given twice")
            data[name] = value
            continue
        while position < len(names) and names[position] in data:
            position += 1
        if position >= len(names):
            raise MalformedAction(f"{kind}: too many values ({word!r} has no field to fill)")
        data[names[position]] = word
        position += 1
    return data


def format_action(codec: ActionCodec, action: Any) -> str:
    """The canonical line for an action: its kind, then each non-default field as name=value."""
    data = codec.to_dict(action)
    words = [str(data.pop("kind"))]
    # Compared in their dict form, where a tuple default reads as a list.
    defaults = {
        f.name.rstrip("_"): list(f.default) if isinstance(f.default, tuple) else f.default
        for f in dataclasses.fields(action)
        if f.default is not dataclasses.MISSING
    }
    for name, value in data.items():
        if name in defaults and value == defaults[name]:
            continue
        words.append(f"{name}={_format_value(value)}")
    return " ".join(words)


def _format_value(value: JSON) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return shlex.quote(",".join(str(v) for v in value))
    if value is None:
        return '""'
    return shlex.quote(str(value))
