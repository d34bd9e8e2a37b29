"""A copy of a frozen dataclass with some fields changed, as `dataclasses.replace` makes it,
at a fifth of its cost.

The games' states are frozen dataclasses, and applying one entry makes a handful of changed
copies of them: `dataclasses.replace` looks up the class's fields and calls its `__init__`
(one `object.__setattr__` per field) every time, and was two thirds of the time folding a
card-game match. A class whose fields are all plain `__init__` fields, with no
`__post_init__` and no slots, is copied here by its instance dictionary instead: the same
values, the same type, nothing run that `__init__` would have run but the assignments. Any
other class, an instance holding anything besides its fields, or a name that is not one of
its fields, goes to `dataclasses.replace`, which answers (or refuses) as it always did;
anything an instance holds besides its fields (a value worked out from them and kept) is not
copied.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


@cache
def _copied_fields(cls: Any) -> frozenset[str] | None:
    """The field names of `cls` when a copy of its instance dictionary is a faithful copy."""
    params = cls.__dict__.get("__dataclass_params__")
    if params is None or not params.init or hasattr(cls, "__post_init__"):
        return None
    # The `__init__` the decorator made (its code compiled from a string), not one of the
    # class's own, which might do more than assign.
    code = getattr(cls.__dict__.get("__init__"), "__code__", None)
    if code is None or code.co_filename != "<string>":
        return None
    if "__slots__" in cls.__dict__ or not hasattr(cls, "__dict__"):
        return None
    fields = dataclasses.fields(cls)
    if any(not field.init for field in fields):
        return None
    # InitVar pseudo-fields are not in fields(); a class with any has a __post_init__.
    return frozenset(field.name for field in fields)


def replace(obj: T, /, **changes: Any) -> T:
    """`dataclasses.replace(obj, **changes)`."""
    cls: Any = type(obj)
    names = _copied_fields(cls)
    if names is not None and names.issuperset(changes):
        kept = obj.__dict__
        if len(kept) == len(names):
            made = object.__new__(cls)
            values = made.__dict__
            values.update(kept)
            values.update(changes)
            copied: T = made
            return copied
        if names <= kept.keys():
            # Anything kept on the instance besides its fields (a coach's view, worked out
            # for a replay) is not copied: it was worked out from the fields being changed.
            made = object.__new__(cls)
            values = made.__dict__
            for name in names:
                values[name] = kept[name]
            values.update(changes)
            copied = made
            return copied
    return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
