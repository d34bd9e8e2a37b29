"""What changed from one step's situation to the next, as JSON Patch (RFC 6902) operations.

A reader walking a long match needs each step's situation, but from one step to the next a
situation changes in a few places (a hand, a round, a score): a 1,000-step walk of the card
game answered as whole situations is 1.5 MB of JSON, as changes a sixth of it. The operations
are the standard's `add`, `remove` and `replace`, so any JSON Patch library applies them; a
list that keeps its length changes item by item, any other list is replaced whole.

Values are compared exactly as JSON tells them apart: `true` and `1` (equal in Python) are
different values here, and so are `1` and `1.0`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

ADD = "add"
REMOVE = "remove"
REPLACE = "replace"


@dataclass(frozen=True, slots=True)
class Change:
    """One operation: at `path` (a JSON Pointer, RFC 6901), add or replace `value`, or remove
    what is there (`value` is then None and not sent)."""

    op: str
    path: str
    value: Any = None


def changes(before: Any, after: Any) -> list[Change]:
    """The operations that turn `before` into `after` (none when they are the same)."""
    found: list[Change] = []
    if not _same(before, after):
        _compare(before, after, "", found)
    return found


def _compare(before: Any, after: Any, path: str, found: list[Change]) -> None:
    """Append the operations for two values known to differ."""
    kind = type(before)
    if kind is dict and type(after) is dict:
        for key, old in before.items():
            if key not in after:
                found.append(Change(REMOVE, f"{path}/{_escaped(key)}"))
                continue
            new = after[key]
            # Most members are the very same value, or equal numbers or texts, in both: told
            # apart here, without a call each (a situation has a few dozen of them).
            if old is new or (type(old) is type(new) and type(old) in _ATOMS and old == new):
                continue
            if not _same(old, new):
                _compare(old, new, f"{path}/{_escaped(key)}", found)
        for key, new in after.items():
            if key not in before:
                found.append(Change(ADD, f"{path}/{_escaped(key)}", new))
        return
    if kind is list and type(after) is list and len(before) == len(after):
        for index, (old, new) in enumerate(zip(before, after, strict=True)):
            if not _same(old, new):
                _compare(old, new, f"{path}/{index}", found)
        return
    found.append(Change(REPLACE, path, after))


# The JSON values that hold no others, by their Python types.
_ATOMS = frozenset({str, int, float, bool, type(None)})


def _same(before: Any, after: Any) -> bool:
    # Python's == does the work in C; it takes True for 1 and 1 for 1.0, which JSON does not,
    # so an equal pair is trusted only once its types agree all the way down.
    if before is after:
        # One value shared by both situations (a part of the state no step changed, whose
        # view the game kept): the same JSON, whatever it holds.
        return True
    kind = type(before)
    if kind is not type(after) or before != after:
        return False
    return not (kind is dict or kind is list) or _same_types(before, after)


def _same_types(before: Any, after: Any) -> bool:
    """Whether two equal containers hold the same JSON types everywhere (a loop rather than
    a call per member: this runs over most of every situation)."""
    pairs: Any = (
        ((value, after[key]) for key, value in before.items())
        if type(before) is dict
        else zip(before, after, strict=True)
    )
    for old, new in pairs:
        if old is new:
            continue
        kind = type(old)
        if kind is not type(new):
            return False
        if (kind is dict or kind is list) and not _same_types(old, new):
            return False
    return True


def _escaped(key: str) -> str:
    """A member's name as one JSON Pointer token: `~` and `/` escaped (RFC 6901)."""
    if "~" in key or "/" in key:
        return key.replace("~", "~0").replace("/", "~1")
    return key
