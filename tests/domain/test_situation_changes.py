"""The changes from one situation to the next are JSON Patch operations (RFC 6902) that an
independent implementation (the `jsonpatch` library) applies to give exactly the next one:
drawn by hypothesis over arbitrary JSON, and for every step of a golden match of each game."""

from __future__ import annotations

import json
from typing import Any

import jsonpatch
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.situation_changes import REMOVE, Change, changes
from tests.service.test_timeline import GOLDEN, recorded, views_step_by_step

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
# Few keys, so that two drawn objects share members often; '/' and '~' need escaping.
keys = st.sampled_from(["a", "b", "c", "a/b", "~", "~1", "", "é"]) | st.text(max_size=3)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=20,
)


def exactly(value: Any) -> str:
    """A value as JSON tells it: true is not 1, and 1 is not 1.0."""
    return json.dumps(value, sort_keys=True)


def applied(before: Any, found: list[Change]) -> Any:
    operations = [
        {"op": c.op, "path": c.path}
        if c.op == REMOVE
        else {"op": c.op, "path": c.path, "value": c.value}
        for c in found
    ]
    return jsonpatch.apply_patch(before, operations)


@given(values, values)
def test_the_changes_turn_one_value_into_the_other(before: Any, after: Any) -> None:
    found = changes(before, after)
    assert exactly(applied(before, found)) == exactly(after)


@given(values)
def test_a_value_has_no_changes_from_itself(value: Any) -> None:
    assert changes(value, json.loads(json.dumps(value))) == []


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ({"a": 1}, {"a": True}),
        ({"a": [1, 0]}, {"a": [True, False]}),
        ({"a": {"b": 1}}, {"a": {"b": 1.0}}),
        ([0], [False]),
    ],
)
def test_values_python_finds_equal_but_json_does_not_are_changes(before: Any, after: Any) -> None:
    found = changes(before, after)
    assert found
    assert exactly(applied(before, found)) == exactly(after)


def test_a_member_that_changes_is_replaced_where_it_is_not_around_it() -> None:
    before = {"score": {"home": 0, "away": 0}, "round": 3, "hand": ["a", "b"]}
    after = {"score": {"home": 1, "away": 0}, "round": 3, "hand": ["a"], "ball": None}
    assert changes(before, after) == [
        Change("replace", "/score/home", 1),
        Change("replace", "/hand", ["a"]),
        Change("add", "/ball", None),
    ]


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_every_step_of_a_golden_match_is_the_step_before_with_its_changes(name: str) -> None:
    views = views_step_by_step(recorded(name))
    for step in range(1, len(views)):
        shown = applied(views[step - 1], changes(views[step - 1], views[step]))
        assert exactly(shown) == exactly(views[step]), f"step {step}"
